import Foundation
import Testing
@testable import LineFit

/// Editor sessions with the balanced strategy and a fill box: equal to fresh layouts after
/// every random edit with the stability rule off; with it on, the rule's invariants.
@Suite("Balanced editor sessions")
struct BalancedEditorTests {
    static let pieces = ["a", " ", "sun", " day", "summer ", "\n", "WOW", " coffee morning", "x", "together ", "."]

    static func options(_ box: String, stable: Bool = false) -> LayoutOptions {
        LayoutOptions(
            width: 700, minSize: 24, maxSize: 260, breakStrategy: .balanced,
            box: box == "fill" ? .fill(height: 1400) : LayoutOptions.Box.none, stableBreaks: stable)
    }

    /// Random edits on a session: inserts of words, spaces and newlines, deletions, backspaces.
    static func edit(_ session: EditorSession, _ random: inout SplitMix64) throws -> Int {
        let count = session.utf16Count
        switch random.int(below: 4) {
        case 0, 1:
            let at = random.int(below: count + 1)
            let text = random.pick(pieces)
            try session.insert(text, at: at)
            return at + text.utf16.count
        case 2 where count > 0:
            let from = random.int(below: count)
            let to = min(count, from + 1 + random.int(below: 6))
            try session.delete(from..<to)
            return from
        default:
            // Typing at the end: the common case.
            let text = random.pick(pieces)
            try session.insert(text, at: count)
            return count + text.utf16.count
        }
    }

    @Test("a session equals a fresh layout after every random edit (stability off)", arguments: ["none", "fill"])
    func equalsFresh(box: String) throws {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let options = Self.options(box)
        var random = SplitMix64(seed: box == "fill" ? 0xF1 : 0x0B)
        var compared = 0
        for round in 0..<4 {
            let session = try EditorSession(text: "Type Mode\nbig words", fonts: fonts, options: options)
            for step in 0..<40 {
                _ = try Self.edit(session, &random)
                let fresh = try layOut(session.text, fonts: fonts, options: options)
                #expect(session.layout == fresh, "round \(round) step \(step): \(session.text.debugDescription)")
                #expect(session.layout.blockTop == fresh.blockTop)
                compared += 1
            }
        }
        #expect(compared == 160)
    }

