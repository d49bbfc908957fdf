/// Stage 2 under a height budget (a box to fill): the front `front(threshold:budget:)`
/// defines, built for the fresh layout it serves. A fill's paragraph has a few hundred
/// candidate lines and about one Pareto entry per line, so the search is dominated by what it
/// does per line, not per entry: the arrays are read through buffers (a written array is
/// checked for sharing at every write), and the entries reaching a start are gathered and
/// ordered by height once for all the lines from there (every line adds its own height to
/// each, which keeps their order), so a line's candidates come out in the order its pruning
/// reads them, without a sort per line.
extension BalancedLineBreaker {
    func budgetedFront(threshold: Double, budget: Double, quantum: Double, scratch: FrontScratch? = nil) -> Front {
        let scratch = scratch ?? FrontScratch()
        // The allowed lines ending at each position, in edge order, as a chain: the first line
        // per position and the next line per line (-1: none). Linked as the backward pass
        // finds them, instead of counted, summed and placed in three more passes.
        var isAllowed: [Bool] = [], firstEnding: [Int] = [], nextEnding: [Int] = [], filled: [Int] = []
        var rest: [Double] = []
        Self.exchange(scratch, &isAllowed, &firstEnding, &nextEnding, &filled, &rest)
        defer { Self.exchange(scratch, &isAllowed, &firstEnding, &nextEnding, &filled, &rest) }
        var reachingCapacity = 64
        var reaching = UnsafeMutablePointer<Reaching>.allocate(capacity: reachingCapacity)
        defer { reaching.deallocate() }
        let count = lines.positions.count
        let edgeCount = lines.edgeCount
        let plain = hint == nil && !writerLineFits && !lines.isEmpty
        let lineSize = lines.isEmpty ? (emptySize ?? threshold) : nil
        Self.refill(&isAllowed, with: false, count: edgeCount)
        Self.refill(&firstEnding, with: -1, count: count)
        // Read only where the chains lead, all of it written first: grown, never cleared.
        if nextEnding.count < edgeCount { nextEnding.append(contentsOf: repeatElement(-1, count: edgeCount - nextEnding.count)) }
        Self.refill(&rest, with: 0, count: count)
        // The entries, through a pointer rather than an array (an append checked the array's
        // sharing): a line's kept candidates are written where they stay.
        var stored = StoredEntries(capacity: 2 * edgeCount)
        defer { stored.base.deallocate() }
        var transitions = 0
        let entryStart: [Int] = lines.edges.withUnsafeBufferPointer { lineOf in
            lines.edgeStart.withUnsafeBufferPointer { edgeStart in
                // Allowed lines and, per position, the chain of allowed lines ending there; and the
                // least height from each position to the end (an entry that cannot finish
                // within the budget even on the flattest rest is dropped: exact, it has no
                // feasible end). One pass, from the last start back.
                isAllowed.withUnsafeMutableBufferPointer { isAllowed in
                    firstEnding.withUnsafeMutableBufferPointer { firstEnding in
                    nextEnding.withUnsafeMutableBufferPointer { nextEnding in
                        rest.withUnsafeMutableBufferPointer { rest in
                            // (A `while`: a `stride` called its iterator's `next` once a start.)
                            var a = count - 2
                            while a >= 0 {
                                defer { a -= 1 }
                                var least = Double.infinity
                                for e in edgeStart[a]..<edgeStart[a + 1] {
                                    if plain {
                                        // The lines left from this start are all too small.
                                        if lineOf[e].largestSizeFrom < threshold { break }
                                        guard lineOf[e].size >= threshold || lineOf[e].forced else { continue }
                                    } else {
                                        guard allowed(e, threshold: threshold) else { continue }
                                    }
                                    isAllowed[e] = true
                                    let to = lineOf[e].to
                                    // Starts go back, so the chain is linked from its end.
                                    nextEnding[e] = firstEnding[to]
                                    firstEnding[to] = e
                                    least = min(least, (lineSize ?? lineOf[e].size) * lineOf[e].heightPerPoint + rest[to])
                                }
                                rest[a] = least
                            }
                        }
                    }
                    }
                }
                return isAllowed.withUnsafeBufferPointer { isAllowed in
                    firstEnding.withUnsafeBufferPointer { firstEnding in
                        nextEnding.withUnsafeBufferPointer { nextEnding in
                            rest.withUnsafeBufferPointer { rest in
                                // Not cleared first (a fill of its ~2 KB, ~1.9 K instructions): every
                                // index is written before it is read. The lines from start `a` are
                                // `edgeStart[a]..<edgeStart[a + 1]`, together every line, each
                                // written as its start comes; a start's first index is written before
                                // its gather reads the ends of the lines ending there (all earlier
                                // indices); the last, `edgeCount`, after the loop.
                                [Int](unsafeUninitializedCapacity: edgeCount + 1) { entryStart, initialized in
                                    for a in 0..<(count - 1) {
                                        entryStart[edgeStart[a]] = stored.count
                                        if a == 0 {
                                            for e in edgeStart[0]..<edgeStart[1] {
                                                entryStart[e] = stored.count
                                                guard isAllowed[e] else { continue }
                                                let line = lineOf[e]
                                                let own = (lineSize ?? line.size) * line.heightPerPoint
                                                if own + rest[line.to] <= budget {
                                                    stored.append(Entry(
                                                        height: own, cost: unaryCost(e), previousEdge: -1, previousEntry: -1))
                                                }
                                            }
                                            continue
                                        }
                                        // Entries reaching this start: what every line from it extends. All
                                        // of them are stored already, so their count is at most the stored
                                        // count (room made without a pass along the chain to count them).
                                        if stored.count > reachingCapacity {
                                            reaching.deallocate()
                                            reachingCapacity = max(stored.count, 2 * reachingCapacity)
                                            reaching = .allocate(capacity: reachingCapacity)
                                        }
                                        let reached = firstEnding[a] < 0 ? 0 : Self.gather(
                                            reaching, first: firstEnding[a], next: nextEnding,
                                            entryStart: entryStart, entries: UnsafeBufferPointer(start: stored.base, count: stored.count),
                                            lineOf: lineOf)
                                        for e in edgeStart[a]..<edgeStart[a + 1] {
                                            entryStart[e] = stored.count
                                            guard reached > 0, isAllowed[e] else { continue }
                                            let line = lineOf[e]
                                            let own = (lineSize ?? line.size) * line.heightPerPoint
                                            let finish = own + rest[line.to]
                                            // Not even the lowest entry finishes within the budget: nothing forms.
                                            guard reaching[0].height + finish <= budget else { continue }
                                            let unary = unaryCost(e)
                                            stored.reserve(reached)
                                            let (formed, kept) = Self.extend(
                                                UnsafeBufferPointer(start: reaching, count: reached), line: line, own: own,
                                                finish: finish, budget: budget, unary: unary, quantum: quantum,
                                                into: UnsafeMutableBufferPointer(start: stored.base + stored.count, count: reached))
                                            transitions += formed
                                            stored.count += kept
                                        }
                                    }
                                    entryStart[edgeCount] = stored.count
                                    initialized = edgeCount + 1
                                }
                            }
                        }
                    }
                }
            }
        }
        // Moved into an array made here (a copy through the generic collection initializer
        // allocated from unspecialized code: a metadata lookup per fill).
        let entries = [Entry](unsafeUninitializedCapacity: stored.count) { buffer, initialized in
            buffer.baseAddress?.moveInitialize(from: stored.base, count: stored.count)
            initialized = stored.count
        }
        var ending: [Int] = []
        var last = firstEnding[count - 1]
        while last >= 0 {
            ending.append(last)
            last = nextEnding[last]
        }
        let final = Self.paretoFinal(ending: ending[...], entryStart: entryStart, entries: entries)
        var front = Front(
            entries: entries, entryStart: entryStart, final: final, threshold: threshold, budget: budget,
            writerLineFits: writerLineFits, hinted: hint != nil)
        front.transitions = transitions
        return front
    }

