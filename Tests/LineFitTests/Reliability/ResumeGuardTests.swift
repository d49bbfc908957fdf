import Testing

@testable import LineFit

/// `resumedFront` reads the earlier front's entries through unchecked buffers, so a front
/// may resume only over lines built reusing the lines it was built on: `resumes` compares
/// the front's line count with the one the lines record (`earlierEdgeCount`).
@Suite struct ResumeGuardTests {
    @Test func aFrontResumesOnlyOverLinesBuiltFromItsOwn() throws {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let options = LayoutOptions(width: 700, minSize: 24, maxSize: 260, breakStrategy: .balanced)
        let engine = try LayoutEngine()
        let text = "we packed the car at dawn and drove four hours north to the lake where the water was still"
        let measured = engine.measureParagraphs(Array(text.utf16), fonts: fonts, options: options)[0].1
        let settings = engine.balancedSettings(options: options, minSize: 24, maxSize: 260, fillHeight: nil)
        let lines = engine.balancedParagraph(measured, settings: settings, metrics: FontChainMetrics(fonts)).candidates
        let front = BalancedLineBreaker(lines, writerThreshold: .infinity, fixedSize: false)
            .front(threshold: 24, budget: nil, quantum: 1)
        #expect(lines.edgeCount > 10)
        for (recorded, resumes) in [(lines.edgeCount, true), (lines.edgeCount - 1, false), (lines.edgeCount + 1, false), (0, false)] {
            var reused = lines
            reused.earlierEdgeCount = recorded
            let breaker = BalancedLineBreaker(reused, writerThreshold: .infinity, fixedSize: false)
            #expect(breaker.resumes(front, starts: 1, threshold: 24, budget: nil) == resumes, "recorded \(recorded) of \(lines.edgeCount)")
        }
    }
}
