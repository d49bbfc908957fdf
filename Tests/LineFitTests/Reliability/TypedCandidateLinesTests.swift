import Foundation
import Testing

@testable import LineFit

/// A keystroke's candidate lines are built from the previous keystroke's, which were built
/// from the one before: past the agreement, positions whose prefix sums read the same as the
/// previous build read them keep their lines too (`CandidateLines.reusableStarts`). Typed
/// sequences, not single edits, so that every build but the first reuses a rebuild.
@Suite struct TypedCandidateLinesTests {
    /// Seeded typing (letters and spaces at the end, a few backspaces, now and then an edit
    /// earlier), each keystroke's lines built reusing the previous keystroke's at an agreement
    /// that is the exact one or an earlier offset (a window re-measure starts a word or two
    /// back): every field of every line equals a fresh build, both handed over and copied; a
    /// line marked copied is the earlier build's line (same offsets, same fields); stage 2
    /// resumed along the chain finds the fresh front's cost and path, including where the
    /// whole paragraph fits on one line and the writer's rule costs every line but the last.
    @Test func typedLinesEqualAFreshBuild() throws {
        var random = SplitMix64(seed: 0x7E5_7A11)
        func next(_ bound: Int) -> Int { random.int(below: bound) }
        let letters = Array("aeinorstlmWcuy")
        var compared = 0, copiedPastAgreement = 0, copiedAtEarlierLast = 0, writerFronts = 0, takenToEarlierEnd = 0
        var takenStops = 0, keptNumbers = 0
        let words = ["a", "il", "x", "sun", "WOW", "ferry", "coffee", "i", "to", "summer"]
        let chain = try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        for width in [700.0, 1400.0, 2600.0] {
            let build = try SpartanLines(width: width, chain: chain)
            for trial in 0..<12 {
                var text = (0..<(14 + next(30))).map { _ in words[next(words.count)] }.joined(separator: " ")
                var measured = build.measure(text)
                var copied = build.lines(measured)
                var handed = build.lines(measured)
                // The writer's rule in play on the widest lines (short paragraphs fit whole).
                let writerThreshold = trial % 2 == 0 ? 24.0 : .infinity
                var front = BalancedLineBreaker(copied, writerThreshold: writerThreshold, fixedSize: false)
                    .front(threshold: 24, budget: nil, quantum: 1)
                for _ in 0..<40 {
                    let units = Array(text.utf16)
                    switch next(20) {
                    case 0: text = String(decoding: units.dropLast(), as: UTF16.self)
                    case 1:
                        let at = next(units.count + 1)
                        text = String(decoding: units[..<at], as: UTF16.self) + "e"
                            + String(decoding: units[at...], as: UTF16.self)
                    case 2, 3:
                        // A letter typed over another: the positions stay, widths after it change.
                        let letter = Array(letters[next(letters.count)].utf16)[0]
                        let nonSpaces = units.indices.filter { units[$0] != 32 }
                        if !nonSpaces.isEmpty {
                            var changed = units
                            changed[nonSpaces[nonSpaces.count - 1 - next(min(nonSpaces.count, 40))]] = letter
                            text = String(decoding: changed, as: UTF16.self)
                        }
                    case 4...6: text += " "
                    default: text += String(letters[next(letters.count)])
                    }
                    let new = build.measure(text)
                    let exact = new.agreement(with: measured)
                    guard exact > 0 else { break }
                    let agreed = next(2) == 0 ? exact : max(1, exact - next(12))
                    let earlier = copied
                    copied = build.lines(new, reusing: (earlier, agreed))
                    handed = build.lines(new, reusing: (consume handed, agreed), handedOver: true)
                    let fresh = build.lines(new)
                    let context = "\(text.debugDescription) agreed \(agreed) of \(exact), width \(width)"
                    compared += 1
                    // The stops and numbers taken over from the earlier build (handed over: its
                    // numbers' storage is rewritten in place).
                    #expect(handed.takenStops == copied.takenStops && handed.keptNumbers == copied.keptNumbers, "\(context)")
                    (takenStops, keptNumbers) = (takenStops + handed.takenStops, keptNumbers + handed.keptNumbers)
                    // An agreement reaching the earlier end (typing at the end, agreed at the
                    // edit's start) still takes every earlier position but the end.
                    if agreed >= earlier.positions[earlier.last], copied.takenPositions == earlier.last - 1 {
                        takenToEarlierEnd += 1
                    }
                    for built in [copied, handed] {
                        #expect(built.positions == fresh.positions && built.isEmergency == fresh.isEmergency, "\(context)")
                        // Every field of every line (the records compare whole).
                        #expect(built.edgeStart == fresh.edgeStart && built.edges == fresh.edges, "\(context)")
                        #expect(built.wholeSize == fresh.wholeSize, "\(context)")
                        #expect(built.widestSegment?.range == fresh.widestSegment?.range
                                && built.widestSegment?.size == fresh.widestSegment?.size, "\(context)")
                    }
                    #expect(handed.reusedFrom == copied.reusedFrom && handed.reusedStarts == copied.reusedStarts, "\(context)")
                    for (e, from) in copied.reusedFrom.enumerated() where from >= 0 {
                        var was = earlier.edges[Int(from)], now = copied.edges[e]
                        #expect(earlier.positions[was.from] == copied.positions[now.from]
                                && earlier.positions[was.to] == copied.positions[now.to], "\(context) line \(e)")
                        // The largest size from a line on covers the later lines of its start.
                        (was.largestSizeFrom, now.largestSizeFrom) = (0, 0)
                        #expect(was == now, "\(context) line \(e)")
                        if copied.positions[now.to] > agreed, e >= copied.edgeStart[copied.reusedStarts] {
                            copiedPastAgreement += 1
                        }
                        if was.to == earlier.last, now.to != copied.last { copiedAtEarlierLast += 1 }
                    }
                    let breaker = BalancedLineBreaker(copied, writerThreshold: writerThreshold, fixedSize: false)
                    if breaker.writerLineFits { writerFronts += 1 }
                    let resumed = breaker.front(
                        threshold: 24, budget: nil, quantum: 1, resume: (front: front, starts: copied.reusedStarts))
                    let afresh = breaker.front(threshold: 24, budget: nil, quantum: 1)
                    // Each line's entry (its cheapest extension), copied or solved, is the fresh one.
                    var sameEntries = true
                    for e in 0..<copied.edgeCount {
                        let mine = resumed.entries[resumed.entryStart[e]..<resumed.entryStart[e + 1]]
                        let theirs = afresh.entries[afresh.entryStart[e]..<afresh.entryStart[e + 1]]
                        sameEntries = sameEntries && mine.count == theirs.count
                            && zip(mine, theirs).allSatisfy {
                                $0.cost.bitPattern == $1.cost.bitPattern && $0.height.bitPattern == $1.height.bitPattern
                                    && $0.previousEdge == $1.previousEdge
                            }
                    }
                    #expect(sameEntries, "\(context)")
                    if let a = resumed.final.first, let b = afresh.final.first {
                        #expect(resumed.cost(a) == afresh.cost(b) && resumed.height(a) == afresh.height(b), "\(context)")
                        #expect(resumed.path(a) == afresh.path(b), "\(context)")
                    } else {
                        #expect(resumed.final.isEmpty && afresh.final.isEmpty, "\(context)")
                    }
                    (measured, front) = (new, resumed)
                }
            }
        }
        // Not vacuous: the chains ran, lines past the agreement were copied (also at the
        // earlier build's last position), and the writer's rule was in play.
        #expect(compared > 1_000, "only \(compared) keystrokes compared")
        #expect(copiedPastAgreement > 1_000, "only \(copiedPastAgreement) lines copied past the agreement")
        #expect(copiedAtEarlierLast > 50, "only \(copiedAtEarlierLast) lines copied at the earlier last position")
        #expect(writerFronts > 50, "only \(writerFronts) fronts under the writer's rule")
        #expect(takenToEarlierEnd > 50, "only \(takenToEarlierEnd) rebuilds took the positions up to the earlier end")
        #expect(takenStops > 10_000, "only \(takenStops) prefix stops taken from the earlier builds")
        #expect(keptNumbers > 50_000, "only \(keptNumbers) line numbers left as the earlier builds wrote them")
    }

    /// A letter typed at the end, the lines handed over with room (rebuilt in place) at an
    /// agreement some words back: a lent start re-scans its lines past the agreement, and
    /// every one of them that ends before the edit is the earlier line (same offsets, content
    /// and em width) and keeps its size, not only each start's first (review 11b, finding 4).
    @Test func anInPlaceRebuildKeepsTheSizeOfEveryUnchangedLine() throws {
        var random = SplitMix64(seed: 0x6E7A_11)
        let words = ["a", "il", "x", "sun", "WOW", "ferry", "coffee", "i", "to", "summer"]
        let build = try SpartanLines(width: 1400, chain: try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf"))
        var startsWithSeveral = 0
        for _ in 0..<40 {
            let text = (0..<(40 + random.int(below: 40))).map { _ in words[random.int(below: words.count)] }
                .joined(separator: " ")
            let old = build.measure(text)
            var earlier = build.lines(old)
            earlier.edges.reserveCapacity(earlier.edges.count * 3)
            let new = build.measure(text + "e")
            let agreed = max(1, new.agreement(with: old) - 10 - random.int(below: 30))
            let lines = build.lines(new, reusing: (consume earlier, agreed), handedOver: true)
            guard !lines.reusedFrom.isEmpty else { continue }
            // Measured here, from a start at or before the agreement, ending before the edit.
            var unchanged = 0, perStart: [Int: Int] = [:]
            for (e, line) in lines.edges.enumerated() where lines.reusedFrom[e] < 0 {
                guard lines.positions[line.from] <= agreed, lines.positions[line.to] < text.utf16.count else { continue }
                unchanged += 1
                perStart[line.from, default: 0] += 1
            }
            startsWithSeveral += perStart.values.filter { $0 > 1 }.count
            #expect(lines.keptSizes == unchanged, "\(text.debugDescription) agreed \(agreed)")
            #expect(lines.edges == build.lines(new).edges, "\(text.debugDescription) agreed \(agreed)")
        }
        #expect(startsWithSeveral > 100, "only \(startsWithSeveral) starts re-scanned several unchanged lines")
    }
}