    /// The final entries of a budgeted front: the entries of the lines `ending` the paragraph
    /// that no other beats on both height and cost (by more than `BalancedCost.costSlack`),
    /// by increasing height and decreasing cost.
    static func paretoFinal(
        ending lines: ArraySlice<Int>, entryStart: [Int], entries: [Entry]
    ) -> [(edge: Int, entry: Int)] {
        // Both arrays sized once (grown by appends, they were allocated six times a fill).
        var total = 0
        for e in lines { total += entryStart[e + 1] - entryStart[e] }
        var final: [(edge: Int, entry: Int)] = []
        final.reserveCapacity(total)
        for e in lines {
            for k in entryStart[e]..<entryStart[e + 1] { final.append((e, k)) }
        }
        final.sort { (entries[$0.entry].height, entries[$0.entry].cost) < (entries[$1.entry].height, entries[$1.entry].cost) }
        var kept: [(edge: Int, entry: Int)] = []
        kept.reserveCapacity(final.count)
        var bestCost = Double.infinity
        for item in final {
            let cost = entries[item.entry].cost
            if cost < bestCost - BalancedCost.costSlack * max(1, abs(bestCost)) || kept.isEmpty {
                kept.append(item)
                bestCost = cost
            }
        }
        return kept
    }

    /// Keeps the first `count` entries of `candidates` that no other beats on both height and
    /// cost, and per height bucket (`quantum` points) only the cheapest: moved to the front,
    /// their count returned (the rest is left for the caller to overwrite). One or two entries
    /// are ordered by hand (as the stable sort orders them), more by the sort.
    static func pruneFormed(_ candidates: UnsafeMutableBufferPointer<Entry>, count: Int, quantum: Double) -> Int {
        guard count > 1 else { return count }
        if count == 2 {
            let first = candidates[0], second = candidates[1]
            if (second.height, second.cost) < (first.height, first.cost) {
                candidates[0] = second
                candidates[1] = first
            }
        } else {
            var formed = UnsafeMutableBufferPointer(rebasing: candidates[0..<count])
            formed.sort { ($0.height, $0.cost) < ($1.height, $1.cost) }
        }
        var kept = 0
        var keptBucket = Int.min
        for index in 0..<count {
            keep(candidates[index], in: candidates, count: &kept, bucket: &keptBucket, quantum: quantum)
        }
        return kept
    }

