import CHarfBuzzBench

/// A font loaded the plain HarfBuzz way: `hb_blob_create_from_file` → `hb_face_create` →
/// `hb_font_create`, which installs HarfBuzz's own OpenType functions (hb-ot). No FreeType,
/// no LineFit: the baselines measure HarfBuzz alone.
///
/// One owner per handle, freed in `deinit`. Not thread-safe (the scale is mutable state).
public final class HarfBuzzFace {
    public let path: String
    public let unitsPerEm: Int32
    let font: OpaquePointer

    public struct LoadError: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "HarfBuzz could not load a face from \(path)" }
    }

    public init(path: String) throws {
        self.path = path
        // hb_blob_create_from_file returns the empty blob (not nil) on failure.
        let blob = hb_blob_create_from_file(path)
        defer { hb_blob_destroy(blob) }
        guard hb_blob_get_length(blob) > 0, let face = hb_face_create(blob, 0) else {
            throw LoadError(path: path)
        }
        defer { hb_face_destroy(face) }
        let upem = Int32(hb_face_get_upem(face))
        guard upem > 0, hb_face_get_glyph_count(face) > 0, let font = hb_font_create(face) else {
            throw LoadError(path: path)
        }
        unitsPerEm = upem
        self.font = font
        hb_font_set_scale(font, upem, upem)
    }

    deinit { hb_font_destroy(font) }
}

/// One reusable `hb_buffer_t` for left-to-right Latin text.
public final class HarfBuzzLineShaper {
    let buffer: OpaquePointer

    public init() {
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `units[range]` with `face` at its current scale and returns the sum of the
    /// x advances (in the scale's units). The whole array is passed as context, as an
    /// Android `Paint.measureText(text, start, end)` call sees its neighbours.
    @inline(__always)
    func advance(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>, face: HarfBuzzFace) -> Int {
        hb_buffer_clear_contents(buffer)
        hb_buffer_add_utf16(
            buffer, units.baseAddress, Int32(units.count), UInt32(range.lowerBound), Int32(range.count))
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, HB_SCRIPT_LATIN)
        hb_buffer_set_language(buffer, hb_language_get_default())
        hb_shape(face.font, buffer, nil, 0)
        var count: UInt32 = 0
        guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return 0 }
        var total = 0
        for i in 0..<Int(count) { total += Int(positions[i].x_advance) }
        return total
    }
}

/// The limit: one HarfBuzz shape of the whole text with the same font and nothing else.
/// Nothing that LineFit does on top of shaping (itemizing, break opportunities, breaking,
/// fitting, placing) is here, so LineFit's fresh layout cannot be faster than this.
public final class ShapeOnce {
    let face: HarfBuzzFace
    let shaper = HarfBuzzLineShaper()
    let units: [UInt16]

    public init(text: String, face: HarfBuzzFace) {
        self.face = face
        units = Array(text.utf16)
        hb_font_set_scale(face.font, face.unitsPerEm, face.unitsPerEm)
    }

    /// hb_buffer cleared and refilled, hb_shape once; returns the total advance in design units.
    public func shape() -> Int {
        units.withUnsafeBufferPointer { shaper.advance($0, 0..<$0.count, face: face) }
    }
}
