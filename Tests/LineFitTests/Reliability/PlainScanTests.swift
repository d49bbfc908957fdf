import Testing

@testable import LineFit

/// A fresh build of one font's paragraph scans its lines in `scanPlain`, which writes each
/// start's lines into storage with room for all of them and, past the lines it expected (a
/// dozen per position), into more storage appended after. Its lines must be those of the
/// general scan (taken here by an exact width for a line that does not exist), also where
/// the starts make far more lines than expected.
@Suite struct PlainScanTests {
    @Test func plainScanMakesTheGeneralScansLines() throws {
        var random = SplitMix64(seed: 0x9_1A1_5CA)
        let words = ["a", "x", "il", "sun", "ok,", "WOW", "ferry", "coffee", "together", "summer"]
        let chain = try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        let metrics = FontChainMetrics(chain)
        let engine = try LayoutEngine()
        var plain = 0, pastExpected = 0
        for trial in 0..<40 {
            let count = 18 + random.int(below: 60)
            let text = (0..<count).map { _ in words[random.int(below: random.int(below: 2) == 0 ? 4 : words.count)] }
                .joined(separator: " ")
            // Small lowest sizes on wide lines: a start then has a line to most ends after it.
            let width = random.double(in: 300...2400)
            let lowest = random.int(below: 2) == 0 ? 24 : random.double(in: 2...8)
            let options = LayoutOptions(width: width, minSize: lowest, maxSize: 260)
            let measured = engine.measureParagraphs(Array(text.utf16), fonts: chain, options: options)[0].1
            let fitter = LineFitter(grid: SizeGrid(minSize: lowest, maxSize: 260, step: 0.01), width: width, tracking: 0)
            func lines(_ override: [LineKey: Double]) -> CandidateLines {
                CandidateLines(
                    measured, fitter: fitter, lowest: lowest, tracking: 0, metrics: metrics, lineSpacing: 1.2,
                    fixedSize: false, widthOverride: override)
            }
            let scanned = lines([:])
            let general = lines([LineKey(start: -1, contentEnd: -1): 1])
            let context = "trial \(trial): \(text.debugDescription) width \(width) lowest \(lowest)"
            #expect(scanned.positions == general.positions && scanned.edgeStart == general.edgeStart, "\(context)")
            #expect(scanned.edges == general.edges && scanned.wholeSize == general.wholeSize, "\(context)")
            #expect(scanned.measuredLines == general.measuredLines, "\(context)")
            // The work count the emergency-work tests bound is the same too.
            #expect(scanned.widthsRead == general.widthsRead, "\(context)")
            if scanned.positions.count > 16 && !scanned.isEmergency.contains(true) { plain += 1 }
            if scanned.edgeCount > 12 * scanned.positions.count { pastExpected += 1 }
        }
        // Not vacuous: most builds take the plain scan, and some make more lines than it expected.
        #expect(plain >= 25, "\(plain)")
        #expect(pastExpected >= 5, "\(pastExpected)")
    }
}
