import Testing

@testable import LineFit

/// `budgetedFront` (the search a fill layout runs) against `front` with the same budget (the
/// search the brute-force oracle suites check): the same entries, links, final entries and
/// work, field by field, over seeded random paragraphs, budgets from below the least height
/// to three times it, buckets from exact to coarse, and each branch of the allowed-line test
/// (plain sizes, the writer's-line rule, a stability hint, a fixed size, words broken inside).
@Suite struct BudgetedFrontTests {
    static func expectSameFront(_ fast: BalancedLineBreaker.Front, _ reference: BalancedLineBreaker.Front, _ context: String) {
        #expect(fast.entryStart == reference.entryStart, "\(context): entry ranges")
        #expect(fast.entries.count == reference.entries.count, "\(context): entry count")
        for (index, (one, two)) in zip(fast.entries, reference.entries).enumerated() {
            let same = one.height == two.height && one.cost == two.cost && one.previousEdge == two.previousEdge
                && one.previousEntry == two.previousEntry
            #expect(same, "\(context): entry \(index)")
            if !same { break }
        }
        #expect(fast.final.map(\.edge) == reference.final.map(\.edge), "\(context): final edges")
        #expect(fast.final.map(\.entry) == reference.final.map(\.entry), "\(context): final entries")
        #expect(fast.transitions == reference.transitions, "\(context): transitions")
    }

    @Test func theBudgetedSearchEqualsTheGeneralOne() throws {
        var random = SplitMix64(seed: 0xF111_B0D6)
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let metrics = FontChainMetrics(fonts)
        var compared = 0, withEntries = 0, pruned = 0
        for trial in 0..<60 {
            var text = BalancedBreakingTests.paragraph(&random, words: 1 + random.int(below: 40))
            if trial % 7 == 3 { text += " Pneumonoultramicroscopicsilicovolcanoconiosis" }
            let width = random.double(in: 200...1000)
            let fixedSize = trial % 9 == 4
            let minSize = random.double(in: 12...60).rounded()
            let maxSize = fixedSize ? minSize : minSize + random.double(in: 40...260).rounded()
            let options = LayoutOptions(width: width, minSize: minSize, maxSize: maxSize)
            let paragraph = try BalancedBreakingTests.measured(text, fonts: fonts, options: options)
            let fitter = LineFitter(grid: SizeGrid(minSize: minSize, maxSize: maxSize, step: 0.01), width: width, tracking: 0)
            let candidates = CandidateLines(
                paragraph, fitter: fitter, lowest: minSize, tracking: 0, metrics: metrics, lineSpacing: 1,
                fixedSize: fixedSize)
            for threshold in [minSize, (minSize + maxSize) / 3] {
                let writer = trial % 3 == 1 ? threshold : .infinity
                var hint: BreakHint?
                if trial % 5 == 2, candidates.positions.count > 3 {
                    let kept = candidates.positions[candidates.positions.count / 2]
                    hint = BreakHint(breaks: [kept], limit: kept + 1, edited: true)
                }
                let breaker = BalancedLineBreaker(candidates, writerThreshold: writer, fixedSize: fixedSize, hint: hint)
                let least = breaker.leastHeight(threshold: threshold)?.height ?? 100
                for share in [0.9, 1.0, 1.05, 1.3, 3.0] {
                    for quantum in [1e-9, 8.0, least * share / Double(BalancedCost.heightBuckets)] {
                        let budget = least * share
                        let context = "trial \(trial) t \(threshold) budget \(budget) quantum \(quantum)"
                        let reference = breaker.front(threshold: threshold, budget: budget, quantum: quantum)
                        let fast = breaker.budgetedFront(threshold: threshold, budget: budget, quantum: quantum)
                        Self.expectSameFront(fast, reference, context)
                        compared += 1
                        if !reference.final.isEmpty { withEntries += 1 }
                        if reference.transitions > reference.entries.count { pruned += 1 }
                    }
                }
            }
        }
        // Not vacuous: most searches end with entries, and many drop candidates.
        #expect(compared == 1800 && withEntries >= 1000 && pruned >= 300, "\(withEntries) with entries, \(pruned) pruned")
    }

