import CHarfBuzz

/// How a tab (U+0009) is drawn and measured.
///
/// Story text has no tab stops (every line has its own size, so a stop would move with each
/// line), and fonts rarely map U+0009. A tab is therefore whitespace with the advance of one
/// space (U+0020) of the font it falls in: it is chosen like a space during fallback, shaped
/// as the font's space glyph, and trails a line like a space. It is never a missing glyph.
enum TabAdvance {
    static let tab: UInt16 = 0x09
    static let space: UInt32 = 0x20

    /// The character fonts are asked for in place of `scalar` when choosing a font.
    @inline(__always)
    static func coverageScalar(_ scalar: UInt32) -> UInt32 {
        scalar == UInt32(tab) ? space : scalar
    }

    /// The font's space glyph and its advance in the font's scale times `scale`, or nil when
    /// the font has no space either.
    static func spaceGlyph(_ font: OpaquePointer, scale: Double) -> (id: UInt32, advance: Double)? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(font, space, &glyph) != 0 else { return nil }
        return (glyph, Double(hb_font_get_glyph_h_advance(font, glyph)) * scale)
    }
}
