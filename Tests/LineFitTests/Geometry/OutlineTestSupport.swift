import Foundation
@testable import LineFit

// Test-only geometry: a seeded random generator, random story layouts, and
// an independent reference for the shape rules, plus the polygon predicates
// the properties need. None of it reuses the library's internals, so a bug
// in the library cannot hide by being repeated here.

/// The suite's SplitMix64 generator (RandomJobs.swift), with the draws the geometry
/// properties use. Uniform doubles are built from the top 53 bits ourselves, because the
/// standard library does not promise that `Double.random(in:using:)` consumes the generator
/// the same way forever.
typealias GeometryRandom = SplitMix64

extension SplitMix64: RandomNumberGenerator {
    /// A uniform double in `range`.
    mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) * 0x1p-53
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }

    /// A uniform integer in `range`.
    mutating func integer(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// True with the given probability.
    mutating func chance(_ probability: Double) -> Bool {
        uniform(0...1) < probability
    }
}

/// One random story: its lines' rects and the style's parameters.
struct RandomStory: CustomStringConvertible {
    var rects: [LayoutRect]
    var padding: Double
    var cornerRadius: Double

    /// Lines of random widths and alignments stacked top to bottom. With
    /// `separated`, the padded rects never overlap vertically; otherwise the
    /// gaps between lines range from overlapping to wider than the padding.
    init(seed: UInt64, separated: Bool) {
        var rng = GeometryRandom(seed: seed)
        padding = rng.chance(0.2) ? 0 : rng.uniform(0...8)
        cornerRadius = rng.chance(0.15) ? 0 : rng.uniform(0...24)
        rects = []
        // Overlaps stay under half of either neighbour's height, so lines
        // keep their top-to-bottom order and every band keeps some height.
        let heights = (0..<rng.integer(1...9)).map { _ in rng.uniform(4...30) }
        var top = rng.uniform(-50...50)
        for (index, height) in heights.enumerated() {
            let isEmpty = rng.chance(0.08)
            let width = isEmpty ? 0 : rng.uniform(1...300)
            let left = rng.uniform(0...200)
            rects.append(LayoutRect(x: left, y: top, width: width, height: height))
            let nextHeight = index + 1 < heights.count ? heights[index + 1] : height
            let gap = separated
                ? 2 * padding + rng.uniform(0...10)
                : rng.uniform(-0.45 * min(height, nextHeight)...12)
            top += height + gap
        }
    }

    var description: String {
        "padding \(padding), radius \(cornerRadius), rects \(rects)"
    }
}

/// The band that should replace each input rect, computed straight from the
/// written rules: pad, and move the top and bottom to the midpoints with
/// neighbours of the same shape. Nil for rects that start no shape.
func referenceBands(_ rects: [LayoutRect], padding: Double) -> [LayoutRect?] {
    let padded = rects.map { $0.width > 0 ? $0.outset(by: padding) : nil }
    func sameShape(_ a: LayoutRect?, _ b: LayoutRect?) -> Bool {
        guard let a, let b else { return false }
        return a.minX < b.maxX && b.minX < a.maxX
    }
    return padded.indices.map { index in
        guard let rect = padded[index] else { return nil }
        var top = rect.minY
        var bottom = rect.maxY
        if index > 0, sameShape(padded[index - 1], rect), let above = padded[index - 1] {
            top = (above.maxY + rect.minY) / 2
        }
        if index + 1 < padded.count, sameShape(rect, padded[index + 1]),
            let below = padded[index + 1]
        {
            bottom = (rect.maxY + below.minY) / 2
        }
        return LayoutRect(minX: rect.minX, minY: top, maxX: rect.maxX, maxY: bottom)
    }
}

/// The path replaced by polygons, one per subpath, with each cubic split
/// into `segments` straight pieces.
func flatten(_ path: OutlinePath, segments: Int = 16) -> [[LayoutPoint]] {
    var polygons: [[LayoutPoint]] = []
    var current: [LayoutPoint] = []
    for element in path.elements {
        switch element {
        case .move(let point):
            if !current.isEmpty { polygons.append(current) }
            current = [point]
        case .line(let point):
            current.append(point)
        case .curve(let c1, let c2, let end):
            let start = current.last ?? end
            for step in 1...segments {
                let t = Double(step) / Double(segments)
                let u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                current.append(
                    LayoutPoint(
                        x: a * start.x + b * c1.x + c * c2.x + d * end.x,
                        y: a * start.y + b * c1.y + c * c2.y + d * end.y))
            }
        case .close:
            if current.count > 1, current.first == current.last { current.removeLast() }
            polygons.append(current)
            current = []
        }
    }
    if !current.isEmpty { polygons.append(current) }
    return polygons
}

/// Even-odd ray casting toward +x.
func contains(_ polygon: [LayoutPoint], _ point: LayoutPoint) -> Bool {
    var inside = false
    var previous = polygon[polygon.count - 1]
    for vertex in polygon {
        if (vertex.y > point.y) != (previous.y > point.y) {
            let crossingX = vertex.x
                + (point.y - vertex.y) * (previous.x - vertex.x) / (previous.y - vertex.y)
            if point.x < crossingX { inside.toggle() }
        }
        previous = vertex
    }
    return inside
}

/// The z component of (b - a) × (c - b): positive for a clockwise turn on a
/// y-down screen, which is a convex corner of a clockwise polygon.
func turn(_ a: LayoutPoint, _ b: LayoutPoint, _ c: LayoutPoint) -> Double {
    (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x)
}

/// Whether segments pq and rs cross at a single point interior to both.
func properlyIntersect(
    _ p: LayoutPoint, _ q: LayoutPoint, _ r: LayoutPoint, _ s: LayoutPoint
) -> Bool {
    func side(_ a: LayoutPoint, _ b: LayoutPoint, _ c: LayoutPoint) -> Double {
        (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x)
    }
    let d1 = side(r, s, p), d2 = side(r, s, q)
    let d3 = side(p, q, r), d4 = side(p, q, s)
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0))
        && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
}

func distance(_ a: LayoutPoint, _ b: LayoutPoint) -> Double {
    hypot(a.x - b.x, a.y - b.y)
}

/// Counts of convex and concave corners of a clockwise polygon.
func cornerKinds(_ polygon: [LayoutPoint]) -> (convex: Int, concave: Int) {
    var convex = 0, concave = 0
    for index in polygon.indices {
        let previous = polygon[(index + polygon.count - 1) % polygon.count]
        let next = polygon[(index + 1) % polygon.count]
        let value = turn(previous, polygon[index], next)
        if value > 0 { convex += 1 } else if value < 0 { concave += 1 }
    }
    return (convex, concave)
}

/// Every coordinate the path mentions.
func allPoints(_ path: OutlinePath) -> [LayoutPoint] {
    path.elements.flatMap { element -> [LayoutPoint] in
        switch element {
        case .move(let point), .line(let point): [point]
        case .curve(let c1, let c2, let end): [c1, c2, end]
        case .close: []
        }
    }
}
