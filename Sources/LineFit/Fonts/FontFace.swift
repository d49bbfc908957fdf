import CHarfBuzz
import Foundation

/// An opened font: the FreeType library and faces, the HarfBuzz fonts over them, what they
/// report, and the state that changes as the font is used (hinted sizes, the variable
/// instance the design face is set to). `Font` owns one and opens it when first needed;
/// nothing else holds these handles. Every method named `…Locked`, and every FreeType call
/// on `face` and `designFont`, needs the owning font's lock.
final class FontFace {
    let unitsPerEm: Int
    let metrics: FontMetrics
    let familyName: String
    let styleName: String
    /// How many faces the file holds (more than one for a collection).
    let faceCount: Int
    let isBitmapOnly: Bool
    let hasColor: Bool
    /// The axes of a variable font (`fvar`), in table order; empty for a static font.
    let variationAxes: [VariationAxis]
    /// The font's named instances (`fvar`).
    let namedInstances: [NamedInstance]
    /// `variationAxes`' tags packed for HarfBuzz.
    let variationTags: [hb_tag_t]

    let bytes: FontBytes
    let faceIndex: Int
    private let library: FT_Library
    let face: FT_Face
    /// Shapes in design units (FreeType at ppem = unitsPerEm, unhinted), or with HarfBuzz's
    /// own metrics for bitmap-only faces, which FreeType cannot scale to arbitrary sizes.
    let designFont: OpaquePointer
    /// HarfBuzz's OpenType functions: lock-free cmap lookups for coverage.
    let coverageFont: OpaquePointer
    private var hinted: HintedSizes?
    private var hintedUnavailable = false
    private var hintedFace: FT_Face?
    /// The axis values `face` and `designFont` are set to now (see `FontVariations.swift`):
    /// one face per font, its coordinates switched under the lock when a caller asks for
    /// other ones, rather than a face per instance, because optical sizes and width axes
    /// visit a new instance per probe and a face costs a parse of the font.
    var appliedVariations = VariationSettings.none
    /// Advances at `appliedVariations` computed from `HVAR` (reset when they change).
    let variationAdvances = VariationAdvances()

    /// Opens face `faceIndex` of `bytes`; `name` identifies the font in errors.
    init(bytes: FontBytes, name: String, faceIndex: Int) throws {
        self.bytes = bytes
        self.faceIndex = faceIndex
        guard bytes.count > 0 else {
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: "the file is empty")
        }
        guard faceIndex >= 0 else {
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: "negative face index")
        }
        // FreeType reads the bits above 16 as a named-instance index, HarfBuzz takes 32 bits,
        // and blobs are sized in 32 bits: reject what they cannot take instead of trapping.
        guard faceIndex <= Font.largestFaceIndex else {
            throw LineFitError.fontInvalid(
                path: name, faceIndex: faceIndex, reason: "face index above \(Font.largestFaceIndex)")
        }
        guard bytes.count <= Int(UInt32.max) else {
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: "the file is larger than 4 GB")
        }
        // Reads only the table directory, so a mapped font is not paged in.
        if let problem = FontTableCheck.problem(in: bytes.buffer, faceIndex: faceIndex) {
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: problem)
        }
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else {
            throw LineFitError.library(name: "FT_Init_FreeType", code: -1)
        }
        library = lib
        var newFace: FT_Face?
        let error = FT_New_Memory_Face(
            lib, bytes.base.assumingMemoryBound(to: FT_Byte.self), FT_Long(bytes.count), FT_Long(faceIndex), &newFace)
        guard error == 0, let newFace else {
            FT_Done_FreeType(lib)
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: FreeTypeError.message(error))
        }
        face = newFace
        let rec = newFace.pointee
        faceCount = max(1, Int(rec.num_faces))
        // FreeType reports 0 units per em for bitmap-only faces; HarfBuzz reads `head` itself.
        let blob = hb_blob_create(
            bytes.base.assumingMemoryBound(to: CChar.self), UInt32(bytes.count), HB_MEMORY_MODE_READONLY, nil, nil)
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
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: "units per em is 0")
        }
        unitsPerEm = upem
        metrics = FontMetrics(face: newFace)

        variationAxes = scalable ? FontVariationTable.axes(otFace) : []
        if scalable {
            // At ppem = unitsPerEm and no hinting, FreeType's 26.6 advances are design units × 64.
            FT_Set_Char_Size(newFace, 0, FT_F26Dot6(upem * 64), 72, 72)
            let font = hb_ft_font_create_referenced(newFace)!
            hb_ft_font_set_load_flags(font, Int32(FT_LOAD_NO_HINTING))
            if variationAxes.isEmpty {
                designFont = GlyphMemoFont.persistentFont(over: font)
                hb_font_destroy(font)  // the sub-font holds it
            } else {
                designFont = font
            }
        } else {
            let hbFace = hb_ft_face_create_referenced(newFace)!
            let font = hb_font_create(hbFace)!
            hb_face_destroy(hbFace)
            hb_font_set_scale(font, Int32(upem * 64), Int32(upem * 64))
            designFont = font
        }
        namedInstances = FontVariationTable.namedInstances(otFace, axes: variationAxes)
        variationTags = variationAxes.map { FontVariationTable.packedTag($0.tag) }
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
    }

    /// The cached hinted sizes (`HintedSizes`), made on first use; nil when the face cannot
    /// be hinted.
    func hintedSizesLocked() -> HintedSizes? {
        if let hinted { return hinted }
        if hintedUnavailable || isBitmapOnly { return nil }
        hinted = HintedSizes(library: library, bytes: bytes.buffer, faceIndex: faceIndex)
        hintedUnavailable = hinted == nil
        return hinted
    }

    /// The hinted sizes if made already (tests count their loads).
    var hintedSizesIfMade: HintedSizes? { hinted }

    /// A second face on the same bytes whose coordinates a varied hinted font sets, made on
    /// first use (`HintedSizes` keeps its own face at the default instance).
    func hintedFaceLocked() -> FT_Face? {
        if let hintedFace { return hintedFace }
        hintedFace = newFace()
        return hintedFace
    }

    /// A new FreeType face on the same bytes, owned by the caller (`FT_Done_Face`).
    func newFace() -> FT_Face? {
        var newFace: FT_Face?
        guard FT_New_Memory_Face(
            library, bytes.base.assumingMemoryBound(to: FT_Byte.self),
            FT_Long(bytes.count), FT_Long(faceIndex), &newFace) == 0 else { return nil }
        return newFace
    }
}
