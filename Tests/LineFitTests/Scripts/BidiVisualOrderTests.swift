import Foundation
import Testing

@testable import LineFit

/// Mixed-direction lines come out in visual order (UAX #9 rule L2): runs left to right with
/// increasing x, right-to-left runs with their glyphs' clusters descending, and positions that
/// add up (a run's x is the sum of the widths to its left, its width the sum of its advances).
@Suite struct BidiVisualOrderTests {
    /// Wide enough that each sample is one line, so the whole paragraph's order is visible.
    static let oneLine = LayoutOptions(width: 4000, minSize: 30, maxSize: 30)

    static func layout(_ text: String, options: LayoutOptions = oneLine) throws -> (Layout, FontChain) {
        let chain = try ScriptFonts.chain()
        let layout = try LayoutEngine().layout(text, fonts: chain, options: options)
        return (layout, chain)
    }

    static func utf16Offset(of needle: String, in text: String) throws -> Range<Int> {
        let range = try #require(text.range(of: needle))
        return range.lowerBound.utf16Offset(in: text)..<range.upperBound.utf16Offset(in: text)
    }

    static func runText(_ layout: Layout, _ run: GlyphRun) -> String {
        layout.substring(run.start, run.end)
    }

    @Test func hebrewPhraseInsideAnEnglishSentence() throws {
        let text = "Meeting at 5pm בבית הקפה near the station"
        let (layout, chain) = try Self.layout(text)
        try #require(layout.lines.count == 1)
        let line = layout.lines[0]
        LayoutInvariants.expectAll(layout)
        let hebrewFont = try #require(ScriptFonts.index(of: "NotoSansHebrew-Regular.ttf", in: chain))

        // The paragraph is left-to-right (its first strong character is L): the Hebrew phrase
        // is the only odd-level text, and it sits where it is in logical order.
        let hebrew = try Self.utf16Offset(of: "בבית הקפה", in: text)
        let rtlRuns = line.runs.filter(\.isRightToLeft)
        #expect(rtlRuns.count == 1)
        let rtl = try #require(rtlRuns.first)
        #expect(rtl.bidiLevel == 1)
        #expect(rtl.start..<rtl.end == hebrew, "the RTL run is \(Self.runText(layout, rtl).debugDescription)")
        #expect(rtl.fontIndex == hebrewFont)
        #expect(rtl.script == "Hebr")

        // Glyphs of an RTL run are in visual order: their clusters descend left to right, and
        // the first glyph on the left is the last letter (ה of הקפה), the last is the first (ב).
        let clusters = rtl.glyphs.map(\.cluster)
        #expect(zip(clusters, clusters.dropFirst()).allSatisfy { $0 >= $1 }, "clusters \(clusters)")
        #expect(clusters.first == hebrew.upperBound - 1)
        #expect(clusters.last == hebrew.lowerBound)
        #expect(rtl.glyphs.allSatisfy { $0.id != 0 })

        // Every other run is level 0 and they follow the logical order around the Hebrew run.
        let index = try #require(line.runs.firstIndex(of: rtl))
        let before = line.runs[..<index], after = line.runs[(index + 1)...]
        #expect(before.allSatisfy { $0.bidiLevel == 0 && $0.end <= hebrew.lowerBound })
        #expect(after.allSatisfy { $0.bidiLevel == 0 && $0.start >= hebrew.upperBound })
        #expect(zip(line.runs, line.runs.dropFirst()).allSatisfy { $0.start < $1.start })
        #expect(before.map { Self.runText(layout, $0) }.joined() == "Meeting at 5pm ")
        #expect(after.map { Self.runText(layout, $0) }.joined() == " near the station")
        for run in line.runs where !run.isRightToLeft {
            let runClusters = run.glyphs.map(\.cluster)
            #expect(zip(runClusters, runClusters.dropFirst()).allSatisfy { $0 <= $1 }, "LTR clusters \(runClusters)")
        }

        // x increases strictly from run to run, and within a run glyph x is the pen position.
        #expect(zip(line.runs, line.runs.dropFirst()).allSatisfy { $0.x < $1.x })
        for run in line.runs {
            var pen = 0.0
            for glyph in run.glyphs {
                #expect(abs(glyph.x - pen) <= LayoutInvariants.tolerance(line.width))
                pen += glyph.advance
            }
        }
    }