    @Test("with the stability rule: valid, within the margin of the fresh optimum, and earlier breaks kept more often")
    func stabilityInvariants() throws {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let stableOptions = Self.options("none", stable: true)
        let caption = "we packed the car at dawn and drove four hours north to the lake where the water was still"
        let stable = try EditorSession(fonts: fonts, options: stableOptions)
        let plain = try EditorSession(fonts: fonts, options: Self.options("none"))
        var movedStable = 0, movedPlain = 0
        for character in caption {
            let before = (stable.layout.lines.map(\.start), plain.layout.lines.map(\.start))
            let caret = stable.utf16Count
            try stable.insert(String(character), at: caret)
            try plain.insert(String(character), at: caret)
            let layout = stable.layout
            expectTiling(layout)
            for line in layout.lines where !line.flags.contains(.empty) {
                #expect(line.width <= stableOptions.width * (1 + 1e-12) || line.flags.contains(.overflows))
                #expect(line.size >= stableOptions.minSize)
            }
            // Cost within the margin of the fresh optimum, measured on the same oracle.
            let engine = try LayoutEngine()
            let measured = engine.measureParagraphs(Array(stable.text.utf16), fonts: fonts, options: stableOptions)
            if measured.count == 1 {
                let settings = engine.balancedSettings(options: stableOptions, minSize: 24, maxSize: 260, fillHeight: nil)
                let paragraph = engine.balancedParagraph(measured[0].1, settings: settings, metrics: FontChainMetrics(fonts))
                let breaker = BalancedLineBreaker(paragraph.candidates, writerThreshold: .infinity, fixedSize: false)
                let best = breaker.front(threshold: 24, budget: nil, quantum: 1)
                let optimum = best.final.map { best.cost($0) }.min() ?? 0
                var path: [Int] = []
                for line in layout.lines {
                    let a = paragraph.candidates.positions.firstIndex(of: line.start)
                    let b = paragraph.candidates.positions.firstIndex(of: line.end)
                    if let a, let b, let edge = breaker.edge(from: a, to: b) { path.append(edge) }
                }
                if path.count == layout.lines.count {
                    #expect(breaker.cost(of: path) <= (1 + BalancedCost.stabilityMargin) * optimum + 1e-9,
                            "\(stable.text.debugDescription): \(breaker.cost(of: path)) vs optimum \(optimum)")
                }
            }
            let typedBefore = before.0.filter { $0 < caret }
            movedStable += typedBefore.filter { !layout.lines.map(\.start).contains($0) }.count
            movedPlain += before.1.filter { $0 < caret }.filter { !plain.layout.lines.map(\.start).contains($0) }.count
        }
        #expect(movedStable <= movedPlain, "stable moved \(movedStable) breaks, plain \(movedPlain)")
    }

    static let longStory = """
        We took the early ferry to the island with two bags, one umbrella and a paper cone of chips \
        that did not survive the crossing. The harbour was grey and the gulls were loud, and nobody \
        on board had slept, but the sun came out over the hills just as the ramp went down and we \
        walked into town singing. Marta blames me for the chips. I blame the gulls. We made it anyway, \
        running down the ramp with the ferry horn going off behind us like a starting gun.
        """

    @Test("a balanced keystroke's work does not grow with its paragraph (typing at the end)")
    func keystrokeWorkIsBounded() throws {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let options = Self.options("none")
        let session = try EditorSession(fonts: fonts, options: options)
        var work: [LayoutEngine.BalancedWork] = []
        for (index, character) in Self.longStory.enumerated() {
            try session.insert(String(character), at: session.utf16Count)
            work.append(session.balancedWork)
            if index % 9 == 0 {
                #expect(session.layout == (try layOut(session.text, fonts: fonts, options: options)), "at \(index)")
            }
        }
        #expect(session.layout == (try layOut(session.text, fonts: fonts, options: options)))
        // Rebuilding the whole paragraph per keystroke (what this replaced) makes the late
        // keystrokes cost about four times the early ones; reusing what agrees keeps each
        // keystroke at about a line's worth of work, wherever it is typed.
        func mean(_ range: Range<Int>, _ value: (LayoutEngine.BalancedWork) -> Int) -> Double {
            Double(work[range].map(value).reduce(0, +)) / Double(range.count)
        }
        let count = work.count
        #expect(count > 400)
        let early = 80..<160, late = (count - 80)..<count
        for (name, value) in [("candidate lines", { (w: LayoutEngine.BalancedWork) in w.candidateLines }),
                              ("stage 2 transitions", { $0.transitions }), ("fitted lines", { $0.fittedLines })] {
            let a = mean(early, value), b = mean(late, value)
            #expect(b <= 1.5 * a + 2, "\(name): \(a) per keystroke early, \(b) late")
        }
        // And small in absolute terms: a line holds about a dozen words here, so a keystroke
        // re-measures at most a couple of lines' starts' worth of candidates.
        #expect(mean(late, \.candidateLines) < 400)
    }

    @Test("a long paragraph edited anywhere equals a fresh layout (reuse of what agrees)")
    func longParagraphEditsEqualFresh() throws {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        for seed in [0x51 as UInt64, 0x52, 0x53] {
            let options = Self.options(seed == 0x53 ? "fill" : "none")
            var random = SplitMix64(seed: seed)
            let session = try EditorSession(text: Self.longStory, fonts: fonts, options: options)
            for step in 0..<30 {
                _ = try Self.edit(session, &random)
                let fresh = try layOut(session.text, fonts: fonts, options: options)
                #expect(session.layout == fresh, "seed \(seed) step \(step): \(session.text.debugDescription)")
            }
        }
    }

    /// The hint the stability rule takes from the layout before an edit: the edited
    /// paragraph's breaks before the edit's start (worked out here from the rule's statement,
    /// independently of `BalancedParagraphs`).
    static func hints(previous: Layout, paragraphs: [(ParagraphRange, MeasuredParagraph)], editStart: Int) -> [BreakHint?] {
        paragraphs.map { range, _ in
            let bounds = range.range
            guard bounds.contains(editStart) || bounds.upperBound == editStart else { return nil }
            let kept = previous.lines.map(\.start).filter { $0 > bounds.lowerBound && $0 < editStart }
            return kept.isEmpty ? nil : BreakHint(breaks: Set(kept.map { $0 - bounds.lowerBound }), limit: editStart - bounds.lowerBound)
        }
    }

    @Test("with the stability rule a session equals a fresh layout given the previous breaks as the hint", arguments: ["none", "fill"])
    func stableEqualsFreshWithHint(box: String) throws {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let options = Self.options(box, stable: true)
        let engine = try LayoutEngine()
        let fillHeight: Double? = box == "fill" ? 1400 : nil
        var compared = 0, hinted = 0
        for seed in UInt64(1)...10 {
            var random = SplitMix64(seed: 0x5AB1E000 + seed + (box == "fill" ? 100 : 0))
            let start = seed % 2 == 0 ? "Type Mode\nbig words" : String(Self.longStory.prefix(90 + Int(seed) * 20))
            let session = try EditorSession(text: start, fonts: fonts, options: options)
            for step in 0..<24 {
                let previous = session.layout
                let before = session.text
                _ = try Self.edit(session, &random)
                // Where the edit starts: the first UTF-16 unit that differs.
                let old = Array(before.utf16), new = Array(session.text.utf16)
                var editStart = 0
                while editStart < min(old.count, new.count), old[editStart] == new[editStart] { editStart += 1 }
                let paragraphs = engine.measureParagraphs(new, fonts: fonts, options: options)
                let hints = Self.hints(previous: previous, paragraphs: paragraphs, editStart: editStart)
                if hints.contains(where: { $0 != nil }) { hinted += 1 }
                var cache: [LayoutEngine.BalancedParagraph?] = []
                let fresh = BoxFitting.placed(
                    engine.fitBalanced(
                        session.text, paragraphs: paragraphs, cache: &cache, fonts: fonts, options: options,
                        minSize: options.minSize, maxSize: options.maxSize, fillHeight: fillHeight, hints: hints),
                    options: options)
                #expect(session.layout == fresh, "seed \(seed) step \(step): \(session.text.debugDescription)")
                compared += 1
            }
        }
        #expect(compared == 240)
        // The rule must have had breaks to keep on many edits (short texts are one line).
        #expect(hinted >= compared / 4, "only \(hinted) of \(compared) edits had a hint")
    }
}