/// Paragraphs of League Spartan Bold measured at one width and their candidate lines (min 24,
/// max 260, no tracking, line spacing 1.2): what the reuse tests build and compare.
struct SpartanLines {
    let chain: FontChain, metrics: FontChainMetrics, options: LayoutOptions, engine: LayoutEngine, fitter: LineFitter

    init(width: Double, chain: FontChain) throws {
        (self.chain, metrics) = (chain, FontChainMetrics(chain))
        options = LayoutOptions(width: width, minSize: 24, maxSize: 260)
        engine = try LayoutEngine()
        fitter = LineFitter(grid: SizeGrid(minSize: 24, maxSize: 260, step: 0.01), width: width, tracking: 0)
    }

    /// The text's first paragraph, measured afresh (its glyph tables derived).
    func measure(_ text: String) -> MeasuredParagraph {
        var measured = engine.measureParagraphs(Array(text.utf16), fonts: chain, options: options)[0].1
        measured.deriveGlyphTables()
        return measured
    }

    func lines(
        _ measured: MeasuredParagraph, reusing: consuming (lines: CandidateLines, agreed: Int)? = nil,
        handedOver: Bool = false
    ) -> CandidateLines {
        CandidateLines(
            measured, fitter: fitter, lowest: 24, tracking: 0, metrics: metrics, lineSpacing: 1.2, fixedSize: false,
            reusing: reusing, handedOver: handedOver)
    }
}
