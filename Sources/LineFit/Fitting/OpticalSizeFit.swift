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
        let plan = context.plan
        let line = LineInstances(span, shaper: lineShaper(paragraph, context: context), tracking: context.options.tracking)
        // The paragraph was measured at the minimum's opsz: that instance of the line is free.
        if let paragraphOpsz = plan.opticalSize(for: context.minSize) {
            line.remember(
                paragraphOpsz,
                (line.pieces, paragraph.lineEmWidth(span.start, span.contentEnd, pieces: line.pieces, tracking: context.options.tracking)))
        }
        let fit = opticalSizeFit(line, width: nil, context: context)
        let pieces = line.isEmpty ? line.pieces : opticalShape(line, size: fit.size, width: nil, context: context).pieces
        var placed = placeLine(span, pieces: pieces, fit: fit, paragraph: paragraph, base: base, context: context)
        placed.axisValues = plan.reported(plan.settings(size: fit.size, width: plan.widthAxis?.defaultValue))
        placed.probes = line.probes
        return placed
    }

    /// The line at `size` with `opsz` following it (and `wdth` at `width`, when given).
    func opticalShape(_ line: LineInstances, size: Double, width: Double?, context: FittingContext) -> LineInstances.Shape {
        line.shape(context.plan.opticalSize(for: size) ?? -1, at: context.plan.settings(size: size, width: width))
    }

    /// The largest grid size at which the line fits at its own `opsz` (see the type's
    /// comment): the regula falsi estimate, confirmed by the shared measured-width search.
    func opticalSizeFit(_ line: LineInstances, width: Double?, context: FittingContext) -> LineFitter.Fit {
        guard !line.isEmpty else { return context.fitter.fitLinear(emWidth: 0) }
        let grid = context.fitter.grid
        let available = context.options.width
        func measured(_ size: Double) -> Double { opticalShape(line, size: size, width: width, context: context).em * size }
        let minimumEm = opticalShape(line, size: context.minSize, width: width, context: context).em
        var estimate: Double?
        if minimumEm > 0 {
            let linear = grid.size(at: grid.index(atOrBelow: available / minimumEm))
            estimate = linear > context.minSize
                ? SecantEstimate.estimate(
                    grid: grid, target: available, lower: (context.minSize, minimumEm * context.minSize),
                    upper: (linear, measured(linear)), measure: measured)
                : linear
        }
        // The estimate has been measured on both sides already: no predicted probe.
        return context.fitter.fitMeasured(estimate: estimate, predicting: false, measured)
    }

    /// A line from its final pieces and fit: runs in visual order, metrics, flags. `scale`
    /// turns the pieces' positions into points: the size for pieces in em (the default), 1
    /// for hinted pieces, already in points.
    func placeLine(
        _ span: LineSpan, pieces: [LinePiece], fit: LineFitter.Fit, scale: Double? = nil, paragraph: MeasuredParagraph,
        base: Int, context: FittingContext
    ) -> Line {
        let placed = context.placement.runs(pieces, size: fit.size, scale: scale ?? fit.size, base: base)
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
