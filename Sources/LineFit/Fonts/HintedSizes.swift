import CHarfBuzz

/// The FreeType size metrics a size request resolves to. Hinted advances depend on the
/// request only through these (TrueType fonts that force integer ppem map a whole point of
/// requests to one key), so advances and widths cached per key are exact.
struct HintedSizeKey: Hashable {
    var xPpem: UInt16
    var yPpem: UInt16
    var xScale: Int
    var yScale: Int
}

/// A font's hinted shaping state: a second FreeType face with one `FT_Size` per size key
/// (so TrueType's prep program runs once per ppem, not per probe), one HarfBuzz font on it
/// (one face and shape plan, instead of a new HarfBuzz face at every probe), and the hinted
/// advance of every glyph at every key met so far.
///
/// HarfBuzz shapes through a sub-font whose only own function is the horizontal advance:
/// it answers from the cache and asks the hb-ft parent (FreeType hinting, the expensive
/// part) only on a miss. Everything else, kerning and positioning included, is the
/// parent's at the same scale, so glyphs and positions are those of a plain hb-ft font.
///
/// Not thread-safe: the owning `Font` calls it under its lock.
final class HintedSizes {
    /// Past this many size keys (or slots for cached advances) everything is dropped and rebuilt:
    /// a layout probes a few sizes per line, an editor a few more; this bounds memory for a
    /// long-lived font used at thousands of sizes.
    static let maxKeys = 256
    static let maxAdvances = 1 << 18

    private let face: FT_Face
    private let parent: OpaquePointer
    private let font: OpaquePointer
    private var sizeObjects: [HintedSizeKey: FT_Size] = [:]
    private var keyByRequest: [FT_F26Dot6: HintedSizeKey] = [:]
    private var keyIndex: [HintedSizeKey: UInt32] = [:]
    private var spare: FT_Size?
    private var active: HintedSizeKey?
    private var activeIndex: UInt32 = 0
    /// Hinted advances by size key index, then glyph: tables, not a dictionary, since a
    /// hashed lookup per glyph was a quarter of a hinted layout (callgrind, `bench-driver loop
    /// hinted story-00280`).
    private var advanceTables: [GlyphMemoFont.PagedTable] = []
    /// Slots of every table (pages of 256 advances), bounded by `maxAdvances`.
    private var storedSlots = 0
    private let glyphCount: Int
    /// Nominal glyphs do not depend on the size: one memo for every key.
    private let nominalGlyphs: GlyphMemoFont.Memo
    /// Hinted advances FreeType computed (misses), for tests.
    private(set) var advanceLoads = 0

