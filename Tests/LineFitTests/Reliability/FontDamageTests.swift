import Foundation
import Testing

@testable import LineFit

/// Issue 13, defect 6: a font whose table directory and required tables are intact (so it
/// opens) but one glyph's data is broken. Shaping reads only the glyph's advance, so the
/// layout is made; the outline cannot be loaded, and a picture would show nothing where the
/// glyph is. `Layout.checkGlyphsLoad(fonts:)` (which the CLI calls before drawing) throws.
@Suite struct FontDamageTests {
    /// Noto Sans Hebrew with the contour count of glyph 96 (ש, `hb-shape --no-glyph-names`)
    /// set to 32767: its glyf entry is 136 bytes, far too short for that many end points.
    static func damagedHebrew() throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: try TestPaths.font("NotoSansHebrew-Regular.ttf"))))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [String: Int] = [:]
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            tables[String(decoding: bytes[record..<(record + 4)], as: UTF8.self)] = u32(record + 8)
        }
        let head = try #require(tables["head"]), loca = try #require(tables["loca"]), glyf = try #require(tables["glyf"])
        let longOffsets = u16(head + 50) == 1
        let glyph = 96
        let start = longOffsets ? u32(loca + 4 * glyph) : 2 * u16(loca + 2 * glyph)
        let end = longOffsets ? u32(loca + 4 * glyph + 4) : 2 * u16(loca + 2 * glyph + 2)
        #expect(end - start == 136)
        #expect(u16(glyf + start) == 1)  // one contour in the intact font
        bytes[glyf + start] = 0x7F
        bytes[glyf + start + 1] = 0xFF
        return Data(bytes)
    }

    @Test func aGlyphThatCannotBeLoadedIsATypedErrorNotABlank() throws {
        let intact = FontChain(try TestFonts.font("NotoSansHebrew-Regular.ttf"))
        let options = LayoutOptions(width: 400, minSize: 24, maxSize: 120)
        let intactLayout = try layOut("שלום", fonts: intact, options: options)
        #expect(intactLayout.lines.flatMap(\.runs).flatMap(\.glyphs).map(\.id).contains(96))
        try intactLayout.checkGlyphsLoad(fonts: intact)

        // It opens (the damage is inside one glyph) and lays out exactly as the intact font:
        // advances come from hmtx.
        let font = try Font(data: try Self.damagedHebrew(), name: "damaged-hebrew")
        let damaged = FontChain(font)
        let layout = try layOut("שלום", fonts: damaged, options: options)
        #expect(layout.lines.map(\.size) == intactLayout.lines.map(\.size))
        #expect(font.outline(glyph: 96) == nil)
        do {
            try layout.checkGlyphsLoad(fonts: damaged)
            Issue.record("a glyph that cannot be loaded passed the check")
        } catch let LineFitError.fontInvalid(path, faceIndex, reason) {
            #expect(path == "damaged-hebrew")
            #expect(faceIndex == 0)
            // FreeType's code for the too-large contour array is its own (Array_Too_Large, 10).
            #expect(reason == "glyph 96 cannot be loaded (FreeType error 10): the font is damaged")
        }
        // Text without the damaged glyph still draws.
        let other = try layOut("לום", fonts: damaged, options: options)
        try other.checkGlyphsLoad(fonts: damaged)
    }
}
