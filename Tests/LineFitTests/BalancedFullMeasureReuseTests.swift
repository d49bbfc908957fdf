import Testing
@testable import LineFit

/// Without a box, a balanced session's entries keep no measurement (it shared the session's
/// tables, which the next window re-measure then copied): the agreement with the edited
/// paragraph's old measurement comes from the session, also after a full re-measure.
@Suite struct BalancedFullMeasureReuseTests {
    /// A balanced session on one paragraph of some 300 candidate lines.
    static func session() throws -> (EditorSession, FontChain, LayoutOptions) {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let options = LayoutOptions(width: 700, minSize: 24, maxSize: 260, breakStrategy: .balanced)
        let text = String(repeating: "Latin words between them, typed and deleted. ", count: 6) + "final office affair waffle"
        return (try EditorSession(text: text, fonts: fonts, options: options), fonts, options)
    }

    @Test func anEditMeasuredInFullStillReusesTheLinesBeforeIt() throws {
        let (session, fonts, options) = try Self.session()
        let built = session.balancedWork.candidateLines
        // A right-to-left letter near the end: the paragraph is measured afresh, not in a window.
        try session.insert("\u{05D0}", at: session.utf16Count - 22)
        #expect(session.statistics.paragraphMeasures == 1 && session.statistics.windowMeasures == 0)
        #expect(session.layout == (try layOut(session.text, fonts: fonts, options: options)))
        // Only the lines reaching the edit are measured again.
        #expect(built > 300 && session.balancedWork.candidateLines * 4 < built,
                "\(session.balancedWork.candidateLines) of \(built) candidate lines measured again")
    }

    /// After a window re-measure in the middle of the paragraph the session's prefix sums
    /// past it are patched (shifted, off from a fresh sum in the last bits): the agreement
    /// after a later full re-measure compares the glyphs, not those sums, so reuse still
    /// reaches the later edit and does not stop at the earlier one.
    @Test func anEditMeasuredInFullAfterAnEarlierEditStillReusesTheLinesBeforeIt() throws {
        let (session, fonts, options) = try Self.session()
        let built = session.balancedWork.candidateLines
        for (offset, word) in [(40, "coffee "), (61, "tiny "), (95, "Wolf ")] {
            try session.insert(word, at: offset)
        }
        #expect(session.statistics.windowMeasures == 3 && session.statistics.paragraphMeasures == 0)
        try session.insert("\u{05D0}", at: session.utf16Count - 22)
        #expect(session.statistics.paragraphMeasures == 1)
        #expect(session.layout == (try layOut(session.text, fonts: fonts, options: options)))
        #expect(built > 300 && session.balancedWork.candidateLines * 4 < built,
                "\(session.balancedWork.candidateLines) of \(built) candidate lines measured again")
    }
}
