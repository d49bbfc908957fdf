import Foundation
import Testing

@testable import LineFit

/// Thai is written without spaces between words; UAX #14 leaves its line breaks (class SA) to
/// a dictionary, which ICU applies. A Thai sentence laid out at narrow widths must break only
/// at those word boundaries, or, for a word wider than the line, between grapheme clusters
/// with the line flagged `brokenInsideWord`.
@Suite struct ThaiDictionaryBreakTests {
    static let text = "สวัสดีตอนเช้าทุกคนวันนี้อากาศดีมาก"

    /// Expected boundaries, obtained outside the engine with ICU 72.1 (Debian 12's libicu72,
    /// the ICU the engine links) through this C program, built with `cc brk.c -licuuc`:
    ///
    ///     UChar buf[1024]; int32_t len; UErrorCode e = U_ZERO_ERROR;
    ///     u_strFromUTF8(buf, 1024, &len, argv[2], -1, &e);
    ///     UBreakIterator *bi = ubrk_open(type, "", buf, len, &e);  // UBRK_LINE, UBRK_CHARACTER
    ///     for (int32_t p = ubrk_first(bi); p != UBRK_DONE; p = ubrk_next(bi)) printf(" %d", p);
    ///
    /// Line breaks (UBRK_LINE; UBRK_WORD gives the same positions): the words are
    /// [สวัสดี][ตอน][เช้า][ทุก][คน][วัน][นี้][อากาศ][ดี][มาก]. UTF-16 offsets.
    static let wordBoundaries: [Int] = [0, 6, 9, 13, 16, 18, 21, 24, 29, 31, 34]
    /// Grapheme cluster boundaries (UBRK_CHARACTER): a vowel or tone mark above or below
    /// stays with its consonant ([วั], [ดี], [ช้], [นี้]...); leading vowels (เ) and า/ำ are clusters.
    static let graphemeBoundaries: [Int] = [
        0, 1, 3, 4, 6, 7, 8, 9, 10, 12, 13, 15, 16, 17, 18, 20, 21, 24, 25, 26, 27, 28, 29, 31, 32, 33, 34,
    ]

    static let primary = "Fonts/NotoSansThai-Regular.ttf"
    static let step = 0.01

    static func options(width: Double) -> LayoutOptions {
        LayoutOptions(width: width, minSize: 30, maxSize: 240, step: step)
    }

    @Test func expectedDataAgreesWithSwiftAndTheText() {
        #expect(Self.text.utf16.count == 34)
        // Swift's own UAX #29 segmentation agrees with ICU's character boundaries here.
        #expect(SwiftGraphemes.boundaries(Self.text) == Set(Self.graphemeBoundaries))
        // Every word boundary is a grapheme boundary.
        #expect(Set(Self.wordBoundaries).isSubset(of: Set(Self.graphemeBoundaries)))
        let utf16 = Array(Self.text.utf16)
        let words = zip(Self.wordBoundaries, Self.wordBoundaries.dropFirst()).map {
            String(decoding: utf16[$0..<$1], as: UTF16.self)
        }
        #expect(words == ["สวัสดี", "ตอน", "เช้า", "ทุก", "คน", "วัน", "นี้", "อากาศ", "ดี", "มาก"])
    }

    @Test func engineBreakOpportunitiesAreICUsDictionaryBoundaries() throws {
        let chain = try ScriptFonts.chain(primary: Self.primary)
        let engine = try LayoutEngine()
        let units = Array(Self.text.utf16)
        let measured = engine.measure(units: units, contentLength: units.count, fonts: chain, options: Self.options(width: 100))
        #expect(measured.breaks == Array(Self.wordBoundaries.dropFirst()))
    }