    /// One word repeated: paths that reach a break with the same lines in another order tie on
    /// height and cost, so which candidate each line keeps is decided by the order `front`
    /// forms them in (the budgeted search orders the entries reaching a start by height once,
    /// and breaks those ties by that order).
    @Test func tiedCandidatesKeepTheGeneralSearchsChoice() throws {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let metrics = FontChainMetrics(fonts)
        var compared = 0, pruned = 0
        for (count, word) in [(8, "aa"), (16, "mm"), (30, "aa"), (45, "abc")] {
            let text = Array(repeating: word, count: count).joined(separator: " ")
            for width in [300.0, 520.0, 800.0] {
                let options = LayoutOptions(width: width, minSize: 20, maxSize: 200)
                let paragraph = try BalancedBreakingTests.measured(text, fonts: fonts, options: options)
                let fitter = LineFitter(grid: SizeGrid(minSize: 20, maxSize: 200, step: 0.01), width: width, tracking: 0)
                let candidates = CandidateLines(
                    paragraph, fitter: fitter, lowest: 20, tracking: 0, metrics: metrics, lineSpacing: 1, fixedSize: false)
                let breaker = BalancedLineBreaker(candidates, writerThreshold: .infinity, fixedSize: false)
                let least = breaker.leastHeight(threshold: 20)?.height ?? 100
                for share in [1.0, 1.5, 4.0] {
                    for quantum in [1e-9, least * share / Double(BalancedCost.heightBuckets)] {
                        let budget = least * share
                        let reference = breaker.front(threshold: 20, budget: budget, quantum: quantum)
                        let fast = breaker.budgetedFront(threshold: 20, budget: budget, quantum: quantum)
                        Self.expectSameFront(fast, reference, "\(count)×\(word) width \(width) budget \(budget) quantum \(quantum)")
                        compared += 1
                        if reference.transitions > reference.entries.count { pruned += 1 }
                    }
                }
            }
        }
        #expect(compared == 72 && pruned >= 20, "\(pruned) pruned")
    }

    /// An empty paragraph (its one line takes the empty size, or the threshold): the copy of
    /// the search for lines not at their own sizes, with and without a fixed size and the
    /// writer's-line rule, budgets below and above its height.
    @Test func anEmptyParagraphEqualsTheGeneralSearch() throws {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let metrics = FontChainMetrics(fonts)
        let options = LayoutOptions(width: 400, minSize: 20, maxSize: 200)
        // The middle paragraph of three: an empty one as a layout meets it.
        let measured = try LayoutEngine().measureParagraphs(Array("a\n\nb".utf16), fonts: fonts, options: options)
        try #require(measured.count == 3)
        let paragraph = measured[1].1
        let fitter = LineFitter(grid: SizeGrid(minSize: 20, maxSize: 200, step: 0.01), width: 400, tracking: 0)
        var compared = 0, withEntries = 0
        for fixedSize in [false, true] {
            let candidates = CandidateLines(
                paragraph, fitter: fitter, lowest: 20, tracking: 0, metrics: metrics, lineSpacing: 1, fixedSize: fixedSize)
            #expect(candidates.isEmpty)
            for writer in [Double.infinity, 20] {
                for emptySize in [nil, 37.5] as [Double?] {
                    var breaker = BalancedLineBreaker(candidates, writerThreshold: writer, fixedSize: fixedSize)
                    breaker.emptySize = emptySize
                    for threshold in [20.0, 64] {
                        let height = breaker.height(0, threshold: threshold)
                        for budget in [height * 0.5, height, height * 2] {
                            let context = "fixed \(fixedSize) writer \(writer) empty \(String(describing: emptySize)) t \(threshold) budget \(budget)"
                            let reference = breaker.front(threshold: threshold, budget: budget, quantum: 1)
                            let fast = breaker.budgetedFront(threshold: threshold, budget: budget, quantum: 1)
                            Self.expectSameFront(fast, reference, context)
                            compared += 1
                            if !reference.final.isEmpty { withEntries += 1 }
                        }
                    }
                }
            }
        }
        #expect(compared == 48 && withEntries == 32, "\(withEntries) with entries")
    }
}
