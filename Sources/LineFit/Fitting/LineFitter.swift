/// Per line, the largest size on the grid whose width is at most the available width.
///
/// Linear mode: a line's width is `emWidth × size`, so the closed form `width / emWidth`
/// gives the answer and the search confirms it with one probe on each side. Hinted mode: the
/// width at a size comes from reshaping with hinting at that size, and the same search runs.
/// Either way only a size that was measured to fit is returned (never rounded up), except a
/// line too wide even at the minimum, which gets the minimum and is marked as overflowing.
struct LineFitter {
    let grid: SizeGrid
    let width: Double
    let tracking: Double

    struct Fit {
        var size: Double
        /// Width in points at `size`, tracking included.
        var width: Double
        var overflows: Bool
        var heldAtMax: Bool
        /// Sizes measured to find this fit (the measured-width search; 0 for the closed form).
        var probes = 0
    }

    /// `emWidth` is the line's width at 1 pt.
    func fitLinear(emWidth: Double) -> Fit {
        guard emWidth > 0 else {
            return Fit(size: grid.maxSize, width: 0, overflows: false, heldAtMax: true)
        }
        let hint = grid.index(atOrBelow: width / emWidth)
        guard let index = grid.largestFitting(hint: hint, { WidthTolerance.fits(emWidth * $0, in: width) }) else {
            return Fit(size: grid.minSize, width: emWidth * grid.minSize, overflows: true, heldAtMax: false)
        }
        let size = grid.size(at: index)
        return Fit(size: size, width: emWidth * size, overflows: false, heldAtMax: index == grid.count - 1)
    }

    /// The measured-width search: `widthAt` measures the line at a size in points (hinted
    /// advances, an optical size, a width axis: anything nearly proportional to the size).
    ///
    /// Without `estimate`, a binary search over the whole grid. With it (the linear size, or
    /// any closed-form guess), bounded probes: the estimate, then the size the width measured
    /// there predicts (widths taken as proportional), then galloping (1, 2, 4, … grid steps)
    /// from the nearest measured bound until the answer is bracketed, then bisection inside
    /// the bracket. Either way the answer is a grid size that was measured to fit and whose
    /// next grid size was measured not to (or the maximum): where widths are monotone in the
    /// size the two searches agree; where they are not, each returns one such local answer.
    /// Each size is measured at most once; `Fit.probes` says how many were. `predicting`
    /// false skips the predicted probe, for an estimate that is already the likely answer
    /// (e.g. found by this search on a cheaper, nearly exact width). `provenTooWide(fitting,
    /// candidate)`, given, may prove from a size measured to fit that a larger one does not,
    /// without measuring it (`LayoutEngine.provenTooWide`); a proven size counts as measured
    /// not to fit, and is not a probe.
    func fitMeasured(
        estimate: Double? = nil, predicting: Bool = true, provenTooWide: ((Double, Double) -> Bool)? = nil,
        _ widthAt: (Double) -> Double
    ) -> Fit {
        var widths: [Double: Double] = [:]
        func measured(_ size: Double) -> Double {
            if let known = widths[size] { return known }
            let value = widthAt(size)
            widths[size] = value
            return value
        }
        let found = estimate.map { guided($0, predicting: predicting, provenTooWide: provenTooWide, measured) }
            ?? grid.largestFitting({ WidthTolerance.fits(measured($0), in: width) })
        guard let index = found else {
            var fit = Fit(size: grid.minSize, width: measured(grid.minSize), overflows: true, heldAtMax: false)
            fit.probes = widths.count
            return fit
        }
        let size = grid.size(at: index)
        var fit = Fit(size: size, width: measured(size), overflows: false, heldAtMax: index == grid.count - 1)
        fit.probes = widths.count
        return fit
    }

    /// Largest index that fits, starting from `estimate` (see `fitMeasured`).
    private func guided(
        _ estimate: Double, predicting: Bool, provenTooWide: ((Double, Double) -> Bool)?, _ measured: (Double) -> Double
    ) -> Int? {
        let last = grid.count - 1
        var low = -1  // largest index measured to fit
        var high = grid.count  // smallest index measured not to fit
        func probe(_ index: Int, proving: Bool = true) -> Bool {
            if proving, low >= 0, index > low, let provenTooWide, provenTooWide(grid.size(at: low), grid.size(at: index)) {
                high = min(high, index)
                return false
            }
            let w = measured(grid.size(at: index))
            let fits = WidthTolerance.fits(w, in: width)
            if fits { low = max(low, index) } else { high = min(high, index) }
            return fits
        }
        func predicted(from index: Int) -> Int {
            let w = measured(grid.size(at: index))
            guard w > 0, w.isFinite else { return last }
            return grid.index(atOrBelow: grid.size(at: index) * width / w)
        }
        let start = grid.index(atOrBelow: estimate)
        _ = probe(start)
        if predicting {
            let next = predicted(from: start)
            // The width measured at the start predicts that `next` fits: a proof that it does
            // not would most likely fail, after its set-up.
            if next != start, next > low, next < high { _ = probe(next, proving: false) }
        }
        if low >= 0 {
            // Gallop up from the largest fitting size until a size does not fit.
            var step = 1
            while high > low + 1 {
                let candidate = min(low + step, high - 1, last)
                if candidate <= low { break }
                if !probe(candidate) { break }
                if candidate == last { return last }
                step *= 2
            }
            if low == last { return last }
        } else {
            // Gallop down from the smallest size measured too wide until one fits.
            var step = 1
            while low < 0 {
                let candidate = max(high - step, 0)
                if probe(candidate) { break }
                if candidate == 0 { return nil }
                step *= 2
            }
        }
        while high - low > 1 {
            _ = probe(low + (high - low) / 2)
        }
        return low
    }
}
