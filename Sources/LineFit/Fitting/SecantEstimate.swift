/// A starting estimate for a search on a grid whose measured quantity is nearly, but not
/// exactly, linear in the grid variable (a line's width against its size when `opsz`
/// follows the size; against its `wdth`): regula falsi steps from two known points, each
/// snapped down to the grid and measured, until a step lands where the previous one did.
///
/// The curvature is small (`opsz` and `wdth` move a line's width smoothly), so each step
/// cuts the error by orders of magnitude: one or two steps land within a grid step of the
/// answer, and the confirming search (`SizeGrid.largestFitting(hint:)`) then needs one more
/// probe. `measure` must be increasing, and "fits" means `measure(x) <= target`. Snapping to the grid makes every probe one the confirming search reuses.
enum SecantEstimate {
    /// Steps beyond which the estimate is returned as it is (the search then confirms it).
    static let maximumSteps = 3

    /// `lower` and `upper` are measured points (x, value), `target` the value sought;
    /// `measure` measures at a grid value. Returns a grid value near where `measure` = target.
    static func estimate(
        grid: SizeGrid, target: Double, lower: (x: Double, value: Double), upper: (x: Double, value: Double),
        measure: (Double) -> Double
    ) -> Double {
        var a = lower, b = upper
        var x = b.x
        for _ in 0..<maximumSteps {
            guard b.value != a.value, b.x != a.x else { break }
            let guess = b.x + (target - b.value) * (b.x - a.x) / (b.value - a.value)
            guard guess.isFinite else { break }
            let snapped = grid.size(at: grid.index(atOrBelow: guess))
            if snapped == b.x || snapped == a.x {
                x = snapped
                break
            }
            let value = measure(snapped)
            x = snapped
            // Keep the two points nearest the target: the newest and the better of the two.
            if abs(a.value - target) < abs(b.value - target) { b = a }
            a = b
            b = (snapped, value)
        }
        // A step or two on the grid where the last secant step over- or undershot, so the
        // confirming search finds the grid value and its neighbour on either side of the
        // target without a binary search of the whole grid.
        var index = grid.index(atOrBelow: x)
        for _ in 0..<localSteps where index > 0 && measure(grid.size(at: index)) > target { index -= 1 }
        for _ in 0..<localSteps where index + 1 < grid.count && measure(grid.size(at: index + 1)) <= target { index += 1 }
        return grid.size(at: index)
    }

    /// Grid steps walked from the secant's answer in each direction.
    static let localSteps = 2
}
