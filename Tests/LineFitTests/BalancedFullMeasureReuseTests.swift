import Testing
@testable import LineFit

/// Without a box, a balanced session's entries keep no measurement (it shared the session's
/// tables, which the next window re-measure then copied): the agreement with the edited
/// paragraph's old measurement comes from the session, also after a full re-measure.
@Suite struct BalancedFullMeasureReuseTests {
    @Test func anEditMeasuredInFullStillReusesTheLinesBeforeIt() throws {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let options = LayoutOptions(width: 700, minSize: 24, maxSize: 260, breakStrategy: .balanced)
        let text = String(repeating: "Latin words between them, typed and deleted. ", count: 6) + "final office affair waffle"
        let session = try EditorSession(text: text, fonts: fonts, options: options)
        let built = session.balancedWork.candidateLines
        // A right-to-left letter near the end: the paragraph is measured afresh, not in a window.
        try session.insert("\u{05D0}", at: session.utf16Count - 22)
        #expect(session.statistics.paragraphMeasures == 1 && session.statistics.windowMeasures == 0)
        #expect(session.layout == (try layOut(session.text, fonts: fonts, options: options)))
        // Only the lines reaching the edit are measured again.
        #expect(built > 300 && session.balancedWork.candidateLines * 4 < built,
                "\(session.balancedWork.candidateLines) of \(built) candidate lines measured again")
    }
}
