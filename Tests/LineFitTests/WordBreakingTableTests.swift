import Testing
@testable import LineFit

/// Words wider than the line at the minimum size: broken between grapheme clusters, never
/// inside one, and flagged. Courier Prime advances are 1228/2048 em (see
/// `GreedyBreakingTableTests` for the size formula); Noto Color Emoji's are 2550/2048 em.
@Suite("Breaking inside over-long words")
struct WordBreakingTableTests {
    static let courierAdvance = 1228.0 / 2048.0
    static let emojiAdvance = 2550.0 / 2048.0
    static let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"  // 👩‍👩‍👧‍👦, 11 UTF-16 units

    func expectLinesStartAtGraphemes(_ layout: Layout, sourceLocation: SourceLocation = #_sourceLocation) {
        let boundaries = SwiftGraphemes.boundaries(layout.text)  // UAX #29 by Swift, independent of ICU
        for line in layout.lines {
            #expect(boundaries.contains(line.start), "a line starts inside a grapheme cluster at \(line.start)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test("a word longer than the line is broken after the last character that fits at min")
    func overLongWord() throws {
        let fonts = try TestFonts.chain(TestFonts.courier)
        let options = LayoutOptions(width: 600, minSize: 50, maxSize: 200)
        expectRows(try layOut("abcdefghijklmnopqrstuvwxyz0123456789", fonts: fonts, options: options), [
            LineRow("abcdefghijklmnopqrst",         50.03, [.brokenInsideWord]),
            LineRow("uvwxyz0123456789",             62.54),
        ])
        // A short word before it keeps its own line; the long word starts a fresh one.
        let layout = try layOut("go abcdefghijklmnopqrstuvwxyz", fonts: fonts, options: options)
        expectRows(layout, [
            LineRow("go ",                          200, [.heldAtMax]),
            LineRow("abcdefghijklmnopqrst",         50.03, [.brokenInsideWord]),
            LineRow("uvwxyz",                       166.77),
        ])
        expectTiling(layout)
    }

    /// Noto Sans, 1000 units per em. HarfBuzz composes e + U+0301 into é (564 units);
    /// q + U+0307 has no precomposed form and stays two glyphs, q (615) and a zero-width mark.
    /// At width 600 and min 50 a line holds 12,000 units: 21 é (11,844) or 19 q̇ (11,685).
    struct MarkCase: Sendable, CustomTestStringConvertible {
        var cluster: String
        var rows: [(count: Int, size: Double, flags: Line.Flags)]
        var testDescription: String { TestPaths.codePoints(cluster) }
    }

    @Test("combining marks stay with their base when a word is broken", arguments: [
        MarkCase(cluster: "e\u{301}", rows: [(21, 50.65, [.brokenInsideWord]), (4, 200, [.heldAtMax])]),
        MarkCase(cluster: "q\u{307}", rows: [(19, 51.34, [.brokenInsideWord]), (6, 162.6, [])]),
    ])
    func combiningMarks(_ mark: MarkCase) throws {
        let word = String(repeating: mark.cluster, count: mark.rows.reduce(0) { $0 + $1.count })
        let layout = try layOut(
            word, fonts: TestFonts.chain(TestFonts.notoSans), options: LayoutOptions(width: 600, minSize: 50, maxSize: 200))
        expectRows(layout, mark.rows.map { LineRow(String(repeating: mark.cluster, count: $0.count), $0.size, $0.flags) })
        expectLinesStartAtGraphemes(layout)
        expectTiling(layout)
    }

    /// Word joiners (U+2060, zero width) glue the family to the letters, so the whole text
    /// is one unbreakable word: six letters of 0.5996 em and the family, 1.2451 em. At width
    /// 150 and min 50 a line holds 3 em: "abc⁠" (1.7988 em) fits and adding the family
    /// (3.0439 em) does not; the family, WJ and "de" make 2.4443 em, adding "f" 3.0439 em.
    /// Sizes: the largest grid size with em × size ≤ 150.
    @Test("an emoji ZWJ sequence inside a word is never split")
    func zwjSequenceInsideWord() throws {
        let fonts = try TestFonts.chain(TestFonts.courier, TestFonts.emoji)
        let text = "abc\u{2060}\(Self.family)\u{2060}def"
        let layout = try layOut(text, fonts: fonts, options: LayoutOptions(width: 150, minSize: 50, maxSize: 200))
        expectRows(layout, [
            LineRow("abc\u{2060}",                  83.38, [.brokenInsideWord]),
            LineRow("\(Self.family)\u{2060}de",     61.36, [.brokenInsideWord]),
            LineRow("f",                            200, [.heldAtMax]),
        ])
        expectLinesStartAtGraphemes(layout)
        expectTiling(layout)
        if layout.lines.count == 3 {
            let emWidth = Self.emojiAdvance + 2 * Self.courierAdvance
            #expect(widthsAgree(layout.lines[1].width, emWidth * 61.36))
            // The family (UTF-16 4..<15) is drawn by the colour font as one glyph.
            let run = layout.lines[1].runs.first { $0.start <= 4 && 15 <= $0.end }
            #expect(run?.fontIndex == 1)
            #expect(run?.glyphs.filter { $0.cluster == 4 }.count == 1)
        }
    }

    /// Width 60 at min 50 holds 1.2 em; the family is 1.2451 em, wider than any line.
    @Test("a cluster wider than the line gets a line of its own, whole, marked overflowing")
    func clusterWiderThanLine() throws {
        let fonts = try TestFonts.chain(TestFonts.courier, TestFonts.emoji)
        let layout = try layOut(
            Self.family + Self.family, fonts: fonts, options: LayoutOptions(width: 60, minSize: 50, maxSize: 200))
        #expect(layout.lineTexts == [Self.family, Self.family])
        for line in layout.lines {
            #expect(line.size == 50)
            #expect(line.flags.contains(.overflows))
            #expect(widthsAgree(line.width, Self.emojiAdvance * 50))
        }
        expectTiling(layout)
    }

    /// When no break opportunity fits, the emergency break may land on the next opportunity
    /// itself (here the end of the first family: there is no cluster boundary before it).
    /// Nothing was broken inside a word then, and the line says so: the flag is set only when
    /// the line ends before the opportunity.
    @Test("a line that ends at a break opportunity is not flagged as broken inside a word")
    func overflowingClusterIsNotABrokenWord() throws {
        let fonts = try TestFonts.chain(TestFonts.courier, TestFonts.emoji)
        let layout = try layOut(
            Self.family + Self.family, fonts: fonts, options: LayoutOptions(width: 60, minSize: 50, maxSize: 200))
        expectRows(layout, [
            LineRow(Self.family,                50, [.overflows]),
            LineRow(Self.family,                50, [.overflows]),
        ])
        // A single letter wider than the line: the same path, the same flag.
        let letter = try layOut(
            "ab", fonts: TestFonts.chain(TestFonts.courier), options: LayoutOptions(width: 20, minSize: 50, maxSize: 200))
        expectRows(letter, [
            LineRow("a",                        50, [.overflows, .brokenInsideWord]),
            LineRow("b",                        50, [.overflows]),
        ])
    }
}
