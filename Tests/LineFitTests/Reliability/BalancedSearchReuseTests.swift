import Foundation
import Testing

@testable import LineFit

/// A height limit's search lays the text out at ~26 minimums; balanced candidate lines whose
/// every fit test comes out the same at the next minimum are re-sized on its grid
/// (`CandidateLines.rescaled`) instead of found again. Re-sized lines must equal a fresh build
/// at the new size, and the work is counted in lines measured, not seconds.
@Suite struct BalancedSearchReuseTests {
    /// Seeded paragraphs of words, spaces, long words (emergency positions), marks, Arabic and
    /// emoji, made at one smallest size and re-sized to others (a third of them for a
    /// fixed-size style): where `rescaled` answers, every field equals the lines a fresh build
    /// at the new size gives.
    @Test func rescaledLinesEqualAFreshBuild() throws {
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let pieces = ["m", String(repeating: "m", count: 30), String(repeating: "\u{FFFD}", count: 7), " ", "il", "word",
                      "x\u{301}y", "صباح", "  ", "WWWWW", "-", "😀👍🏽"]
        let chains = try ["Fonts/LeagueSpartan-Bold.otf", "Fonts/KaushanScript-Regular.otf"].map {
            try EditorFixtures.chain(primary: $0)
        }
        var resized = 0
        for trial in 0..<120 {
            var text = ""
            for _ in 0...next(12) { text += pieces[next(pieces.count)] }
            let chain = chains[trial % 2]
            var options = LayoutOptions(width: [300.75, 120, 960][next(3)], minSize: 24, maxSize: 300)
            options.tracking = [0, -0.49, 0.2][next(3)]
            let engine = try LayoutEngine()
            let metrics = FontChainMetrics(chain)
            for (_, measured) in engine.measureParagraphs(Array(text.utf16), fonts: chain, options: options) {
                // Fixed-size styles rank lines by the size they would take if they could grow.
                let fixedSize = next(3) == 0
                func lines(_ lowest: Double) -> (CandidateLines, LineFitter) {
                    let fitter = LineFitter(
                        grid: SizeGrid(minSize: lowest, maxSize: 300 * lowest / 24, step: 0.01), width: options.width,
                        tracking: options.tracking)
                    let lines = CandidateLines(
                        measured, fitter: fitter, lowest: lowest, tracking: options.tracking, metrics: metrics,
                        lineSpacing: 1.2, fixedSize: fixedSize)
                    return (lines, fitter)
                }
                let lowest = [4.0, 11.25, 24][next(3)]
                let (made, _) = lines(lowest)
                for other in [lowest * 1.0001, lowest * 0.9999, lowest * 1.01, lowest * 0.97, lowest * 0.5] {
                    let (fresh, fitter) = lines(other)
                    guard let rescaled = made.rescaled(
                        fitter: fitter, lowest: other, tracking: options.tracking, lineSpacing: 1.2, fixedSize: fixedSize)
                    else { continue }
                    resized += 1
                    let context = "\(text.debugDescription) from \(lowest) to \(other)"
                    #expect(rescaled.positions == fresh.positions && rescaled.isEmergency == fresh.isEmergency, "\(context)")
                    // Every field of every line (the records compare whole).
                    #expect(rescaled.edgeStart == fresh.edgeStart && rescaled.edges == fresh.edges, "\(context)")
                    #expect(rescaled.wholeSize == fresh.wholeSize && rescaled.uniformHeight == fresh.uniformHeight, "\(context)")
                    #expect(rescaled.widestSegment?.range == fresh.widestSegment?.range
                            && rescaled.widestSegment?.size == fresh.widestSegment?.size, "\(context)")
                }
            }
        }
        // Small moves keep most tests' outcomes: the comparison above must have happened.
        #expect(resized > 100, "only \(resized) re-sized")
    }

    /// "Hello world" in a height limit that shrinks it to about a third: its three candidate
    /// lines (each word, both words) fit at every minimum of the search (the whole caption
    /// takes about 5 em, far from a 960-point line even at 24 pt), so they are measured once
    /// and re-sized at each later minimum; before, each of the ~26 layouts measured them again.
    @Test func aSearchMeasuresLinesThatHoldOnce() throws {
        var options = LayoutOptions(width: 960, minSize: 24, maxSize: 300)
        options.breakStrategy = .balanced
        options.box = .limit(height: 120)
        let engine = try LayoutEngine()
        let layout = try engine.layout("Hello world", fonts: try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf"),
                                       options: options)
        #expect(layout.heightScale < 1 && layout.height <= 120 && !layout.overflowsHeight)
        #expect(engine.balancedCandidateLines == 3, "\(engine.balancedCandidateLines) candidate lines measured")
        // Every layout after the first re-sized them: at least the bisection's steps.
        #expect(engine.balancedRescaledParagraphs >= BoxFitting.shrinkSteps)
    }

    /// Handed-over lines grow by doubling, and early, on keystrokes that add no position:
    /// typing a paragraph of 3,000 positions (a word of four letters, then a space that adds
    /// one) copies them O(log n) times, never on a keystroke that adds a position.
    @Test func handedOverLinesGrowByDoublingBetweenNewPositions() {
        var capacity = 64, growths = 0
        for positions in 2...3_000 {
            for typed in 0..<5 {
                let expected = 12 * positions + 16
                guard let grown = CandidateLines.grownCapacity(capacity, expected: expected, samePositions: typed > 0) else {
                    #expect(capacity >= expected)
                    continue
                }
                #expect(typed > 0, "grew on the keystroke that added position \(positions)")
                #expect(grown >= 2 * capacity && grown >= expected)
                capacity = grown
                growths += 1
            }
        }
        #expect(growths <= 12)
        #expect(CandidateLines.grownCapacity(1_250, expected: 1_000, samePositions: true) == nil)
        #expect(CandidateLines.grownCapacity(1_000, expected: 1_000, samePositions: false) == nil)
    }

    /// A paragraph edited after its start (typing, pasting, deleting at seeded places), its
    /// candidate lines built reusing the earlier ones: every field equals a fresh build, every
    /// copied line is the same line of the earlier build, and stage 2 resumed from the earlier
    /// front (copying the entries of copied lines) finds the same least cost and path as a
    /// front built afresh.
    @Test func linesAndEntriesCopiedPerLineEqualAFreshBuild() throws {
        var state: UInt64 = 0xED6E
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let words = ["sun", "a", "coffee", "morning", "WOW", "together", "il", "x", "summer", "ferry", "horn"]
        let chain = try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        let metrics = FontChainMetrics(chain)
        let options = LayoutOptions(width: 700, minSize: 24, maxSize: 260)
        let engine = try LayoutEngine()
        let fitter = LineFitter(grid: SizeGrid(minSize: 24, maxSize: 260, step: 0.01), width: 700, tracking: 0)
        func measure(_ text: String) -> MeasuredParagraph {
            var measured = engine.measureParagraphs(Array(text.utf16), fonts: chain, options: options)[0].1
            measured.deriveGlyphTables()
            return measured
        }
        func lines(_ measured: MeasuredParagraph, reusing: (CandidateLines, Int)? = nil) -> CandidateLines {
            CandidateLines(
                measured, fitter: fitter, lowest: 24, tracking: 0, metrics: metrics, lineSpacing: 1.2, fixedSize: false,
                reusing: reusing.map { (lines: $0.0, agreed: $0.1) })
        }
        var copiedPastStarts = 0
        for _ in 0..<60 {
            var text = (0..<(20 + next(40))).map { _ in words[next(words.count)] }.joined(separator: " ")
            let old = measure(text)
            let oldLines = lines(old)
            let oldFront = BalancedLineBreaker(oldLines, writerThreshold: .infinity, fixedSize: false)
                .front(threshold: 24, budget: nil, quantum: 1)
            // The edit: a letter, a word or a space typed, or a few units deleted, in the last
            // third (where a keystroke usually is) or anywhere.
            let units = Array(text.utf16)
            let at = next(3) == 0 ? next(units.count + 1) : units.count - next(units.count / 3 + 1)
            let prefix = String(decoding: units[..<at], as: UTF16.self), suffix = String(decoding: units[at...], as: UTF16.self)
            switch next(3) {
            case 0: text = prefix + ["e", " ", " ferry"][next(3)] + suffix
            case 1: text = String(decoding: units[..<at] + units[min(units.count, at + 1 + next(4))...], as: UTF16.self)
            default: text = prefix + suffix + " sun"
            }
            let new = measure(text)
            let agreed = new.agreement(with: old)
            guard agreed > 0 else { continue }
            let reused = lines(new, reusing: (oldLines, agreed)), fresh = lines(new)
            let context = text.debugDescription
            #expect(reused.positions == fresh.positions && reused.edgeStart == fresh.edgeStart, "\(context)")
            // Every field of every line (the records compare whole).
            #expect(reused.edges == fresh.edges && reused.wholeSize == fresh.wholeSize, "\(context)")
            // Handed over (its only reference), the earlier lines' storage is written over in
            // place, lent lines moved left or copied aside as the edit needs: the same lines.
            let handed = CandidateLines(
                new, fitter: fitter, lowest: 24, tracking: 0, metrics: metrics, lineSpacing: 1.2, fixedSize: false,
                reusing: (lines: lines(old), agreed: agreed), handedOver: true)
            #expect(handed.edges == fresh.edges && handed.edgeStart == fresh.edgeStart, "\(context) handed over")
            #expect(handed.reusedFrom == reused.reusedFrom && handed.reusedStarts == reused.reusedStarts,
                    "\(context) handed over")
            for (e, from) in reused.reusedFrom.enumerated() where from >= 0 {
                let o = Int(from)
                #expect(oldLines.positions[oldLines.edgeFrom[o]] == reused.positions[reused.edgeFrom[e]]
                        && oldLines.positions[oldLines.edgeTo[o]] == reused.positions[reused.edgeTo[e]]
                        && oldLines.emWidth[o] == reused.emWidth[e], "\(context) line \(e)")
                if e >= reused.edgeStart[reused.reusedStarts] { copiedPastStarts += 1 }
            }
            let breaker = BalancedLineBreaker(reused, writerThreshold: .infinity, fixedSize: false)
            let resumed = breaker.front(
                threshold: 24, budget: nil, quantum: 1, resume: (front: oldFront, starts: reused.reusedStarts))
            let afresh = breaker.front(threshold: 24, budget: nil, quantum: 1)
            #expect(resumed.final.count == 1 && afresh.final.count == 1, "\(context)")
            if let a = resumed.final.first, let b = afresh.final.first {
                #expect(resumed.cost(a) == afresh.cost(b) && resumed.height(a) == afresh.height(b), "\(context)")
                #expect(resumed.path(a) == afresh.path(b), "\(context)")
                #expect(breaker.cost(of: resumed.path(a)) == breaker.cost(of: afresh.path(b)), "\(context)")
            }
            #expect(resumed.transitions <= afresh.transitions, "\(context)")
            // Some copied lines marked measured (as a build may leave a line it could have
            // copied): the front checks each link itself, copies what links only to copied
            // entries and solves the rest, with the same answer.
            var mixed = reused
            for e in mixed.reusedFrom.indices where next(3) == 0 { mixed.reusedFrom[e] = -1 }
            let mixedFront = BalancedLineBreaker(mixed, writerThreshold: .infinity, fixedSize: false)
                .front(threshold: 24, budget: nil, quantum: 1, resume: (front: oldFront, starts: mixed.reusedStarts))
            if let a = mixedFront.final.first, let b = afresh.final.first {
                #expect(mixedFront.cost(a) == afresh.cost(b) && mixedFront.path(a) == afresh.path(b), "\(context)")
            } else {
                Issue.record("no final entry: \(context)")
            }
        }
        // Lines past the leading whole starts were copied: the per-line reuse happened.
        #expect(copiedPastStarts > 200, "only \(copiedPastStarts) lines copied past the reused starts")
    }

    /// Handed over with room to spare, the earlier lines are written over in their own
    /// storage (lent lines moved within it, some placed only after every lent line is read):
    /// the same lines as a fresh build. Edits anywhere, including deletions that let earlier
    /// starts reach further and pastes of short words that add many lines, at three widths.
    @Test func linesHandedOverWithSpareRoomEqualAFreshBuild() throws {
        var state: UInt64 = 0x5EED_10AD
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let words = ["a", "il", "x", "sun", "WOW", "ferry", "coffee", "together", "extraordinarily", "i"]
        let chain = try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        var compared = 0
        for width in [300.0, 700.0, 1400.0] {
            let build = try SpartanLines(width: width, chain: chain)
            for _ in 0..<100 {
                var text = (0..<(20 + next(60))).map { _ in words[next(words.count)] }.joined(separator: " ")
                let old = build.measure(text)
                var oldLines = build.lines(old)
                oldLines.edges.reserveCapacity(oldLines.edges.count * (2 + next(3)))
                let units = Array(text.utf16)
                let at = next(units.count + 1)
                let prefix = String(decoding: units[..<at], as: UTF16.self)
                let suffix = String(decoding: units[at...], as: UTF16.self)
                switch next(4) {
                case 0: text = prefix + [" a", " ", " i x", "e"][next(4)] + suffix
                case 1: text = String(decoding: units[..<at] + units[min(units.count, at + 1 + next(12))...], as: UTF16.self)
                case 2: text = prefix + " a i x a il" + suffix
                default: text = String(decoding: units[..<at] + units[min(units.count, at + 1 + next(40))...], as: UTF16.self)
                }
                let new = build.measure(text)
                let agreed = new.agreement(with: old)
                guard agreed > 0 else { continue }
                let fresh = build.lines(new)
                let handed = build.lines(new, reusing: (consume oldLines, agreed), handedOver: true)
                compared += 1
                #expect(handed.positions == fresh.positions && handed.edgeStart == fresh.edgeStart,
                        "\(text.debugDescription) at width \(width)")
                #expect(handed.edges == fresh.edges && handed.wholeSize == fresh.wholeSize,
                        "\(text.debugDescription) at width \(width)")
            }
        }
        // Not vacuous: most edits were compared. (Traced when the test was written: 194 of the
        // 300 took the in-place path, 127 of those placed lines late.)
        #expect(compared > 200, "only \(compared) edits compared")
    }
}
