import Foundation
@testable import LineFit
import Testing

// rects(for:) on real layouts: hand-checked bidi and ligature cases, then the covering
// property on seeded random stories mixing scripts, emoji and marks.

@Suite("Range rects")
struct RangeRectTests {
    @Test("a range split by bidi reordering gives one rect per visual piece")
    func bidiSplitsARange() throws {
        // Visually: a b c ␣ ג ב א ␣ d e f. Logical 2..<6 is "c אב": c and the space on
        // the left, then א and ב at the right end of the Hebrew word; ג stays out.
        let layout = try GeometryFixtures.layout("abc אבג def", width: 2000, min: 40, max: 40)
        #expect(layout.lines.count == 1)
        let rects = layout.rects(for: 2..<6)
        #expect(rects.count == 2)
        let hebrew = try #require(layout.lines[0].runs.first { $0.isRightToLeft })
        let gimel = try #require(hebrew.glyphs.first)  // leftmost glyph of the RTL run
        #expect(gimel.cluster == 6)
        let line = layout.lines[0]
        let gimelLeft = line.x + hebrew.x + gimel.x
        #expect(abs(rects[0].maxX - gimelLeft) < 1e-9)
        #expect(abs(rects[1].minX - (gimelLeft + gimel.advance)) < 1e-9)
    }

    @Test("a range over several lines gives one rect per line, at each line's box")
    func multiLineRange() throws {
        let layout = try GeometryFixtures.layout("first line\nsecond\nthird one", width: 960, min: 30, max: 200)
        #expect(layout.lines.count == 3)
        let rects = layout.rects(for: 6..<20)  // "line\nsecond\nthi"
        #expect(rects.count == 3)
        for (rect, line) in zip(rects, layout.lines) {
            #expect(rect.minY == line.top && abs(rect.maxY - (line.top + line.height)) < 1e-9)
        }
    }

    @Test("empty ranges and ranges of only a line break draw nothing")
    func emptyAndInvisible() throws {
        let layout = try GeometryFixtures.layout("one\ntwo", width: 960, min: 30, max: 200)
        #expect(layout.rects(for: 2..<2).isEmpty)
        #expect(layout.rects(for: 3..<4).isEmpty)  // the "\n"
        #expect(layout.rects(for: 0..<7).count == 2)
    }

    @Test("rects cover exactly the glyphs of the range", arguments: Array(UInt64(0)..<40))
    func coversExactlyTheRange(seed: UInt64) throws {
        var rng = GeometryRandom(seed: seed)
        let text = GeometryFixtures.randomText(&rng)
        let layout = try GeometryFixtures.layout(
            text, width: rng.uniform(200...960), min: rng.uniform(20...40), max: rng.uniform(60...240))
        let length = text.utf16.count
        for _ in 0..<12 {
            let a = rng.integer(0...length), b = rng.integer(0...length)
            let range = min(a, b)..<max(a, b)
            let rects = layout.rects(for: range)
            guard !range.isEmpty else {
                #expect(rects.isEmpty)
                continue
            }
            var selectedWidth = 0.0
            for line in layout.lines {
                let starts = Set(line.runs.flatMap { $0.glyphs.map(\.cluster) }).sorted()
                for run in line.runs {
                    for glyph in run.glyphs where glyph.advance > 0 {
                        // Reference cluster extent: to the next cluster start on the line.
                        let end = starts.first { $0 > glyph.cluster } ?? line.contentEnd
                        let selected = glyph.cluster < range.upperBound && range.lowerBound < end
                        let left = line.x + run.x + glyph.x
                        let box = LayoutRect(x: left, y: line.top, width: glyph.advance, height: line.height)
                        let inner = box.outset(by: -1e-6)
                        if selected {
                            selectedWidth += glyph.advance
                            #expect(rects.contains { $0.outset(by: 1e-6).contains(LayoutPoint(x: box.midX, y: box.midY)) && $0.minX <= box.minX + 1e-6 && $0.maxX >= box.maxX - 1e-6 },
                                    "glyph \(glyph.cluster) of \(range) not covered in \(text.debugDescription)")
                        } else {
                            #expect(!rects.contains { $0.intersects(inner) },
                                    "glyph \(glyph.cluster) outside \(range) is covered in \(text.debugDescription)")
                        }
                    }
                }
            }
            // No extra area: without tracking, the rects are exactly the selected advances.
            let rectWidth = rects.reduce(0) { $0 + $1.width }
            #expect(abs(rectWidth - selectedWidth) < 1e-6 * max(1, selectedWidth), "\(range) in \(text.debugDescription)")
        }
    }

    @Test("ink boxes hold every glyph's outline and advance boxes follow the lines")
    func lineBoxes() throws {
        let (layout, fonts) = try GeometryFixtures.layoutWithFonts("Summer nights\nand city lights", width: 900, min: 40, max: 280)
        let advance = layout.advanceBoxes(padding: 5)
        let ink = layout.inkBoxes(fonts: fonts)
        #expect(advance.count == layout.lines.count && ink.count == layout.lines.count)
        for (index, line) in layout.lines.enumerated() {
            #expect(abs(advance[index].width - (line.width + 10)) < 1e-9)
            #expect(abs(advance[index].minY - (line.top - 5)) < 1e-9)
            let box = try #require(ink[index])
            #expect(box.minY < line.baseline && box.maxY > line.top)
            #expect(box.width > line.width * 0.8)
        }
    }
}

/// Layouts for geometry tests, with the bundled fonts of the Strong style.
enum GeometryFixtures {
    static func layout(_ text: String, width: Double, min: Double, max: Double) throws -> Layout {
        try layoutWithFonts(text, width: width, min: min, max: max).0
    }

    static func layoutWithFonts(_ text: String, width: Double, min: Double, max: Double) throws -> (Layout, FontChain) {
        let fonts = try Style.strong.fontChain()
        let options = LayoutOptions(width: width, minSize: min, maxSize: Swift.max(min, max))
        return (try LayoutEngine().layout(text, fonts: fonts, options: options), fonts)
    }

    /// Words from several scripts, with ligatures ("ffi"), combining marks and emoji.
    static let words = [
        "hello", "world", "office", "fit", "שלום", "עולם", "مرحبا", "بالعالم", "123", "🎉", "👩‍👩‍👧", "e\u{301}te",
        "नमस्ते", "a", "Type", "Mode",
    ]

    static func randomText(_ rng: inout GeometryRandom) -> String {
        var text = ""
        for index in 0..<rng.integer(1...14) {
            if index > 0 { text += rng.chance(0.12) ? "\n" : " " }
            text += words[rng.integer(0...(words.count - 1))]
        }
        return text
    }
}
