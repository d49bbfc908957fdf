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
        guard let lowest = lowestEm(
            shape, from: plan.settings(size: fitting, width: width), to: plan.settings(size: candidate, width: width),
            axis: "opsz", fonts: context.fonts)
        else { return false }
        return !WidthTolerance.fits(candidate * lowest, in: context.options.width)
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
        guard let lowest = lowestEm(
            shape, from: from, to: plan.settings(size: size, width: candidate), axis: "wdth", fonts: context.fonts)
        else { return false }
        return !WidthTolerance.fits(size * lowest, in: context.options.width)
    }

    /// A lower bound of the em width of `shape` (shaped at `from`) at `to`, instances that
    /// differ in `axis` alone; nil when a font gives no `AxisStep`.
    private func lowestEm(
        _ shape: LineInstances.Shape, from: VariationSettings, to: VariationSettings, axis: String, fonts: FontChain
    ) -> Double? {
        var lowest = shape.em
        var scratch: [Int32] = []
        for piece in shape.pieces where !piece.glyphs.isEmpty {
            let font = fonts.fonts[piece.fontIndex]
            guard font.isVariable else { continue }
            guard let step = font.axisStep(from: from, to: to, tag: axis) else { return nil }
            var units = 0.0
            // Pairs are read in shaping order: a left-to-right run's glyphs are in it.
            let leftToRight = piece.level & 1 == 0
            let ids = piece.glyphs.map(\.id)
            // A line repeats its glyphs: each one's change is worked out once.
            var known = [Int32](repeating: .min, count: step.table.glyphCount)
            for (index, glyph) in piece.glyphs.enumerated() {
                let id = Int(glyph.id)
                let change: Int32
                if id < known.count, known[id] != .min {
                    change = known[id]
                } else {
                    guard let computed = step.advanceChange(glyph.id) else { return nil }
                    change = computed
                    if id < known.count { known[id] = computed }
                }
                units += glyph.advance == 0 ? min(0, Double(change)) : Double(change)
                units -= leftToRight ? step.positioningBound(ids, at: index, scratch: &scratch) : step.positioningBound(glyph.id)
            }
            lowest += units / Double(font.unitsPerEm)
        }
        return lowest
    }
}
