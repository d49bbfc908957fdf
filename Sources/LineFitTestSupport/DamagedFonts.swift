import Foundation

/// Test support: bundled fonts with damage that opening cannot see (issue 13, defect 6).
public enum DamagedFonts {
    /// The glyph `hebrewWithBrokenGlyph()` breaks: ש in Noto Sans Hebrew
    /// (`hb-shape --no-glyph-names`).
    public static let brokenHebrewGlyph: UInt32 = 96

    /// Noto Sans Hebrew with the contour count of glyph 96 set to 32,767: its glyf entry is
    /// 136 bytes, far too short for that many end points, so FreeType refuses to load it,
    /// while the table directory, the required tables and its advance (hmtx) are intact.
    public static func hebrewWithBrokenGlyph() throws -> Data {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var bytes = [UInt8](try Data(contentsOf: root.appendingPathComponent("Fonts/NotoSansHebrew-Regular.ttf")))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [String: Int] = [:]
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            tables[String(decoding: bytes[record..<(record + 4)], as: UTF8.self)] = u32(record + 8)
        }
        guard let head = tables["head"], let loca = tables["loca"], let glyf = tables["glyf"] else {
            throw DamageError(description: "Noto Sans Hebrew has no head, loca or glyf table")
        }
        let longOffsets = u16(head + 50) == 1
        let glyph = Int(brokenHebrewGlyph)
        let start = longOffsets ? u32(loca + 4 * glyph) : 2 * u16(loca + 2 * glyph)
        let end = longOffsets ? u32(loca + 4 * glyph + 4) : 2 * u16(loca + 2 * glyph + 2)
        // The bundled font as this damage was worked out on: a 136-byte glyph of one contour.
        guard end - start == 136, u16(glyf + start) == 1 else {
            throw DamageError(description: "glyph \(glyph) of Noto Sans Hebrew is not the one-contour, 136-byte glyph expected")
        }
        bytes[glyf + start] = 0x7F
        bytes[glyf + start + 1] = 0xFF
        return Data(bytes)
    }

    /// The bundled font is not the one the damage was worked out on.
    public struct DamageError: Error, CustomStringConvertible {
        /// What differs from the font the damage expects.
        public var description: String
    }
}
