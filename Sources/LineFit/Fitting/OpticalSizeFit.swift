/// Fitting a line whose font follows its size with the `opsz` axis.
///
/// Width is then no longer linear in size: at size s the line is shaped at opsz = s
/// (clamped to the axis), and its width is s × E(opsz(s)), with E the line's width in em at
/// that optical size. The shared measured-width search (`LineFitter.fitMeasured`) finds the
/// largest grid size that fits; it returns a size only when that size was measured to fit at
/// its own opsz and the next grid size was measured not to at its own (or is the maximum).
///
/// Probes are bounded: the linear estimate W / E(min) from the paragraph's measurement is
/// measured at its own opsz, and regula falsi steps from there and the minimum (snapped to
/// the grid, `SecantEstimate`) land within a step of the answer; the search starts there,
/// with one probe each side when the estimate is right (3 or 4 reshapes per line), and at
/// worst a binary search of the grid.
/// Widths are kept per opsz value, so sizes past the axis's end (where opsz is clamped and
/// width is linear again) cost no reshaping at all.
extension LayoutEngine {
    func fitLineAtOpticalSizes(_ span: LineSpan, paragraph: MeasuredParagraph, base: Int, context: FittingContext) -> Line {
        let options = context.options
        let plan = context.plan
        let shaper = lineShaper(paragraph, context: context)
        var pieces: [LinePiece] = []
        shaper.pieces(span.start, span.contentEnd, into: &pieces)
        let lineRange = span.start..<span.contentEnd
        let paragraphOpsz = plan.opticalSize(for: context.minSize)
        // Shaped pieces and their em width per opsz value; the paragraph's own is free.
        var shapes: [Double: (pieces: [LinePiece], em: Double)] = [:]
        if let paragraphOpsz {
            shapes[paragraphOpsz] = (
                pieces, paragraph.lineEmWidth(span.start, span.contentEnd, pieces: pieces, tracking: options.tracking))
        }
        var probes = 0
        func shape(at size: Double) -> (pieces: [LinePiece], em: Double) {
            let opsz = plan.opticalSize(for: size) ?? size
            if let known = shapes[opsz] { return known }
            let varied = shaper.varied(pieces, lineRange: lineRange, variations: plan.settings(size: size))
            let result = (varied, varied.width(tracking: options.tracking))
            shapes[opsz] = result
            probes += 1
            return result
        }
        let minimumEm = shape(at: context.minSize).em
        var estimate: Double?
        if minimumEm > 0, !pieces.isEmpty {
            let grid = context.fitter.grid
            let linear = grid.size(at: grid.index(atOrBelow: options.width / minimumEm))
            if linear > context.minSize {
                estimate = SecantEstimate.estimate(
                    grid: grid, target: options.width, lower: (context.minSize, minimumEm * context.minSize),
                    upper: (linear, shape(at: linear).em * linear)) { size in shape(at: size).em * size }
            } else {
                estimate = linear
            }
        }
        let fit: LineFitter.Fit
        if pieces.isEmpty {
            fit = context.fitter.fitLinear(emWidth: 0)
        } else {
            fit = context.fitter.fitMeasured(estimate: estimate) { size in shape(at: size).em * size }
        }
        let final = shape(at: fit.size).pieces
        var line = placeLine(span, pieces: final, fit: fit, paragraph: paragraph, base: base, context: context)
        line.axisValues = plan.reported(plan.settings(size: fit.size, width: plan.widthAxis?.defaultValue))
        line.probes = probes
        return line
    }

    /// A line from its final pieces and fit: runs in visual order, metrics, flags.
    func placeLine(
        _ span: LineSpan, pieces: [LinePiece], fit: LineFitter.Fit, paragraph: MeasuredParagraph, base: Int,
        context: FittingContext
    ) -> Line {
        let placed = context.placement.runs(pieces, size: fit.size, scale: fit.size, base: base)
        let metrics = context.placement.verticalMetrics(pieces)
        var flags: Line.Flags = []
        if pieces.isEmpty { flags.insert(.empty) }
        if fit.heldAtMax && !pieces.isEmpty { flags.insert(.heldAtMax) }
        if fit.overflows { flags.insert(.overflows) }
        if span.brokenInsideWord { flags.insert(.brokenInsideWord) }
        if span.end > paragraph.contentLength { flags.insert(.endsParagraph) }
        return Line(
            start: base + span.start, end: base + span.end, contentEnd: base + span.contentEnd,
            size: fit.size, width: fit.width, x: 0, top: 0, baseline: 0,
            ascent: metrics.ascent * fit.size, descent: metrics.descent * fit.size, height: 0,
            flags: flags, runs: placed.runs)
    }
}
