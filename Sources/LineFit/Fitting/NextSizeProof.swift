/// Proving without shaping that a line does not fit one grid value further along an axis:
/// the next size with `opsz` following it (item 2's rule: the answer fits at its own `opsz`,
/// the next grid size does not), or the next `wdth` of a width-axis fill.
///
/// The line was shaped at the fitting value; at the larger one its glyphs are the same (no
/// feature variation switches between the two, checked by `AxisStep`), each advance moves
/// by its exact `HVAR` change, and `GPOS` moves it by at most the font's bound. So its em
/// width there is at least E + Σ(ΔHVAR − bound) / unitsPerEm (a glyph whose advance is 0, a
/// mark or an ignorable HarfBuzz zeroes at every instance, counts only a negative change),
/// and when that times the size is wider than the available width, the larger value does
/// not fit. When the proof fails (the margin is smaller than the bound), the search shapes
/// it as before. Past `opsz`'s end the two sizes share one `opsz`, the bound is 0, and the
/// proof is the linear one.
extension LayoutEngine {
    /// Whether the line, measured to fit at `fitting` (a size with `opsz` following it, and
    /// `wdth` at `width`), is proven too wide at the size `candidate`.
    func provenTooWide(
        _ line: LineInstances, fitting: Double, candidate: Double, width: Double?, context: FittingContext
    ) -> Bool {
        guard candidate > fitting else { return false }
        let plan = context.plan
        // Measured already (the search proves only from a size it measured to fit).
        let shape = opticalShape(line, size: fitting, width: width, context: context)
        return provenEm(
            shape, from: plan.settings(size: fitting, width: width), to: plan.settings(size: candidate, width: width),
            axis: "opsz", fonts: context.fonts
        ) { !WidthTolerance.fits(candidate * $0, in: context.options.width) }
    }

    /// Whether the line at `size`, measured to fit with `wdth` at `fitting`, is proven too
    /// wide with `wdth` at `candidate`.
    func provenTooWide(
        _ line: LineInstances, size: Double, fitting: Double, candidate: Double, context: FittingContext
    ) -> Bool {
        guard candidate > fitting else { return false }
        let plan = context.plan
        let from = plan.settings(size: size, width: fitting)
        // Measured already, keyed by its `wdth`.
        let shape = line.shape(fitting, at: from)
        return provenEm(shape, from: from, to: plan.settings(size: size, width: candidate), axis: "wdth", fonts: context.fonts) {
            !WidthTolerance.fits(size * $0, in: context.options.width)
        }
    }

    /// Whether the em width of `shape` (shaped at `from`) is proven, at `to` (instances that
    /// differ in `axis` alone), to be one at which `tooWide` holds; false when a font gives no
    /// `AxisStep`. The cheap bound for any pair a glyph can form is tried first, and the
    /// line's own pairs are read only when it decides nothing (too loose to prove, while the
    /// exact `HVAR` change alone would not rule a proof out).
    private func provenEm(
        _ shape: LineInstances.Shape, from: VariationSettings, to: VariationSettings, axis: String, fonts: FontChain,
        _ tooWide: (Double) -> Bool
    ) -> Bool {
        var withAdvances = shape.em
        var anyPair = 0.0
        // The ids of each variable piece, kept for the pair bound.
        var steps: [(ids: [UInt32], leftToRight: Bool, step: AxisStep, unitsPerEm: Double)] = []
        for piece in shape.pieces where !piece.glyphs.isEmpty {
            let font = fonts.fonts[piece.fontIndex]
            guard font.isVariable else { continue }
            guard let step = font.axisStep(from: from, to: to, tag: axis) else { return false }
            let unitsPerEm = Double(font.unitsPerEm)
            var advances = 0.0, bound = 0.0
            // Each change reads only the deltas of the regions the step moves (`AxisStep.weighed`).
            var glyphs = piece.glyphs.makeIterator()
            guard step.advanceChanges(piece.glyphs, { change in
                advances += glyphs.next()?.advance == 0 ? min(0, Double(change)) : Double(change)
            }) else { return false }
            var ids: [UInt32] = []
            ids.reserveCapacity(piece.glyphs.count)
            for glyph in piece.glyphs {
                bound += step.positioningBound(glyph.id)
                ids.append(glyph.id)
            }
            withAdvances += advances / unitsPerEm
            anyPair += bound / unitsPerEm
            steps.append((ids, piece.level & 1 == 0, step, unitsPerEm))
        }
        if tooWide(withAdvances - anyPair) { return true }
        if !tooWide(withAdvances) { return false }
        var pairs = 0.0
        var scratch: [Int32] = []
        for (ids, leftToRight, step, unitsPerEm) in steps {
            // Pairs are read in shaping order: a left-to-right run's glyphs are in it.
            guard leftToRight else {
                pairs += ids.reduce(0) { $0 + step.positioningBound($1) } / unitsPerEm
                continue
            }
            var bound = 0.0
            for index in ids.indices { bound += step.positioningBound(ids, at: index, scratch: &scratch) }
            pairs += bound / unitsPerEm
        }
        return tooWide(withAdvances - pairs)
    }
}
