import Foundation
@testable import LineFit
import Testing

// Properties checked on seeded random stories. Each seed is run twice: once
// with lines far enough apart that padded rects never overlap vertically, and
// once with gaps ranging from overlapping to wide. Seeds are arguments, so a
// failure names the seed that reproduces it.

private let seeds: [UInt64] = Array(0..<80)

@Suite("MergedOutline properties")
struct MergedOutlinePropertyTests {
    @Test("the rounded outline encloses every padded line", arguments: seeds, [true, false])
    func enclosesPaddedRects(seed: UInt64, separated: Bool) {
        let story = RandomStory(seed: seed, separated: separated)
        let paths = MergedOutline.paths(
            around: story.rects, padding: story.padding, cornerRadius: story.cornerRadius)
        let polygons = paths.flatMap { flatten($0) }
        let bands = referenceBands(story.rects, padding: story.padding)
        for (rect, band) in zip(story.rects, bands) {
            guard let band else { continue }
            // Where padded lines overlap, the midpoint rule hands the overlap
            // to the neighbour, so only the part inside this line's band is
            // promised. When lines are separated, that is the whole padded rect.
            let padded = rect.outset(by: story.padding)
            let region = LayoutRect(
                minX: padded.minX, minY: max(padded.minY, band.minY),
                maxX: padded.maxX, maxY: min(padded.maxY, band.maxY))
            if separated {
                // Equal up to the rounding of y + height in LayoutRect.
                #expect(abs(region.minY - padded.minY) <= 1e-9, "\(story)")
                #expect(abs(region.maxY - padded.maxY) <= 1e-9, "\(story)")
            }
            for point in samples(strictlyInside: region, awayFromCornersBy: story.cornerRadius) {
                #expect(
                    polygons.contains { contains($0, point) },
                    "point \(point) of \(region) is outside; \(story)")
            }
        }
    }

    @Test("no outline crosses itself", arguments: seeds, [true, false])
    func neverSelfIntersects(seed: UInt64, separated: Bool) {
        let story = RandomStory(seed: seed, separated: separated)
        let paths = MergedOutline.paths(
            around: story.rects, padding: story.padding, cornerRadius: story.cornerRadius)
        for path in paths {
            let subpaths = flatten(path)
            #expect(subpaths.count == 1)
            guard let ring = subpaths.first, ring.count >= 3 else { continue }
            let count = ring.count
            var crossings = 0
            for i in 0..<count {
                // j starts two segments later; the last segment is adjacent to the first.
                for j in stride(from: i + 2, to: count, by: 1) where !(i == 0 && j == count - 1) {
                    if properlyIntersect(ring[i], ring[(i + 1) % count], ring[j], ring[(j + 1) % count]) {
                        crossings += 1
                    }
                }
            }
            #expect(crossings == 0, "\(story)")
        }
    }

    @Test("the outline adds no area beyond the bands and the rounding", arguments: seeds, [true, false])
    func addsNoAreaBeyondBands(seed: UInt64, separated: Bool) {
        let story = RandomStory(seed: seed, separated: separated)
        let paths = MergedOutline.paths(
            around: story.rects, padding: story.padding, cornerRadius: story.cornerRadius)
        let polygons = paths.flatMap { flatten($0) }
        let corners = MergedOutline.outline(around: story.rects, padding: story.padding).flatMap { $0 }
        let bands = referenceBands(story.rects, padding: story.padding).compactMap { $0 }
        guard let bounds = boundingBox(of: corners) else { return }
        var rng = GeometryRandom(seed: seed ^ 0xA5A5)
        for _ in 0..<1500 {
            let point = LayoutPoint(
                x: rng.uniform((bounds.minX - 5)...(bounds.maxX + 5)),
                y: rng.uniform((bounds.minY - 5)...(bounds.maxY + 5)))
            guard polygons.contains(where: { contains($0, point) }) else { continue }
            let inBands = bands.contains { $0.outset(by: 1e-9).contains(point) }
            let nearCorner = corners.contains {
                distance($0, point) <= story.cornerRadius + 1e-9
            }
            #expect(inBands || nearCorner, "stray point \(point); \(story)")
        }
    }

    @Test("bands follow the midpoint rule and abut", arguments: seeds, [true, false])
    func bandsMatchReference(seed: UInt64, separated: Bool) {
        let story = RandomStory(seed: seed, separated: separated)
        let shapes = MergedOutline.bands(around: story.rects, padding: story.padding)
        let expected = referenceBands(story.rects, padding: story.padding).compactMap { $0 }
        let actual = shapes.flatMap { $0 }
        #expect(actual.count == expected.count, "\(story)")
        for (band, reference) in zip(actual, expected) {
            for (a, b) in [(band.minX, reference.minX), (band.maxX, reference.maxX),
                           (band.minY, reference.minY), (band.maxY, reference.maxY)] {
                #expect(abs(a - b) <= 1e-9, "\(band) vs \(reference); \(story)")
            }
        }
        for shape in shapes {
            for (upper, lower) in zip(shape, shape.dropFirst()) {
                // LayoutRect stores a height, so maxY is y + height rounded.
                #expect(abs(upper.maxY - lower.minY) <= 1e-12 * max(1, abs(lower.minY)))
                #expect(upper.minX < lower.maxX && lower.minX < upper.maxX)
            }
        }
    }

    @Test("corner polygons are clockwise, rectilinear and minimal", arguments: seeds, [true, false])
    func polygonsAreWellFormed(seed: UInt64, separated: Bool) {
        let story = RandomStory(seed: seed, separated: separated)
        let shapes = MergedOutline.bands(around: story.rects, padding: story.padding)
        let polygons = MergedOutline.outline(around: story.rects, padding: story.padding)
        #expect(polygons.count == shapes.count)
        for (polygon, bands) in zip(polygons, shapes) {
            let count = polygon.count
            for index in 0..<count {
                let a = polygon[index], b = polygon[(index + 1) % count]
                #expect((a.x == b.x) != (a.y == b.y), "edge \(a)-\(b) not axis-aligned or empty")
            }
            // A simple rectilinear polygon turns a full circle: 4 more right
            // turns than left turns, and no straight-through vertex.
            let kinds = cornerKinds(polygon)
            #expect(kinds.convex - kinds.concave == 4)
            #expect(kinds.convex + kinds.concave == count)
            let area = bands.reduce(0) { $0 + $1.width * $1.height }
            #expect(abs(signedArea(polygon) - area) <= 1e-9 * max(1, area), "\(story)")
        }
    }

    @Test("each corner gets the clamped radius and nothing is NaN", arguments: seeds, [true, false])
    func cornersUseClampedRadius(seed: UInt64, separated: Bool) {
        let story = RandomStory(seed: seed, separated: separated)
        let polygons = MergedOutline.outline(around: story.rects, padding: story.padding)
        for polygon in polygons {
            let path = MergedOutline.roundedPath(for: polygon, cornerRadius: story.cornerRadius)
            #expect(allPoints(path).allSatisfy { $0.x.isFinite && $0.y.isFinite })
            guard case .move = path.elements.first, path.elements.last == .close else {
                Issue.record("path must start with move and end with close")
                continue
            }
            let curveEnds: [LayoutPoint] = path.elements.compactMap {
                if case .curve(_, _, let end) = $0 { return end } else { return nil }
            }
            let count = polygon.count
            #expect(curveEnds.count == (story.cornerRadius > 0 ? count : 0))
            // The path begins at corner 0's exit and draws corners 1...n-1, then 0.
            for (offset, end) in curveEnds.enumerated() {
                let index = (offset + 1) % count
                let corner = polygon[index]
                let next = polygon[(index + 1) % count]
                let previous = polygon[(index + count - 1) % count]
                let expected = min(
                    story.cornerRadius, distance(previous, corner) / 2, distance(corner, next) / 2)
                #expect(abs(distance(corner, end) - expected) <= 1e-9, "\(story)")
            }
        }
    }
}

