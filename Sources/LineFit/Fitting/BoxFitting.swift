/// Every cell of the modes table (docs/OPTIONS.md) in one place: a strategy (greedy,
/// balanced) in a box (none, a shrink-only limit, a box to fill), and the block's vertical
/// place in its box.
///
/// - No box: the strategy at the options' min and max.
/// - `.limit(H)`: the strategy at min; a block taller than H shrinks min and max by one
///   factor (lines re-broken at the new minimum) until it fits, never below `minimumFloor`;
///   at the floor and still too tall, `overflowsHeight` is set.
/// - `.fill(H)`, greedy: the largest minimum on the options' size grid (from the floor up to
///   max) whose greedy block fits H; below the options' min, max shrinks by the same factor.
/// - `.fill(H)`, balanced: stage 1 and stage 2 with H (`BalancedPlan`).
/// - Fixed sizes (min == max) keep their size: a fill box acts as a limit.
struct BoxFitting {
    let engine: LayoutEngine
    let text: String
    let paragraphs: [(ParagraphRange, MeasuredParagraph)]
    let fonts: FontChain
    let options: LayoutOptions
    /// The candidate lines of the last balanced layout made here: the searches below lay the
    /// same paragraphs out at many sizes, and most lines hold from one to the next.
    let earlier = LayoutEngine.EarlierCandidates()

    /// Bisection steps on the shrink factor: 2^-24 of the range is far below one size step.
    static let shrinkSteps = 24
    /// Hinted widths differ from linear ones by a pixel or two per line; when the factor found
    /// on linear widths is still too tall hinted, the next try shrinks by this much more.
    static let hintedRetreat = 0.97

    func layout() -> Layout {
        let fixed = options.minSize == options.maxSize
        var result: Layout
        switch options.box {
        case .none:
            result = strategy(options.minSize, options.maxSize)
        case .limit(let height):
            result = shrink(to: height)
        case .fill(let height):
            if fixed {
                result = shrink(to: height)
            } else if options.breakStrategy == .balanced {
                var cache: [LayoutEngine.BalancedParagraph?] = []
                // Only this fill's floor retry reads the lines back; anything after it that
                // reuses `earlier` records them again.
                earlier.keepsLines = false
                defer { earlier.keepsLines = true }
                result = engine.fitBalanced(
                    text, paragraphs: paragraphs, cache: &cache, fonts: fonts, options: options,
                    minSize: options.minSize, maxSize: options.maxSize, fillHeight: height, earlier: earlier)
                // The paragraphs are let go here: their stage-2 arrays serve the next fill.
                engine.spareFrontScratch = cache.lazy.compactMap { $0?.scratch }.first
            } else {
                result = greedyFill(height)
            }
        }
        return Self.placed(result, options: options)
    }

    /// The layout with its strategy, box and place in the box recorded.
    static func placed(_ layout: Layout, options: LayoutOptions) -> Layout {
        var result = layout
        result.breakStrategy = options.breakStrategy
        result.box = options.box
        if let height = options.box.height {
            switch options.verticalAlignment {
            case .top: result.blockTop = 0
            case .center: result.blockTop = (height - result.height) / 2
            case .bottom: result.blockTop = height - result.height
            }
        }
        return result
    }

    /// The strategy at one (min, max), no box.
    func strategy(_ minSize: Double, _ maxSize: Double, options: LayoutOptions? = nil) -> Layout {
        let options = options ?? self.options
        switch options.breakStrategy {
        case .greedy:
            return engine.fit(text, paragraphs: paragraphs, fonts: fonts, options: options, minSize: minSize, maxSize: maxSize)
        case .balanced:
            var cache: [LayoutEngine.BalancedParagraph?] = []
            return engine.fitBalanced(
                text, paragraphs: paragraphs, cache: &cache, fonts: fonts, options: options, minSize: minSize,
                maxSize: maxSize, fillHeight: nil, earlier: earlier)
        }
    }

    // MARK: - Shrink only

    func shrink(to limit: Double) -> Layout {
        if options.widthMode == .hinted { return hintedShrink(to: limit) }
        return Self.shrink(options: options, limit: limit) { strategy($0, $1) }
    }

