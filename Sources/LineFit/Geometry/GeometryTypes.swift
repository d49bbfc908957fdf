import Foundation

// Small value types shared by the layout engine's geometry code.
//
// These types are our own rather than CoreGraphics ones because the engine
// runs on Linux, where CGRect and CGPath are either missing or behave
// differently, and because layout results have to be Codable and Sendable so
// they can be cached and passed between tasks.

/// A point in layout coordinates, where y grows downward (as in SVG).
public struct LayoutPoint: Hashable, Sendable, Codable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate; larger values are further down.
    public var y: Double

    /// Creates a point from its two coordinates.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, `(0, 0)`.
    public static let zero = LayoutPoint(x: 0, y: 0)
}

/// An axis-aligned rectangle in layout coordinates, where y grows downward.
///
/// `width` and `height` are expected to be non-negative; the derived edges
/// do not normalise negative sizes, because a negative size in layout is a
/// bug upstream and hiding it would make that bug harder to find.
public struct LayoutRect: Hashable, Sendable, Codable {
    /// The left edge.
    public var x: Double
    /// The top edge (the smallest y, since y grows downward).
    public var y: Double
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Creates the rectangle spanning the given edges.
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The empty rectangle at the origin.
    public static let zero = LayoutRect(x: 0, y: 0, width: 0, height: 0)

    /// The left edge.
    public var minX: Double { x }
    /// The right edge.
    public var maxX: Double { x + width }
    /// The top edge.
    public var minY: Double { y }
    /// The bottom edge.
    public var maxY: Double { y + height }
    /// The horizontal centre.
    public var midX: Double { x + width / 2 }
    /// The vertical centre.
    public var midY: Double { y + height / 2 }

    /// The rectangle grown by `amount` on all four sides (shrunk if negative).
    public func outset(by amount: Double) -> LayoutRect {
        LayoutRect(
            x: x - amount, y: y - amount,
            width: width + 2 * amount, height: height + 2 * amount)
    }

    /// Whether `point` lies inside or on the edge of the rectangle.
    public func contains(_ point: LayoutPoint) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }
}

/// One drawing command of an ``OutlinePath``.
public enum PathElement: Hashable, Sendable {
    /// Starts a new subpath at the point.
    case move(LayoutPoint)
    /// A straight segment from the current point to the point.
    case line(LayoutPoint)
    /// A cubic Bézier segment: first control point, second control point, end point.
    case curve(LayoutPoint, LayoutPoint, LayoutPoint)
    /// Closes the current subpath with a straight segment back to its start.
    case close
}

/// A vector path made of move, line, cubic curve and close commands.
///
/// Renderers on every platform can replay `elements`; `svgPathData` exists
/// because SVG export and snapshot tests both want a stable textual form.
public struct OutlinePath: Hashable, Sendable {
    /// The drawing commands, in order.
    public var elements: [PathElement]

    /// Creates a path from its drawing commands.
    public init(elements: [PathElement] = []) {
        self.elements = elements
    }

    /// Whether the path draws nothing.
    public var isEmpty: Bool { elements.isEmpty }

    /// The path as the value of an SVG `d` attribute, for example
    /// `"M 0 0 L 10 0 L 10 5 Z"`.
    ///
    /// Numbers are rounded to two decimals with trailing zeros dropped, so the
    /// text is stable across platforms and compact enough for snapshots.
    /// Negative zero is printed as `0`.
    public var svgPathData: String {
        var parts: [String] = []
        parts.reserveCapacity(elements.count * 3)
        for element in elements {
            switch element {
            case .move(let point):
                parts.append("M " + Self.svgPair(point))
            case .line(let point):
                parts.append("L " + Self.svgPair(point))
            case .curve(let control1, let control2, let end):
                parts.append(
                    "C " + Self.svgPair(control1) + " " + Self.svgPair(control2) + " "
                        + Self.svgPair(end))
            case .close:
                parts.append("Z")
            }
        }
        return parts.joined(separator: " ")
    }

    private static func svgPair(_ point: LayoutPoint) -> String {
        svgNumber(point.x) + " " + svgNumber(point.y)
    }

    /// Formats with integer arithmetic instead of `String(format:)` so the
    /// output cannot depend on the C library's locale or rounding quirks.
    static func svgNumber(_ value: Double) -> String {
        // A non-finite coordinate would make the whole `d` attribute invalid;
        // a visible glitch at the origin is the lesser evil.
        guard value.isFinite else { return "0" }
        let hundredths = (value * 100).rounded(.toNearestOrAwayFromZero)
        // Beyond this, Int64 could overflow; such coordinates have no
        // meaningful fractional part anyway.
        guard abs(hundredths) < 9e15 else {
            return String(format: "%.0f", value)
        }
        let scaled = Int64(hundredths)
        if scaled == 0 { return "0" }
        let magnitude = scaled.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        var text = scaled < 0 ? "-" : ""
        text += String(whole)
        if fraction != 0 {
            if fraction % 10 == 0 {
                text += "." + String(fraction / 10)
            } else {
                text += (fraction < 10 ? ".0" : ".") + String(fraction)
            }
        }
        return text
    }
}
