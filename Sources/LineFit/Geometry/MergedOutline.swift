import Foundation

/// The merged background shape drawn behind the lines of a Type Mode story
/// with the "Strong" style, in the manner of Instagram's text backgrounds.
///
/// The lines' rectangles are stacked top to bottom. Instead of one box per
/// line, or a convex hull that would paint over empty space beside short
/// lines, the background is the smallest rectilinear outline around the
/// lines, with every corner rounded: convex corners bulge outward and the
/// concave corners, where a wider line meets a narrower one, get a fillet.
///
/// Work happens in three stages, each exposed for tests and renderers:
/// ``bands(around:padding:)`` pads the rectangles, splits them into shapes
/// and makes them abut; ``outline(around:padding:)`` traces the sharp
/// polygon of each shape; ``paths(around:padding:cornerRadius:)`` rounds it.
public enum MergedOutline {
    /// The handle length, as a fraction of the radius, that makes a cubic
    /// Bézier approximate a quarter circle (error below 0.03 %).
    public static let quarterCircleKappa = 0.5522847498

    /// The rounded background shapes around the lines' rectangles.
    ///
    /// - Parameters:
    ///   - rects: The lines' rectangles, in order from top to bottom.
    ///     A rectangle with zero width (an empty line) separates shapes.
    ///   - padding: How far each rectangle is grown on every side.
    ///   - cornerRadius: The radius of every corner. At each corner it is
    ///     clamped to half of both adjacent edges, so small steps between
    ///     lines get smaller radii. Zero gives sharp corners.
    /// - Returns: One closed path per shape, from top to bottom, each traced
    ///   clockwise on screen (y grows downward).
    public static func paths(
        around rects: [LayoutRect], padding: Double, cornerRadius: Double
    ) -> [OutlinePath] {
        outline(around: rects, padding: padding).map {
            roundedPath(for: $0, cornerRadius: cornerRadius)
        }
    }

    /// The sharp-cornered polygons of the shapes, before rounding.
    ///
    /// Each polygon starts at the top-left corner of its shape and runs
    /// clockwise on screen. It has no repeated points and no collinear
    /// points, so every point is a real corner: two lines of equal width
    /// make one straight side, not a step of length zero.
    public static func outline(around rects: [LayoutRect], padding: Double) -> [[LayoutPoint]] {
        shapes(around: rects, padding: padding).map(polygon(tracing:))
    }

    /// The padded rectangles grouped into shapes, with their vertical extents
    /// adjusted so that consecutive rectangles of a shape abut exactly.
    ///
    /// A new shape begins after an empty or invalid rectangle and wherever
    /// two consecutive padded rectangles do not overlap horizontally (merely
    /// touching does not count, since the outline would pinch to a point).
    /// Inside a shape, the gap or overlap between one rectangle's bottom and
    /// the next one's top is split at its midpoint. Each shape's union is
    /// therefore a stack of bands with no gap and no overlap.
    ///
    /// `LayoutRect` stores a height, so one band's `maxY` and the next one's
    /// `minY` can differ in the last bit; ``outline(around:padding:)`` traces
    /// the exact shared boundaries instead.
    public static func bands(around rects: [LayoutRect], padding: Double) -> [[LayoutRect]] {
        shapes(around: rects, padding: padding).map { shape in
            shape.map {
                LayoutRect(minX: $0.minX, minY: $0.top, maxX: $0.maxX, maxY: $0.bottom)
            }
        }
    }

