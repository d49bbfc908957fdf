import CHarfBuzz

/// HarfBuzz sub-fonts of an hb-ft font that remember every advance and every character's
/// nominal glyph they have been asked for; every other function (GSUB, GPOS, extents) is the
/// parent's. The values are FreeType's own, bit for bit, so widths still agree with
/// `hb-shape --font-funcs=ft`.
///
/// A static font's design font is one for the life of the face (`persistentFont`). hb-ft
/// keeps a small advance cache of its own, but it stores FreeType's 16.16 advances in 24
/// bits, and at ppem = unitsPerEm (which the design font needs for exact design-unit
/// advances) every advance wider than 255 units overflows it: FreeType was asked again for
/// each glyph of each shaping call, a tenth of a fresh layout (callgrind, `bench-driver loop
/// fresh story-00280`: 87 K of 871 K instructions in `FT_Get_Advance`), and the cmap lookup
/// of every character cost another 6%. A static font never changes instance, so what
/// FreeType said once holds for good. A variable font's instance changes under the lock, so
/// its memo lasts one shaping call (`withCallFont`, `RepeatedAdvances`).
///
/// The memo is written from HarfBuzz callbacks made while the owning font's lock is held,
/// like every other use of the design font.
enum GlyphMemoFont {
    /// A sub-font of `parent` with the memo; it holds the parent (and releases the memo when
    /// HarfBuzz destroys it), so the caller may destroy its own reference to `parent`.
    static func persistentFont(over parent: OpaquePointer) -> OpaquePointer {
        let glyphCount = Int(hb_face_get_glyph_count(hb_font_get_face(parent)))
        let memo = Memo(parent: parent, glyphCount: glyphCount)
        let font = hb_font_create_sub_font(parent)!
        hb_font_set_funcs(font, functions, Unmanaged.passRetained(memo).toOpaque()) { data in
            if let data { Unmanaged<Memo>.fromOpaque(data).release() }
        }
        return font
    }

