import Testing

@testable import LineFit

/// What one balanced fill leaves on its engine for the next: its paragraph's stage-2 arrays
/// (`spareFrontScratch`, handed back by `BoxFitting.layout`, taken by `fitBalanced`) and the
/// font chain's metrics (`lastChainMetrics`). A fill made after others (other texts, widths
/// and boxes, so arrays of other sizes with other contents) must equal the same fill on a
/// fresh engine, line for line.
@Suite struct EngineCarryOverTests {
    @Test func aFillAfterOtherFillsEqualsAFreshEnginesFill() throws {
        var random = SplitMix64(seed: 0xCA77_0E)
        let words = ["sun", "a", "coffee", "morning", "WOW", "together", "il", "x", "summer", "ferry", "horn", "—"]
        let chain = try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        let engine = try LayoutEngine()
        var handedOver = 0
        for trial in 0..<30 {
            let paragraphs = 1 + random.int(below: 2)
            let text = (0..<paragraphs).map { _ in
                (0..<(3 + random.int(below: 60))).map { _ in words[random.int(below: words.count)] }.joined(separator: " ")
            }.joined(separator: "\n")
            var options = LayoutOptions(width: random.double(in: 300...1200), minSize: 24, maxSize: 260)
            options.breakStrategy = .balanced
            options.box = .fill(height: random.double(in: 150...1800))
            if engine.spareFrontScratch != nil { handedOver += 1 }
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
    }
}
