import Foundation

/// Which tables a font file's face has, read from its table directory with two small reads
/// (no mapping, no FreeType): what a deferred font can answer without being opened.
///
/// The layout asks every font of a chain whether it is variable (`VariationPlan`: which font
/// applies `opsz`, whether any axis applies at all). Opening each fallback to answer would
/// open the emoji and CJK fonts for every Latin caption; a face without `fvar` has no axes, so
/// the directory is enough for all but variable fonts.
enum FontFileTables {
    /// The table tags of face `faceIndex` of the file at `path`, or nil when the directory
    /// cannot be read or is not an sfnt one (then only opening the font can tell).
    static func tags(path: String, faceIndex: Int) -> Set<String>? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        func read(_ count: Int, at offset: Int) -> [UInt8]? {
            guard count > 0, offset >= 0 else { return nil }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, count, off_t(offset)) }
            return got == count ? bytes : nil
        }
        func u32(_ bytes: [UInt8], _ at: Int) -> Int {
            (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
        }
        guard let header = read(12, at: 0) else { return nil }
        var directory = 0
        let tag = String(decoding: header[0..<4], as: UTF8.self)
        if tag == "ttcf" {
            guard faceIndex >= 0, faceIndex < u32(header, 8), let entry = read(4, at: 12 + 4 * faceIndex) else { return nil }
            directory = u32(entry, 0)
        } else if !(u32(header, 0) == 0x0001_0000 || tag == "OTTO" || tag == "true") || faceIndex != 0 {
            return nil
        }
        guard let start = directory == 0 ? header : read(12, at: directory) else { return nil }
        let tableCount = Int(start[4]) << 8 | Int(start[5])
        guard tableCount > 0, let records = read(16 * tableCount, at: directory + 12) else { return nil }
        return Set((0..<tableCount).map { String(decoding: records[(16 * $0)..<(16 * $0 + 4)], as: UTF8.self) })
    }

    /// Whether a face with these tables has colour glyphs as FreeType decides it
    /// (`FT_FACE_FLAG_COLOR`: CBLC bitmaps, sbix, COLR or SVG), or nil when only opening the
    /// face can tell: an SVG table counts only when FreeType was built with SVG support, and a
    /// face with both EBLC and CBLC gets EBLC's monochrome strikes from FreeType.
    static func hasColor(tags: Set<String>) -> Bool? {
        if tags.contains("SVG ") || (tags.contains("EBLC") && tags.contains("CBLC")) { return nil }
        return tags.contains("CBLC") || tags.contains("sbix") || tags.contains("COLR")
    }
}
