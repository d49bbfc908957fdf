import CHarfBuzz
import Foundation

/// One font face, loaded once and shared by every layout that uses it.
///
/// A `Font` owns its FreeType library, face and HarfBuzz font; nothing else holds those
/// handles. FreeType faces must not be used from two threads at once, so every use of them
/// goes through one lock per font: a `Font` is safe to share between threads and sessions,
/// and two threads shaping with the same font take turns. Coverage queries go through a
/// separate HarfBuzz font on HarfBuzz's own OpenType functions, which are thread-safe and
/// need no lock.
public final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The name the caller gave: the path as given, or the name passed with the bytes.
    public let name: String
    /// The face inside the file (0 unless the file is a collection).
    public let faceIndex: Int
    /// Design units per em, from the `head` table.
    public let unitsPerEm: Int
    /// Vertical metrics in design units (ascender up, descender down, both positive).
    public let metrics: FontMetrics
    /// Family and style names as FreeType reports them.
    public let familyName: String
    /// The style name ("Regular", "Bold") as FreeType reports it.
    public let styleName: String
    /// How many faces the file holds (more than one for a collection such as `.ttc`).
    public let faceCount: Int
    /// True for colour fonts without outlines (CBDT/sbix bitmaps, such as Noto Color Emoji).
    public let isBitmapOnly: Bool
    /// True when the font has colour glyphs (CBDT, sbix or COLR).
    public let hasColor: Bool
    /// The axes of a variable font (`fvar`), in table order; empty for a static font.
    public let variationAxes: [VariationAxis]
    /// The font's named instances (`fvar`), such as "Bold".
    public let namedInstances: [NamedInstance]

    private let lock = NSLock()
    private let storage: UnsafeMutableRawBufferPointer
    private let library: FT_Library
    private let face: FT_Face
    /// Shapes in design units (FreeType at ppem = unitsPerEm, unhinted), or with HarfBuzz's
    /// own metrics for bitmap-only faces, which FreeType cannot scale to arbitrary sizes.
    private let designFont: OpaquePointer
    /// HarfBuzz's OpenType functions: lock-free cmap lookups for coverage.
    private let coverageFont: OpaquePointer
    private var hinted: HintedSizes?
    private var hintedUnavailable = false
    private var hintedFace: FT_Face?
    /// The axis values `face` and `designFont` are set to now (see `FontVariations.swift`):
    /// one face per font, its coordinates switched under the lock when a caller asks for
    /// other ones, rather than a face per instance, because optical sizes and width axes
    /// visit a new instance per probe and a face costs a parse of the font.
    private var appliedVariations = VariationSettings.none

    /// Loads a face from a font file (TrueType, OpenType/CFF, or a collection with `faceIndex`).
    /// `name` is what layouts report as the font's name (the path when nil).
    public convenience init(path: String, faceIndex: Int = 0, name: String? = nil) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LineFitError.fontNotFound(path: path)
        }
        if let reason = FontFileCheck.unreadableReason(path, isDirectory: isDirectory.boolValue) {
            throw LineFitError.fontUnreadable(path: path, reason: reason)
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe)
        } catch {
            throw LineFitError.fontUnreadable(path: path, reason: FontFileCheck.readFailure(error))
        }
        try self.init(data: data, name: name ?? path, faceIndex: faceIndex)
    }

    /// The largest face index of a font collection (FreeType's 16-bit face number).
    public static let largestFaceIndex = 0xFFFF

    /// Loads a face from font bytes; `name` identifies it in layouts and errors.
    public init(data: Data, name: String, faceIndex: Int = 0) throws {
        self.name = name
        self.faceIndex = faceIndex
        guard !data.isEmpty else {
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: "the file is empty")
        }
        guard faceIndex >= 0 else {
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: "negative face index")
        }
        // FreeType reads the bits above 16 as a named-instance index, HarfBuzz takes 32 bits,
        // and blobs are sized in 32 bits: reject what they cannot take instead of trapping.
        guard faceIndex <= Self.largestFaceIndex else {
            throw LineFitError.fontInvalid(
                path: name, faceIndex: faceIndex, reason: "face index above \(Self.largestFaceIndex)")
        }
        guard data.count <= Int(UInt32.max) else {
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: "the file is larger than 4 GB")
        }
        if let problem = data.withUnsafeBytes({ FontTableCheck.problem(in: $0, faceIndex: faceIndex) }) {
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: problem)
        }
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 16)
        data.copyBytes(to: storage)

        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else {
            storage.deallocate()
            throw LineFitError.library(name: "FT_Init_FreeType", code: -1)
        }
        library = lib
        var newFace: FT_Face?
        let error = FT_New_Memory_Face(
            lib, storage.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
            FT_Long(data.count), FT_Long(faceIndex), &newFace)
        guard error == 0, let newFace else {
            FT_Done_FreeType(lib)
            storage.deallocate()
            throw LineFitError.fontInvalid(
                path: name, faceIndex: faceIndex, reason: FreeTypeError.message(error))
        }
        face = newFace
        let rec = newFace.pointee
        faceCount = max(1, Int(rec.num_faces))
        // FreeType reports 0 units per em for bitmap-only faces; HarfBuzz reads `head` itself.
        let blob = hb_blob_create(
            storage.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32(data.count),
            HB_MEMORY_MODE_READONLY, nil, nil)
        let otFace = hb_face_create(blob, UInt32(faceIndex))
        hb_blob_destroy(blob)
        let upem = Int(rec.units_per_EM != 0 ? UInt32(rec.units_per_EM) : hb_face_get_upem(otFace))
        let scalable = (rec.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE)) != 0
        isBitmapOnly = !scalable
        hasColor = (rec.face_flags & FT_Long(FT_FACE_FLAG_COLOR)) != 0
        familyName = rec.family_name.map { String(cString: $0) } ?? ""
        styleName = rec.style_name.map { String(cString: $0) } ?? ""
        guard upem > 0 else {
            hb_face_destroy(otFace)
            FT_Done_Face(newFace)
            FT_Done_FreeType(lib)
            storage.deallocate()
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: "units per em is 0")
        }
        unitsPerEm = upem
        metrics = FontMetrics(face: newFace)

        if scalable {
            // At ppem = unitsPerEm and no hinting, FreeType's 26.6 advances are design units × 64.
            FT_Set_Char_Size(newFace, 0, FT_F26Dot6(upem * 64), 72, 72)
            let font = hb_ft_font_create_referenced(newFace)!
            hb_ft_font_set_load_flags(font, Int32(FT_LOAD_NO_HINTING))
            designFont = font
        } else {
            let hbFace = hb_ft_face_create_referenced(newFace)!
            let font = hb_font_create(hbFace)!
            hb_face_destroy(hbFace)
            hb_font_set_scale(font, Int32(upem * 64), Int32(upem * 64))
            designFont = font
        }
        variationAxes = scalable ? FontVariationTable.axes(otFace) : []
        namedInstances = FontVariationTable.namedInstances(otFace, axes: variationAxes)
        coverageFont = hb_font_create(otFace)!
        hb_face_destroy(otFace)
    }

    deinit {
        hb_font_destroy(coverageFont)
        hb_font_destroy(designFont)
        hinted = nil  // its face belongs to `library`, released below
        if let hintedFace { FT_Done_Face(hintedFace) }
        FT_Done_Face(face)
        FT_Done_FreeType(library)
        storage.deallocate()
    }

    /// The glyph the font's cmap gives for a code point, if any. Thread-safe, lock-free.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(coverageFont, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// The caret positions inside a ligature glyph from `GDEF` (design units from the
    /// glyph's origin, in the font's order), empty when the font gives none. Thread-safe.
    public func ligatureCarets(glyph: UInt32, rightToLeft: Bool = false) -> [Int] {
        var count: UInt32 = 8
        var carets = [hb_position_t](repeating: 0, count: 8)
        let total = hb_ot_layout_get_ligature_carets(
            coverageFont, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, glyph, 0, &count, &carets)
        return carets.prefix(Int(min(count, total))).map(Int.init)
    }

    /// Whether the font maps the code point to a glyph.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        glyph(for: scalar) != nil
    }

    /// Runs `body` with exclusive use of the unhinted design-unit HarfBuzz font, set to
    /// `variations` (ignored by a static font).
    func withDesignFont<R>(_ variations: VariationSettings = .none, _ body: (OpaquePointer) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        applyVariationsLocked(variations)
        return try body(designFont)
    }

    private func applyVariationsLocked(_ variations: VariationSettings) {
        guard isVariable else { return }
        let effective = effectiveVariations(variations)
        guard effective != appliedVariations else { return }
        FontVariationTable.apply(effective, axes: variationAxes, hbFont: designFont)
        appliedVariations = effective
    }

    /// Runs `body` with a HarfBuzz font on a second FreeType face set to `size` points at
    /// 72 dpi with hinting on, so advances are the hinted ones FreeType gives at that ppem
    /// (nil for a face that cannot be hinted). The design-unit face is never resized, so
    /// unhinted shaping stays exact meanwhile. Sizes and advances stay cached between calls
    /// (`HintedSizes`).
    func withHintedFont<R>(size: Double, _ body: (OpaquePointer?) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        guard !isBitmapOnly, let hinted = hintedSizesLocked() else { return try body(nil) }
        return try body(hinted.font(at: size))
    }

    /// The hinted font for a variable font at `variations`: the second face's coordinates are
    /// set under the lock and a HarfBuzz font made for the call (`HintedSizes` caches one
    /// instance, the default one, so instances other than it are not cached).
    func withVariedHintedFont<R>(
        size: Double, variations: VariationSettings, _ body: (OpaquePointer?) throws -> R
    ) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        guard !isBitmapOnly, let hinted = hintedFaceLocked() else { return try body(nil) }
        if isVariable { FontVariationTable.apply(designCoordinates(variations), face: hinted) }
        guard FT_Set_Char_Size(hinted, 0, FixedPoint.f26Dot6(size), 72, 72) == 0 else { return try body(nil) }
        let font = hb_ft_font_create_referenced(hinted)!
        hb_ft_font_set_load_flags(font, Int32(FT_LOAD_DEFAULT))
        defer { hb_font_destroy(font) }
        return try body(font)
    }

    /// Runs `body` with exclusive use of the FreeType face (for outlines and bitmaps), set
    /// to `variations`.
    func withFace<R>(_ variations: VariationSettings = .none, _ body: (FT_Face) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        applyVariationsLocked(variations)
        return try body(face)
    }

    /// What a hinted size resolves to in FreeType (`HintedSizeKey`): sizes with one key
    /// shape identically, so a search can measure each key once. Nil when not hintable.
    func hintedSizeKey(_ size: Double) -> HintedSizeKey? {
        lock.lock()
        defer { lock.unlock() }
        guard !isBitmapOnly, let hinted = hintedSizesLocked() else { return nil }
        return hinted.key(at: size)
    }

    /// A nearly exact hinted width, for the measured search to probe cheaply: the glyphs'
    /// cached hinted advances at `size` plus `adjustmentEm` (the line's positioning
    /// adjustments, in em) at that size's scale, in points. Shaping at the size may differ
    /// by HarfBuzz's rounding of each adjustment, so a size found with it is confirmed by
    /// shaping. Nil when the font cannot be hinted.
    func approximateHintedWidth(_ glyphs: [UInt32], adjustmentEm: Double, size: Double) -> Double? {
        lock.lock()
        defer { lock.unlock() }
        guard !isBitmapOnly, let hinted = hintedSizesLocked(),
              let (sum, scale) = hinted.advanceSum(glyphs, at: size) else { return nil }
        return Double(sum) / 64 + adjustmentEm * Double(scale) / 64
    }

    /// The glyphs' unhinted advances without positioning, in em (design advances / upem).
    func nominalAdvanceEm(_ glyphs: [UInt32]) -> Double {
        lock.lock()
        defer { lock.unlock() }
        var sum = 0
        for glyph in glyphs { sum += Int(hb_font_get_glyph_h_advance(designFont, glyph)) }
        return Double(sum) / Double(unitsPerEm * 64)
    }

    /// The hinted font made from scratch at `size` (a new face and HarfBuzz font, nothing
    /// cached), as hinted mode shaped before `HintedSizes`: tests compare the two.
    func withUncachedHintedFont<R>(size: Double, _ body: (OpaquePointer?) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        var scratch: FT_Face?
        guard !isBitmapOnly, FT_New_Memory_Face(
            library, storage.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
            FT_Long(storage.count), FT_Long(faceIndex), &scratch) == 0, let scratch else { return try body(nil) }
        defer { FT_Done_Face(scratch) }
        guard FT_Set_Char_Size(scratch, 0, FixedPoint.f26Dot6(size), 72, 72) == 0 else { return try body(nil) }
        let font = hb_ft_font_create_referenced(scratch)!
        hb_ft_font_set_load_flags(font, Int32(FT_LOAD_DEFAULT))
        defer { hb_font_destroy(font) }
        return try body(font)
    }

    /// Hinted advances FreeType has computed for this font so far (cache misses; for tests).
    var hintedAdvanceLoads: Int {
        lock.lock()
        defer { lock.unlock() }
        return hinted?.advanceLoads ?? 0
    }

    private func hintedSizesLocked() -> HintedSizes? {
        if let hinted { return hinted }
        if hintedUnavailable { return nil }
        hinted = HintedSizes(library: library, bytes: storage, faceIndex: faceIndex)
        hintedUnavailable = hinted == nil
        return hinted
    }

    private func hintedFaceLocked() -> FT_Face? {
        if let hintedFace { return hintedFace }
        var newFace: FT_Face?
        guard FT_New_Memory_Face(
            library, storage.baseAddress!.assumingMemoryBound(to: FT_Byte.self),
            FT_Long(storage.count), FT_Long(faceIndex), &newFace) == 0 else { return nil }
        hintedFace = newFace
        return newFace
    }

    public var description: String { "Font(\(name))" }

    public static func == (lhs: Font, rhs: Font) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

enum FreeTypeError {
    /// FreeType's error strings are compiled out of many builds; name the common ones ourselves.
    static func message(_ code: FT_Error) -> String {
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x06: return "invalid face index"
        case 0x40: return "out of memory"
        default:
            if let text = FT_Error_String(code) { return String(cString: text) }
            return "FreeType error \(code)"
        }
    }
}
