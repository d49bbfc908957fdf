import Foundation
import LineFit
@testable import LineFitRender
import Testing

// The rasterizer's coverage is exact area, so sums of coverage are checked against areas
// computed by hand; compositing is checked against Porter–Duff "over" worked by hand.

@Suite("Rasterizer and compositing")
struct RasterizerTests {
    private func rectangle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, clockwise: Bool = true) -> [PathElement] {
        let corners = [LayoutPoint(x: x0, y: y0), LayoutPoint(x: x1, y: y0), LayoutPoint(x: x1, y: y1), LayoutPoint(x: x0, y: y1)]
        let ordered = clockwise ? corners : corners.reversed()
        return [.move(ordered[0])] + ordered.dropFirst().map { .line($0) } + [.close]
    }

    private func area(_ elements: [PathElement], width: Int = 12, height: Int = 12) -> (Double, [Float]) {
        var rasterizer = CoverageRasterizer(width: width, height: height)
        rasterizer.add(OutlinePath(elements: elements))
        let coverage = rasterizer.coverage()
        return (coverage.reduce(0) { $0 + Double($1) }, coverage)
    }

    @Test("a rectangle's coverage sums to its area, either winding")
    func rectangleArea() {
        // 1.25...4.75 by 2.5...6 is 3.5 × 3.5 = 12.25.
        #expect(abs(area(rectangle(1.25, 2.5, 4.75, 6)).0 - 12.25) < 1e-4)
        #expect(abs(area(rectangle(1.25, 2.5, 4.75, 6, clockwise: false)).0 - 12.25) < 1e-4)
        // A pixel half covered horizontally reads 0.5.
        let (_, coverage) = area(rectangle(1.5, 0, 3, 1), width: 4, height: 1)
        #expect(coverage == [0, 0.5, 1, 0])
    }

    @Test("a counter-wound inner contour is a hole; same-wound overlaps are a union")
    func winding() {
        let hole = area(rectangle(1, 1, 9, 9) + rectangle(3, 3, 7, 7, clockwise: false)).0
        #expect(abs(hole - (64 - 16)) < 1e-4)
        let union = area(rectangle(1, 1, 6, 6) + rectangle(4, 4, 9, 9)).0
        #expect(abs(union - (25 + 25 - 4)) < 1e-4)
    }

    @Test("a diagonal edge and a circle of cubics have their exact areas")
    func slantedAndCurved() {
        let triangle: [PathElement] = [.move(LayoutPoint(x: 0.5, y: 0.5)), .line(LayoutPoint(x: 10.5, y: 0.5)), .line(LayoutPoint(x: 0.5, y: 8.5)), .close]
        #expect(abs(area(triangle).0 - 40) < 1e-3)
        // A circle of radius 40 from four Bézier quarters: its area is πr² to within the
        // Bézier's 0.03 % and the flattening (chords within 0.1 px, about 0.25 % of the area).
        let circle = MergedOutline.roundedPath(
            for: [LayoutPoint(x: 2, y: 2), LayoutPoint(x: 82, y: 2), LayoutPoint(x: 82, y: 82), LayoutPoint(x: 2, y: 82)],
            cornerRadius: 40)
        var rasterizer = CoverageRasterizer(width: 84, height: 84)
        rasterizer.add(circle)
        let sum = rasterizer.coverage().reduce(0) { $0 + Double($1) }
        #expect(abs(sum / (Double.pi * 1600) - 1) < 0.003)
    }

    @Test("shapes left of or beyond the raster are clipped, not folded in")
    func clipping() {
        #expect(abs(area(rectangle(-5, 0, 2, 2), width: 4, height: 4).0 - 4) < 1e-4)
        #expect(abs(area(rectangle(2, -3, 9, 1), width: 4, height: 4).0 - 2) < 1e-4)
    }

    @Test("painting is premultiplied 'over'")
    func compositing() {
        var image = RGBAImage(width: 1, height: 1)
        image.fill(Style.Backdrop(.white))
        let full = CoverageMask(x: 0, y: 0, width: 1, height: 1, values: [1])
        image.paint(StyleColor.black.withAlpha(0.5), through: full)
        #expect(image.pixel(x: 0, y: 0) == (128, 128, 128, 255))

        var clear = RGBAImage(width: 1, height: 1)
        clear.paint(StyleColor(red: 1, green: 0, blue: 0, alpha: 0.5), through: full)
        #expect(clear.pixel(x: 0, y: 0) == (255, 0, 0, 128))  // straight colour is kept

        var blue = RGBAImage(width: 1, height: 1)
        blue.fill(Style.Backdrop(StyleColor(red: 0, green: 0, blue: 1)))
        blue.paint(StyleColor(red: 1, green: 0, blue: 0), through: CoverageMask(x: 0, y: 0, width: 1, height: 1, values: [0.5]))
        #expect(blue.pixel(x: 0, y: 0) == (128, 0, 128, 255))
    }

    @Test("a mask hanging over every edge paints only the picture's pixels under it, each with its own coverage")
    func paintClipsToPicture() {
        // A 6x6 mask at (-2, -1) over a 3x3 picture: mask cell (column, row) lands on pixel
        // (column - 2, row - 1); its coverage is (row * 6 + column) / 35, so each painted
        // pixel shows which cell reached it. Black over white at coverage c gives 1 - c.
        let values = (0..<36).map { Float($0) / 35 }
        let mask = CoverageMask(x: -2, y: -1, width: 6, height: 6, values: values)
        var image = RGBAImage(width: 3, height: 3)
        image.fill(Style.Backdrop(.white))
        image.paint(.black, through: mask)
        for y in 0..<3 {
            for x in 0..<3 {
                let coverage = Double((y + 1) * 6 + x + 2) / 35
                let expected = UInt8(((1 - coverage) * 255).rounded())
                let pixel = image.pixel(x: x, y: y)
                #expect(abs(Int(pixel.red) - Int(expected)) <= 1 && pixel.red == pixel.blue && pixel.alpha == 255, "pixel \(x),\(y)")
            }
        }
        // Entirely outside (left, above, right, below): nothing changes, nothing traps.
        for (x, y) in [(-6, 0), (0, -6), (3, 0), (0, 3)] {
            var untouched = RGBAImage(width: 3, height: 3)
            untouched.fill(Style.Backdrop(.white))
            untouched.paint(.black, through: CoverageMask(x: x, y: y, width: 6, height: 6, values: values))
            #expect((0..<9).allSatisfy { untouched.pixel(x: $0 % 3, y: $0 / 3) == (255, 255, 255, 255) })
        }
    }

    @Test("isOpaque answers as a scan of every alpha would, after any mix of backdrops, paints and direct changes")
    func opaqueAnswerMatchesAScan() {
        func scanned(_ image: RGBAImage) -> Bool {
            stride(from: 3, to: image.pixels.count, by: 4).allSatisfy { !(image.pixels[$0] < 1) }
        }
        let half = CoverageMask(x: 0, y: 0, width: 4, height: 4, values: (0..<16).map { Float($0) / 15 })
        // Coverage over 1 is not what a rasterizer makes, but paint must stay honest for it:
        // at 1e30 "over" cancels the alpha (t + (1 − t) with 1 lost in 1 − t is 0).
        let overfull = CoverageMask(x: 1, y: 1, width: 2, height: 2, values: [3, 1.5, 0.5, 1e30])
        let cases: [(String, RGBAImage, Bool)] = {
            var cases: [(String, RGBAImage, Bool)] = []
            let opaque = RGBAImage(width: 4, height: 4, backdrop: Style.Backdrop(top: .white, bottom: .black))
            cases.append(("opaque backdrop", opaque, true))
            var painted = opaque
            painted.paint(StyleColor.black.withAlpha(0.3), through: half)
            cases.append(("a translucent paint over an opaque backdrop", painted, true))
            painted.paint(StyleColor(red: 1, green: 0, blue: 0, alpha: 0.9), through: overfull)
            cases.append(("then a paint through coverage far over 1", painted, false))
            let fading = RGBAImage(width: 4, height: 4, backdrop: Style.Backdrop(top: .white, bottom: StyleColor.white.withAlpha(0.5)))
            cases.append(("backdrop fading to half alpha", fading, false))
            var clear = RGBAImage(width: 4, height: 4)
            cases.append(("transparent", clear, false))
            clear.paint(.black, through: CoverageMask(x: 0, y: 0, width: 4, height: 4, values: [Float](repeating: 1, count: 16)))
            cases.append(("transparent, then fully covered with an opaque colour", clear, true))
            var poked = opaque
            poked.pixels[7] = 0.25
            cases.append(("one alpha set directly", poked, false))
            var pokedThenPainted = poked
            pokedThenPainted.paint(StyleColor.black.withAlpha(0.5), through: half)
            cases.append(("one alpha set directly, then painted over", pokedThenPainted, false))
            return cases
        }()
        for (name, image, expected) in cases {
            #expect(scanned(image) == expected, "\(name): the scan itself")
            #expect(image.isOpaque == scanned(image), "\(name)")
        }
    }

    @Test("the glow blur keeps the total alpha and spreads it")
    func blur() {
        var values = [Float](repeating: 0, count: 9 * 9)
        values[4 * 9 + 4] = 1
        let dot = CoverageMask(x: 40, y: 40, width: 9, height: 9, values: values)
        let blurred = GlowBlur.blurred(dot, sigma: 2, strength: 1, clipWidth: 100, clipHeight: 100)
        let total = blurred.values.reduce(0, +)
        #expect(abs(total - 1) < 1e-4)
        #expect(blurred.values.max()! < 0.1)
        #expect(blurred.x < 40 && blurred.width > 9)
    }
}
