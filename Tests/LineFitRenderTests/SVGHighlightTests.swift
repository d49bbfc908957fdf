import Foundation
import LineFit
@testable import LineFitRender
import Testing

/// Highlights and spotlights in the SVG: the same shapes as the PNG's, read back from the
/// document's numbers and checked against the layout's range rects.
@Suite("Range highlights in SVG")
struct SVGHighlightTests {
    static let text = "Summer nights\nand city lights\nevery line fills"
    /// "lights\nevery": the end of the second line and the start of the third.
    static let range = 23..<35
    static let canvas = RenderFixtures.small
    static let padding = 7.0

    /// The attribute `name` of every element that starts with `prefix`.
    static func attributes(_ name: String, of prefix: String, in svg: String) -> [String] {
        svg.split(separator: "\n").flatMap { line -> [String] in
            line.components(separatedBy: prefix).dropFirst().compactMap { element in
                guard let start = element.range(of: " \(name)=\"") else { return nil }
                return String(element[start.upperBound...].prefix { $0 != "\"" })
            }
        }
    }

    /// The bounds of a path's points (every number pair of its `d`).
    static func bounds(_ d: String) -> LayoutRect? {
        let numbers = d.split(separator: " ").compactMap { Double($0) }
        guard numbers.count >= 2, numbers.count.isMultiple(of: 2) else { return nil }
        var box: LayoutRect?
        for index in stride(from: 0, to: numbers.count, by: 2) {
            let point = LayoutRect(x: numbers[index], y: numbers[index + 1], width: 0, height: 0)
            box = box.map { $0.union(point) } ?? point
        }
        return box
    }

    static func close(_ a: LayoutRect, _ b: LayoutRect) -> Bool {
        // The document prints two decimals.
        abs(a.minX - b.minX) <= 0.006 && abs(a.minY - b.minY) <= 0.006 && abs(a.maxX - b.maxX) <= 0.006
            && abs(a.maxY - b.maxY) <= 0.006
    }

    @Test func highlightAndSpotlightShapesAreTheRangesRects() throws {
        let styled = try RenderFixtures.styled(Self.text, style: .strong, canvas: Self.canvas)
        let rects = styled.layout.rects(for: Self.range)
        #expect(rects.count == 2)
        let scene = StoryScene(styled, canvas: Self.canvas)
        // The range's text-line rects, grown by the padding, where the picture puts the block.
        let expected = rects.map {
            LayoutRect(x: $0.x + scene.originX, y: $0.y + scene.originY, width: $0.width, height: $0.height)
                .outset(by: Self.padding)
        }.reduce(nil as LayoutRect?) { sum, rect in sum.map { $0.union(rect) } ?? rect }
        let fill = RangeHighlight(ranges: [Self.range], look: .fill(StyleColor(red: 1, green: 0.84, blue: 0.04)), padding: Self.padding, cornerRadius: 10)
        let spot = RangeHighlight(ranges: [Self.range], look: .spotlight(dim: 0.6), padding: Self.padding, cornerRadius: 10)
        let svg = try SVGRenderer(canvas: Self.canvas, highlights: [fill, spot]).render(styled)

        let highlight = Self.attributes("d", of: "<path class=\"highlight\"", in: svg)
        #expect(highlight.count == 1)
        let drawn = try #require(highlight.first.flatMap(Self.bounds))
        #expect(Self.close(drawn, try #require(expected)), "\(drawn) vs \(String(describing: expected))")
        #expect(Self.attributes("fill", of: "<path class=\"highlight\"", in: svg) == ["#ffd60a"])

        // The spotlight: a veil over the whole canvas, masked by the same shape.
        let masks = Self.attributes("d", of: "<mask id=\"spotlight0\"", in: svg)
        #expect(masks == highlight)
        #expect(Self.attributes("fill-opacity", of: "<rect class=\"spotlight\"", in: svg) == ["0.6"])
        #expect(Self.attributes("mask", of: "<rect class=\"spotlight\"", in: svg) == ["url(#spotlight0)"])
        // Highlights under the text, the spotlight over it.
        let under = try #require(svg.range(of: "class=\"highlight\"")), text = try #require(svg.range(of: "class=\"text\""))
        let over = try #require(svg.range(of: "<rect class=\"spotlight\""))
        #expect(under.lowerBound < text.lowerBound && text.lowerBound < over.lowerBound)
        // And the PNG draws the same path.
        #expect(PNGRenderer.highlightPath(fill, layout: styled.layout, scene: scene).svgPathData == highlight.first)
    }
}