    /// One step of the pruning, for the next entry by height: kept when cheaper than the last
    /// kept, in its place when both fall in the same height bucket.
    @inline(__always)
    private static func keep(
        _ entry: Entry, in kept: UnsafeMutableBufferPointer<Entry>, count: inout Int, bucket: inout Int, quantum: Double
    ) {
        guard count == 0 || entry.cost < kept[count - 1].cost else { return }
        // The floor, from the truncation (`rounded(.down)` is a libm call).
        let scaled = entry.height / quantum
        var index = Int(scaled)
        if Double(index) > scaled { index -= 1 }
        if index == bucket {
            kept[count - 1] = entry
        } else {
            kept[count] = entry
            count += 1
            bucket = index
        }
    }

    /// An entry reaching a start, with what pairing it with a line from there reads of the
    /// line it ends on. `order` is its place in the order `front` forms candidates in (by
    /// incoming line, then entry): ties on height and cost go to the earlier, as there.
    struct Reaching {
        var height: Double
        var cost: Double
        var size: Double
        var logShapeSize: Double
        var order: Int32
        var edge: Int32
        var entry: Int32
        var oneSegment: Bool
    }

    /// The entries of the lines of the chain from `first` (all ending at one start; `into`
    /// has room for all of them), by rising height, and their count: every line from that
    /// start extends them in this order, so they are ordered once per start instead of once
    /// per line.
    private static func gather(
        _ into: UnsafeMutablePointer<Reaching>, first: Int, next: UnsafeBufferPointer<Int>,
        entryStart: UnsafeMutableBufferPointer<Int>, entries: UnsafeBufferPointer<Entry>,
        lineOf: UnsafeBufferPointer<CandidateLines.Edge>
    ) -> Int {
        var order = 0, e1 = first
        while e1 >= 0 {
            defer { e1 = next[e1] }
            let (size, logShapeSize, oneSegment) = (lineOf[e1].size, lineOf[e1].logShapeSize, lineOf[e1].oneSegment)
            for k in entryStart[e1]..<entryStart[e1 + 1] {
                // Entry and line indices are far below 2³¹ (the entries fill memory first).
                into[order] = Reaching(
                    height: entries[k].height, cost: entries[k].cost, size: size, logShapeSize: logShapeSize,
                    order: Int32(truncatingIfNeeded: order), edge: Int32(truncatingIfNeeded: e1),
                    entry: Int32(truncatingIfNeeded: k), oneSegment: oneSegment)
                order += 1
            }
        }
        let reaching = UnsafeMutableBufferPointer(start: into, count: order)
        guard reaching.count > 16 else {
            // A handful (the common case): by insertion.
            for i in reaching.indices.dropFirst() {
                let item = reaching[i]
                var j = i
                while j > 0, reaching[j - 1].height > item.height {
                    reaching[j] = reaching[j - 1]
                    j -= 1
                }
                reaching[j] = item
            }
            return order
        }
        var many = reaching
        many.sort { $0.height < $1.height }
        return order
    }

