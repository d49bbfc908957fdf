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

    /// ENGINE BUG (Itemizer.swift, `FontSelection.font`, the `previous` branch at line 133):
    /// a cluster of script Common (space, digit, punctuation) stays in the previous
    /// cluster's font when that font covers it, and Noto Color Emoji covers space, digits,
    /// '#' and '*' (keycap bases). So after an emoji, "🎉 time 3" sets the space, and a
    /// digit that follows, in the colour font: the space is 2550/2048 em wide instead of
    /// Noto Sans's 260/1000 (a 96 pt gap at 77 pt), and "3" becomes the emoji font's digit.
    /// The comment in the same function says colour fonts are only for emoji; the sticky
    /// branch needs the same guard: skip it when `chain.fonts[previous].hasColor` and the
    /// cluster is not an emoji cluster.
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
