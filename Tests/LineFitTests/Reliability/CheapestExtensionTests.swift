import Testing

@testable import LineFit

/// The bounded scan of stage 2 without a budget (`cheapestExtension(_:lowest:…)`, which stops
/// once no entry further out in log size can beat the best) against a scan of every pair
/// written here, on seeded random entries drawn from a few values so that costs, heights and
/// log sizes tie often: the same entry, cost and height bit for bit, the same tie rule.
@Suite struct CheapestExtensionTests {
    typealias Breaker = BalancedLineBreaker

    /// Every pair, in gathered order: the least cost, then the least height, then the first.
    static func reference(
        _ gathered: [Breaker.Incoming], by line: CandidateLines.Edge, own: Double, unary: Double
    ) -> Breaker.Entry? {
        var best: Breaker.Entry?
        for item in gathered {
            let step = item.logSize - line.logShapeSize
            var pair = step * step
            if item.oneSegment, item.size > BalancedCost.loneRatio * line.size { pair += BalancedCost.lonePenalty }
            if line.oneSegment, line.size > BalancedCost.loneRatio * item.size { pair += BalancedCost.lonePenalty }
            let entry = Breaker.Entry(
                height: item.height + own, cost: item.cost + (unary + pair), previousEdge: Int32(item.edge),
                previousEntry: Int32(item.entry))
            guard let current = best else {
                if entry.cost < .infinity || entry.height < .infinity { best = entry }
                continue
            }
            if entry.cost < current.cost || (entry.cost == current.cost && entry.height < current.height) { best = entry }
        }
        return best
    }

    static func line(logSize: Double, size: Double, oneSegment: Bool) -> CandidateLines.Edge {
        CandidateLines.Edge(
            from: 0, to: 1, contentEnd: 0, emWidth: 1, size: size, logShapeSize: logSize, heightPerPoint: 1.2, fill: 1,
            largestSizeFrom: size, forced: false, heldAtMax: false, oneSegment: oneSegment)
    }

    @Test func theBoundedScanEqualsEveryPair() {
        // Few distinct values: equal totals (and equal heights among them) are common.
        let counts = Self.compare(
            seed: 0xF207_0E55, logSizes: [3.0, 3.25, 3.5, 3.75, 4.5, 5.25], costs: [0.0, 0.0625, 0.25, 0.5, 1.0, 4.0],
            heights: [30.0, 40.0, 40.0, 55.0], unaries: [0.0, 0.0, 1.0, 2.0])
        // Both paths and contested minima were exercised, not only the fallback.
        #expect(counts.bounded > 1_000, "\(counts.bounded) bounded gathers")
        #expect(counts.ties > 1_000, "\(counts.ties) minima another entry could have tied")
        #expect(counts.compared > 5_000)
    }

    /// Infinite costs, heights and unary costs, and finite costs whose sums overflow: `gather`
    /// then hands the line to the full scan (no bound), and both scans still pick the same
    /// entry by the same rule (an infinite total compared like any other).
    @Test func nonFiniteTermsFallBackToTheFullScan() {
        let huge = Double.greatestFiniteMagnitude
        let counts = Self.compare(
            seed: 0x1F1_D7E5, logSizes: [3.0, 3.5, 4.5, 5.25], costs: [0.0, 0.25, 1.0, .infinity, huge],
            heights: [30.0, 40.0, .infinity, huge], unaries: [0.0, 1.0, .infinity, huge])
        #expect(counts.unbounded > 500, "\(counts.unbounded) gathers fell back for non-finite terms")
        #expect(counts.compared > 5_000)
    }

