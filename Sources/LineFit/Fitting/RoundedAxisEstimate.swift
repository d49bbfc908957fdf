/// A line's em width at other values of one axis, estimated without shaping like
/// `ReadvancedLine`, but with each glyph's `HVAR` delta rounded to a font unit as FreeType
/// rounds it, so an optical-size search can start on the right grid size more often.
///
/// `ReadvancedLine` sums the line's deltas per region first: one pass over a few regions
/// per estimate, but each glyph's rounding is lost, up to half a unit a glyph (0.1 pt on a
/// line of the 280 story, one grid step at 33 pt; the search then shapes a second size).
/// Here each glyph keeps its deltas for the few regions that move along the axis (2 of
/// Roboto Flex's 84 for `opsz` with the other axes at their defaults), so an estimate is one
/// short pass over the line's glyphs. Still an estimate (kerning that varies with the axis,
/// glyphs feature variations swap, FreeType's 16.16 scalars are left out): the measured
/// search after it decides, so it never changes a result, only where the search starts.
struct RoundedAxisEstimate {
    private struct Piece {
        let sweep: AxisSweep
        /// The weighed regions' other-axes factor and span along the axis.
        let regions: [(others: Double, start: Double, peak: Double, end: Double)]
        /// Per glyph whose advance is not 0, its deltas for `regions`, in their order.
        let deltas: [Double]
        let unitsPerEm: Double
        /// Per `GDEF` region the line's pairs use: other axes' factor × their summed delta.
        var kerning: [(weight: Double, start: Double, peak: Double, end: Double)] = []
        /// The glyphs' rounded deltas and kerning at the instance the line was shaped at (units).
        var base = 0.0

        func units(atNormalized x: Double) -> Double {
            rounded(atNormalized: x) + AxisSweep.weighedSum(kerning, atNormalized: x)
        }

        /// The glyphs' rounded deltas summed at `x` (normalized), in design units.
        func rounded(atNormalized x: Double) -> Double {
            let count = regions.count
            guard count > 0 else { return 0 }
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { scalars in
                for (index, region) in regions.enumerated() {
                    scalars[index] = region.others * AxisSweep.tent(x, start: region.start, peak: region.peak, end: region.end)
                }
                return deltas.withUnsafeBufferPointer { deltas in
                    var total = 0.0
                    var at = 0
                    while at < deltas.count {
                        var sum = 0.0
                        for index in 0..<count { sum += deltas[at + index] * scalars[index] }
                        // FreeType rounds each advance's delta to a unit, halves up.
                        total += (sum + 0.5).rounded(.down)
                        at += count
                    }
                    return total
                }
            }
        }
    }

    private let pieces: [Piece]
    private let baseEm: Double

    /// `pieces` shaped at `base` with em width `em`; nil when a variable piece's font has no
    /// usable `HVAR` along `tag` or moves more than a few regions along it (`FewRegions`).
    init?(_ pieces: [LinePiece], em: Double, base: VariationSettings, axis tag: String, fonts: FontChain) {
        var varied: [Piece] = []
        for piece in pieces where !piece.glyphs.isEmpty {
            let font = fonts.fonts[piece.fontIndex]
            guard font.isVariable else { continue }
            guard let sweep = font.advanceSweep(base, tag: tag), let weighed = sweep.weighed else { return nil }
            var deltas: [Double] = []
            deltas.reserveCapacity(piece.glyphs.count * weighed.regions.count)
            guard sweep.table.weighedDeltas(piece.glyphs, only: weighed, into: &deltas) else { return nil }
            var made = Piece(
                sweep: sweep, regions: weighed.regions.map { sweep.regions[$0] }, deltas: deltas,
                unitsPerEm: Double(font.unitsPerEm))
            // Pair kerning that moves with the axis, read in shaping order (left to right).
            if piece.level & 1 == 0, let kerning = font.kerningSweep(base, tag: tag) {
                var sums = [Double](repeating: 0, count: kerning.regions.count)
                if kerning.positioning.addPairDeltas(piece.glyphs.map(\.id), into: &sums) {
                    for (region, sum) in sums.enumerated() where sum != 0 && kerning.regions[region].others != 0 {
                        let span = kerning.regions[region]
                        made.kerning.append((span.others * sum, span.start, span.peak, span.end))
                    }
                }
            }
            made.base = made.units(atNormalized: sweep.normalized(base[tag] ?? sweep.axis.defaultValue))
            varied.append(made)
        }
        guard !varied.isEmpty else { return nil }
        self.pieces = varied
        baseEm = em
    }

    /// The line's estimated em width with the axis at `value`.
    func em(atAxisValue value: Double) -> Double {
        var total = baseEm
        for piece in pieces {
            total += (piece.units(atNormalized: piece.sweep.normalized(value)) - piece.base) / piece.unitsPerEm
        }
        return total
    }
}
