/// The optional height limit: when the fitted block is taller than `maxHeight`, min and max
/// shrink together by one factor (lines re-broken at the new minimum) until the block fits,
/// never with a minimum below `minimumFloor`. If even the floor is too tall, the layout at
/// the floor is returned with `overflowsHeight` set.
enum HeightLimit {
    /// Bisection steps on the scale factor: 2^-24 of the range is far below one size step.
    static let searchSteps = 24

    static func apply(options: LayoutOptions, layout: (Double, Double) -> Layout) -> Layout {
        let full = layout(options.minSize, options.maxSize)
        guard let limit = options.maxHeight, full.height > limit else { return full }
        let floorScale = min(1, options.minimumFloor / options.minSize)
        func scaled(_ factor: Double) -> Layout {
            var result = layout(options.minSize * factor, options.maxSize * factor)
            result.heightScale = factor
            return result
        }
        let floorLayout = scaled(floorScale)
        guard floorLayout.height <= limit else {
            var overflowing = floorLayout
            overflowing.overflowsHeight = true
            return overflowing
        }
        // Height is nearly but not strictly monotone in the factor (re-breaking can change
        // the line count either way), so keep the best factor that was measured to fit.
        var low = floorScale, high = 1.0
        var best = floorLayout
        for _ in 0..<searchSteps {
            let mid = (low + high) / 2
            let candidate = scaled(mid)
            if candidate.height <= limit {
                low = mid
                best = candidate
            } else {
                high = mid
            }
        }
        return best
    }
}