    /// Forms `line`'s candidates from the `reaching` entries that can still finish within
    /// `budget` (`finish`: the line's height plus the least rest after it) and writes to the
    /// front of `kept` those `pruneFormed` keeps, as it keeps them: in order of height, and of
    /// equal heights only the cheapest (the earliest formed on equal cost) can be kept.
    /// Returns how many candidates were formed and how many were kept.
    private static func extend(
        _ reaching: UnsafeBufferPointer<Reaching>, line: CandidateLines.Edge, own: Double, finish: Double,
        budget: Double, unary: Double, quantum: Double, into kept: UnsafeMutableBufferPointer<Entry>
    ) -> (formed: Int, kept: Int) {
        let sizeE = line.size, logE = line.logShapeSize, loneE = line.oneSegment
        var count = 0, keptBucket = Int.min
        /// The cheapest candidate of the current run of equal heights.
        var best = Entry(height: 0, cost: 0, previousEdge: -1, previousEntry: -1), bestOrder: Int32 = 0
        var formed = 0
        for item in reaching {
            guard item.height + finish <= budget else { break }
            let pair = BalancedCost.pair(
                logStep: item.logShapeSize - logE, firstSize: item.size, firstLone: item.oneSegment, secondSize: sizeE,
                secondLone: loneE)
            let stepCost = unary + pair
            let candidate = Entry(
                height: item.height + own, cost: item.cost + stepCost, previousEdge: item.edge, previousEntry: item.entry)
            if formed > 0, candidate.height == best.height {
                if candidate.cost < best.cost || (candidate.cost == best.cost && item.order < bestOrder) {
                    (best, bestOrder) = (candidate, item.order)
                }
                formed += 1
                continue
            }
            // The run before this one is complete: its cheapest goes through the pruning.
            if formed > 0 { keep(best, in: kept, count: &count, bucket: &keptBucket, quantum: quantum) }
            (best, bestOrder) = (candidate, item.order)
            formed += 1
        }
        guard formed > 0 else { return (0, 0) }
        // A lone candidate is kept whatever its bucket (`pruneFormed` does not bucket one).
        if formed == 1 {
            kept[0] = best
            return (1, 1)
        }
        keep(best, in: kept, count: &count, bucket: &keptBucket, quantum: quantum)
        return (formed, count)
    }

    /// A growing run of entries behind a pointer (the caller deallocates `base`).
    private struct StoredEntries {
        var base: UnsafeMutablePointer<Entry>
        var count = 0
        var capacity: Int

        init(capacity: Int) {
            self.capacity = max(capacity, 16)
            base = .allocate(capacity: self.capacity)
        }

        /// Room for `extra` more entries after `count`.
        mutating func reserve(_ extra: Int) {
            guard count + extra > capacity else { return }
            capacity = max(count + extra, 2 * capacity)
            let grown = UnsafeMutablePointer<Entry>.allocate(capacity: capacity)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
        }

        mutating func append(_ entry: Entry) {
            reserve(1)
            (base + count).initialize(to: entry)
            count += 1
        }
    }

    /// Swaps the working arrays with the scratch's (in for a call, and back after it).
    private static func exchange(
        _ scratch: FrontScratch, _ isAllowed: inout [Bool], _ incomingStart: inout [Int], _ incoming: inout [Int],
        _ filled: inout [Int], _ rest: inout [Double]
    ) {
        swap(&isAllowed, &scratch.isAllowed)
        swap(&incomingStart, &scratch.incomingStart)
        swap(&incoming, &scratch.incoming)
        swap(&filled, &scratch.filled)
        swap(&rest, &scratch.rest)
    }

    /// `array` as `count` copies of `value`, in the storage it has (overwritten in place when
    /// the count is the same: the generic append costs more than the writes).
    static func refill<T>(_ array: inout [T], with value: T, count: Int) {
        if array.count == count {
            array.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
            return
        }
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(value, count: count))
    }
}
