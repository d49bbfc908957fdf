import CHarfBuzz

/// A face's vertical metrics in design units.
///
/// Precedence, as the OpenType spec recommends (OS/2 table, fsSelection bit 7): when the font
/// sets USE_TYPO_METRICS, ascender, descender and line gap come from the OS/2 `sTypo*` fields;
/// otherwise from the `hhea` table, which is what most platforms use for legacy fonts. Cap
/// height comes from OS/2 `sCapHeight` (version 2 and later), or, when that is absent or zero,
/// from the height of the glyph for "H".
public struct FontMetrics: Hashable, Sendable, Codable {
    /// Which table the vertical metrics came from.
    public enum Source: String, Hashable, Sendable, Codable {
        /// OS/2 `sTypoAscender`, `sTypoDescender`, `sTypoLineGap` (USE_TYPO_METRICS set).
        case typo
        /// `hhea` ascender, descender and line gap.
        case hhea
    }
    /// Distance from the baseline up to the ascender line (positive).
    public var ascender: Int
    /// Distance from the baseline down to the descender line (positive).
    public var descender: Int
    /// Extra space the font asks for between lines (design units).
    public var lineGap: Int
    /// Height of capital letters above the baseline (design units).
    public var capHeight: Int
    /// Which table the ascender, descender and line gap came from.
    public var source: Source

    init(face: FT_Face) {
        let useTypoMetricsBit: UInt16 = 1 << 7
        let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee
        let hhea = FT_Get_Sfnt_Table(face, FT_SFNT_HHEA)?.assumingMemoryBound(to: TT_HoriHeader.self).pointee
        if let os2, os2.version != 0xFFFF, os2.fsSelection & useTypoMetricsBit != 0 {
            ascender = Int(os2.sTypoAscender)
            descender = -Int(os2.sTypoDescender)
            lineGap = Int(os2.sTypoLineGap)
            source = .typo
        } else if let hhea, hhea.Ascender != 0 || hhea.Descender != 0 {
            ascender = Int(hhea.Ascender)
            descender = -Int(hhea.Descender)
            lineGap = Int(hhea.Line_Gap)
            source = .hhea
        } else {
            ascender = Int(face.pointee.ascender)
            descender = -Int(face.pointee.descender)
            lineGap = max(0, Int(face.pointee.height) - ascender - descender)
            source = .hhea
        }
        if let os2, os2.version != 0xFFFF, os2.version >= 2, os2.sCapHeight > 0 {
            capHeight = Int(os2.sCapHeight)
        } else {
            capHeight = FontMetrics.glyphHeight(face: face, character: "H") ?? ascender
        }
    }

    private static func glyphHeight(face: FT_Face, character: Unicode.Scalar) -> Int? {
        let index = FT_Get_Char_Index(face, FT_ULong(character.value))
        guard index != 0, FT_Load_Glyph(face, index, Int32(FT_LOAD_NO_SCALE)) == 0 else { return nil }
        return Int(face.pointee.glyph.pointee.metrics.horiBearingY)
    }
}
