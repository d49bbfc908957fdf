/// Proving without shaping that a line does not fit at a larger size with `opsz` following
/// it (item 2's rule: the answer fits at its own `opsz`, the next grid size does not).
///
/// The line was shaped at the fitting size s; at a larger size s′ its glyphs are the same
/// (no feature variation switches between the two `opsz` values), each advance moves by its
/// exact `HVAR` change, and `GPOS` moves it by at most the font's bound (`AxisStep`). So its
/// em width at s′ is at least E(s) + Σ(ΔHVAR − bound) / unitsPerEm (a glyph whose advance
/// is 0, a mark or an ignorable HarfBuzz zeroes at every instance, counts only a negative
/// change), and when s′ times that is wider than the available width, s′ does not fit.
/// When the proof fails (the margin is smaller than the bound), the search shapes s′ as
/// before. At sizes past the axis's end `opsz` is the same at both, the bound is 0, and
/// the proof is the linear one.
extension LayoutEngine {
    func provenTooWide(
        _ line: LineInstances, fitting: Double, candidate: Double, width: Double?, context: FittingContext
    ) -> Bool {
        guard candidate > fitting else { return false }
        let plan = context.plan
        let from = plan.settings(size: fitting, width: width), to = plan.settings(size: candidate, width: width)
        // Measured already (the search proves only from a size it measured to fit).
        let shape = opticalShape(line, size: fitting, width: width, context: context)
        var lowest = shape.em
        var scratch: [Int32] = []
        for piece in shape.pieces where !piece.glyphs.isEmpty {
            let font = context.fonts.fonts[piece.fontIndex]
            guard font.isVariable else { continue }
            guard let step = font.axisStep(from: from, to: to, tag: "opsz") else { return false }
            var units = 0.0
            // Pairs are read in shaping order: a left-to-right run's glyphs are in it.
            let leftToRight = piece.level & 1 == 0
            let ids = piece.glyphs.map(\.id)
            for (index, glyph) in piece.glyphs.enumerated() {
                guard let change = step.advanceChange(glyph.id) else { return false }
                units += glyph.advance == 0 ? min(0, Double(change)) : Double(change)
                units -= leftToRight ? step.positioningBound(ids, at: index, scratch: &scratch) : step.positioningBound(glyph.id)
            }
            lowest += units / Double(font.unitsPerEm)
        }
        return !WidthTolerance.fits(candidate * lowest, in: context.options.width)
    }
}
