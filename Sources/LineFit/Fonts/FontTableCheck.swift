import Foundation

/// A cheap structural check of an OpenType font at open, so a damaged file (a truncated
/// download, a cut copy) fails with a reason instead of loading and drawing nothing.
///
/// It reads only the table directory (12 + 16 × numTables bytes) and two table headers, never
/// the tables' contents, so a memory-mapped font is not paged in: every table lies inside the
/// file, the tables a layout needs are there (`cmap`, `head`, `hhea`, `hmtx`, `maxp`, and
/// outlines as `glyf` + `loca`, `CFF `, `CFF2`, or colour bitmaps as `CBDT` + `CBLC` or `sbix`),
/// and `loca`'s last entry stays inside `glyf`. Files that are not sfnt (WOFF, Type 1, BDF)
/// are left to FreeType.
enum FontTableCheck {
    /// Why the face at `faceIndex` of `bytes` is unusable, or nil when the check passes.
    static func problem(in bytes: UnsafeRawBufferPointer, faceIndex: Int) -> String? {
        let reader = BigEndianReader(bytes: bytes)
        guard let tag = reader.u32(0) else { return "the file is shorter than a font header" }
        var directory = 0
        if tag == fourCC("ttcf") {
            guard let count = reader.u32(8) else { return "the collection header is cut short" }
            guard faceIndex < Int(count) else { return "the collection has \(count) faces, no face \(faceIndex)" }
            guard let offset = reader.u32(12 + 4 * faceIndex) else { return "the collection header is cut short" }
            directory = Int(offset)
        } else if ![0x0001_0000, fourCC("OTTO"), fourCC("true")].contains(tag) {
            return nil
        }
        guard let tableCount = reader.u16(directory + 4) else { return "the table directory is outside the file" }
        var tables: [UInt32: (offset: Int, length: Int)] = [:]
        for index in 0..<Int(tableCount) {
            let record = directory + 12 + 16 * index
            guard let tableTag = reader.u32(record), let offset = reader.u32(record + 8),
                  let length = reader.u32(record + 12) else {
                return "the table directory is cut short (the file ends at byte \(bytes.count))"
            }
            guard Int(offset) + Int(length) <= bytes.count else {
                return "table '\(tagName(tableTag))' (bytes \(offset)..<\(Int(offset) + Int(length))) is past the end of the file (\(bytes.count) bytes): the file is truncated"
            }
            tables[tableTag] = (Int(offset), Int(length))
        }
        for required in ["cmap", "head", "hhea", "hmtx", "maxp"] where tables[fourCC(required)] == nil {
            return "the required table '\(required)' is missing"
        }
        let outlines = [["glyf", "loca"], ["CFF "], ["CFF2"], ["CBDT", "CBLC"], ["sbix"]]
        guard outlines.contains(where: { $0.allSatisfy { tables[fourCC($0)] != nil } }) else {
            return "the font has no glyphs (no 'glyf', 'CFF ', 'CFF2', 'CBDT' or 'sbix' table)"
        }
        if let glyf = tables[fourCC("glyf")], let loca = tables[fourCC("loca")],
           let head = tables[fourCC("head")], let maxp = tables[fourCC("maxp")],
           let longOffsets = reader.u16(head.offset + 50), let glyphCount = reader.u16(maxp.offset + 4) {
            let entry = longOffsets == 0 ? 2 : 4
            let last = loca.offset + entry * Int(glyphCount)
            guard last + entry <= loca.offset + loca.length else {
                return "the 'loca' table is shorter than its \(glyphCount) glyphs need"
            }
            let end = entry == 2 ? reader.u16(last).map { Int($0) * 2 } : reader.u32(last).map { Int($0) }
            if let end, end > glyf.length {
                return "glyph outlines reach past the 'glyf' table (\(end) > \(glyf.length) bytes)"
            }
        }
        return nil
    }

    private static func fourCC(_ text: String) -> UInt32 {
        text.utf8.reduce(0) { $0 << 8 | UInt32($1) }
    }

    private static func tagName(_ tag: UInt32) -> String {
        String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: tag >> $0) }, as: UTF8.self)
    }

    /// Big-endian reads that return nil instead of reading past the end.
    private struct BigEndianReader {
        let bytes: UnsafeRawBufferPointer

        func u16(_ offset: Int) -> UInt16? {
            guard offset >= 0, offset + 2 <= bytes.count else { return nil }
            return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        }

        func u32(_ offset: Int) -> UInt32? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            return (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
        }
    }
}
