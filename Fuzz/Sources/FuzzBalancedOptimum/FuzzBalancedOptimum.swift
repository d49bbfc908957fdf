import FuzzSupport
@testable import LineFit

/// Balanced and fill layouts against a brute-force optimum on small paragraphs
/// (`BruteForcePartitions`, the oracle `BalancedBreakingTests` uses too).
@_cdecl("FuzzBalancedOptimum_main")
public func fuzzBalancedOptimumMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 {
    runFuzzer(argc, argv, fuzzBalancedOptimumInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBalancedOptimumInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzOneInput(data, size, BalancedOptimumCheck.run)
}

/// Input: option bytes (width, sizes, step, tracking, line spacing), a font byte, a box byte,
/// then words of one paragraph (a byte each: the word, then its separator), at most 10 interior
/// break positions so that every partition can be enumerated.
enum BalancedOptimumCheck {
    static let words = [
        "a", "to", "sun", "city", "summer", "weekend", "adventure", "WOW", "Type", "100%", "ok,", "x", "Pneumono",
        "naïve", "e\u{0301}te\u{0301}", "中文", "今天", "שלום", "مرحبا", "नमस्ते", "🎉", "👩‍❤️‍💋‍👨", "👍🏻", "ok\u{FE0F}",
        "supercalifragilistic", "AV", "ff", "ส\u{0E31}",
    ]
    static let separators = [" ", " ", " ", "-", "\u{00AD}", "\u{200B}", "/", ""]
    /// At most 1,024 partitions per enumeration: an input checks about 20 of them, which
    /// stays well under the fuzzer's 10 s timeout in a debug ASan build on a loaded machine.
    static let interiorLimit = 10

    static func fail(_ message: String, _ text: String, _ options: LayoutOptions) -> Never {
        fatalError("fuzz optimum: \(message)\ntext \(text.debugDescription)\noptions \(options)")
    }

    static func run(_ input: inout FuzzBytes) {
        var options = LayoutOptions(
            width: input.pick([40.0, 120, 300, 600, 1000]) + Double(input.byte()),
            minSize: input.pick([6.0, 12, 24, 40]) + Double(input.byte() % 32), maxSize: 0)
        options.maxSize = options.minSize + input.pick([0.0, 20, 100, 276])
        options.step = input.pick([0.01, 0.5, 1])
        options.tracking = input.pick([0.0, -0.05, 0.04, 0.3])
        options.lineSpacing = input.pick([1.0, 1.5])
        options.breakStrategy = .balanced
        let chain = input.pick(FuzzFonts.chains)
        let boxShare = input.pick([0.5, 1, 1, 1.3, 3])
        var text = ""
        while !input.isAtEnd, text.utf16.count < 200 {
            text += input.pick(words) + input.pick(separators)
        }
        guard (try? options.validate()) != nil, !text.isEmpty else { return }
        let engine: LayoutEngine
        do { engine = try LayoutEngine() } catch { fail("engine: \(error)", text, options) }
        // The language and the chain's order for it, as `layout` sets them before measuring.
        let fonts: FontChain
        (fonts, options) = engine.forLayout(Array(text.utf16), fonts: chain, options: options)
        let measured = engine.measureParagraphs(Array(text.utf16), fonts: fonts, options: options)
        guard measured.count == 1, let paragraph = measured.first?.1, paragraph.contentLength > 0 else { return }
        let metrics = FontChainMetrics(fonts)
        let fixed = options.minSize == options.maxSize

        // The optimiser on the candidate lines from the options' minimum, as the unit test does.
        let fitter = LineFitter(
            grid: SizeGrid(minSize: options.minSize, maxSize: options.maxSize, step: options.step), width: options.width,
            tracking: options.tracking)
        let candidates = CandidateLines(
            paragraph, fitter: fitter, lowest: options.minSize, tracking: options.tracking, metrics: metrics,
            lineSpacing: options.lineSpacing, fixedSize: fixed)
        guard candidates.positions.count - 2 <= interiorLimit else { return }
        for threshold in [options.minSize, (options.minSize + options.maxSize) / 3] {
            for writer in [Double.infinity, threshold] {
                let breaker = BalancedLineBreaker(candidates, writerThreshold: writer, fixedSize: fixed)
                let least = breaker.leastHeight(threshold: threshold)
                let budget = (least?.height ?? 0) * boxShare
                let brute = BruteForcePartitions.optimum(breaker, threshold: threshold, budget: budget)
                let context = "threshold \(threshold), writer \(writer), budget \(budget)"
                let free = breaker.front(threshold: threshold, budget: nil, quantum: 1)
                guard brute.cost.isFinite else {
                    if !free.final.isEmpty || least != nil { fail("\(context): no partition, the optimiser found one", text, options) }
                    continue
                }
                guard free.final.count == 1, let item = free.final.first else {
                    fail("\(context): \(free.final.count) final entries without a budget", text, options)
                }
                if !BruteForcePartitions.sameCost(free.cost(item), brute.cost)
                    || !BruteForcePartitions.sameCost(breaker.cost(of: free.path(item)), brute.cost) {
                    fail("\(context): optimiser cost \(free.cost(item)), brute force \(brute.cost)", text, options)
                }
                if !(least.map { BruteForcePartitions.sameCost($0.height, brute.leastHeight) } ?? false) {
                    fail("\(context): stage 1 height \(least?.height ?? -1), brute force \(brute.leastHeight)", text, options)
                }
                let front = breaker.front(threshold: threshold, budget: budget, quantum: 1e-9)
                let bounded = front.final.map { front.cost($0) }.min() ?? .infinity
                // Heights summed in another order differ in the last bits, and a budget of
                // exactly the least height (a box share of 1) has ties at the bound: the
                // optimiser is exact between the optimum a hair inside and a hair outside it.
                func withinRounding() -> Bool {
                    let inside = BruteForcePartitions.optimum(breaker, threshold: threshold, budget: budget * (1 - 1e-12))
                    let outside = BruteForcePartitions.optimum(breaker, threshold: threshold, budget: budget * (1 + 1e-12))
                    return bounded >= outside.boundedCost - 1e-9 && bounded <= inside.boundedCost + 1e-9
                }
                if !BruteForcePartitions.sameCost(bounded, brute.boundedCost) && !withinRounding() {
                    fail("\(context): bounded optimiser \(bounded), brute force \(brute.boundedCost)", text, options)
                }
                if !front.final.allSatisfy({ front.height($0) <= budget }) { fail("\(context): a final entry over the budget", text, options) }
                if !front.final.allSatisfy({ BruteForcePartitions.sameCost(breaker.cost(of: front.path($0)), front.cost($0)) }) {
                    fail("\(context): a final entry's cost is not its path's", text, options)
                }
            }
        }

        // Whole layouts: no box (the least-cost breaks at the minimum) and a box to fill.
        checkLayout(text, fonts: fonts, options: options, measured: measured, fill: nil, engine: engine)
        if !fixed, let least = BalancedLineBreaker(candidates, writerThreshold: .infinity, fixedSize: false)
            .leastHeight(threshold: options.minSize) {
            let height = max(options.minSize, least.height * boxShare)
            checkLayout(text, fonts: fonts, options: options, measured: measured, fill: height, engine: engine)
        }
    }

    /// The layout's lines as candidate edges; nil when a line is not a candidate line.
    static func path(_ layout: Layout, _ lines: CandidateLines, _ breaker: BalancedLineBreaker) -> [Int]? {
        var path: [Int] = []
        for line in layout.lines {
            guard let a = lines.positions.firstIndex(of: line.start), let b = lines.positions.firstIndex(of: line.end),
                  let edge = breaker.edge(from: a, to: b) else { return nil }
            path.append(edge)
        }
        return path
    }

    static func checkLayout(
        _ text: String, fonts: FontChain, options base: LayoutOptions, measured: [(ParagraphRange, MeasuredParagraph)],
        fill: Double?, engine: LayoutEngine
    ) {
        var options = base
        options.box = fill.map { .fill(height: $0) } ?? .none
        let published: Layout
        do { published = try engine.layout(text, fonts: fonts, options: options) } catch { fail("layout: \(error)", text, options) }
        // The same layout through the balanced strategy's entry, to read the candidate lines it
        // chose from: the lowest size (a fill's ladder rung or the floor) and the exact widths
        // of lines whose estimate proved wrong (repairs), which the optimum is taken over.
        var cache: [LayoutEngine.BalancedParagraph?] = []
        let layout = engine.fitBalanced(
            text, paragraphs: measured, cache: &cache, fonts: fonts, options: options, minSize: options.minSize,
            maxSize: options.maxSize, fillHeight: fill)
        guard layout.lines.map({ $0.start..<$0.end }) == published.lines.map({ $0.start..<$0.end }),
              cache.count == 1, let entry = cache[0] else {
            fail("fitBalanced and layout differ", text, options)
        }
        let fixed = options.minSize == options.maxSize
        let lines = entry.candidates
        let lowest = entry.settings.lowest
        guard lines.positions.count - 2 <= interiorLimit else { return }
        var breaker = BalancedLineBreaker(lines, writerThreshold: .infinity, fixedSize: fixed)
        breaker.emptySize = layout.chosenMinimum
        guard let path = path(layout, lines, breaker) else {
            fail("the layout's lines \(layout.lines.map { $0.start..<$0.end }) are not candidate lines", text, options)
        }
        // Out of repair rounds, a line still wider than its estimate stands as fitted: the
        // breaks are the last plan's, over widths that proved wrong.
        if zip(path, layout.lines).contains(where: { !lines.forced[$0] && $1.flags.contains(.overflows) }) { return }
        let partitions = BruteForcePartitions.all(breaker, threshold: nil)
        guard let fill else {
            let optimum = BruteForcePartitions.optimum(breaker, threshold: lowest, budget: .infinity)
            if !BruteForcePartitions.sameCost(breaker.cost(of: path), optimum.cost) {
                fail("balanced layout costs \(breaker.cost(of: path)), the optimum \(optimum.cost)", text, options)
            }
            return
        }
        // Stage 1: t* is the largest line size (or the lowest) at which some breaks with every
        // free line at least that size fit the box; a retry for a block fitted taller than
        // estimated only lowers it.
        let t = layout.chosenMinimum
        guard let reachable = partitions.filter({ $0.height <= fill }).map(\.smallest).max() else {
            if !layout.overflowsHeight, layout.height > fill * (1 + 1e-9) { fail("over the box, not flagged", text, options) }
            return
        }
        if t > max(reachable, lowest) * (1 + 1e-9) {
            fail("t* \(t) above the brute-force \(reachable) in a box of \(fill)", text, options)
        }
        if !partitions.contains(where: { $0.height <= fill * (1 + 1e-9) && $0.smallest >= t * (1 - 1e-9) }) {
            fail("no breaks with every line at least t* \(t) fit the box \(fill)", text, options)
        }
        // Stage 2: the chosen breaks fit the box by their estimates and keep every free line
        // at least τ·t* (on the grid: a step below it at most).
        let height = path.reduce(0) { $0 + breaker.height($1, threshold: t) }
        if height > fill * (1 + 1e-9) { fail("chosen breaks \(height) tall in a box of \(fill)", text, options) }
        let floor = BalancedCost.tau * t - options.step
        if path.contains(where: { !lines.forced[$0] && lines.size[$0] < floor * (1 - 1e-9) }) {
            fail("a line below τ·t* \(floor)", text, options)
        }
    }
}