/// A grid of points strictly inside `rect`, skipping those within `radius`
/// of its corners, where rounding is allowed to cut the rect away.
private func samples(strictlyInside rect: LayoutRect, awayFromCornersBy radius: Double)
    -> [LayoutPoint]
{
    let margin = 1e-6 * max(1, abs(rect.minX), abs(rect.minY))
    let corners = [
        LayoutPoint(x: rect.minX, y: rect.minY), LayoutPoint(x: rect.maxX, y: rect.minY),
        LayoutPoint(x: rect.maxX, y: rect.maxY), LayoutPoint(x: rect.minX, y: rect.maxY),
    ]
    let steps = 9
    var points: [LayoutPoint] = []
    for i in 0...steps {
        for j in 0...steps {
            let x = rect.minX + margin + (rect.width - 2 * margin) * Double(i) / Double(steps)
            let y = rect.minY + margin + (rect.height - 2 * margin) * Double(j) / Double(steps)
            let point = LayoutPoint(x: x, y: y)
            if corners.allSatisfy({ distance($0, point) > radius + 1e-6 }) {
                points.append(point)
            }
        }
    }
    return points
}

private func boundingBox(of points: [LayoutPoint]) -> LayoutRect? {
    guard let first = points.first else { return nil }
    var box = LayoutRect(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
    for point in points {
        box = LayoutRect(
            minX: min(box.minX, point.x), minY: min(box.minY, point.y),
            maxX: max(box.maxX, point.x), maxY: max(box.maxY, point.y))
    }
    return box
}

/// Shoelace area; positive for clockwise polygons on a y-down screen.
private func signedArea(_ polygon: [LayoutPoint]) -> Double {
    var sum = 0.0
    for (index, a) in polygon.enumerated() {
        let b = polygon[(index + 1) % polygon.count]
        sum += a.x * b.y - b.x * a.y
    }
    return sum / 2
}
