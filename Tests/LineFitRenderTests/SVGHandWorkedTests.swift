import Foundation
import LineFit
@testable import LineFitRender
import Testing

/// The numbers of the `strong-no-canvas.svg` golden ("Hi\nthere", Strong, width 400) checked
/// against values worked out by hand, not taken from the renderer:
///
/// League Spartan Bold: unitsPerEm 2000 (`head`), ascender 1400, descender −440, line gap 0
/// (`hhea`, equal to the typo metrics its USE_TYPO_METRICS bit selects). Shaped by `hb-shape
/// --font-size=2000` (advances in font units): "Hi" = H 74 +1276, i 305 +521; "there" = t 391
/// +724, h 302 +1106, e 274 +996, r 377 +768 (its `hmtx` advance 790 less a −22 kern before
/// e), e 274 +996.
///
/// - "Hi": 1797 units; at the maximum 300 pt it is 1797 × 300/2000 = 269.55 pt ≤ 400: held at
///   300, glyph scale 300/2000 = 0.15.
/// - "there": 4590 units; the largest size on the 0.01 grid with 4590 × s/2000 ≤ 400 is
///   ⌊400 × 2000/4590 / 0.01⌋ × 0.01 = ⌊17429.19⌋ × 0.01 = 174.29, scale 0.087145.
/// - The picture: the merged background pads the 400-wide block by 18 and the bounds add 2,
///   so the block's origin is at (20, 20) and the picture is 400 + 2 × 20 = 440 wide.
/// - Line 1 is centred: x = 20 + (400 − 269.55)/2 = 85.225, then i at 85.225 + 1276 × 0.15
///   = 276.625; its top is 20 and its baseline 20 + 1400 × 0.15 = 230; its height
///   (1400 + 440) × 0.15 = 276.
/// - Line 2 is 4590 × 0.087145 = 399.99555 wide, centred too: x = 20 + (400 − 399.99555)/2
///   = 20.002225; h at + 724 × 0.087145 = 83.095205, e 179.477575, r 266.273995, e
///   333.201355; baseline 20 + 276 + 1400 × 0.087145 = 418.003.
/// - Height: 20 + 276 + 1840 × 0.087145 + 20 = 476.347, rounded up to 477 pixels.
@Suite("SVG numbers worked by hand")
struct SVGHandWorkedTests {
    struct Placement: Equatable {
        var glyph: Int
        var scale: Double
        var x: Double
        var y: Double
    }

    /// `<use href="#g0-ID" transform="matrix(s 0 0 -s x y)"/>` in drawing order.
    static func placements(_ svg: String) -> [Placement] {
        svg.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("<use href=\"#g0-"), let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")") else {
                return nil
            }
            let id = line.dropFirst("<use href=\"#g0-".count).prefix { $0.isNumber }
            let numbers = line[line.index(after: open)..<close].split(separator: " ").compactMap { Double($0) }
            guard numbers.count == 6, let glyph = Int(id) else { return nil }
            return Placement(glyph: glyph, scale: numbers[0], x: numbers[4], y: numbers[5])
        }
    }

    /// Reads a big-endian field of a table in the font file, for the independent check of
    /// the metrics the expectations were worked from.
    static func tableField(_ font: [UInt8], _ tag: String, offset: Int, signed: Bool = false) throws -> Int {
        let count = Int(font[4]) << 8 | Int(font[5])
        for index in 0..<count {
            let record = 12 + 16 * index
            guard String(decoding: font[record..<(record + 4)], as: UTF8.self) == tag else { continue }
            let start = font[(record + 8)..<(record + 12)].reduce(0) { $0 << 8 | Int($1) } + offset
            let value = Int(font[start]) << 8 | Int(font[start + 1])
            return signed && value >= 0x8000 ? value - 0x10000 : value
        }
        throw MissingTable(tag: tag)
    }

    struct MissingTable: Error { var tag: String }

    @Test("the font's tables hold the metrics the expectations were worked from")
    func fontMetrics() throws {
        let path = try BundledFonts.path("LeagueSpartan-Bold.otf")
        let font = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(try Self.tableField(font, "head", offset: 18) == 2000)
        #expect(try Self.tableField(font, "hhea", offset: 4, signed: true) == 1400)
        #expect(try Self.tableField(font, "hhea", offset: 6, signed: true) == -440)
        #expect(try Self.tableField(font, "hhea", offset: 8, signed: true) == 0)
        // hmtx advances (the first numberOfHMetrics entries are 4 bytes each).
        for (glyph, advance) in [(74, 1276), (305, 521), (391, 724), (302, 1106), (274, 996), (377, 790)] {
            #expect(try Self.tableField(font, "hmtx", offset: 4 * glyph) == advance, "glyph \(glyph)")
        }
    }

    @Test("glyph scales, positions, baselines and the picture size are the hand-worked values")
    func handWorkedNumbers() throws {
        let styled = try Style.strong.layout("Hi\nthere", width: 400)
        let svg = try SVGRenderer(canvas: nil).render(styled)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"440\" height=\"477\" viewBox=\"0 0 440 477\">"))
        let expected = [
            Placement(glyph: 74, scale: 0.15, x: 85.225, y: 230),
            Placement(glyph: 305, scale: 0.15, x: 276.625, y: 230),
            Placement(glyph: 391, scale: 0.087145, x: 20.002225, y: 418.003),
            Placement(glyph: 302, scale: 0.087145, x: 83.095205, y: 418.003),
            Placement(glyph: 274, scale: 0.087145, x: 179.477575, y: 418.003),
            Placement(glyph: 377, scale: 0.087145, x: 266.273995, y: 418.003),
            Placement(glyph: 274, scale: 0.087145, x: 333.201355, y: 418.003),
        ]
        let found = Self.placements(svg)
        #expect(found.map(\.glyph) == expected.map(\.glyph))
        for (got, want) in zip(found, expected) {
            // The SVG writes positions to 0.01 and scales to 6 decimals.
            #expect(abs(got.x - want.x) <= 0.006 && abs(got.y - want.y) <= 0.006, "glyph \(want.glyph): \(got) vs \(want)")
            #expect(abs(got.scale - want.scale) <= 0.000_000_6, "glyph \(want.glyph): \(got.scale) vs \(want.scale)")
        }
        // The layout itself: sizes as worked out, line 2 within the width and one grid step
        // larger would not fit.
        let lines = styled.layout.lines
        #expect(lines.map(\.size) == [300, 174.29])
        #expect(4590 * 174.29 / 2000 <= 400 && 4590 * 174.30 / 2000 > 400)
        #expect(abs(lines[1].width - 4590 * 174.29 / 2000) < 1e-9)
    }
}