    /// Seeded trials of `gather` and both scans against `reference` over the given values.
    static func compare(
        seed: UInt64, logSizes: [Double], costs: [Double], heights: [Double], unaries: [Double]
    ) -> (bounded: Int, unbounded: Int, compared: Int, ties: Int) {
        var random = SplitMix64(seed: seed)
        var bounded = 0, unbounded = 0, compared = 0, ties = 0
        for trial in 0..<3_000 {
            let count = random.int(below: 24)
            // The incoming lines, their entries (some lines without one) and the entries' links.
            var lines: [CandidateLines.Edge] = [], entries: [Breaker.Entry] = [], entryStart = [0]
            var sizes = (0..<count).map { _ in random.pick(logSizes) }
            // Mostly in log-size order, as a start's incoming lines come; sometimes not.
            if trial % 5 != 0 { sizes.sort() }
            for logSize in sizes {
                lines.append(Self.line(logSize: logSize, size: (logSize * 10).rounded(), oneSegment: random.chance(30)))
                if random.chance(85) {
                    entries.append(Breaker.Entry(
                        height: random.pick(heights), cost: random.pick(costs), previousEdge: -1, previousEntry: -1))
                }
                entryStart.append(entries.count)
            }
            // Left over from an earlier start: `gather` writes over it (and, told too little
            // room, reads the lines again with more).
            let room = trial % 4 == 1 ? random.int(below: count + 1) : count
            var gathered = [Breaker.Incoming](
                repeating: Breaker.Incoming(edge: 9, entry: 9, cost: -1, height: -1, logSize: 9, size: 9, oneSegment: true),
                count: random.int(below: 30))
            let (gatheredCount, lowest) = entries.withUnsafeBufferPointer { entries in
                entryStart.withUnsafeBufferPointer { entryStart in
                    lines.withUnsafeBufferPointer { lines in
                        Breaker.gather(
                            &gathered, 0..<count, room: room, entries: entries, entryStart: entryStart, lines: lines)
                    }
                }
            }
            // The scans read the first `gatheredCount` only; the reference reads exactly those:
            // the lines with an entry, in order, with their entry's values.
            let written = Array(gathered[..<gatheredCount])
            let withEntry = (0..<count).filter { entryStart[$0 + 1] > entryStart[$0] }
            #expect(written.map(\.edge) == withEntry && written.map(\.entry) == withEntry.map { entryStart[$0] })
            #expect(written.map(\.cost) == withEntry.map { entries[entryStart[$0]].cost })
            #expect(written.map(\.height) == withEntry.map { entries[entryStart[$0]].height })
            #expect(written.map(\.logSize) == withEntry.map { lines[$0].logShapeSize })
            let inOrder = zip(written, written.dropFirst()).allSatisfy { $0.logSize <= $1.logSize }
            let finite = written.allSatisfy { $0.logSize.isFinite && $0.cost.isFinite && $0.height.isFinite }
                && written.reduce(0.0, { $0 + $1.logSize + $1.cost + $1.height }).isFinite
            #expect((lowest != nil) == (inOrder && finite && written.count >= Breaker.boundedMinimum), "trial \(trial)")
            if inOrder && !finite && written.count >= Breaker.boundedMinimum { unbounded += 1 }
            if let lowest { #expect(lowest == written.map(\.cost).min(), "trial \(trial)") }
            if lowest != nil { bounded += 1 }
            // A start's lines, short (large) to long (small), as `split` expects; then shuffled.
            var outgoing = (0..<(1 + random.int(below: 6))).map { _ in
                let logSize = random.chance(20) ? random.double(in: 2.5...6) : random.pick(logSizes)
                return Self.line(logSize: logSize, size: (logSize * 10).rounded(), oneSegment: random.chance(30))
            }
            outgoing.sort { $0.logShapeSize > $1.logShapeSize }
            if trial % 3 == 0 {
                for i in stride(from: outgoing.count - 1, to: 0, by: -1) { outgoing.swapAt(i, random.int(below: i + 1)) }
            }
            var split = 0
            for line in outgoing {
                let own = random.pick(heights), unary = random.pick(unaries)
                let fast = Breaker.cheapestExtension(
                    gathered, count: gatheredCount, lowest: lowest, by: line, own: own, unary: unary, split: &split)
                let full = Self.reference(written, by: line, own: own, unary: unary)
                compared += 1
                #expect(fast?.cost.bitPattern == full?.cost.bitPattern, "trial \(trial): cost")
                #expect(fast?.height.bitPattern == full?.height.bitPattern, "trial \(trial): height")
                #expect(fast?.previousEdge == full?.previousEdge, "trial \(trial): edge")
                #expect(fast?.previousEntry == full?.previousEntry, "trial \(trial): entry")
                // The production full scan is the same function of the entries.
                let scan = Breaker.cheapestExtension(gathered, count: gatheredCount, by: line, own: own, unary: unary)
                #expect(scan?.previousEdge == full?.previousEdge && scan?.cost == full?.cost, "trial \(trial): full scan")
                if let full, written.contains(where: { $0.edge != Int(full.previousEdge) && $0.cost + unary <= full.cost }) {
                    ties += 1
                }
            }
        }
        return (bounded, unbounded, compared, ties)
    }
}
