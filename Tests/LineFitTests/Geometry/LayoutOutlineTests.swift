import Foundation
@testable import LineFit
import Testing

// The merged outline and the per-line backgrounds on real layouts (seeded random stories of
// mixed scripts): the merged-outline properties of MergedOutlinePropertyTests, checked on
// the rects a layout actually produces.

@Suite("Layout backgrounds")
struct LayoutOutlineTests {
    @Test("the merged outline encloses every padded line and never crosses itself", arguments: Array(UInt64(0)..<24))
    func mergedOutlineEnclosesLines(seed: UInt64) throws {
        var rng = GeometryRandom(seed: seed)
        let layout = try GeometryFixtures.layout(
            GeometryFixtures.randomText(&rng), width: rng.uniform(300...960), min: 24, max: rng.uniform(60...300))
        let padding = rng.uniform(0...20), radius = rng.uniform(0...30)
        let polygons = layout.mergedOutline(padding: padding, cornerRadius: radius).flatMap { flatten($0) }
        for box in layout.advanceBoxes(padding: padding) where box.width > 2 * padding {
            // Points well inside the padded box, away from the corners the rounding may cut.
            let inset = min(radius, box.width / 2, box.height / 2) + 1e-3
            for point in [
                LayoutPoint(x: box.midX, y: box.midY), LayoutPoint(x: box.minX + inset, y: box.midY),
                LayoutPoint(x: box.maxX - inset, y: box.midY), LayoutPoint(x: box.midX, y: box.minY + 1e-3),
            ] {
                #expect(polygons.contains { contains($0, point) }, "\(point) of \(box) outside the outline")
            }
        }
        for ring in polygons {
            var crossings = 0
            for i in ring.indices {
                for j in stride(from: i + 2, to: ring.count, by: 1) where !(i == 0 && j == ring.count - 1) {
                    if properlyIntersect(ring[i], ring[(i + 1) % ring.count], ring[j], ring[(j + 1) % ring.count]) { crossings += 1 }
                }
            }
            #expect(crossings == 0)
        }
    }

    @Test("a narrower line between wider ones makes concave corners")
    func concaveCornersWhereWidthsStep() throws {
        // "BIG" is held at the maximum and is much narrower than the lines around it.
        let layout = try GeometryFixtures.layout("good morning everyone\nBIG\nhave a lovely day", width: 960, min: 24, max: 200)
        #expect(layout.lines[1].flags.contains(.heldAtMax))
        let polygons = MergedOutline.outline(around: layout.advanceBoxes(), padding: 10)
        #expect(polygons.count == 1)
        #expect(cornerKinds(polygons[0]).concave == 4)
    }

    @Test("per-line backgrounds: one rounded rect per non-empty line")
    func perLineBackgrounds() throws {
        let layout = try GeometryFixtures.layout("first\n\nthird line", width: 960, min: 30, max: 200)
        let paths = layout.lineBackgrounds(padding: 8, cornerRadius: 12)
        #expect(paths.count == 2)
        let boxes = layout.advanceBoxes(padding: 8).filter { $0.width > 16 }
        for (path, box) in zip(paths, boxes) {
            let points = allPoints(path)
            #expect(points.allSatisfy { box.outset(by: 1e-9).contains($0) })
            #expect(points.contains { abs($0.x - box.minX) < 1e-9 } && points.contains { abs($0.y - box.maxY) < 1e-9 })
        }
    }
}