    /// The shrink-only search: `layout(min, max)` at factors from the floor to 1.
    static func shrink(options: LayoutOptions, limit: Double, layout: (Double, Double) -> Layout) -> Layout {
        let full = layout(options.minSize, options.maxSize)
        guard full.height > limit else { return full }
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
        var steps = 0
        return bisect(from: floorScale, fitting: floorLayout, to: 1.0, limit: limit, layout: scaled) { low, high in
            steps += 1
            return steps <= shrinkSteps ? (low + high) / 2 : nil
        }
    }

    /// The bisection of both box searches, between a value whose layout fits `limit`
    /// (`fitting`, at `low`) and one whose layout does not (`high`): `midpoint` gives the next
    /// value to measure (nil: done). Height is nearly but not strictly monotone in the value
    /// (re-breaking can change the line count either way), so the result is the best layout
    /// measured to fit, not an extrapolation.
    static func bisect<Value>(
        from low: Value, fitting: Layout, to high: Value, limit: Double, layout: (Value) -> Layout,
        midpoint: (Value, Value) -> Value?
    ) -> Layout {
        var low = low, high = high, best = fitting
        while let mid = midpoint(low, high) {
            let candidate = layout(mid)
            if candidate.height <= limit {
                low = mid
                best = candidate
            } else {
                high = mid
            }
        }
        return best
    }

    /// Hinted mode: the factor is searched on linear widths (cheap), then confirmed hinted:
    /// at most three hinted layouts (the factor, a retreat from it, the floor) where a
    /// search on hinted layouts would make about 26.
    func hintedShrink(to limit: Double) -> Layout {
        var linear = options
        linear.widthMode = .linear
        let estimate = Self.shrink(options: linear, limit: limit) { strategy($0, $1, options: linear) }
        let factor = estimate.heightScale
        func hinted(_ factor: Double) -> Layout {
            var result = strategy(options.minSize * factor, options.maxSize * factor)
            result.heightScale = factor
            return result
        }
        let first = hinted(factor)
        if first.height <= limit { return first }
        let floorScale = min(1, options.minimumFloor / options.minSize)
        let retreat = max(floorScale, factor * Self.hintedRetreat)
        if retreat > floorScale {
            let second = hinted(retreat)
            if second.height <= limit { return second }
        }
        var floored = hinted(floorScale)
        if floored.height > limit { floored.overflowsHeight = true }
        return floored
    }

    // MARK: - Greedy fill

    /// The largest minimum on the size grid from the floor to max whose greedy block fits:
    /// a bisection over grid indices (height is nearly monotone in the minimum; the best
    /// minimum measured to fit is kept).
    func greedyFill(_ height: Double) -> Layout {
        let floor = min(options.minimumFloor, options.minSize)
        let grid = SizeGrid(minSize: floor, maxSize: options.maxSize, step: options.step)
        // As for balanced filling, the minimum stops where the widest segment that cannot
        // break fills the width: above it, words would be broken to grow the rest.
        var widest = 0.0
        for (_, measured) in paragraphs { widest = max(widest, measured.widestSegmentEm(tracking: options.tracking)) }
        let ceiling = widest > 0 ? max(0, grid.index(atOrBelow: options.width / widest)) : grid.count - 1
        let capIndex = LineFitter(grid: grid, width: options.width, tracking: options.tracking)
            .fitLinear(emWidth: widest).overflows ? 0 : ceiling
        func at(_ index: Int) -> Layout {
            let minimum = grid.size(at: index)
            let factor = minimum / options.minSize
            var result = strategy(minimum, max(minimum, options.maxSize * min(1, factor)))
            result.heightScale = factor
            result.chosenMinimum = result.lines.isEmpty ? 0 : minimum
            return result
        }
        // The floor first, whatever the cap: a segment too wide even at the floor leaves
        // nothing to search above it, yet the floor's block may still be taller than the box.
        var best = at(0)
        guard best.height <= height else {
            best.overflowsHeight = true
            return best
        }
        guard capIndex > 0 else { return best }
        let top = at(capIndex)
        if top.height <= height { return top }
        return Self.bisect(from: 0, fitting: best, to: capIndex, limit: height, layout: at) { low, high in
            high - low > 1 ? (low + high) / 2 : nil
        }
    }
}
