import Foundation

/// `LineFitter.fitLinear` for the many lines of a fresh candidate scan, with the same result
/// and fewer steps: the closed-form index comes from a truncation instead of
/// `SizeGrid.index(atOrBelow:)` (whose libm floor and the spills around it cost more than the
/// rest of a fit), and the two probes around it are inlined.
///
/// The result does not depend on the hint: a line fits at a size when `em × size ≤ width ×
/// (1 + WidthTolerance.relative)`, monotone in the size for a positive em, so the answer is
/// the largest grid index that fits whatever index the search starts from. The hint is
/// accepted only when it is confirmed as `largestFitting` confirms one (it fits, and the next
/// size does not or it is the last); anything else goes to `fitLinear` itself.
struct LinearFitShortcut {
    let fitter: LineFitter
    /// `WidthTolerance.fits`'s right side for this width (the same product).
    private let limit: Double
    /// The multiple of the step at grid index 1 (the index of a size is its multiple minus
    /// this plus one); 0 when the grid has no sizes between its ends.
    private let firstMultiple: Int
    /// The grid's interior multiples and how `size(at:)` turns one into a size (divided by
    /// `perPoint` when `divides`, else times the step): the probes compute the same value
    /// without `size(at:)`'s end checks.
    private let lastMultiple: Int
    private let divides: Bool
    private let perPoint: Double
    /// ln of the grid's maximum, as `CandidateLines` takes it for a line's shape size (0 when
    /// not positive).
    let logAtMax: Double

    init(_ fitter: LineFitter) {
        self.fitter = fitter
        limit = fitter.width * (1 + WidthTolerance.relative)
        let grid = fitter.grid
        let first = grid.count > 2 ? grid.size(at: 1) / grid.step : 0
        logAtMax = grid.maxSize > 0 ? log(grid.maxSize) : 0
        firstMultiple = first.isFinite && abs(first) < 1e15 ? Int(first.rounded()) : 0
        let interior = grid.interiorMultiples
        lastMultiple = grid.count > 2 && interior.first == firstMultiple ? interior.last : Int.min
        divides = interior.stepsPerPoint != nil
        perPoint = interior.stepsPerPoint ?? 1
    }

    @inline(__always)
    private func interiorSize(_ k: Int) -> Double {
        divides ? Double(k) / perPoint : Double(k) * fitter.grid.step
    }

    @inline(__always)
    func fit(emWidth em: Double) -> LineFitter.Fit {
        let count = fitter.grid.count
        guard em > 0, count > 2 else { return general(em) }
        let linear = fitter.width / em
        let index: Int
        if linear >= fitter.grid.maxSize {
            index = count - 1
        } else if linear <= fitter.grid.minSize || !(linear > 0) {
            index = 0
        } else {
            // Positive and finite: the truncation is the floor. Far past any grid (a step of
            // 1e-300), the general search decides.
            let multiple = linear / fitter.grid.step
            guard multiple < 1e15 else { return general(em) }
            let k = Int(multiple)
            if k >= firstMultiple, k <= lastMultiple {
                // The common case: the size and the next one straight from their multiples.
                let size = interiorSize(k)
                guard em * size <= limit else { return general(em) }
                let next = k == lastMultiple ? fitter.grid.maxSize : interiorSize(k + 1)
                guard !(em * next <= limit) else { return general(em) }
                return LineFitter.Fit(size: size, width: em * size, overflows: false, heldAtMax: false)
            }
            index = min(max(k - firstMultiple + 1, 0), count - 1)
        }
        let size = fitter.grid.size(at: index)
        guard em * size <= limit else { return general(em) }
        let last = index == count - 1
        if !last {
            guard !(em * fitter.grid.size(at: index + 1) <= limit) else { return general(em) }
        }
        return LineFitter.Fit(size: size, width: em * size, overflows: false, heldAtMax: last)
    }

    /// A hint not confirmed (rare: a size that divides to just below its multiple, or none
    /// fits): the fitter's own search, out of line.
    @inline(never)
    private func general(_ em: Double) -> LineFitter.Fit { fitter.fitLinear(emWidth: em) }
}
