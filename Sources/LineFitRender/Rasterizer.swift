import LineFit

/// An antialiased scanline rasterizer: exact area coverage of a path, non-zero winding.
///
/// Every edge adds its signed height to the pixels to its right: within the pixel it
/// crosses, in proportion to the part of the pixel to the right of the edge; beyond that
/// pixel, fully. Each edge writes only into the cells of the pixels it crosses (two cells
/// per piece: its own and the next one), and one running sum per row then gives every
/// pixel's signed area. Its magnitude clamped to 1 is the coverage: overlapping contours of
/// the same direction add up and clamp (a union, non-zero winding), a counter-wound hole
/// cancels. This serves glyph outlines (TrueType and CFF wind in opposite directions, which
/// the magnitude makes irrelevant) and background shapes alike.
struct CoverageRasterizer {
    let width: Int
    let height: Int
    /// One extra cell per row takes the right-hand share of the last column.
    private var cells: [Float]

    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = [Float](repeating: 0, count: (self.width + 1) * self.height)
    }

    /// Flattening tolerance: curves become lines no farther than this from the curve (pixels).
    static let tolerance = 0.1

    /// Adds a path (coordinates in this raster's pixels); open subpaths are closed.
    mutating func add(_ path: OutlinePath) {
        var start = LayoutPoint.zero
        var current = LayoutPoint.zero
        for element in path.elements {
            switch element {
            case .move(let point):
                if current != start { addLine(current, start) }
                start = point
                current = point
            case .line(let point):
                addLine(current, point)
                current = point
            case .curve(let c1, let c2, let end):
                addCubic(current, c1, c2, end)
                current = end
            case .close:
                addLine(current, start)
                current = start
            }
        }
        if current != start { addLine(current, start) }
    }

    private mutating func addCubic(_ p0: LayoutPoint, _ p1: LayoutPoint, _ p2: LayoutPoint, _ p3: LayoutPoint) {
        // A cubic's distance from its chords after n uniform steps is at most 3/4 of the
        // largest second difference of its control points over n² (a standard bound).
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let deviation = (ddx * ddx + ddy * ddy).squareRoot()
        let steps = min(256, max(1, Int((0.75 * deviation / Self.tolerance).squareRoot().rounded(.up))))
        var previous = p0
        for step in 1...steps {
            let t = Double(step) / Double(steps)
            let u = 1 - t
            let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
            let point = LayoutPoint(
                x: a * p0.x + b * p1.x + c * p2.x + d * p3.x, y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
            addLine(previous, point)
            previous = point
        }
    }

    /// Adds one edge: split at every pixel row, then at every pixel column it crosses.
    mutating func addLine(_ from: LayoutPoint, _ to: LayoutPoint) {
        guard from.y != to.y, from.x.isFinite, from.y.isFinite, to.x.isFinite, to.y.isFinite else { return }
        let direction: Double = from.y < to.y ? 1 : -1
        let (top, bottom) = from.y < to.y ? (from, to) : (to, from)
        let slope = (bottom.x - top.x) / (bottom.y - top.y)
        let firstRow = max(0, Int(top.y.rounded(.down)))
        let lastRow = min(height - 1, Int(bottom.y.rounded(.up)) - 1)
        guard firstRow <= lastRow else { return }
        for row in firstRow...lastRow {
            let y0 = max(top.y, Double(row)), y1 = min(bottom.y, Double(row + 1))
            guard y1 > y0 else { continue }
            let x0 = top.x + (y0 - top.y) * slope
            let x1 = top.x + (y1 - top.y) * slope
            addRowPiece(row: row, x0: x0, x1: x1, area: (y1 - y0) * direction)
        }
    }

    /// Distributes one row's piece of an edge, `area` being its signed height, over the
    /// columns it crosses.
    private mutating func addRowPiece(row: Int, x0: Double, x1: Double, area: Double) {
        let low = min(x0, x1), high = max(x0, x1)
        let firstColumn = Int(low.rounded(.down)), lastColumn = Int(high.rounded(.down))
        if firstColumn == lastColumn || high - low < 1e-12 {
            deposit(row: row, x: (low + high) / 2, area: area)
            return
        }
        // Split at each integer x; the y share of a piece is its share of the x extent.
        var left = low
        var column = firstColumn
        while left < high {
            let right = min(high, Double(column + 1))
            if right > left {
                deposit(row: row, x: (left + right) / 2, area: area * (right - left) / (high - low))
            }
            left = right
            column += 1
        }
    }

    /// An edge piece at mean position `x` within one pixel: the pixel gets the share to the
    /// right of the edge, every pixel after it the whole area.
    private mutating func deposit(row: Int, x: Double, area: Double) {
        let base = row * (width + 1)
        if x < 0 {
            cells[base] += Float(area)
            return
        }
        let column = Int(x)
        guard column < width else { return }
        let inside = x - Double(column)
        cells[base + column] += Float(area * (1 - inside))
        cells[base + column + 1] += Float(area * inside)
    }

    /// Coverage 0...1 per pixel, rows top to bottom. Every value is written by the running
    /// sums, so the result is not zeroed first (a background shape's mask is millions of
    /// floats).
    func coverage() -> [Float] {
        let width = self.width, height = self.height
        return [Float](unsafeUninitializedCapacity: width * height) { out, initialized in
            cells.withUnsafeBufferPointer { cells in
                for row in 0..<height {
                    var sum: Float = 0
                    let cellRow = row * (width + 1), outRow = row * width
                    for column in 0..<width {
                        sum += cells[cellRow + column]
                        out[outRow + column] = min(1, abs(sum))
                    }
                }
            }
            initialized = width * height
        }
    }
}

/// A single-channel coverage image at a position in the picture: what a glyph, the text or
/// a background shape covers.
struct CoverageMask {
    let x: Int
    let y: Int
    let width: Int
    let height: Int
    var values: [Float]

    /// Rasterizes `path` (picture coordinates) into a mask over its bounds, clipped to a
    /// `clipWidth` × `clipHeight` picture.
    init(path: OutlinePath, clipWidth: Int, clipHeight: Int) {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for element in path.elements {
            let points: [LayoutPoint]
            switch element {
            case .move(let p), .line(let p): points = [p]
            case .curve(let a, let b, let c): points = [a, b, c]
            case .close: points = []
            }
            for p in points where p.x.isFinite && p.y.isFinite {
                minX = min(minX, p.x); maxX = max(maxX, p.x)
                minY = min(minY, p.y); maxY = max(maxY, p.y)
            }
        }
        guard minX <= maxX else {
            self.init(x: 0, y: 0, width: 0, height: 0, values: [])
            return
        }
        let left = max(0, Int(minX.rounded(.down))), top = max(0, Int(minY.rounded(.down)))
        let right = min(clipWidth, Int(maxX.rounded(.up)) + 1), bottom = min(clipHeight, Int(maxY.rounded(.up)) + 1)
        guard right > left, bottom > top else {
            self.init(x: 0, y: 0, width: 0, height: 0, values: [])
            return
        }
        var rasterizer = CoverageRasterizer(width: right - left, height: bottom - top)
        // A path left of the clip still covers pixels to its right; shift, do not clip, it.
        rasterizer.add(path.transformed(scale: 1, flipY: false, dx: -Double(left), dy: -Double(top)))
        self.init(x: left, y: top, width: right - left, height: bottom - top, values: rasterizer.coverage())
    }

    init(x: Int, y: Int, width: Int, height: Int, values: [Float]) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.values = values
    }
}
