import Foundation
import Testing

@testable import LineFit

/// A word too wide for the width at the lowest size is broken between clusters (emergency
/// positions). A line ends at one of them only where greedy breaking would (the last that
/// fits at the lowest size), so a word of k clusters costs the balanced optimiser work linear
/// in k. Before, every pair of its clusters within a line's reach was a candidate line: k²
/// lines and k³ stage 2 transitions, and `FuzzBalancedEditor`'s input (round 3, a 101-cluster
/// word in a height limit whose search lays the text out ~26 times) took 37 s under ASan.
/// Counted in work (candidate lines, transitions), not seconds.
@Suite struct BalancedEmergencyWorkTests {
    static func spartan() throws -> FontChain { try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf") }

    /// One word of `clusters` letters "m", about 13 of them to a line at 24 pt in 300 pt.
    static func word(_ clusters: Int) -> String { String(repeating: "m", count: clusters) }

    static var options: LayoutOptions {
        var options = LayoutOptions(width: 300, minSize: 24, maxSize: 200)
        options.breakStrategy = .balanced
        return options
    }

    @Test(arguments: [60, 240])
    func aLongWordCostsLinearWork(_ clusters: Int) throws {
        let engine = try LayoutEngine()
        let layout = try engine.layout(Self.word(clusters), fonts: try Self.spartan(), options: Self.options)
        // Positions: the paragraph's start and end and every cluster boundary inside the word.
        let positions = clusters + 1
        // From each start: at most one line ending inside the word and the one to the
        // paragraph's end, so at most 2 lines per start, and stage 2 extends each line's entry
        // by at most the 2 lines from its end: 4 per position. Each repair round may redo both.
        let rounds = LayoutEngine.repairRounds + 1
        #expect(engine.balancedCandidateLines <= rounds * 2 * positions,
                "\(clusters) clusters: \(engine.balancedCandidateLines) candidate lines")
        #expect(engine.balancedTransitions <= rounds * 4 * positions,
                "\(clusters) clusters: \(engine.balancedTransitions) transitions")
        // With one line choice per start, the breaks are greedy's (both break inside the word
        // at the last cluster that fits at the minimum).
        var greedy = Self.options
        greedy.breakStrategy = .greedy
        let greedyLayout = try LayoutEngine().layout(Self.word(clusters), fonts: try Self.spartan(), options: greedy)
        #expect(layout.lines.map(\.end) == greedyLayout.lines.map(\.end))
        #expect(layout.lines.count >= clusters / 20, "the word was not broken: \(layout.lines.count) lines")
    }

    /// Inside a long word, the widths to a start's emergency ends rise with every cluster, so
    /// the last end that fits is found by a binary search: about log₂(L) widths read per start
    /// for L clusters to a line, where reading every end in reach read about 2·L (twice: once
    /// to find the greedy end, once to make the lines).
    @Test func aLongWordReadsLogarithmicallyManyWidthsPerStart() throws {
        let fonts = try Self.spartan()
        // The em width of "m" from a layout of it alone (nothing breaks: one line, its width
        // over its size).
        let single = try LayoutEngine().layout("m", fonts: fonts, options: LayoutOptions(width: 300, minSize: 100, maxSize: 100))
        let em = try #require(single.lines.first).width / 100
        var options = LayoutOptions(width: 300, minSize: 4, maxSize: 200)
        options.breakStrategy = .balanced
        // Clusters to a line at the minimum: about 92 (0.809 em at 4 pt in 300 pt).
        let reach = Int((300 / (4 * em)).rounded(.down))
        #expect(reach > 60, "reach \(reach)")
        let clusters = 600
        let engine = try LayoutEngine()
        let layout = try engine.layout(Self.word(clusters), fonts: fonts, options: options)
        let positions = clusters + 1
        // Per start: the top of its piece, the binary search's probes, the paragraph's end.
        let perStart = Int(log2(Double(reach + 1)).rounded(.up)) + 3
        let rounds = LayoutEngine.repairRounds + 1
        #expect(engine.balancedWidthsRead <= rounds * perStart * positions,
                "\(engine.balancedWidthsRead) widths read for \(positions) positions, \(reach) clusters to a line")
        #expect(engine.balancedWidthsRead < positions * reach / 2)
        #expect(layout.lines.count >= clusters / reach)
    }

    /// `FuzzBalancedEditor`'s input: its starting text (bytes decoded as `FuzzBytes.text`:
    /// invalid UTF-8 becomes U+FFFD) with the trailing word of U+FFFD `run` clusters long (101
    /// in the input), Kaushan Script, the options `FuzzOptions.readStory` decoded.
    static func finding(run: Int) throws -> (layout: Layout, transitions: Int) {
        let head = "\u{FFFD}\u{6}\u{12}\u{1}\u{A}\u{0}\u{1}\u{8}\u{0}\u{0}\u{0}\u{0}\u{1}\u{1}'صباح الخي\u{FFFD}صدقائي"
            + "\u{2}\u{0}\u{6}\u{0}\u{6}\u{3}\u{0}\u{B}\u{1}\u{9}\u{0}\u{0}\u{10}\u{2}\u{C}\u{1}\u{0}\u{15}\u{3}\u{F}\u{2}"
            + "\u{0}\u{1A}\u{4}\u{12}\u{3}\u{0}\u{1F}\u{5}\u{15}\u{0}\u{0}$\u{6}\u{0}\u{1}\u{0}\u{1}"
        var options = LayoutOptions(width: 300.75, minSize: 118, maxSize: 394)
        options.step = 0.001
        options.tracking = -0.49
        options.lineSpacing = 0.5
        options.alignment = .left
        options.baseDirection = .leftToRight
        options.breakStrategy = .balanced
        options.minimumFloor = 6
        options.box = .limit(height: 137)
        let engine = try LayoutEngine()
        let text = head + String(repeating: "\u{FFFD}", count: run)
        let layout = try engine.layout(text, fonts: try EditorFixtures.chain(primary: "Fonts/KaushanScript-Regular.otf"), options: options)
        #expect(layout.lines.first?.start == 0 && layout.lines.last?.end == text.utf16.count)
        for (line, next) in zip(layout.lines, layout.lines.dropFirst()) { #expect(line.end == next.start) }
        #expect(layout.height <= 137 && !layout.overflowsHeight, "height \(layout.height)")
        return (layout, engine.balancedTransitions)
    }

    @Test func theFuzzFindingCostsWorkLinearInItsWord() throws {
        let half = try Self.finding(run: 50), full = try Self.finding(run: 101)
        // The rest of the text is the same: twice the word's clusters may cost at most about
        // twice the work (linear); k³ growth made it 6.4 times (638,000 → 4,070,000 transitions).
        #expect(Double(full.transitions) <= 3 * Double(max(half.transitions, 1)),
                "transitions \(half.transitions) → \(full.transitions)")
    }
}
