import CHarfBuzz

/// A HarfBuzz font over a variable font's design font that asks FreeType for each glyph's
/// advance, and each character's glyph, once per shaping call.
///
/// At a non-default instance FreeType computes an advance from `HVAR` by evaluating every
/// variation region on every axis, for every glyph HarfBuzz asks about: about 3,300
/// instructions an advance with Roboto Flex, more than half of an optical-size layout
/// (callgrind, `bench-driver loop variable-opsz`). A line repeats its letters, so most of
/// those evaluations repeat too (and FreeType's cmap lookups, a tenth of the rest). This
/// font is a HarfBuzz sub-font of the design font: every function but the horizontal
/// advances and nominal glyphs is the parent's, and its coordinates are copied
/// from the parent when it is made, so GSUB and GPOS see the same instance. Advances come
/// from the parent (hb-ft, FreeType) and are kept for the rest of the call: the values are
/// FreeType's own, bit for bit, so widths still agree with `hb-shape --font-funcs=ft`.
///
/// Nothing outlives the call: the parent's coordinates may change as soon as the font's lock
/// is released, and a memo kept longer would need the instance in its key.
enum RepeatedAdvances {
    /// Runs `body` with a sub-font of `parent` (which must stay set to one instance meanwhile).
    /// `advances`, when given, are the instance's advances computed from `HVAR`: asked instead
    /// of FreeType (they are equal to its own; see `HorizontalVariations`).
    static func withFont<R>(
        over parent: OpaquePointer, advances: VariationAdvances.Instance? = nil, _ body: (OpaquePointer) throws -> R
    ) rethrows -> R {
        let glyphCount = Int(hb_face_get_glyph_count(hb_font_get_face(parent)))
        let memo = Memo(parent: parent, glyphCount: glyphCount, computed: advances)
        let font = hb_font_create_sub_font(parent)!
        defer { hb_font_destroy(font) }
        // The memo is owned by this frame; the font is destroyed before it (no destroy callback).
        hb_font_set_funcs(font, functions, Unmanaged.passUnretained(memo).toOpaque(), nil)
        return try withExtendedLifetime(memo) { try body(font) }
    }

    /// Advances asked for so far, by glyph id; `unknown` where FreeType was not asked yet.
    final class Memo {
        let parent: OpaquePointer
        let computed: VariationAdvances.Instance?
        var advances: [hb_position_t]
        static let unknown = hb_position_t.min
        /// Nominal glyphs of the Latin characters asked for so far, by code point (a table,
        /// not a dictionary: hashing would cost about what FreeType's lookup does).
        var latinGlyphs = [hb_codepoint_t](repeating: unknownGlyph, count: latinCount)
        static let latinCount = 0x250
        static let unknownGlyph = hb_codepoint_t.max
        static let noGlyph = hb_codepoint_t.max - 1

        init(parent: OpaquePointer, glyphCount: Int, computed: VariationAdvances.Instance?) {
            self.parent = parent
            self.computed = computed
            advances = [hb_position_t](repeating: Self.unknown, count: max(0, glyphCount))
        }

        func advance(_ glyph: hb_codepoint_t) -> hb_position_t {
            let index = Int(glyph)
            guard index < advances.count else { return hb_font_get_glyph_h_advance(parent, glyph) }
            let known = advances[index]
            if known != Self.unknown { return known }
            let value = computed?.designAdvance(glyph) ?? hb_font_get_glyph_h_advance(parent, glyph)
            advances[index] = value
            return value
        }

        func nominalGlyph(_ character: hb_codepoint_t) -> hb_codepoint_t? {
            let index = Int(character)
            if index < Self.latinCount, latinGlyphs[index] != Self.unknownGlyph {
                return latinGlyphs[index] == Self.noGlyph ? nil : latinGlyphs[index]
            }
            var glyph: hb_codepoint_t = 0
            let found = hb_font_get_nominal_glyph(parent, character, &glyph) != 0
            if index < Self.latinCount { latinGlyphs[index] = found ? glyph : Self.noGlyph }
            return found ? glyph : nil
        }
    }

    /// Immutable once made, so shared by every thread (HarfBuzz reference-counts it).
    nonisolated(unsafe) private static let functions: OpaquePointer = {
        let functions = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advances_func(
            functions,
            { _, fontData, count, firstGlyph, glyphStride, firstAdvance, advanceStride, _ in
                guard let fontData, let firstGlyph, let firstAdvance else { return }
                let memo = Unmanaged<Memo>.fromOpaque(fontData).takeUnretainedValue()
                var glyph = UnsafeRawPointer(firstGlyph)
                var advance = UnsafeMutableRawPointer(firstAdvance)
                for _ in 0..<count {
                    advance.assumingMemoryBound(to: hb_position_t.self).pointee =
                        memo.advance(glyph.assumingMemoryBound(to: hb_codepoint_t.self).pointee)
                    glyph += Int(glyphStride)
                    advance += Int(advanceStride)
                }
            }, nil, nil)
        hb_font_funcs_set_nominal_glyphs_func(
            functions,
            { _, fontData, count, firstCharacter, characterStride, firstGlyph, glyphStride, _ in
                guard let fontData, let firstCharacter, let firstGlyph else { return 0 }
                let memo = Unmanaged<Memo>.fromOpaque(fontData).takeUnretainedValue()
                var character = UnsafeRawPointer(firstCharacter)
                var glyph = UnsafeMutableRawPointer(firstGlyph)
                for done in 0..<count {
                    // HarfBuzz's contract: stop at the first character without a glyph.
                    guard let found = memo.nominalGlyph(character.assumingMemoryBound(to: hb_codepoint_t.self).pointee)
                    else { return done }
                    glyph.assumingMemoryBound(to: hb_codepoint_t.self).pointee = found
                    character += Int(characterStride)
                    glyph += Int(glyphStride)
                }
                return count
            }, nil, nil)
        hb_font_funcs_make_immutable(functions)
        return functions
    }()
}
