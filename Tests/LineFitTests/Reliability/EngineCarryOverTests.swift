import Testing

@testable import LineFit

/// What one balanced fill leaves on its engine for the next: its paragraph's stage-2 arrays
/// (`spareFrontScratch`, handed back by `BoxFitting.layout`, taken by `fitBalanced`), stage 1's
/// search arrays (`stage1Scratch`, whose `via` keeps the last probe's entries: a probe reads
/// only those it wrote) and the font chain's metrics (`lastChainMetrics`). A fill made after others (other texts, widths
/// and boxes, so arrays of other sizes with other contents) must equal the same fill on a
/// fresh engine, line for line.
@Suite struct EngineCarryOverTests {
    @Test func aFillAfterOtherFillsEqualsAFreshEnginesFill() throws {
        var random = SplitMix64(seed: 0xCA77_0E)
        let words = ["sun", "a", "coffee", "morning", "WOW", "together", "il", "x", "summer", "ferry", "horn", "—"]
        let chain = try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        let engine = try LayoutEngine()
        var handedOver = 0, keptSearch = 0
        for trial in 0..<30 {
            let paragraphs = 1 + random.int(below: 2)
            let text = (0..<paragraphs).map { _ in
                (0..<(3 + random.int(below: 60))).map { _ in words[random.int(below: words.count)] }.joined(separator: " ")
            }.joined(separator: "\n")
            var options = LayoutOptions(width: random.double(in: 300...1200), minSize: 24, maxSize: 260)
            options.breakStrategy = .balanced
            options.box = .fill(height: random.double(in: 150...1800))
            if engine.spareFrontScratch != nil { handedOver += 1 }
            if !engine.stage1Scratch.via.isEmpty { keptSearch += 1 }
            let carried = try engine.layout(text, fonts: chain, options: options)
            let fresh = try LayoutEngine().layout(text, fonts: chain, options: options)
            let context = "trial \(trial): \(text.debugDescription) width \(options.width) box \(options.box)"
            #expect(carried.lines.map(\.start) == fresh.lines.map(\.start), "\(context)")
            #expect(carried.lines.map(\.end) == fresh.lines.map(\.end), "\(context)")
            #expect(carried.lines.map(\.size) == fresh.lines.map(\.size), "\(context)")
            #expect(carried.chosenMinimum == fresh.chosenMinimum && carried.height == fresh.height, "\(context)")
        }
        // Not vacuous: every fill after the first finds the arrays of the one before.
        #expect(handedOver == 29, "\(handedOver)")
        #expect(keptSearch == 29, "\(keptSearch)")
    }

    /// The state kept between any layouts: the chain's metrics (`lastChainMetrics`) and the
    /// no-box balanced fitting context (`lastBalancedContext`). One engine lays out by turns
    /// with three chains, other minimums, maximums, widths, tracking and strategies, with and
    /// without a box; each layout must equal a fresh engine's, line for line and glyph for glyph.
    @Test func layoutsOnOneEngineAcrossChainsAndOptionsEqualAFreshEngines() throws {
        var random = SplitMix64(seed: 0x0E_C4A1)
        let words = ["sun", "a", "coffee", "morning", "WOW", "together", "il", "x", "summer", "ferry", "horn", "déjà"]
        let chains = try ["Fonts/LeagueSpartan-Bold.otf", "Fonts/BebasNeue-Regular.otf", "Fonts/NotoSans-Regular.ttf"]
            .map { try EditorFixtures.chain(primary: $0) }
        let engine = try LayoutEngine()
        var reused = 0
        var options = LayoutOptions(width: 400, minSize: 18, maxSize: 200)
        var chain = chains[0]
        for trial in 0..<120 {
            let text = (0..<(2 + random.int(below: 40))).map { _ in words[random.int(below: words.count)] }
                .joined(separator: " ")
            // Half the time the options and the chain of the layout before (typing, which
            // meets the kept context), else others drawn from few values each.
            if trial == 0 || random.int(below: 2) == 0 {
                options = LayoutOptions(
                    width: [400.0, 900][random.int(below: 2)], minSize: [18.0, 36.005][random.int(below: 2)],
                    maxSize: [200.0, 300][random.int(below: 2)])
                options.tracking = [0, 0.05][random.int(below: 2)]
                options.breakStrategy = random.int(below: 4) == 0 ? .greedy : .balanced
                if random.int(below: 4) == 0 { options.box = .fill(height: random.double(in: 300...1600)) }
                chain = chains[random.int(below: chains.count)]
            }
            let before = engine.lastBalancedContext.map { ObjectIdentifier($0.context) }
            let carried = try engine.layout(text, fonts: chain, options: options)
            let after = engine.lastBalancedContext.map { ObjectIdentifier($0.context) }
            if options.breakStrategy == .balanced, options.box == .none, before != nil, before == after { reused += 1 }
            let fresh = try LayoutEngine().layout(text, fonts: chain, options: options)
            let context = "trial \(trial): \(text.debugDescription) \(options)"
            #expect(carried.lines == fresh.lines, "\(context)")
            #expect(carried.height == fresh.height && carried.chosenMinimum == fresh.chosenMinimum, "\(context)")
        }
        // Not vacuous: balanced layouts without a box met the context an earlier one kept.
        #expect(reused >= 20, "\(reused)")
    }
}