    /// The polygon rounded with one cubic Bézier per corner.
    ///
    /// The radius at each corner is `cornerRadius` clamped to half of each
    /// adjacent edge, so neighbouring arcs never overlap. The same
    /// construction serves both kinds of corner: the arc always cuts across
    /// the corner's inside angle, which removes area at a convex corner and
    /// adds a fillet at a concave one. Corners with a radius of zero, and
    /// corners whose edges are too long to measure in floating point, stay
    /// sharp, so the result never contains NaN.
    ///
    /// - Returns: A closed path, or an empty path for fewer than 3 points.
    public static func roundedPath(for polygon: [LayoutPoint], cornerRadius: Double) -> OutlinePath {
        let count = polygon.count
        guard count >= 3 else { return OutlinePath() }
        let radius = cornerRadius.isNaN ? 0 : max(0, cornerRadius)
        let corners = (0..<count).map { index in
            RoundedCorner(
                previous: polygon[(index + count - 1) % count],
                corner: polygon[index],
                next: polygon[(index + 1) % count],
                radius: radius)
        }

        var elements: [PathElement] = [.move(corners[0].exit)]
        var currentPoint = corners[0].exit
        func append(_ corner: RoundedCorner) {
            // When two arcs share an edge they meet at its middle, but the
            // two ends are computed from different corners and can differ
            // in the last bit; a line that short would only add a spurious
            // near-zero segment that confuses renderers and hit-testing.
            if !isNegligible(from: currentPoint, to: corner.entry) {
                elements.append(.line(corner.entry))
            }
            if let curve = corner.curve {
                elements.append(curve)
            }
            currentPoint = corner.exit
        }
        for corner in corners.dropFirst() {
            append(corner)
        }
        // The first corner is drawn last because the path starts at its exit
        // point; if it is sharp, `close` already draws the final edge.
        if corners[0].curve != nil {
            append(corners[0])
        }
        elements.append(.close)
        return OutlinePath(elements: elements)
    }

    /// Whether a segment is shorter than rounding noise at its coordinates.
    private static func isNegligible(from start: LayoutPoint, to end: LayoutPoint) -> Bool {
        let scale = max(1, abs(start.x), abs(start.y), abs(end.x), abs(end.y))
        return abs(end.x - start.x) + abs(end.y - start.y) <= 1e-12 * scale
    }

    // MARK: - Stages

    private static func shapes(around rects: [LayoutRect], padding: Double) -> [[Band]] {
        // A NaN or infinite padding would poison every coordinate downstream.
        let padding = padding.isFinite ? padding : 0
        var groups: [[LayoutRect]] = []
        var current: [LayoutRect] = []
        func finishGroup() {
            if !current.isEmpty { groups.append(current) }
            current = []
        }
        for rect in rects {
            let padded = rect.outset(by: padding)
            guard rect.width > 0, isUsable(padded) else {
                finishGroup()
                continue
            }
            if let previous = current.last, !overlapsHorizontally(previous, padded) {
                finishGroup()
            }
            current.append(padded)
        }
        finishGroup()
        return groups.flatMap(abuttingBands(of:))
    }

    private static func isUsable(_ rect: LayoutRect) -> Bool {
        rect.minX.isFinite && rect.maxX.isFinite && rect.minY.isFinite
            && rect.maxY.isFinite && rect.width > 0 && rect.height >= 0
    }

    private static func overlapsHorizontally(_ a: LayoutRect, _ b: LayoutRect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX
    }

    /// Makes one group's rectangles abut, dropping bands left with no height.
    /// Dropping a band can leave its neighbours without horizontal overlap, so
    /// the group may split into several shapes here.
    private static func abuttingBands(of group: [LayoutRect]) -> [[Band]] {
        // Boundaries are forced to be non-decreasing so that out-of-order
        // input yields empty bands instead of bands with negative height.
        var boundaries = [group[0].minY]
        for index in group.indices.dropLast() {
            // Halving first keeps the midpoint finite near the Double limits.
            let midpoint = group[index].maxY / 2 + group[index + 1].minY / 2
            boundaries.append(max(boundaries[index], midpoint))
        }
        boundaries.append(max(boundaries[group.count - 1], group[group.count - 1].maxY))

        var shapes: [[Band]] = []
        var current: [Band] = []
        for (index, rect) in group.enumerated() {
            let band = Band(
                minX: rect.minX, maxX: rect.maxX,
                top: boundaries[index], bottom: boundaries[index + 1])
            guard band.bottom > band.top else { continue }
            if let previous = current.last,
                !(previous.minX < band.maxX && band.minX < previous.maxX)
            {
                shapes.append(current)
                current = []
            }
            current.append(band)
        }
        if !current.isEmpty { shapes.append(current) }
        return shapes
    }

