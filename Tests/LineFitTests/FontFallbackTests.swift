import Testing
@testable import LineFit

/// Which font of the chain draws each cluster: the primary font for what it covers, the
/// colour font for emoji, the first covering fallback otherwise, and the primary's .notdef
/// (reported in `Layout.missing`) for what no font covers.
@Suite("Font fallback per cluster")
struct FontFallbackTests {
    static let options = LayoutOptions(width: 2000, minSize: 20, maxSize: 20)

    /// (text of the run, font file) per run of every line, in logical order.
    func runFonts(_ layout: Layout) -> [(String, String)] {
        layout.lines.flatMap { $0.runs.sorted { $0.start < $1.start } }.map { run in
            (layout.substring(run.start, run.end), layout.fontNames[run.fontIndex].split(separator: "/").last.map(String.init) ?? "")
        }
    }

    @Test("Latin stays in the primary font, Hebrew and emoji go to their fallbacks")
    func fallbackChain() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans, "NotoSansHebrew-Regular.ttf", TestFonts.emoji)
        let layout = try layOut("hi שלום🎉", fonts: fonts, options: Self.options)
        let runs = runFonts(layout)
        #expect(runs.map(\.0) == ["hi ", "שלום", "🎉"], "\(runs)")
        #expect(runs.map(\.1) == [TestFonts.notoSans, "NotoSansHebrew-Regular.ttf", TestFonts.emoji], "\(runs)")
        #expect(layout.missing.isEmpty)
    }

    @Test("a character no font covers is reported and drawn with the primary font")
    func missingCharacters() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans, TestFonts.emoji)
        let layout = try layOut("a\u{0F00}b", fonts: fonts, options: Self.options)  // U+0F00 TIBETAN SYLLABLE OM
        #expect(layout.missing == [MissingCharacters(start: 1, end: 2, codePoints: [0x0F00])])
        #expect(layout.lines.flatMap(\.runs).allSatisfy { $0.fontIndex == 0 })
        expectTiling(layout)
    }

    /// A cluster of script Common (space, digit, punctuation) stays in the previous cluster's
    /// font when that font covers it, except a colour font, which is only for emoji: Noto
    /// Color Emoji covers space, digits, '#' and '*' (keycap bases), and once set "🎉 time 3"
    /// with the space 2550/2048 em wide (a 96 pt gap at 77 pt) and the emoji font's "3".
    @Test("a space or digit after an emoji returns to the text font")
    func neutralAfterEmoji() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans, TestFonts.emoji)
        let layout = try layOut("party 🎉 time 3 🎉 4", fonts: fonts, options: Self.options)
        expectTiling(layout)
        let emojiRuns = runFonts(layout).filter { $0.1 == TestFonts.emoji }.map(\.0)
        #expect(emojiRuns == ["🎉", "🎉"])
        // Width: "party " + " time 3 " + " 4" in Noto Sans, two emoji in the colour font.
        let notoSans = try TestPaths.font(TestFonts.notoSans)
        let textUnits = try ["party ", " time 3 ", " 4"].reduce(0) { $0 + (try HBShape.units(fontPath: notoSans, text: $1)) }
        let expected = (Double(textUnits) / 1000 + 2 * 2550 / 2048) * 20
        let width = layout.lines.first?.width ?? 0
        #expect(widthsAgree(width, expected), "width \(width), expected \(expected)")
    }
}
