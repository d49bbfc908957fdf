import Foundation
import Testing

@testable import LineFit

/// Engine bugs found by the script tests (mostly by `GraphemeBreakPropertyTests` at narrow
/// widths), each reported with its cause; the tests below pin a minimal reproduction and mark
/// it `withKnownIssue` so the suite stays green until the engine is fixed.
enum NarrowLineKnownIssues {
    /// `GreedyLineBreaker.emergencyBreak`: when not even the first cluster fits it returns
    /// `candidates[0]`, which is the start of the whitespace after a one-cluster word; that
    /// whitespace then becomes a line of its own, with no content, flagged `.empty` and
    /// stacked as a blank line of full height.
    static let blankLineAfterOverflowingCluster =
        "whitespace after an overflowing cluster becomes a blank line (GreedyLineBreaker.emergencyBreak returns candidates[0])"
    /// `GreedyLineBreaker.breakLines`: the break opportunity after leading spaces has an empty
    /// content (trailing whitespace is not measured), so it always "fits" and is chosen when
    /// the first word does not fit either, leaving a whitespace-only `.empty` line on top.
    static let blankLineForLeadingWhitespace =
        "leading whitespace becomes a blank first line when the first word is too wide (GreedyLineBreaker.breakLines accepts an empty-content line)"
    /// One width, three computations, no tolerance: the breaker accepts a line when its
    /// prefix-sum estimate satisfies `em ≤ width / min` (`GreedyLineBreaker.breakLines`), the
    /// fitter requires `em × min ≤ width` with `em` summed over the glyphs
    /// (`LineFitter.fitLinear` via `LayoutEngine.fitLine`), and `Line.width` sums
    /// `advance × size` per glyph (`LinePlacement.runs`). They agree in real numbers, not in
    /// floating point: a line that fills the width exactly at the minimum can pass the
    /// breaker and fail the fitter by an ulp (flagged `.overflows` although it holds many
    /// clusters), and a text laid out at its own reported `Line.width` can wrap or be broken
    /// inside a word.
    static let roundingDisagreement =
        "breaker, fitter and Line.width round the same width differently: ulp-wide overflows flagged, exact-width text wrapped"
}

@Suite struct NarrowLineEdgeCaseTests {
    static func layout(_ text: String, width: Double, min: Double = 30, max: Double = 30) throws -> Layout {
        try LayoutEngine().layout(
            text, fonts: try ScriptFonts.chain(), options: LayoutOptions(width: width, minSize: min, maxSize: max))
    }

    static func contents(_ layout: Layout) -> [String] {
        layout.lines.map { layout.substring($0.start, $0.contentEnd) }
    }

    @Test(arguments: [
        ("🎉 🎉 🎉", 20.0, ["🎉", "🎉", "🎉"]),
        ("W W", 5.0, ["W", "W"]),
        ("\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} ok", 20.0,
         ["\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}", "o", "k"]),
        ("क्ष क्ष", 10.0, ["क्ष", "क्ष"]),
    ])
    func wordsWiderThanTheLineLeaveNoBlankLines(text: String, width: Double, expected: [String]) throws {
        // Each word is a single cluster wider than the line: it overflows alone, and the space
        // after it belongs to its line (trailing whitespace, not measured).
        let layout = try Self.layout(text, width: width)
        LayoutInvariants.expectTiles(layout)
        withKnownIssue(Comment(rawValue: NarrowLineKnownIssues.blankLineAfterOverflowingCluster)) {
            #expect(Self.contents(layout) == expected)
            #expect(layout.lines.allSatisfy { !$0.flags.contains(.empty) })
        }
    }

    @Test func aWordThatFitsAfterAnOverflowingOneLeavesNoBlankLine() throws {
        // Control: when the cluster before the space fits, the space joins its line already.
        let layout = try Self.layout("Supercalifragilistic is", width: 60)
        LayoutInvariants.expectAll(layout)
        #expect(layout.lines.allSatisfy { $0.contentEnd > $0.start })
    }

    @Test func leadingSpacesBeforeATooWideWordMakeNoBlankLine() throws {
        let layout = try Self.layout("  longword", width: 60)
        LayoutInvariants.expectTiles(layout)
        // Today: ["", "lon", "gw", "ord"], the first line holding only the two spaces.
        withKnownIssue(Comment(rawValue: NarrowLineKnownIssues.blankLineForLeadingWhitespace)) {
            #expect(layout.lines.allSatisfy { $0.contentEnd > $0.start && !$0.flags.contains(.empty) })
        }
    }

    @Test func leadingSpacesBeforeAWordThatFitsStayOnItsLine() throws {
        // Control: when the first word fits, the leading spaces are simply part of line 1.
        let layout = try Self.layout("  word", width: 200)
        #expect(Self.contents(layout) == ["  word"])
    }

    @Test func theRandomCaseThatOverflowedByRounding() throws {
        // GraphemeBreakPropertyTests, seed 6590 of a longer run: line 2 (ภาษาไทย  हिन्दी) was
        // 59.600000000000016 pt at the minimum 10 pt for a width of 59.6, flagged .overflows.
        let text = "   naïve👁️‍🗨️ภาษาไทย  हिन्दी🧑🏽‍🚀fox🇯🇵 "
        let layout = try Self.layout(text, width: 59.6, min: 10, max: 40)
        LayoutInvariants.expectTiles(layout)
        LayoutInvariants.expectFits(layout)
        withKnownIssue(Comment(rawValue: NarrowLineKnownIssues.roundingDisagreement)) {
            for line in layout.lines {
                #expect(!line.flags.contains(.overflows), "\(layout.text(of: line).debugDescription) is \(line.width) wide")
            }
        }
    }

    @Test func textLaidOutAtItsOwnWidthFitsOnOneLine() throws {
        // For many texts, take the width the engine reports for the text on one line at the
        // minimum size and lay the text out again at exactly that width: it must come back
        // as one line that does not overflow.
        let chain = try ScriptFonts.chain()
        let engine = try LayoutEngine()
        let samples = GraphemeBreakPropertyTests.words + GraphemeBreakPropertyTests.clusters.map { "a" + $0 + "b" }
        var wrong: [String] = []
        for (index, sample) in samples.enumerated() {
            let minSize = 10 + Double(index % 7) * 1.7
            let wide = try engine.layout(
                sample, fonts: chain, options: LayoutOptions(width: 10_000, minSize: minSize, maxSize: minSize))
            try #require(wide.lines.count == 1)
            let exact = wide.lines[0].width
            let layout = try engine.layout(
                sample, fonts: chain, options: LayoutOptions(width: exact, minSize: minSize, maxSize: minSize * 4))
            LayoutInvariants.expectTiles(layout)
            if layout.lines.count != 1 || layout.lines[0].flags.contains(.overflows) {
                wrong.append("\(sample.debugDescription) at \(exact): \(Self.contents(layout)), flags \(layout.lines.map(\.flags.rawValue))")
            }
        }
        // Today about a third of the samples wrap or overflow (e.g. "fox" → ["fo", "x"]).
        withKnownIssue(Comment(rawValue: NarrowLineKnownIssues.roundingDisagreement), isIntermittent: true) {
            #expect(wrong.isEmpty, "\(wrong.count) of \(samples.count):\n\(wrong.joined(separator: "\n"))")
        }
    }
}