    /// Traces the union of abutting bands. Every horizontal slice of the union
    /// is one interval, so the boundary is simply the right edges going down
    /// followed by the left edges going up.
    private static func polygon(tracing bands: [Band]) -> [LayoutPoint] {
        var points: [LayoutPoint] = [LayoutPoint(x: bands[0].minX, y: bands[0].top)]
        for band in bands {
            points.append(LayoutPoint(x: band.maxX, y: band.top))
            points.append(LayoutPoint(x: band.maxX, y: band.bottom))
        }
        for band in bands.reversed() {
            points.append(LayoutPoint(x: band.minX, y: band.bottom))
            points.append(LayoutPoint(x: band.minX, y: band.top))
        }
        points.removeLast()  // the starting corner again
        return removingRedundantPoints(points)
    }

    /// Drops repeated points (zero-length edges) and then points in the middle
    /// of a straight run. Bands share exact coordinates, so exact comparison
    /// is right here and no tolerance is needed.
    private static func removingRedundantPoints(_ points: [LayoutPoint]) -> [LayoutPoint] {
        var distinct: [LayoutPoint] = []
        for point in points where point != distinct.last {
            distinct.append(point)
        }
        while distinct.count > 1, distinct.first == distinct.last {
            distinct.removeLast()
        }
        let count = distinct.count
        guard count >= 3 else { return distinct }
        return distinct.indices.compactMap { index in
            let previous = distinct[(index + count - 1) % count]
            let point = distinct[index]
            let next = distinct[(index + 1) % count]
            let cross = (point.x - previous.x) * (next.y - point.y)
                - (point.y - previous.y) * (next.x - point.x)
            return cross == 0 ? nil : point
        }
    }
}

/// A horizontal slice of a shape, stored by its edges so that one band's
/// bottom is bit-for-bit the next band's top.
private struct Band {
    let minX: Double
    let maxX: Double
    let top: Double
    let bottom: Double
}

/// One corner of a polygon with its arc, computed from its two edges.
private struct RoundedCorner {
    /// Where the arc leaves the incoming edge (the corner itself if sharp).
    let entry: LayoutPoint
    /// Where the arc joins the outgoing edge (the corner itself if sharp).
    let exit: LayoutPoint
    /// The arc, or nil for a sharp corner.
    let curve: PathElement?

    init(previous: LayoutPoint, corner: LayoutPoint, next: LayoutPoint, radius: Double) {
        let inX = corner.x - previous.x, inY = corner.y - previous.y
        let outX = next.x - corner.x, outY = next.y - corner.y
        // hypot rather than a square root of squares: squaring overflows for
        // edges longer than about 1e154, which would turn a corner sharp.
        let inLength = hypot(inX, inY)
        let outLength = hypot(outX, outY)
        let clamped = min(radius, inLength / 2, outLength / 2)
        guard clamped > 0, inLength.isFinite, outLength.isFinite, clamped.isFinite else {
            entry = corner
            exit = corner
            curve = nil
            return
        }
        let inUnitX = inX / inLength, inUnitY = inY / inLength
        let outUnitX = outX / outLength, outUnitY = outY / outLength
        let handle = clamped * MergedOutline.quarterCircleKappa
        entry = LayoutPoint(x: corner.x - inUnitX * clamped, y: corner.y - inUnitY * clamped)
        exit = LayoutPoint(x: corner.x + outUnitX * clamped, y: corner.y + outUnitY * clamped)
        curve = .curve(
            LayoutPoint(x: entry.x + inUnitX * handle, y: entry.y + inUnitY * handle),
            LayoutPoint(x: exit.x - outUnitX * handle, y: exit.y - outUnitY * handle),
            exit)
    }
}
