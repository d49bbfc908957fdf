import Foundation

/// The few OpenType table fields the tests check the engine's font metrics against, read
/// straight from the font file's bytes (OpenType spec: table directory, `head`, `hhea`,
/// `OS/2`), so that the expectation shares no code with FreeType or the engine.
struct OpenTypeTables {
    var unitsPerEm: Int
    var hheaAscender: Int
    var hheaDescender: Int
    var hheaLineGap: Int
    var os2: OS2?

    struct OS2 {
        var version: Int
        var fsSelection: UInt16
        var typoAscender: Int
        var typoDescender: Int
        var typoLineGap: Int
        /// Present from version 2 on.
        var capHeight: Int?

        /// fsSelection bit 7, USE_TYPO_METRICS: the sTypo* fields are the line metrics.
        var usesTypoMetrics: Bool { fsSelection & (1 << 7) != 0 }
    }

    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let bytes = [UInt8](data)
        func u16(_ offset: Int) throws -> UInt16 {
            guard offset + 2 <= bytes.count else { throw ParseError(description: "\(path): read past the end at \(offset)") }
            return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
        }
        func i16(_ offset: Int) throws -> Int { Int(Int16(bitPattern: try u16(offset))) }
        func u32(_ offset: Int) throws -> Int { Int(try u16(offset)) << 16 | Int(try u16(offset + 2)) }

        // A collection ('ttcf') points at its first font's table directory.
        var directory = 0
        if bytes.starts(with: Array("ttcf".utf8)) { directory = try u32(12) }
        let tableCount = Int(try u16(directory + 4))
        var tables: [String: Int] = [:]
        for index in 0..<tableCount {
            let record = directory + 12 + 16 * index
            guard record + 16 <= bytes.count else { throw ParseError(description: "\(path): truncated table directory") }
            let tag = String(decoding: bytes[record..<(record + 4)], as: UTF8.self)
            tables[tag] = try u32(record + 8)
        }
        guard let head = tables["head"], let hhea = tables["hhea"] else {
            throw ParseError(description: "\(path): no head or hhea table")
        }
        unitsPerEm = Int(try u16(head + 18))
        hheaAscender = try i16(hhea + 4)
        hheaDescender = try i16(hhea + 6)
        hheaLineGap = try i16(hhea + 8)
        if let table = tables["OS/2"] {
            let version = Int(try u16(table))
            os2 = OS2(
                version: version,
                fsSelection: try u16(table + 62),
                typoAscender: try i16(table + 68),
                typoDescender: try i16(table + 70),
                typoLineGap: try i16(table + 72),
                capHeight: version >= 2 ? try i16(table + 88) : nil)
        }
    }

    /// Ascender, descender (positive down) and line gap as the OpenType spec says to pick
    /// them: the OS/2 typo metrics when USE_TYPO_METRICS is set, otherwise `hhea`'s.
    var lineMetrics: (ascender: Int, descender: Int, lineGap: Int, fromTypo: Bool) {
        if let os2, os2.usesTypoMetrics {
            return (os2.typoAscender, -os2.typoDescender, os2.typoLineGap, true)
        }
        return (hheaAscender, -hheaDescender, hheaLineGap, false)
    }
}
