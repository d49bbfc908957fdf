import Foundation
import Testing

@testable import LineFit

/// Regressions for engine bugs the script tests found at narrow widths (all fixed): whitespace
/// after an overflowing cluster became a blank line; leading spaces before a too-wide word
/// became a blank first line; the breaker, the fitter and `Line.width` measured a line in three
/// floating-point ways, so a line could pass one and fail another by an ulp.

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
        #expect(Self.contents(layout) == expected)
        #expect(layout.lines.allSatisfy { !$0.flags.contains(.empty) })
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
        // Once ["", "lon", "gw", "ord"]: the first line held only the two spaces.
        #expect(layout.lines.allSatisfy { $0.contentEnd > $0.start && !$0.flags.contains(.empty) })
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
        for line in layout.lines {
            #expect(!line.flags.contains(.overflows), "\(layout.text(of: line).debugDescription) is \(line.width) wide")
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
        // A third of the samples once wrapped or overflowed (e.g. "fox" → ["fo", "x"]).
        #expect(wrong.isEmpty, "\(wrong.count) of \(samples.count):\n\(wrong.joined(separator: "\n"))")
    }
}
