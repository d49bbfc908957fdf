import Foundation
import Testing

@testable import LineFit

/// A character no font in the chain covers is never dropped: it is reported in
/// `Layout.missing` (its cluster's UTF-16 range and the uncovered code points), drawn with the
/// primary font's .notdef (glyph 0) at that glyph's advance, and the lines still tile the text.
@Suite struct MissingCharacterTests {
    /// Characters no bundled font maps, checked outside the engine when the tests were
    /// written with fontconfig (`fc-query --format=%{charset}` on each file in Fonts/):
    /// U+10FFFD (private use, plane 16), U+12000 (Cuneiform A), U+0378 (unassigned in the
    /// Greek block). The tests re-check it through `Font.covers` before relying on it.
    static let uncovered: [UInt32] = [0x10FFFD, 0x12000, 0x0378]

    /// NotoSans-Regular's .notdef advances 600 of 1000 units (`hb-shape` prints
    /// `[.notdef=0+600]` for each of the characters above).
    static let notdefAdvance = 600.0 / 1000.0
    static let size = 30.0
    static let options = LayoutOptions(width: 4000, minSize: size, maxSize: size)

    static func scalar(_ value: UInt32) throws -> String {
        String(Character(try #require(Unicode.Scalar(value))))
    }

    static func requireNoFontCovers(_ value: UInt32, in chain: FontChain) throws {
        let scalar = try #require(Unicode.Scalar(value))
        for font in chain.fonts {
            try #require(!font.covers(scalar), "\(font.name) covers U+\(String(value, radix: 16, uppercase: true))")
        }
    }

    /// The glyphs (with their run) whose cluster is `offset`.
    static func glyphs(at offset: Int, in layout: Layout) -> [(run: GlyphRun, glyph: Glyph)] {
        layout.lines.flatMap(\.runs).flatMap { run in run.glyphs.filter { $0.cluster == offset }.map { (run, $0) } }
    }

    @Test(arguments: uncovered)
    func reportedAndDrawnAsNotdefOfThePrimaryFont(value: UInt32) throws {
        let chain = try ScriptFonts.chain()
        try Self.requireNoFontCovers(value, in: chain)
        let character = try Self.scalar(value)
        let text = "abc " + character + " def"
        let start = 4, end = 4 + character.utf16.count
        let layout = try LayoutEngine().layout(text, fonts: chain, options: Self.options)
        LayoutInvariants.expectAll(layout)

        #expect(layout.missing == [MissingCharacters(start: start, end: end, codePoints: [value])])

        let found = Self.glyphs(at: start, in: layout)
        try #require(found.count == 1)
        let (run, glyph) = found[0]
        #expect(glyph.id == 0)
        #expect(run.fontIndex == 0)
        #expect(layout.fontNames[run.fontIndex].hasSuffix("NotoSans-Regular.ttf"))
        #expect(abs(glyph.advance - Self.notdefAdvance * Self.size) <= 1e-9)
        // Not dropped: the run that draws it covers its whole range.
        #expect(run.start <= start && end <= run.end)
        #expect(layout.text(of: layout.lines[0]) == text)
    }

    @Test func onlyTheUncoveredCodePointsOfAClusterAreListed() throws {
        // Cuneiform A with a combining acute (which NotoSans has): one cluster, so one entry
        // for the whole cluster, listing only U+12000.
        let chain = try ScriptFonts.chain()
        try Self.requireNoFontCovers(0x12000, in: chain)
        let text = "x \u{12000}\u{301} y"
        #expect(Array(text)[2].unicodeScalars.count == 2)
        let layout = try LayoutEngine().layout(text, fonts: chain, options: Self.options)
        LayoutInvariants.expectAll(layout)
        #expect(layout.missing == [MissingCharacters(start: 2, end: 5, codePoints: [0x12000])])
        let found = Self.glyphs(at: 2, in: layout)
        #expect(found.map(\.glyph.id).first == 0)
        #expect(found.allSatisfy { $0.run.fontIndex == 0 && $0.run.start <= 2 && $0.run.end >= 5 })
    }

    @Test func missingInsideAnRTLParagraphKeepsItsPlace() throws {
        // U+10FFFD is private use, bidi class L: inside a Hebrew paragraph it is at level 2,
        // between the two Hebrew words in visual order.
        let chain = try ScriptFonts.chain()
        try Self.requireNoFontCovers(0x10FFFD, in: chain)
        let text = "שלום \u{10FFFD} עולם"
        let layout = try LayoutEngine().layout(text, fonts: chain, options: Self.options)
        LayoutInvariants.expectAll(layout)
        #expect(layout.missing == [MissingCharacters(start: 5, end: 7, codePoints: [0x10FFFD])])
        let line = try #require(layout.lines.first)
        let missingRun = try #require(line.runs.first { $0.start <= 5 && $0.end >= 7 })
        #expect(missingRun.bidiLevel == 2)
        #expect(missingRun.glyphs.first { $0.cluster == 5 }?.id == 0)
        let first = try #require(line.runs.first { $0.start == 0 })
        let last = try #require(line.runs.first { $0.end == text.utf16.count })
        #expect(last.x < missingRun.x && missingRun.x < first.x)
    }

    @Test func missingCharactersSurviveNarrowLinesAndParagraphs() throws {
        // Three uncovered characters at a width that holds one .notdef (18 pt at 30 pt) per
        // line, then a second paragraph: every one is reported at its own offset, drawn, and
        // the lines tile the text.
        let chain = try ScriptFonts.chain()
        try Self.requireNoFontCovers(0x10FFFD, in: chain)
        let pua = try Self.scalar(0x10FFFD)
        let text = pua + pua + pua + "\nok " + pua
        let layout = try LayoutEngine().layout(
            text, fonts: chain, options: LayoutOptions(width: 25, minSize: Self.size, maxSize: Self.size))
        LayoutInvariants.expectAll(layout)
        let offsets = [0, 2, 4, 10]
        #expect(layout.missing.map(\.start) == offsets)
        #expect(layout.missing.map(\.end) == offsets.map { $0 + 2 })
        #expect(layout.missing.allSatisfy { $0.codePoints == [0x10FFFD] })
        for offset in offsets {
            let found = Self.glyphs(at: offset, in: layout)
            #expect(found.count == 1 && found.first?.glyph.id == 0, "U+10FFFD at \(offset) is not drawn")
        }
        // No line boundary falls between the two surrogates of a character.
        let boundaries = SwiftGraphemes.boundaries(text)
        #expect(layout.lines.allSatisfy { boundaries.contains($0.start) })
    }
}