    @Test func linesEndOnlyAtWordBoundariesAtEveryNarrowWidth() throws {
        let chain = try ScriptFonts.chain(primary: Self.primary)
        let thaiFont = try #require(ScriptFonts.index(of: "NotoSansThai-Regular.ttf", in: chain))
        let engine = try LayoutEngine()
        let words = Set(Self.wordBoundaries)
        let graphemes = Set(Self.graphemeBoundaries)
        var sawBrokenWord = false, sawWholeWordsOnly = false
        for width in stride(from: 20.0, through: 420, by: 5) {
            let layout = try engine.layout(Self.text, fonts: chain, options: Self.options(width: width))
            LayoutInvariants.expectAll(layout)
            LayoutInvariants.expectFills(layout, step: Self.step)
            #expect(layout.missing.isEmpty)
            for line in layout.lines {
                #expect(line.runs.allSatisfy { $0.fontIndex == thaiFont && $0.script == "Thai" })
                let text = layout.text(of: line)
                if words.contains(line.end) {
                    continue
                }
                // Not a word boundary: only allowed for a word wider than the line, broken
                // between grapheme clusters, and then no word boundary lies inside the line
                // (otherwise the line should have ended there).
                #expect(line.flags.contains(.brokenInsideWord), "width \(width): \(text.debugDescription) ends inside a word without saying so")
                #expect(graphemes.contains(line.end), "width \(width): \(text.debugDescription) ends inside a grapheme cluster")
                #expect(!words.contains { $0 > line.start && $0 < line.end },
                        "width \(width): \(text.debugDescription) broke inside a word after passing a word boundary")
                sawBrokenWord = true
            }
            if layout.lines.count > 1, layout.lines.allSatisfy({ !$0.flags.contains(.brokenInsideWord) }) {
                sawWholeWordsOnly = true
            }
            // Every line start is a grapheme boundary, whatever happened.
            #expect(layout.lines.allSatisfy { graphemes.contains($0.start) && graphemes.contains($0.end) })
        }
        // The sweep covers both regimes: whole words per line, and words too wide for a line.
        #expect(sawBrokenWord)
        #expect(sawWholeWordsOnly)
    }

    @Test func aWidthThatHoldsTwoShortWordsPerLine() throws {
        // At 150 pt and 30 pt text (widths from NotoSansThai: สวัสดีตอน is 122.25 pt, and
        // adding เช้า would pass 150), greedy breaking at the dictionary boundaries gives:
        let layout = try LayoutEngine().layout(
            Self.text, fonts: try ScriptFonts.chain(primary: Self.primary), options: Self.options(width: 150))
        LayoutInvariants.expectAll(layout)
        let lines = layout.lines.map { layout.text(of: $0) }
        #expect(lines == ["สวัสดีตอน", "เช้าทุกคนวัน", "นี้อากาศดี", "มาก"])
        #expect(layout.lines.allSatisfy { !$0.flags.contains(.brokenInsideWord) })
        #expect(Set(layout.lines.map(\.end)).isSubset(of: Set(Self.wordBoundaries)))
    }

    @Test func thaiBetweenLatinWordsKeepsItsDictionaryBreaks() throws {
        // The dictionary still applies when Thai is embedded in Latin text with spaces: the
        // Thai run's internal line ends are shifted word boundaries.
        let prefix = "Hello "
        let text = prefix + Self.text + " world"
        let shift = prefix.utf16.count
        let allowed = Set(Self.wordBoundaries.map { $0 + shift }).union([shift, text.utf16.count])
        let chain = try ScriptFonts.chain()
        let engine = try LayoutEngine()
        for width in stride(from: 90.0, through: 300, by: 10) {
            let layout = try engine.layout(text, fonts: chain, options: Self.options(width: width))
            LayoutInvariants.expectAll(layout)
            for line in layout.lines where line.end > shift && line.end < shift + Self.text.utf16.count {
                #expect(allowed.contains(line.end) || line.flags.contains(.brokenInsideWord),
                        "width \(width): \(layout.text(of: line).debugDescription) ends at \(line.end)")
            }
        }
    }
}