    /// A sub-font of `parent` with a memo for the duration of `body` only (the parent must stay
    /// at one instance meanwhile): `RepeatedAdvances`. `advances`, when given, answer for
    /// FreeType (computed from `HVAR`, equal to its own).
    static func withCallFont<R>(
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

    /// Values by key in pages of 256, a page made when a key in it is first stored: a font
    /// with tens of thousands of glyphs (CJK) costs memory only for the pages it uses.
    struct PagedTable {
        /// Per page, where it starts in `values`, or -1 when it holds nothing yet.
        private var pageStarts: [Int32]
        private var values: [Int32] = []
        static let unknown = Int32.min

        /// Slots allocated so far (256 per page used): what the table costs in memory, / 4.
        var slotCount: Int { values.count }

        /// Keys from 0 up to `limit` (exclusive) can be stored.
        init(limit: Int) {
            pageStarts = [Int32](repeating: -1, count: (max(0, limit) + 255) >> 8)
        }

        func value(_ key: Int) -> Int32? {
            let page = key >> 8
            guard page < pageStarts.count else { return nil }
            let start = pageStarts[page]
            guard start >= 0 else { return nil }
            let value = values[Int(start) + (key & 255)]
            return value == Self.unknown ? nil : value
        }

        /// Stores `value` (never `unknown`) for `key`; false when `key` is past the limit.
        @discardableResult
        mutating func store(_ value: Int32, for key: Int) -> Bool {
            let page = key >> 8
            guard page < pageStarts.count, value != Self.unknown else { return false }
            if pageStarts[page] < 0 {
                pageStarts[page] = Int32(values.count)
                values.append(contentsOf: repeatElement(Self.unknown, count: 256))
            }
            values[Int(pageStarts[page]) + (key & 255)] = value
            return true
        }
    }

    final class Memo {
        let parent: OpaquePointer
        /// A variable font's advances at the call's instance, from `HVAR`; nil: FreeType's.
        let computed: VariationAdvances.Instance?
        var advances: PagedTable
        /// Glyph ids (bit patterns) of the characters asked for; `noGlyph` where the font has none.
        /// Planes 0 and 1 (the BMP, emoji); characters above go to FreeType every time.
        var glyphs = PagedTable(limit: 0x20000)
        static let noGlyph: Int32 = -1

        init(parent: OpaquePointer, glyphCount: Int, computed: VariationAdvances.Instance? = nil) {
            self.parent = parent
            self.computed = computed
            advances = PagedTable(limit: glyphCount)
        }

        func advance(_ glyph: hb_codepoint_t) -> hb_position_t {
            let key = Int(glyph)
            if let known = advances.value(key) { return known }
            let value = computed?.designAdvance(glyph) ?? hb_font_get_glyph_h_advance(parent, glyph)
            advances.store(value, for: key)
            return value
        }

        func nominalGlyph(_ character: hb_codepoint_t) -> hb_codepoint_t? {
            let key = Int(character)
            if let known = glyphs.value(key) {
                return known == Self.noGlyph ? nil : hb_codepoint_t(bitPattern: known)
            }
            var glyph: hb_codepoint_t = 0
            let found = hb_font_get_nominal_glyph(parent, character, &glyph) != 0
            let stored = found ? Int32(bitPattern: glyph) : Self.noGlyph
            // Glyph ids are 16-bit in OpenType; a larger one (negative here) is not kept.
            if !found || stored >= 0 { glyphs.store(stored, for: key) }
            return found ? glyph : nil
        }
    }

    /// Immutable once made, so shared by every thread (HarfBuzz reference-counts it).
    nonisolated(unsafe) private static let functions: OpaquePointer = {
        let functions = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advances_func(
            functions,
            { _, fontData, count, firstGlyph, glyphStride, firstAdvance, advanceStride, _ in
                guard let fontData else { return }
                let memo = Unmanaged<Memo>.fromOpaque(fontData).takeUnretainedValue()
                writeAdvances(count, firstGlyph, glyphStride, firstAdvance, advanceStride, memo.advance)
            }, nil, nil)
        hb_font_funcs_set_nominal_glyphs_func(
            functions,
            { _, fontData, count, firstCharacter, characterStride, firstGlyph, glyphStride, _ in
                guard let fontData else { return 0 }
                let memo = Unmanaged<Memo>.fromOpaque(fontData).takeUnretainedValue()
                return writeNominalGlyphs(count, firstCharacter, characterStride, firstGlyph, glyphStride, memo.nominalGlyph)
            }, nil, nil)
        hb_font_funcs_make_immutable(functions)
        return functions
    }()

    /// The body of a `glyph_h_advances` callback: `advance` of each glyph, at HarfBuzz's strides.
    @inline(__always)
    static func writeAdvances(
        _ count: UInt32, _ firstGlyph: UnsafePointer<hb_codepoint_t>?, _ glyphStride: UInt32,
        _ firstAdvance: UnsafeMutablePointer<hb_position_t>?, _ advanceStride: UInt32,
        _ advance: (hb_codepoint_t) -> hb_position_t
    ) {
        guard let firstGlyph, let firstAdvance else { return }
        var glyph = UnsafeRawPointer(firstGlyph)
        var output = UnsafeMutableRawPointer(firstAdvance)
        for _ in 0..<count {
            output.assumingMemoryBound(to: hb_position_t.self).pointee =
                advance(glyph.assumingMemoryBound(to: hb_codepoint_t.self).pointee)
            glyph += Int(glyphStride)
            output += Int(advanceStride)
        }
    }

    /// The body of a `nominal_glyphs` callback: `lookup` of each character, stopping at the
    /// first one without a glyph (HarfBuzz's contract); returns how many were found.
    @inline(__always)
    static func writeNominalGlyphs(
        _ count: UInt32, _ firstCharacter: UnsafePointer<hb_codepoint_t>?, _ characterStride: UInt32,
        _ firstGlyph: UnsafeMutablePointer<hb_codepoint_t>?, _ glyphStride: UInt32,
        _ lookup: (hb_codepoint_t) -> hb_codepoint_t?
    ) -> UInt32 {
        guard let firstCharacter, let firstGlyph else { return 0 }
        var character = UnsafeRawPointer(firstCharacter)
        var glyph = UnsafeMutableRawPointer(firstGlyph)
        for done in 0..<count {
            guard let found = lookup(character.assumingMemoryBound(to: hb_codepoint_t.self).pointee) else { return done }
            glyph.assumingMemoryBound(to: hb_codepoint_t.self).pointee = found
            character += Int(characterStride)
            glyph += Int(glyphStride)
        }
        return count
    }
}
