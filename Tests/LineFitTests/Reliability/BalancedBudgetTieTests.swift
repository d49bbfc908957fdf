import Testing

@testable import LineFit

/// FuzzBalancedOptimum's first finding (round 3): a height budget exactly equal to the
/// paragraph's least height, with several partitions of that height (a fixed size: six lines
/// of Courier Prime, some with Hebrew from a fallback). Stage 2 drops an entry when its height
/// plus the least rest-of-paragraph height exceeds the budget; summed in that order, the
/// cheapest tied partition comes out a few ulps over, so the optimiser returns a dearer
/// partition of the same height (cost 6007.85 instead of 6006.85). Not a wrong layout (it fits
/// the box, and no partition fits a hair inside the budget), so the oracle compares within
/// rounding of the budget; this pins that a partition is still found, valid and no cheaper
/// than the brute-force optimum a hair outside the budget.
@Suite struct BalancedBudgetTieTests {
    @Test func aBudgetOfExactlyTheLeastHeightStillFindsALeastHeightPartition() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/CourierPrime-Regular.otf")
        let text = "a\u{00AD}שלום\u{200B}a to/sun a שלום "
        var options = LayoutOptions(width: 58, minSize: 20, maxSize: 20)
        options.step = 0.5
        options.breakStrategy = .balanced
        let engine = try LayoutEngine()
        let (chain, languageOptions) = engine.forLayout(Array(text.utf16), fonts: fonts, options: options)
        let paragraph = engine.measureParagraphs(Array(text.utf16), fonts: chain, options: languageOptions)[0].1
        let fitter = LineFitter(grid: SizeGrid(minSize: 20, maxSize: 20, step: 0.5), width: 58, tracking: 0)
        let candidates = CandidateLines(
            paragraph, fitter: fitter, lowest: 20, tracking: 0, metrics: FontChainMetrics(chain), lineSpacing: 1,
            fixedSize: true)
        let breaker = BalancedLineBreaker(candidates, writerThreshold: .infinity, fixedSize: true)
        let least = try #require(breaker.leastHeight(threshold: 20))
        let partitions = BruteForcePartitions.all(breaker, threshold: 20)
        let tied = partitions.filter { abs($0.height - least.height) <= 1e-9 * least.height }
        #expect(tied.count >= 2, "the case needs several partitions of the least height")

        let front = breaker.front(threshold: 20, budget: least.height, quantum: 1e-9)
        let item = try #require(front.final.min { front.cost($0) < front.cost($1) }, "no partition within the budget")
        let path = front.path(item)
        #expect(abs(path.reduce(0) { $0 + breaker.height($1, threshold: 20) } - least.height) <= 1e-9 * least.height)
        #expect(BruteForcePartitions.sameCost(breaker.cost(of: path), front.cost(item)))
        let outside = BruteForcePartitions.optimum(breaker, threshold: 20, budget: least.height * (1 + 1e-12))
        let inside = BruteForcePartitions.optimum(breaker, threshold: 20, budget: least.height * (1 - 1e-12))
        #expect(front.cost(item) >= outside.boundedCost - 1e-9)
        #expect(inside.boundedCost == .infinity)
        #expect(tied.contains { BruteForcePartitions.sameCost($0.cost, front.cost(item)) })
    }
}
