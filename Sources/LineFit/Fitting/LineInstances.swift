/// One line's pieces shaped at the instances a search visits, each instance once.
///
/// Optical-size and width-axis searches measure a line at many axis values (the regula
/// falsi start, then the confirming search, which asks again for values it has already
/// measured), and each new value means shaping the line again. The shapes are kept by the
/// one value the instances differ by (the `opsz` or the `wdth`), and counted: the count is
/// what `Line.probes` reports.
final class LineInstances {
    typealias Shape = (pieces: [LinePiece], em: Double)

    /// The line's pieces at the paragraph's own instance.
    let pieces: [LinePiece]
    let lineRange: Range<Int>
    private let shaper: LineShaper
    private let tracking: Double
    private var shapes: [Double: Shape] = [:]
    /// Instances shaped so far (those given with `remember` are not counted: they were free).
    private(set) var probes = 0

    init(_ span: LineSpan, shaper: LineShaper, tracking: Double) {
        var pieces: [LinePiece] = []
        shaper.pieces(span.start, span.contentEnd, into: &pieces)
        self.pieces = pieces
        lineRange = span.start..<span.contentEnd
        self.shaper = shaper
        self.tracking = tracking
    }

    var isEmpty: Bool { pieces.isEmpty }

    /// Records a shape known without shaping (the paragraph's own instance).
    func remember(_ key: Double, _ shape: Shape) {
        shapes[key] = shape
    }

    /// The line at `variations`, which differ from other instances of this search only by
    /// `key`: shaped the first time a key is asked for, then kept.
    func shape(_ key: Double, at variations: @autoclosure () -> VariationSettings) -> Shape {
        if let known = shapes[key] { return known }
        let varied = shaper.varied(pieces, lineRange: lineRange, variations: variations())
        let result = (varied, varied.width(tracking: tracking))
        shapes[key] = result
        probes += 1
        return result
    }
}