    init?(library: FT_Library, bytes: UnsafeRawBufferPointer, faceIndex: Int) {
        var newFace: FT_Face?
        guard let base = bytes.baseAddress, FT_New_Memory_Face(
            library, base.assumingMemoryBound(to: FT_Byte.self),
            FT_Long(bytes.count), FT_Long(faceIndex), &newFace) == 0, let newFace else { return nil }
        face = newFace
        parent = hb_ft_font_create_referenced(newFace)!
        hb_ft_font_set_load_flags(parent, Int32(FT_LOAD_DEFAULT))
        glyphCount = Int(hb_face_get_glyph_count(hb_font_get_face(parent)))
        nominalGlyphs = GlyphMemoFont.Memo(parent: parent, glyphCount: 0)
        font = hb_font_create_sub_font(parent)!
        // Unretained: this object owns the sub-font and outlives it.
        hb_font_set_funcs(font, HintedSizes.funcs, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    deinit {
        hb_font_destroy(font)
        hb_font_destroy(parent)
        FT_Done_Face(face)  // frees every FT_Size of the face
    }

    /// The size key `size` resolves to (and the font set to it); nil if FreeType refuses it.
    func key(at size: Double) -> HintedSizeKey? {
        font(at: size) == nil ? nil : active
    }

    /// The HarfBuzz font set to `size` points at 72 dpi, hinted; nil if FreeType refuses
    /// the size. Valid until the next call.
    func font(at size: Double) -> OpaquePointer? {
        let request = FixedPoint.f26Dot6(size)
        if let key = keyByRequest[request], let object = sizeObjects[key] {
            if active != key {
                guard FT_Activate_Size(object) == 0 else { return nil }
                switchTo(key)
            }
            return font
        }
        if sizeObjects.count >= Self.maxKeys { dropSizes() }
        if spare == nil {
            var object: FT_Size?
            guard FT_New_Size(face, &object) == 0 else { return nil }
            spare = object
        }
        guard let spare, FT_Activate_Size(spare) == 0, FT_Set_Char_Size(face, 0, request, 72, 72) == 0 else {
            active = nil
            return nil
        }
        let metrics = face.pointee.size.pointee.metrics
        let key = HintedSizeKey(
            xPpem: metrics.x_ppem, yPpem: metrics.y_ppem, xScale: Int(metrics.x_scale), yScale: Int(metrics.y_scale))
        keyByRequest[request] = key
        if let object = sizeObjects[key] {
            // Another request already resolved to this key: use its size, prepared already.
            guard FT_Activate_Size(object) == 0 else { active = nil; return nil }
        } else {
            sizeObjects[key] = spare
            self.spare = nil
        }
        // The active FreeType size changed object, so hb-ft must re-read it even for the same key.
        active = nil
        switchTo(key)
        return font
    }

    private func switchTo(_ key: HintedSizeKey) {
        hb_ft_font_changed(parent)
        var x: Int32 = 0, y: Int32 = 0
        hb_font_get_scale(parent, &x, &y)
        hb_font_set_scale(font, x, y)
        var xPpem: UInt32 = 0, yPpem: UInt32 = 0
        hb_font_get_ppem(parent, &xPpem, &yPpem)
        hb_font_set_ppem(font, xPpem, yPpem)
        hb_font_set_ptem(font, hb_font_get_ptem(parent))
        if let index = keyIndex[key] {
            activeIndex = index
        } else {
            activeIndex = UInt32(keyIndex.count)
            keyIndex[key] = activeIndex
            advanceTables.append(GlyphMemoFont.PagedTable(limit: glyphCount))
        }
        active = key
    }

    private func dropSizes() {
        for object in sizeObjects.values { FT_Done_Size(object) }
        sizeObjects.removeAll()
        keyByRequest.removeAll()
        keyIndex.removeAll()
        advanceTables.removeAll()
        storedSlots = 0
        active = nil
    }

    /// The sum of the glyphs' hinted advances at `size` (26.6 pixels = 1/64 pt) and the
    /// HarfBuzz scale of that size (26.6 per em); nil if FreeType refuses the size.
    func advanceSum(_ glyphs: [UInt32], at size: Double) -> (sum: Int, scale: Int32)? {
        guard font(at: size) != nil else { return nil }
        var sum = 0
        for glyph in glyphs { sum += Int(advance(of: glyph)) }
        var x: Int32 = 0, y: Int32 = 0
        hb_font_get_scale(font, &x, &y)
        return (sum, x)
    }

    fileprivate func advance(of glyph: hb_codepoint_t) -> hb_position_t {
        let index = Int(activeIndex)
        if let known = advanceTables[index].value(Int(glyph)) { return known }
        if storedSlots >= Self.maxAdvances {
            for table in advanceTables.indices { advanceTables[table] = GlyphMemoFont.PagedTable(limit: glyphCount) }
            storedSlots = 0
        }
        let value = hb_font_get_glyph_h_advance(parent, glyph)
        advanceLoads += 1
        let slotsBefore = advanceTables[index].slotCount
        advanceTables[index].store(value, for: Int(glyph))
        storedSlots += advanceTables[index].slotCount - slotsBefore
        return value
    }

    /// One immutable function table for every hinted sub-font: only the advances and the
    /// nominal glyphs are ours.
    private nonisolated(unsafe) static let funcs: OpaquePointer = {
        let funcs = hb_font_funcs_create()!
        hb_font_funcs_set_glyph_h_advances_func(
            funcs,
            { _, fontData, count, firstGlyph, glyphStride, firstAdvance, advanceStride, _ in
                guard let fontData else { return }
                let owner = Unmanaged<HintedSizes>.fromOpaque(fontData).takeUnretainedValue()
                GlyphMemoFont.writeAdvances(count, firstGlyph, glyphStride, firstAdvance, advanceStride, owner.advance)
            }, nil, nil)
        hb_font_funcs_set_nominal_glyphs_func(
            funcs,
            { _, fontData, count, firstCharacter, characterStride, firstGlyph, glyphStride, _ in
                guard let fontData else { return 0 }
                let owner = Unmanaged<HintedSizes>.fromOpaque(fontData).takeUnretainedValue()
                return GlyphMemoFont.writeNominalGlyphs(
                    count, firstCharacter, characterStride, firstGlyph, glyphStride, owner.nominalGlyphs.nominalGlyph)
            }, nil, nil)
        hb_font_funcs_make_immutable(funcs)
        return funcs
    }()
}
