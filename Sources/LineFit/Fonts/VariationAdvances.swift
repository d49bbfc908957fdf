import CHarfBuzz

/// The advances of the instance a font's design face is set to, computed from `HVAR`
/// (`HorizontalVariations`) with the region scalars worked out once per instance. A
/// `FontFace` keeps one, used under the font's lock; it forgets the scalars whenever the
/// face is set to other axis values.
final class VariationAdvances {
    /// One instance's scalars over the font's tables: what a shaping call needs.
    struct Instance {
        let table: HorizontalVariations
        let scalars: [Int64]

        /// The advance in HarfBuzz's units for the design font (design units × 64, as hb-ft
        /// gives FreeType's 16.16 advance at ppem = unitsPerEm); nil where FreeType must be asked.
        func designAdvance(_ glyph: UInt32) -> hb_position_t? {
            table.advance(Int(glyph), scalars: scalars).map { hb_position_t($0) * 64 }
        }
    }

    private enum Loaded {
        case notYet
        case unusable
        case table(HorizontalVariations)
    }

    private var loaded = Loaded.notYet
    private var verified = false
    private var current: Instance?

    /// The face's axis values changed: the scalars must be computed again.
    func invalidate() { current = nil }

    /// The instance `face` is set to now, or nil when the font has no usable `HVAR` (then
    /// FreeType is asked for every advance, as before).
    func currentLocked(_ face: FontFace) -> Instance? {
        if let current { return current }
        let table: HorizontalVariations
        switch loaded {
        case .unusable: return nil
        case .table(let known): table = known
        case .notYet:
            let blob = hb_blob_create(
                face.bytes.base.assumingMemoryBound(to: CChar.self), UInt32(face.bytes.count), HB_MEMORY_MODE_READONLY,
                nil, nil)
            let otFace = hb_face_create(blob, UInt32(face.faceIndex))
            hb_blob_destroy(blob)
            defer { hb_face_destroy(otFace) }
            guard let made = HorizontalVariations(face: otFace!, axisCount: face.variationAxes.count) else {
                loaded = .unusable
                return nil
            }
            loaded = .table(made)
            table = made
        }
        var coordinates = [FT_Fixed](repeating: 0, count: table.axisCount)
        guard FT_Get_Var_Blend_Coordinates(face.face, FT_UInt(table.axisCount), &coordinates) == 0 else { return nil }
        let instance = Instance(table: table, scalars: table.regionScalars(normalized: coordinates.map { Int64($0) }))
        if !verified {
            // The first time, a sample of glyphs is compared with FreeType's own advances: a
            // FreeType that computes them otherwise turns this off for the font.
            verified = true
            let step = max(1, table.glyphCount / 64)
            for glyph in stride(from: 0, to: table.glyphCount, by: step) {
                let expected = hb_font_get_glyph_h_advance(face.designFont, hb_codepoint_t(glyph))
                if let computed = instance.designAdvance(UInt32(glyph)), computed != expected {
                    loaded = .unusable
                    return nil
                }
            }
        }
        current = instance
        return instance
    }
}
