import Foundation
import LineFit
@testable import LineFitRender
import Testing

// Range highlights: the spotlight leaves its cut-outs untouched and dims the rest by the
// stated factor; the fill lies under the text; the glyph mask holds only the range's glyphs.

@Suite("Range highlights")
struct HighlightTests {
    static let text = "Summer nights\nand city lights\nevery line fills"
    /// "city lights" in the text as given: UTF-16 offsets 18..<29.
    static let range = 18..<29
    static let canvas = RenderFixtures.small

    static func styled() throws -> StyledLayout {
        try RenderFixtures.styled(text, style: .strong, canvas: canvas)
    }

    @Test func theRangeIsTheWords() throws {
        let units = Array(Self.text.utf16)
        #expect(String(decoding: units[Self.range], as: UTF16.self) == "city lights")
    }

    @Test func spotlightKeepsCutOutsAndDimsTheRest() throws {
        let styled = try Self.styled()
        let dim = 0.6
        let plain = try PNGRenderer(canvas: Self.canvas).render(styled)
        let spot = RangeHighlight(ranges: [Self.range], look: .spotlight(dim: dim), padding: 7, cornerRadius: 11)
        let lit = try PNGRenderer(canvas: Self.canvas, highlights: [spot]).render(styled)
        let scene = StoryScene(styled, canvas: Self.canvas)
        // The words' own rects, 1 px in: the cut-out (padded, rounded) holds them with room.
        let inside = styled.layout.rects(for: Self.range).map {
            LayoutRect(x: $0.x + scene.originX + 1, y: $0.y + scene.originY + 1, width: $0.width - 2, height: $0.height - 2)
        }
        #expect(!inside.isEmpty)
        // Far outside: more than padding + 1 px from every rect of the range.
        let reach = inside.map { $0.outset(by: 1 + 7 + 1) }
        let before = plain.straightRGBA, after = lit.straightRGBA
        var checkedInside = 0, checkedOutside = 0
        for y in 0..<lit.height {
            for x in 0..<lit.width {
                let pixelBox = LayoutRect(x: Double(x), y: Double(y), width: 1, height: 1)
                let offset = (y * lit.width + x) * 4
                let a = Array(before[offset..<(offset + 4)]), b = Array(after[offset..<(offset + 4)])
                if inside.contains(where: { $0.contains(LayoutPoint(x: pixelBox.minX, y: pixelBox.minY)) && $0.contains(LayoutPoint(x: pixelBox.maxX, y: pixelBox.maxY)) }) {
                    checkedInside += 1
                    let same = a == b
                    #expect(same, "pixel \(x),\(y) inside the cut-out changed: \(a) → \(b)")
                    if !same { return }
                } else if !reach.contains(where: { $0.intersects(pixelBox) }) {
                    checkedOutside += 1
                    let expected = a.prefix(3).map { Int((Double($0) * (1 - dim)).rounded()) }
                    let got = b.prefix(3).map { Int($0) }
                    let off = zip(expected, got).map { abs($0 - $1) }.max() ?? 0
                    let dimmed = off <= 1 && a[3] == b[3]
                    #expect(dimmed, "pixel \(x),\(y): \(got) instead of \(expected)")
                    if !dimmed { return }
                }
            }
        }
        #expect(checkedInside > 200 && checkedOutside > 100_000, "\(checkedInside) inside, \(checkedOutside) outside")
    }

    @Test func highlightFillsUnderTheText() throws {
        var style = RenderFixtures.flat(.modern, StyleColor(red: 0.2, green: 0.3, blue: 0.4))
        style.background = .none
        let styled = try RenderFixtures.styled(Self.text, style: style, canvas: Self.canvas)
        let yellow = try #require(StyleColor(hex: "#FFD60A"))
        let fill = RangeHighlight(ranges: [Self.range], look: .fill(yellow), padding: 4, cornerRadius: 6)
        let image = try PNGRenderer(canvas: Self.canvas, highlights: [fill]).render(styled)
        let plain = try PNGRenderer(canvas: Self.canvas).render(styled)
        let scene = StoryScene(styled, canvas: Self.canvas)
        let outline = styled.layout.highlightOutline(for: [Self.range], padding: 4, cornerRadius: 6)
        #expect(!outline.isEmpty)
        // Fully covered text pixels stay the text's colour (the fill is under the text); the
        // fill shows between the letters.
        let before = plain.straightRGBA, after = image.straightRGBA
        let white: [UInt8] = [255, 255, 255, 255]
        let marker: [UInt8] = [255, 214, 10, 255]
        var yellowPixels = 0, textPixels = 0
        for rect in styled.layout.rects(for: Self.range) {
            for y in Int(rect.minY + scene.originY + 1)..<Int(rect.maxY + scene.originY - 1) {
                for x in Int(rect.minX + scene.originX + 1)..<Int(rect.maxX + scene.originX - 1) {
                    let offset = (y * image.width + x) * 4
                    if Array(before[offset..<(offset + 4)]) == white {
                        textPixels += 1
                        // Under a fully covered pixel the fill cannot show; at 8 bits "white" also
                        // holds pixels covered 99.8 %, where the yellow may shift blue by a step.
                        let kept = after[offset] == 255 && after[offset + 1] == 255 && after[offset + 2] >= 253
                        #expect(kept, "text pixel \(x),\(y) painted over")
                        if !kept { return }
                    }
                    if Array(after[offset..<(offset + 4)]) == marker { yellowPixels += 1 }
                }
            }
        }
        #expect(textPixels > 50 && yellowPixels > 300, "\(textPixels) text, \(yellowPixels) highlight pixels")
        // Nothing changes far from the range.
        #expect(Array(after[0..<4]) == Array(before[0..<4]))
    }

    @Test func glyphMaskHoldsOnlyTheRangesGlyphs() throws {
        let styled = try Self.styled()
        let renderer = PNGRenderer(canvas: Self.canvas)
        let mask = renderer.glyphMask(for: Self.range, of: styled)
        let scene = StoryScene(styled, canvas: Self.canvas)
        let inkOfRange = styled.layout.rects(for: Self.range).map {
            LayoutRect(x: $0.x + scene.originX, y: $0.y + scene.originY, width: $0.width, height: $0.height).outset(by: 2)
        }
        var covered = 0
        for y in 0..<mask.height {
            for x in 0..<mask.width where mask.coverage(x: x, y: y) > 0 {
                covered += 1
                let centre = LayoutPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                #expect(inkOfRange.contains { $0.contains(centre) }, "mask at \(x),\(y) outside the range's rects")
                if !inkOfRange.contains(where: { $0.contains(centre) }) { return }
            }
        }
        #expect(covered > 150)
        // The masked picture keeps the range's glyph pixels and clears everything else.
        let masked = try renderer.render(styled).masked(by: mask)
        let cleared = masked.pixel(x: 2, y: 2).alpha == 0
        #expect(cleared)
        // The other words' glyphs are not in it.
        let other = renderer.glyphMask(for: 0..<6, of: styled)
        let overlap = zip(mask.values, other.values).filter { $0 > 0 && $1 > 0 }.count
        #expect(overlap == 0)
    }
}