    @Test func englishWordInsideAHebrewSentence() throws {
        // An RTL paragraph (its first strong character is Hebrew) with one English word: the
        // word is at level 2 and is drawn to the LEFT of the Hebrew that logically precedes it
        // and to the right of the Hebrew that follows it.
        let text = "אני אוהב את Swift מאוד"
        let (layout, chain) = try Self.layout(text)
        try #require(layout.lines.count == 1)
        let line = layout.lines[0]
        LayoutInvariants.expectAll(layout)

        let english = try Self.utf16Offset(of: "Swift", in: text)
        let swiftRun = try #require(line.runs.first { $0.start == english.lowerBound })
        #expect(swiftRun.end == english.upperBound)
        #expect(swiftRun.bidiLevel == 2)
        #expect(swiftRun.fontIndex == 0)
        #expect(swiftRun.glyphs.map(\.cluster) == Array(english))

        let hebrewFont = try #require(ScriptFonts.index(of: "NotoSansHebrew-Regular.ttf", in: chain))
        let hebrewRuns = line.runs.filter { $0.fontIndex == hebrewFont }
        let preceding = hebrewRuns.filter { $0.end <= english.lowerBound }
        let following = hebrewRuns.filter { $0.start >= english.upperBound }
        #expect(!preceding.isEmpty && !following.isEmpty)
        for run in preceding {
            #expect(run.isRightToLeft)
            #expect(run.x >= swiftRun.x + swiftRun.width - LayoutInvariants.tolerance(line.width),
                    "\(Self.runText(layout, run).debugDescription) at x \(run.x) should be right of Swift (ends at \(swiftRun.x + swiftRun.width))")
        }
        for run in following {
            #expect(run.isRightToLeft)
            #expect(run.x + run.width <= swiftRun.x + LayoutInvariants.tolerance(line.width),
                    "\(Self.runText(layout, run).debugDescription) should be left of Swift")
        }

        // Every run is at an odd level except the English word, and the runs taken from the
        // right edge leftwards read the text in logical order (runs at level 1 reverse as a
        // whole, the level-2 word keeps its own order inside).
        #expect(line.runs.filter { !$0.isRightToLeft }.map(\.start) == [english.lowerBound])
        let rightToLeft = line.runs.reversed().map { Self.runText(layout, $0) }.joined()
        #expect(rightToLeft == text)
        #expect(zip(line.runs, line.runs.dropFirst()).allSatisfy { $0.start > $1.start })
        // The rightmost glyph is the first letter: the paragraph starts at the right edge.
        #expect(line.runs.last?.glyphs.last?.cluster == 0)
    }

    @Test func visualOrderMatchesAnIndependentRuleL2() throws {
        // Rule L2 recomputed here from the runs' levels alone (reverse every maximal sequence
        // at level ≥ k, for k from the highest level down to the lowest odd one) must give the
        // order the engine placed the runs in.
        for text in ["Meeting at 5pm בבית הקפה near the station", "אני אוהב את Swift מאוד",
                     "שלום (hello world 123) עולם", "abc אבג 123 דהו def"] {
            let (layout, _) = try Self.layout(text)
            for line in layout.lines {
                var order = line.runs.sorted { $0.start < $1.start }
                let levels = order.map(\.bidiLevel)
                guard let highest = levels.max(), let lowest = levels.min() else { continue }
                var level = highest
                while level >= (lowest | 1) {
                    var i = 0
                    while i < order.count {
                        guard order[i].bidiLevel >= level else { i += 1; continue }
                        var j = i
                        while j < order.count, order[j].bidiLevel >= level { j += 1 }
                        order[i..<j].reverse()
                        i = j
                    }
                    level -= 1
                }
                #expect(order.map(\.start) == line.runs.map(\.start), "\(text.debugDescription)")
                LayoutInvariants.expectRunsConsistent(layout)
            }
        }
    }
}
