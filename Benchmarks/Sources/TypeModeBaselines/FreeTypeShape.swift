import CHarfBuzzBench

/// The baseline LineFit is read against: one `hb_shape` of the text through hb-ft, as the
/// engine shapes it (FreeType at ppem = units per em, no hinting, design units out), one
/// shape per font run for a job with several fonts.
///
/// The runs come from the caller (the benchmark takes them from a LineFit layout of the
/// job: its font, direction and script runs, merged across lines); each run is shaped with
/// the whole text as context, as LineFit shapes a run within its paragraph.
public final class FreeTypeShapeRuns {
    /// One run to shape: a UTF-16 range, the font (an index into `paths`), right-to-left or
    /// not, and an ISO 15924 script tag.
    public struct Run {
        public var range: Range<Int>
        public var font: Int
        public var rightToLeft: Bool
        public var script: String

        public init(range: Range<Int>, font: Int, rightToLeft: Bool, script: String) {
            self.range = range
            self.font = font
            self.rightToLeft = rightToLeft
            self.script = script
        }
    }

    public struct LoadError: Error, CustomStringConvertible {
        public var path: String
        public var description: String { "FreeType could not load \(path)" }
    }

    private var library: FT_Library?
    private var faces: [FT_Face] = []
    private var fonts: [OpaquePointer] = []
    private let buffer: OpaquePointer
    private let units: [UInt16]
    private let runs: [(Run, hb_script_t)]

    public init(text: String, paths: [String], runs: [Run]) throws {
        buffer = hb_buffer_create()
        units = Array(text.utf16)
        guard FT_Init_FreeType(&library) == 0, let library else { throw LoadError(path: "(library)") }
        for path in paths {
            var face: FT_Face?
            guard FT_New_Face(library, path, 0, &face) == 0, let face else { throw LoadError(path: path) }
            faces.append(face)
            let font: OpaquePointer
            if face.pointee.face_flags & FT_Long(FT_FACE_FLAG_SCALABLE) != 0 {
                let upem = FT_F26Dot6(face.pointee.units_per_EM)
                FT_Set_Char_Size(face, 0, upem * 64, 72, 72)
                font = hb_ft_font_create_referenced(face)!
                hb_ft_font_set_load_flags(font, Int32(FT_LOAD_NO_HINTING))
            } else {
                // Bitmap-only colour fonts: HarfBuzz's own metrics on the FreeType face, as LineFit.
                let hbFace = hb_ft_face_create_referenced(face)!
                font = hb_font_create(hbFace)!
                let upem = Int32(hb_face_get_upem(hbFace))
                hb_face_destroy(hbFace)
                hb_font_set_scale(font, upem * 64, upem * 64)
            }
            fonts.append(font)
        }
        self.runs = runs.map { ($0, hb_script_from_string($0.script, -1)) }
    }

    deinit {
        for font in fonts { hb_font_destroy(font) }
        for face in faces { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
        hb_buffer_destroy(buffer)
    }

    /// One hb_shape per run; returns the total advance (so the work cannot be skipped).
    public func shape() -> Int {
        var total = 0
        units.withUnsafeBufferPointer { text in
            for (run, script) in runs {
                hb_buffer_clear_contents(buffer)
                hb_buffer_add_utf16(
                    buffer, text.baseAddress, Int32(text.count), UInt32(run.range.lowerBound), Int32(run.range.count))
                hb_buffer_set_direction(buffer, run.rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
                hb_buffer_set_script(buffer, script)
                hb_buffer_set_language(buffer, hb_language_get_default())
                hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
                hb_shape(fonts[run.font], buffer, nil, 0)
                var count: UInt32 = 0
                guard let positions = hb_buffer_get_glyph_positions(buffer, &count) else { continue }
                for i in 0..<Int(count) { total &+= Int(positions[i].x_advance) }
            }
        }
        return total
    }
}
