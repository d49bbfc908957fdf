import Testing

@testable import LineFit

/// A fill hands its greedy check's `PrefixStop`s to the fresh build of candidate lines, which
/// reads them instead of making its own when they are at its positions (`buildPlain`: the
/// positions, the widest segment and the fit bounds too): the lines must be those of a build
/// that made its own, and stops at other positions must be ignored.
@Suite struct CandidateStopsTests {
    @Test func linesFromTheWitnessStopsEqualLinesFromTheirOwn() throws {
        var random = SplitMix64(seed: 0x5707_5)
        let words = ["sun", "a", "coffee", "morning", "WOW", "together", "il", "x", "summer", "ferry", "horn"]
        let chain = try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        let metrics = FontChainMetrics(chain)
        let engine = try LayoutEngine()
        var shared = 0, resized = 0
        for trial in 0..<40 {
            let text = (0..<(8 + random.int(below: 50))).map { _ in words[random.int(below: words.count)] }.joined(separator: " ")
            let width = random.double(in: 300...1200)
            let options = LayoutOptions(width: width, minSize: 24, maxSize: 260)
            let measured = engine.measureParagraphs(Array(text.utf16), fonts: chain, options: options)[0].1
            let fitter = LineFitter(grid: SizeGrid(minSize: 24, maxSize: 260, step: 0.01), width: width, tracking: 0)
            func lines(_ stops: [PrefixStop]?) -> CandidateLines {
                CandidateLines(
                    measured, fitter: fitter, lowest: 24, tracking: 0, metrics: metrics, lineSpacing: 1.2, fixedSize: false,
                    stops: stops)
            }
            let own = lines(nil)
            let witness = LayoutEngine.witnessStops(measured)
            if witness.map(\.position) == own.positions && own.positions.count > 16 { shared += 1 }
            let context = "trial \(trial): \(text.debugDescription) width \(width)"
            // As many stops, one at another position (the end of the word before a space).
            var moved = witness
            moved[witness.count / 2] = PrefixStop(measured, witness[witness.count / 2].position - 1)
            // Another smallest size, for `rescaled`: the same lines re-sized, or none, from both
            // (it reads the fit bounds the build recorded).
            let lower = LineFitter(grid: SizeGrid(minSize: 23.99, maxSize: 260, step: 0.01), width: width, tracking: 0)
            let ownRescaled = own.rescaled(fitter: lower, lowest: 23.99, tracking: 0, lineSpacing: 1.2, fixedSize: false)
            if ownRescaled != nil { resized += 1 }
            for stops in [witness, Array(witness.dropLast()), Array(witness.dropFirst()), moved] {
                let read = lines(stops)
                #expect(read.positions == own.positions && read.edgeStart == own.edgeStart, "\(context)")
                #expect(read.edges == own.edges && read.wholeSize == own.wholeSize, "\(context)")
                #expect(read.isEmergency == own.isEmergency && read.uniformHeight == own.uniformHeight, "\(context)")
                #expect(read.widestSegment?.range == own.widestSegment?.range, "\(context)")
                #expect(read.widestSegment?.size == own.widestSegment?.size, "\(context)")
                let readRescaled = read.rescaled(fitter: lower, lowest: 23.99, tracking: 0, lineSpacing: 1.2, fixedSize: false)
                #expect(readRescaled?.edges == ownRescaled?.edges, "\(context)")
            }
        }
        // Not vacuous: most builds take the scan that reads the stops.
        #expect(shared >= 20, "\(shared)")
        #expect(resized >= 10, "\(resized)")
    }
}
