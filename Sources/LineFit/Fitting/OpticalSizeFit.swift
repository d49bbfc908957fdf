/// Fitting a line whose font follows its size with the `opsz` axis.
///
/// Width is then no longer linear in size: at size s the line is shaped at opsz = s
/// (clamped to the axis), and its width is s × E(opsz(s)), with E the line's width in em at
/// that optical size. The shared measured-width search (`LineFitter.fitMeasured`) finds the
/// largest grid size that fits; it returns a size only when that size was measured to fit at
/// its own opsz and the next grid size was measured, or proven without shaping
/// (`provenTooWide`), not to at its own (or is the maximum).
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
        let fit = opticalSizeFit(line, width: nil, anchor: opticalAnchor(span, paragraph: paragraph, context: context), context: context)
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

    /// Predicted steps (size × available / width) from an interpolated start.
    static let predictedSteps = 3

    /// The line's em width at a second optical size (`OpticalAnchors`), if it can be read
    /// from the paragraph measured there.
    func opticalAnchor(
        _ span: LineSpan, paragraph: MeasuredParagraph, context: FittingContext
    ) -> (opticalSize: Double, em: Double)? {
        let plan = context.plan
        let tracking = context.options.tracking
        guard let minimumOpsz = plan.opticalSize(for: context.minSize), span.contentEnd > span.start,
              paragraph.isSafeBoundary[span.start], paragraph.isSafeBoundary[span.contentEnd] else { return nil }
        let minimumEm = paragraph.slicedEmWidth(span.start, span.contentEnd, tracking: tracking)
        guard minimumEm > 0 else { return nil }
        let opsz = OpticalAnchors.opticalSize(linear: context.options.width / minimumEm) { plan.opticalSize(for: $0) ?? $0 }
        guard opsz > minimumOpsz else { return nil }
        let anchor = context.opticalAnchors.paragraph(paragraph, at: opsz) { opsz in
            remeasured(paragraph, context: context, variations: plan.settings(size: opsz))
        }
        guard anchor.isSafeBoundary[span.start], anchor.isSafeBoundary[span.contentEnd] else { return nil }
        return (opsz, anchor.slicedEmWidth(span.start, span.contentEnd, tracking: tracking))
    }

    /// The size s at which s × E(opsz(s)) is the available width, with E, the line's em width,
    /// interpolated linearly in `opsz` between two measured instances. A fixed point: each
    /// step moves the size by a fraction of the last (|s E'/E|, about 0.2 with Roboto Flex).
    static func interpolatedSize(
        available: Double, lower: (opticalSize: Double, em: Double), upper: (opticalSize: Double, em: Double),
        opticalSize: (Double) -> Double
    ) -> Double {
        var size = available / lower.em
        for _ in 0..<8 {
            let fraction = (opticalSize(size) - lower.opticalSize) / (upper.opticalSize - lower.opticalSize)
            let em = lower.em + (upper.em - lower.em) * fraction
            guard em > 0, (available / em).isFinite else { break }
            size = available / em
        }
        return size
    }

    /// The largest grid size at which the line fits at its own `opsz` (see the type's
    /// comment), found by the shared measured-width search from an estimate: interpolated
    /// between the minimum and the paragraph's second optical size when `anchor` is given
    /// (the line's em width there), else regula falsi from the linear estimate.
    func opticalSizeFit(
        _ line: LineInstances, width: Double?,
        anchor anchorIfNeeded: @autoclosure () -> (opticalSize: Double, em: Double)? = nil, context: FittingContext
    ) -> LineFitter.Fit {
        guard !line.isEmpty else { return context.fitter.fitLinear(emWidth: 0) }
        let grid = context.fitter.grid
        let available = context.options.width
        func measured(_ size: Double) -> Double { opticalShape(line, size: size, width: width, context: context).em * size }
        let minimum = opticalShape(line, size: context.minSize, width: width, context: context)
        let minimumEm = minimum.em
        let minimumSettings = context.plan.settings(size: context.minSize, width: width)
        // Each glyph's advance rounded where the font allows it, else the line's deltas summed.
        let estimatedEm: ((Double) -> Double)? = minimumEm <= 0 ? nil
            : RoundedAxisEstimate(minimum.pieces, em: minimumEm, base: minimumSettings, axis: "opsz", fonts: context.fonts)
                .map { rounded in { rounded.em(atAxisValue: $0) } }
            ?? ReadvancedLine(minimum.pieces, em: minimumEm, base: minimumSettings, axis: "opsz", fonts: context.fonts)
                .map { readvanced in { readvanced.em(atAxisValue: $0) } }
        if let estimatedEm, let start = readvancedStart(estimatedEm, width: width, linear: available / minimumEm, context: context) {
            return context.fitter.fitMeasured(
                estimate: start,
                provenTooWide: { self.provenTooWide(line, fitting: $0, candidate: $1, width: width, context: context) }, measured)
        }
        if minimumEm > 0, let anchor = anchorIfNeeded(), anchor.em > 0,
           let minimumOpsz = context.plan.opticalSize(for: context.minSize),
           anchor.opticalSize > minimumOpsz {
            let size = Self.interpolatedSize(
                available: available, lower: (minimumOpsz, minimumEm), upper: anchor,
                opticalSize: { context.plan.opticalSize(for: $0) ?? $0 })
            let start = grid.size(at: grid.index(atOrBelow: min(max(size, grid.minSize), grid.maxSize)))
            if (context.plan.opticalSize(for: start) ?? start) <= anchor.opticalSize {
                // Interpolated, so close; and near the answer a line's em width is flat (HVAR
                // deltas are rounded to font units), so size × available / width lands on
                // the answer, or moves a fifth of the way or less from it when a delta jumps.
                var current = start
                for _ in 0..<Self.predictedSteps {
                    let width = measured(current)
                    guard width > 0 else { break }
                    let next = grid.size(at: grid.index(atOrBelow: min(max(current * available / width, grid.minSize), grid.maxSize)))
                    if next == current { break }
                    current = next
                }
                return context.fitter.fitMeasured(estimate: current, measured)
            }
            // Extrapolated past the anchor (a short line): regula falsi from there instead
            // of from the linear estimate.
            let estimate = SecantEstimate.estimate(
                grid: grid, target: available, lower: (context.minSize, minimumEm * context.minSize),
                upper: (start, measured(start)), measure: measured)
            return context.fitter.fitMeasured(estimate: estimate, predicting: false, measured)
        }
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

    /// Fixed-point steps (size ← available / estimated em at the size) from the linear estimate.
    static let readvancedSteps = 8

    /// Where the measured search starts for a line whose em width at other optical sizes can
    /// be estimated by re-advancing its glyphs (`ReadvancedLine`): the grid size s with
    /// s = available / E(opsz(s)) on the estimate, reached from the linear estimate at the
    /// minimum's opsz. E changes slowly with opsz (|s E'/E| is about 0.2 with Roboto Flex),
    /// so each step closes most of the remaining distance.
    func readvancedStart(_ emAt: (Double) -> Double, width: Double?, linear: Double, context: FittingContext) -> Double? {
        let grid = context.fitter.grid
        let available = context.options.width
        func snapped(_ size: Double) -> Double {
            grid.size(at: grid.index(atOrBelow: min(max(size, grid.minSize), grid.maxSize)))
        }
        var current = snapped(linear)
        for _ in 0..<Self.readvancedSteps {
            let em = emAt(context.plan.opticalSize(for: current) ?? current)
            guard em > 0, em.isFinite else { return nil }
            let next = snapped(available / em)
            if next == current { break }
            current = next
        }
        return current
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
