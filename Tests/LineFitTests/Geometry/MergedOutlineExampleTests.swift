import Foundation
@testable import LineFit
import Testing

// Hand-worked examples. Every expected value here was computed by hand from
// the geometry, never pasted from the library's output.

private func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> LayoutRect {
    LayoutRect(x: x, y: y, width: width, height: height)
}

private func point(_ x: Double, _ y: Double) -> LayoutPoint {
    LayoutPoint(x: x, y: y)
}

@Suite("MergedOutline examples")
struct MergedOutlineExampleTests {
    @Test("a narrow middle line makes four concave corners")
    func narrowMiddleLine() {
        let lines = [rect(0, 0, 100, 20), rect(30, 20, 40, 20), rect(0, 40, 100, 20)]
        let polygons = MergedOutline.outline(around: lines, padding: 0)
        #expect(polygons == [[
            point(0, 0), point(100, 0), point(100, 20), point(70, 20),
            point(70, 40), point(100, 40), point(100, 60), point(0, 60),
            point(0, 40), point(30, 40), point(30, 20), point(0, 20),
        ]])
        let kinds = cornerKinds(polygons[0])
        #expect(kinds.concave == 4)
        #expect(kinds.convex == 8)
    }

    @Test("lines of equal width give a plain rectangle with 4 corners")
    func equalWidthLines() {
        let lines = [rect(10, 0, 80, 18), rect(10, 20, 80, 18), rect(10, 40, 80, 18)]
        let polygons = MergedOutline.outline(around: lines, padding: 3)
        // Padding makes x 7...93; the first top is -3 and the last bottom 61.
        #expect(polygons == [[point(7, -3), point(93, -3), point(93, 61), point(7, 61)]])
        let path = MergedOutline.paths(around: lines, padding: 3, cornerRadius: 6)[0]
        let curves = path.elements.filter { if case .curve = $0 { true } else { false } }
        #expect(curves.count == 4)
    }

    @Test("lines that do not overlap horizontally make separate shapes")
    func separateShapes() {
        let lines = [rect(0, 0, 40, 10), rect(50, 10, 40, 10)]
        #expect(MergedOutline.paths(around: lines, padding: 0, cornerRadius: 4).count == 2)
        // Padding 5 makes the rects touch at x = 45: touching is not overlapping.
        #expect(MergedOutline.paths(around: lines, padding: 5, cornerRadius: 4).count == 2)
        // Padding 6 makes them overlap from x = 44 to 46: one shape.
        #expect(MergedOutline.paths(around: lines, padding: 6, cornerRadius: 4).count == 1)
    }

    @Test("an empty line splits the shape")
    func emptyLineSplits() {
        let lines = [rect(0, 0, 50, 10), rect(0, 10, 0, 10), rect(0, 20, 50, 10)]
        let polygons = MergedOutline.outline(around: lines, padding: 2)
        #expect(polygons == [
            [point(-2, -2), point(52, -2), point(52, 12), point(-2, 12)],
            [point(-2, 18), point(52, 18), point(52, 32), point(-2, 32)],
        ])
    }

    @Test("gaps and overlaps are split at the midpoint")
    func midpointSplit() {
        let lines = [rect(0, 0, 50, 10), rect(10, 20, 50, 10)]
        // No padding: a gap from 10 to 20, split at 15.
        #expect(MergedOutline.bands(around: lines, padding: 0) == [[
            LayoutRect(minX: 0, minY: 0, maxX: 50, maxY: 15),
            LayoutRect(minX: 10, minY: 15, maxX: 60, maxY: 30),
        ]])
        // Padding 6: padded rects span y -6...16 and 14...36, overlap split at 15.
        #expect(MergedOutline.bands(around: lines, padding: 6) == [[
            LayoutRect(minX: -6, minY: -6, maxX: 56, maxY: 15),
            LayoutRect(minX: 4, minY: 15, maxX: 66, maxY: 36),
        ]])
    }

    @Test("radius 0 draws only move, line and close")
    func sharpCorners() {
        let lines = [rect(0, 0, 100, 20), rect(30, 20, 40, 20), rect(0, 40, 100, 20)]
        let path = MergedOutline.paths(around: lines, padding: 2, cornerRadius: 0)[0]
        let onlyStraight = path.elements.allSatisfy {
            switch $0 {
            case .move, .line, .close: true
            case .curve: false
            }
        }
        #expect(onlyStraight)
        // One move plus eleven lines; close draws the twelfth edge.
        #expect(path.elements.count == 13)
    }

    @Test("SVG of one sharp rect")
    func svgSharpRect() {
        // x 10...40.5 and y 20...25, padded by 2: x 8...42.5 and y 18...27.
        let path = MergedOutline.paths(
            around: [rect(10, 20, 30.5, 5)], padding: 2, cornerRadius: 0)
        #expect(path.map(\.svgPathData) == ["M 8 18 L 42.5 18 L 42.5 27 L 8 27 Z"])
    }

    @Test("SVG of one rounded rect")
    func svgRoundedRect() {
        // A 10 by 10 square with radius 2: arcs start 2 from each corner and
        // their handles are 2 * 0.5523 = 1.10 long, so controls sit at 0.9 and 9.1.
        let path = MergedOutline.paths(around: [rect(0, 0, 10, 10)], padding: 0, cornerRadius: 2)
        let expected = "M 2 0 L 8 0 C 9.1 0 10 0.9 10 2 L 10 8 C 10 9.1 9.1 10 8 10 "
            + "L 2 10 C 0.9 10 0 9.1 0 8 L 0 2 C 0 0.9 0.9 0 2 0 Z"
        #expect(path.map(\.svgPathData) == [expected])
    }

    @Test("SVG numbers have at most 2 decimals, no trailing zeros and no -0")
    func svgNumberFormatting() {
        let path = OutlinePath(elements: [
            .move(point(-0.001, 1.006)),
            .line(point(2.5, -3.14159)),
            .line(point(12.30, -0.0)),
            .curve(point(0.05, 100), point(-7.999, 1e-9), point(1_234_567.891, -2.1)),
            .close,
        ])
        #expect(path.svgPathData == "M 0 1.01 L 2.5 -3.14 L 12.3 0 C 0.05 100 -8 0 1234567.89 -2.1 Z")
        #expect(OutlinePath().svgPathData == "")
    }

    @Test("a step narrower than twice the radius gets a smaller radius")
    func smallStepClampsRadius() {
        // The second line sticks out 2 to the right, so both corners of that
        // step get radius 1, and the step's arcs meet with no line between.
        let lines = [rect(0, 0, 100, 20), rect(0, 20, 102, 20)]
        let path = MergedOutline.paths(around: lines, padding: 0, cornerRadius: 10)[0]
        let elements = path.elements
        let stepStart = elements.firstIndex {
            if case .curve(_, _, let end) = $0 { end == point(101, 20) } else { false }
        }
        #expect(stepStart != nil)
        if let stepStart {
            #expect(elements[stepStart - 1] == .line(point(100, 19)))
            guard case .curve(_, _, let end) = elements[stepStart + 1] else {
                Issue.record("expected the second arc right after the first")
                return
            }
            #expect(end == point(102, 21))
        }
    }

    @Test("degenerate input neither crashes nor yields NaN")
    func degenerateInput() {
        #expect(MergedOutline.paths(around: [], padding: 4, cornerRadius: 8).isEmpty)
        #expect(MergedOutline.outline(around: [], padding: 4).isEmpty)
        #expect(MergedOutline.paths(around: [rect(5, 5, 0, 10)], padding: 4, cornerRadius: 8).isEmpty)
        #expect(MergedOutline.paths(around: [rect(.nan, 0, 10, 10)], padding: 0, cornerRadius: 2).isEmpty)
        #expect(MergedOutline.paths(around: [rect(0, 0, 1e308, 10)], padding: 1e308, cornerRadius: 2).isEmpty)
        #expect(MergedOutline.roundedPath(for: [point(0, 0), point(1, 1)], cornerRadius: 3).isEmpty)

        let lines = [rect(0, 0, 100, 20), rect(30, 20, 40, 20), rect(-1e300, 40, 1.5e300, 1)]
        for radius in [1e300, .infinity, .nan, -5] {
            for padding in [0, 3, .nan] {
                let paths = MergedOutline.paths(around: lines, padding: padding, cornerRadius: radius)
                #expect(!paths.isEmpty)
                for path in paths {
                    #expect(allPoints(path).allSatisfy { $0.x.isFinite && $0.y.isFinite })
                    #expect(!path.svgPathData.contains("nan"))
                }
            }
        }
        // NaN and negative radii fall back to sharp corners.
        let sharp = MergedOutline.paths(around: [rect(0, 0, 10, 10)], padding: 0, cornerRadius: .nan)
        #expect(sharp.map(\.svgPathData) == ["M 0 0 L 10 0 L 10 10 L 0 10 Z"])
    }

    @Test("geometry types round-trip through Codable")
    func codableRoundTrip() throws {
        let original = LayoutRect(x: 1.5, y: -2, width: 30, height: 4.25)
        let data = try JSONEncoder().encode(original)
        #expect(try JSONDecoder().decode(LayoutRect.self, from: data) == original)
        #expect(original.maxX == 31.5 && original.maxY == 2.25)
        #expect(original.outset(by: 1) == LayoutRect(minX: 0.5, minY: -3, maxX: 32.5, maxY: 3.25))
    }
}
