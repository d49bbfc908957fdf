import Testing

@testable import LineFit

/// Regression tests for balanced and fill editor sessions that differed from a fresh layout,
/// found by `EditorHardTextPropertyTests` (the seed is named in each case).
@Suite struct BalancedSessionRegressionTests {
    static func chain(_ primary: String) throws -> FontChain {
        try FontChain(fonts: ([primary] + BundledFonts.defaultFallbackNames.filter { $0 != primary }).map { try TestFonts.font($0) })
    }

    /// Deleting every character of the only paragraph left an empty paragraph in the session,
    /// which balanced breaking laid out as one empty line; the empty text has no lines
    /// (seeds 445534, 648049).
    @Test(arguments: [LayoutOptions.Box.none, .fill(height: 400)])
    func deletingAllTheTextLeavesNoLines(box: LayoutOptions.Box) throws {
        let fonts = try Self.chain(TestFonts.courier)
        var options = LayoutOptions(width: 400, minSize: 24, maxSize: 60, breakStrategy: .balanced)
        options.box = box
        let session = try EditorSession(text: "ab", fonts: fonts, options: options)
        try session.delete(0..<2)
        #expect(session.layout.lines.isEmpty)
        #expect(session.layout == (try layOut("", fonts: fonts, options: options)))
        try session.insert("c", at: 0)
        #expect(session.layout == (try layOut("c", fonts: fonts, options: options)))
    }

    /// Lines narrower than one cluster at the only size: every line overflows and the repair
    /// of estimates that fit runs out of rounds. The session cached the repaired paragraph and,
    /// on the next edit (here one that changes nothing), planned from the repaired widths at
    /// once: `10..<14, 14..<15` where a fresh layout has `10..<15` (seed 283522).
    @Test func aRepairedParagraphIsNotReusedFromTheCache() throws {
        let fonts = try Self.chain(TestFonts.bebas)
        let options = LayoutOptions(width: 5, minSize: 6, maxSize: 6, breakStrategy: .balanced)
        let session = try EditorSession(text: "❤️🇫🇷word שלום  ", fonts: fonts, options: options)
        try session.backspace(at: 9)
        try session.delete(4..<9)
        try session.insert("\u{1F3FF}\u{1F3FF}\u{1F3FF}", at: 4)
        try session.replace(6..<11, with: "\u{1F3FF}\u{1F3FF}\u{1F3FF}")
        try session.insert("\u{0308}\u{0323}", at: 6)
        #expect(session.layout == (try layOut(session.text, fonts: fonts, options: options)))
        try session.delete(20..<20)
        let fresh = try layOut(session.text, fonts: fonts, options: options)
        #expect(session.layout.lines.map(\.start) == fresh.lines.map(\.start))
        #expect(session.layout == fresh)
    }
}
