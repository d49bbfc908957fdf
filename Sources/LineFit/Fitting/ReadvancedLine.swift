/// A line's em width at other values of one axis, estimated without shaping: its glyphs at
/// one instance keep their choice and their GPOS adjustments, and their advances move by
/// what `HVAR` gives along that axis (`AxisSweep`).
///
/// Optical-size and width-axis searches need a start close to the answer: each shaping at
/// a new instance costs about a third of a whole linear layout, and the exactness rule
/// already asks for two of them per line (the answer fits, the next grid value does not).
/// Only an estimate: what it leaves out (kerning and mark positions that vary with the
/// axes, glyphs that feature variations swap, FreeType's rounding of each glyph's delta)
/// moves a width by a fraction of a unit per glyph, so the measured search that follows
/// usually needs no probe beyond those two. The line's deltas are summed per region once,
/// so an estimate costs one pass over the regions its glyphs use. It depends on the line
/// alone (its own pieces), so an editor's kept line starts where a fresh layout's does.
struct ReadvancedLine {
    private struct Piece {
        let sweep: AxisSweep
        /// Per region the line uses: other axes' factor × the line's summed delta, in em.
        let weights: [(weight: Double, start: Double, peak: Double, end: Double)]
        let base: Double

        /// The summed advance change from the default instance, in em, at `x` (normalized).
        func advanceChange(atNormalized x: Double) -> Double { AxisSweep.weighedSum(weights, atNormalized: x) }
    }

    private let pieces: [Piece]
    private let baseEm: Double

    /// `pieces` shaped at `base` with em width `em`, to be estimated at other values of axis
    /// `tag`; nil when no piece's font has that axis and a usable `HVAR`, or one variable
    /// piece lacks them (its change would be missed).
    init?(_ pieces: [LinePiece], em: Double, base: VariationSettings, axis tag: String, fonts: FontChain) {
        var varied: [Piece] = []
        for piece in pieces where !piece.glyphs.isEmpty {
            let font = fonts.fonts[piece.fontIndex]
            guard font.isVariable else { continue }
            guard let sweep = font.advanceSweep(base, tag: tag) else { return nil }
            var sums = [Double](repeating: 0, count: sweep.table.regionCount)
            guard sweep.addDeltas(piece.glyphs, into: &sums) else { return nil }
            let unitsPerEm = Double(font.unitsPerEm)
            var weights: [(weight: Double, start: Double, peak: Double, end: Double)] = []
            for (region, sum) in sums.enumerated() where sum != 0 {
                let span = sweep.regions[region]
                guard span.others != 0 else { continue }
                weights.append((span.others * sum / unitsPerEm, span.start, span.peak, span.end))
            }
            let piece = Piece(sweep: sweep, weights: weights, base: 0)
            varied.append(Piece(
                sweep: sweep, weights: weights,
                base: piece.advanceChange(atNormalized: sweep.normalized(base[tag] ?? sweep.axis.defaultValue))))
        }
        guard !varied.isEmpty else { return nil }
        self.pieces = varied
        baseEm = em
    }

    /// The line's estimated em width with the axis at `value`.
    func em(atAxisValue value: Double) -> Double {
        var total = baseEm
        for piece in pieces {
            total += piece.advanceChange(atNormalized: piece.sweep.normalized(value)) - piece.base
        }
        return total
    }
}
