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
        let count = lines.positions.count
        let edgeCount = lines.edgeCount
        let plain = hint == nil && !writerLineFits && !lines.isEmpty
        let lineSize = lines.isEmpty ? (emptySize ?? threshold) : nil
        Self.refill(&isAllowed, with: false, count: edgeCount)
        Self.refill(&firstEnding, with: -1, count: count)
        // Read only where the chains lead, all of it written first: grown, never cleared.
        if nextEnding.count < edgeCount { nextEnding.append(contentsOf: repeatElement(-1, count: edgeCount - nextEnding.count)) }
        Self.refill(&rest, with: 0, count: count)
        // Where each line's entries start (`filled`, spare here): every index is written before
        // it is read (`budgetedSearch`), so grown, never cleared, like `nextEnding`.
        if filled.count < edgeCount + 1 { filled.append(contentsOf: repeatElement(0, count: edgeCount + 1 - filled.count)) }
        // The entries, through a pointer rather than an array (an append checked the array's
        // sharing): a line's kept candidates are written where they stay.
        var stored = StoredEntries(capacity: 2 * edgeCount)
        defer { stored.base.deallocate() }
        let transitions = lines.edges.withUnsafeBufferPointer { lineOf in
            lines.edgeStart.withUnsafeBufferPointer { edgeStart in
                lines.isEmergency.withUnsafeBufferPointer { emergency in
                    isAllowed.withUnsafeMutableBufferPointer { isAllowed in
                        firstEnding.withUnsafeMutableBufferPointer { firstEnding in
                            nextEnding.withUnsafeMutableBufferPointer { nextEnding in
                                rest.withUnsafeMutableBufferPointer { rest in
                                    filled.withUnsafeMutableBufferPointer { entryStart in
                                        budgetedSearch(
                                            BudgetedBuffers(
                                                lineOf: lineOf, edgeStart: edgeStart, isEmergency: emergency,
                                                isAllowed: isAllowed, firstEnding: firstEnding, nextEnding: nextEnding,
                                                rest: rest, entryStart: UnsafeMutableBufferPointer(rebasing: entryStart[...edgeCount])),
                                            count: count, stored: &stored, threshold: threshold, budget: budget,
                                            quantum: quantum, plain: plain, lineSize: lineSize)
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        // Made by reserving and appending: these paths specialize the allocation, where an
        // array made uninitialized allocates from unspecialized code (a generic metadata lookup,
        // ~600 instructions an array). The entries are copied from where they were written.
        var entries: [Entry] = []
        entries.reserveCapacity(stored.count)
        entries.append(contentsOf: UnsafeBufferPointer(start: stored.base, count: stored.count))
        var starts: [Int] = []
        starts.reserveCapacity(edgeCount + 1)
        starts.append(contentsOf: filled[...edgeCount])
        let final = Self.paretoFinal(
            ending: EndingChain(first: firstEnding[count - 1], next: nextEnding), entryStart: starts, entries: entries)
        var front = Front(
            entries: entries, entryStart: starts, final: final, threshold: threshold, budget: budget,
            writerLineFits: writerLineFits, hinted: hint != nil)
        front.transitions = transitions
        return front
    }

    /// What `budgetedSearch` reads and writes: the lines, and the working arrays through
    /// their buffers.
    private struct BudgetedBuffers {
        var lineOf: UnsafeBufferPointer<CandidateLines.Edge>
        var edgeStart: UnsafeBufferPointer<Int>
        var isEmergency: UnsafeBufferPointer<Bool>
        var isAllowed: UnsafeMutableBufferPointer<Bool>
        var firstEnding: UnsafeMutableBufferPointer<Int>
        var nextEnding: UnsafeMutableBufferPointer<Int>
        var rest: UnsafeMutableBufferPointer<Double>
        var entryStart: UnsafeMutableBufferPointer<Int>
    }

    /// The two passes of `budgetedFront`, returning the transitions formed. A function of its
    /// own, never inlined: as a closure inside `budgetedFront`, whether the optimiser inlined
    /// it (and kept its counters in registers) flipped with any edit, ±2 K instructions a
    /// fill; here its locals are its own whatever the caller looks like.
    @inline(never)
    private func budgetedSearch(
        _ buffers: BudgetedBuffers, count: Int, stored: inout StoredEntries, threshold: Double, budget: Double,
        quantum: Double, plain: Bool, lineSize: Double?
    ) -> Int {
        let lineOf = buffers.lineOf, edgeStart = buffers.edgeStart, isAllowed = buffers.isAllowed
        let firstEnding = buffers.firstEnding, nextEnding = buffers.nextEnding, rest = buffers.rest
        let entryStart = buffers.entryStart, isEmergency = buffers.isEmergency
        // Where `lines.isEmergency[line.to]` (checked) would have trapped: every `to` is a position.
        precondition(isEmergency.count >= count)
        // What `unaryCost` reads of the breaker, read once.
        let fixed = fixedSize, splits = writerLineFits, last = lines.last
        // Allowed lines and, per position, the chain of allowed lines ending there; and the
        // least height from each position to the end (an entry that cannot finish within the
        // budget even on the flattest rest is dropped: exact, it has no feasible end). One
        // pass, from the last start back. (A `while`: a `stride` called its iterator's `next`
        // once a start.) Inlined twice, for plain lines and for the rest, so that neither
        // tests `plain` (nor, plain, `lineSize`: nil there) once a line.
        @inline(__always)
        func backward(plain: Bool, lineSize: Double?) {
            var a = count - 2
            while a >= 0 {
                defer { a -= 1 }
                var least = Double.infinity
                for e in edgeStart[a]..<edgeStart[a + 1] {
                    if plain {
                        guard let allows = Self.plainAllows(lineOf, e, threshold: threshold) else { break }
                        guard allows else { continue }
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
        // (Plain lines are not empty: no `lineSize`.)
        if plain { backward(plain: true, lineSize: nil) } else { backward(plain: false, lineSize: lineSize) }
        // The forward pass, inlined twice: for the common case (lines of their own sizes,
        // `lineSize` nil; no fixed size; no writer's line) with none of those tested once a
        // line, and for the rest.
        @inline(__always)
        func forward(lineSize: Double?, fixed: Bool, splits: Bool) -> Int {
            // The entries reaching a start, ordered by height: room for every entry stored.
            var reachingCapacity = 64
            var reaching = UnsafeMutablePointer<Reaching>.allocate(capacity: reachingCapacity)
            defer { reaching.deallocate() }
            var transitions = 0
            // `entryStart` is not cleared first (a fill of its ~2 KB, ~1.9 K instructions): every
            // index is written before it is read. The lines from start `a` are
            // `edgeStart[a]..<edgeStart[a + 1]`, together every line, each written as its start
            // comes; a start's first index is written before its gather reads the ends of the lines
            // ending there (all earlier indices); the last, `edgeCount`, after the loop.
            for a in 0..<(count - 1) {
                entryStart[edgeStart[a]] = stored.count
                if a == 0 {
                    for e in edgeStart[0]..<edgeStart[1] {
                        entryStart[e] = stored.count
                        guard isAllowed[e] else { continue }
                        let line = lineOf[e]
                        let own = (lineSize ?? line.size) * line.heightPerPoint
                        if own + rest[line.to] <= budget {
                            let unary = Self.unaryCost(
                                line, fixedSize: fixed, emergency: isEmergency[line.to], writerLineFits: splits, last: last)
                            stored.append(Entry(height: own, cost: unary, previousEdge: -1, previousEntry: -1))
                        }
                    }
                    continue
                }
                // Entries reaching this start: what every line from it extends. All of them are
                // stored already, so their count is at most the stored count (room made without a
                // pass along the chain to count them).
                if stored.count > reachingCapacity {
                    reaching.deallocate()
                    reachingCapacity = max(stored.count, 2 * reachingCapacity)
                    reaching = .allocate(capacity: reachingCapacity)
                }
                let reached = firstEnding[a] < 0 ? 0 : Self.gather(
                    reaching, first: firstEnding[a], next: UnsafeBufferPointer(nextEnding),
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
                    let unary = Self.unaryCost(
                        line, fixedSize: fixed, emergency: isEmergency[line.to], writerLineFits: splits, last: last)
                    stored.reserve(reached)
                    let (formed, kept) = Self.extend(
                        UnsafeBufferPointer(start: reaching, count: reached), line: line, own: own,
                        finish: finish, budget: budget, unary: unary, quantum: quantum,
                        into: UnsafeMutableBufferPointer(start: stored.base + stored.count, count: reached))
                    transitions += formed
                    stored.count += kept
                }
            }
            entryStart[lineOf.count] = stored.count
            return transitions
        }
        if lineSize == nil, !fixed, !splits { return forward(lineSize: nil, fixed: false, splits: false) }
        return forward(lineSize: lineSize, fixed: fixed, splits: splits)
    }

    /// The lines ending the paragraph, as `budgetedFront` chained them (last edge first).
    struct EndingChain: Sequence, IteratorProtocol {
        var first: Int
        let links: [Int]

        init(first: Int, next: [Int]) {
            self.first = first
            links = next
        }

        mutating func next() -> Int? {
            guard first >= 0 else { return nil }
            defer { first = links[first] }
            return first
        }
    }

    /// The final entries of a budgeted front: the entries of the lines `ending` the paragraph
    /// that no other beats on both height and cost (by more than `BalancedCost.costSlack`),
    /// by increasing height and decreasing cost. `lines` is walked twice, each `for` from a
    /// copy: it must be a value that restarts (`EndingChain`, an array), not a single pass.
    static func paretoFinal<Lines: Sequence<Int>>(
        ending lines: Lines, entryStart: [Int], entries: [Entry]
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
        // Pruned in place (kept ones written to the front, never past the one read): a second
        // array cost an allocation a fill.
        var kept = 0
        var bestCost = Double.infinity
        for index in final.indices {
            let item = final[index]
            let cost = entries[item.entry].cost
            if cost < bestCost - BalancedCost.costSlack * max(1, abs(bestCost)) || kept == 0 {
                final[kept] = item
                kept += 1
                bestCost = cost
            }
        }
        final.removeLast(final.count - kept)
        return final
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
        // NaN: equal to no bucket (not even a -∞ one), so the first kept one is placed at 0.
        var keptBucket = Double.nan
        for index in 0..<count {
            keep(candidates[index], in: candidates, count: &kept, bucket: &keptBucket, quantum: quantum)
        }
        return kept
    }

    /// One step of the pruning, for the next entry by height: kept when cheaper than the last
    /// kept, in its place when both fall in the same height bucket.
    @inline(__always)
    private static func keep(
        _ entry: Entry, in kept: UnsafeMutableBufferPointer<Entry>, count: inout Int, bucket: inout Double, quantum: Double
    ) {
        // (`count` is at least 1 where it is read: no overflow check.)
        guard count == 0 || entry.cost < kept[count &- 1].cost else { return }
        let index = bucketIndex(entry.height / quantum)
        // In the last kept one's place when in its bucket (then `count` ≥ 1: the callers
        // start from a NaN bucket, equal to none), else after it; one store either way (two branches made the search's loop
        // two nested ones, its state moved between them through the stack).
        let slot = index == bucket ? count &- 1 : count
        kept[slot] = entry
        count = slot &+ 1
        bucket = index
    }

    /// ⌊`scaled`⌋, the height bucket of an entry: exact. Below 2⁵² by adding and taking away
    /// 2⁵² (where its neighbours are whole numbers, the sum rounds `scaled` to the nearest
    /// one), a step down when that rounded up; elsewhere by `rounded(.down)` (a libm call).
    /// Converted to an `Int`, the floor cost three range checks and two conversions a kept
    /// entry; the buckets are whole numbers either way, compared only for equality.
    @inline(__always)
    static func bucketIndex(_ scaled: Double) -> Double {
        guard scaled >= 0, scaled < 0x1p52 else { return scaled.rounded(.down) }
        let nearest = (scaled + 0x1p52) - 0x1p52
        return nearest > scaled ? nearest - 1 : nearest
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
    /// per line. A handful (the common case) is ordered by insertion as it is gathered (each
    /// entry written once, in its place); more by a stable sort of them all, which orders
    /// them as a stable sort of the gathered order (the first 16 are that order's stable
    /// sort already).
    private static func gather(
        _ into: UnsafeMutablePointer<Reaching>, first: Int, next: UnsafeBufferPointer<Int>,
        entryStart: UnsafeMutableBufferPointer<Int>, entries: UnsafeBufferPointer<Entry>,
        lineOf: UnsafeBufferPointer<CandidateLines.Edge>
    ) -> Int {
        let inserted = 16
        var order = 0, e1 = first
        while e1 >= 0 {
            defer { e1 = next[e1] }
            let (size, logShapeSize, oneSegment) = (lineOf[e1].size, lineOf[e1].logShapeSize, lineOf[e1].oneSegment)
            // (A `while`: the range checked its bounds' order once a line.)
            var k = entryStart[e1]
            let end = entryStart[e1 + 1]
            while k < end {
                defer { k += 1 }
                // Entry and line indices are far below 2³¹ (the entries fill memory first).
                let item = Reaching(
                    height: entries[k].height, cost: entries[k].cost, size: size, logShapeSize: logShapeSize,
                    order: Int32(truncatingIfNeeded: order), edge: Int32(truncatingIfNeeded: e1),
                    entry: Int32(truncatingIfNeeded: k), oneSegment: oneSegment)
                var j = order
                if order < inserted {
                    while j > 0, into[j - 1].height > item.height {
                        into[j] = into[j - 1]
                        j -= 1
                    }
                }
                into[j] = item
                order += 1
            }
        }
        if order > inserted {
            var many = UnsafeMutableBufferPointer(start: into, count: order)
            many.sort { $0.height < $1.height }
        }
        return order
    }

    /// Forms `line`'s candidates from the `reaching` entries that can still finish within
    /// `budget` (`finish`: the line's height plus the least rest after it) and writes to the
    /// front of `kept` those `pruneFormed` keeps, as it keeps them: in order of height, and of
    /// equal heights only the cheapest (the earliest formed on equal cost) can be kept.
    /// Returns how many candidates were formed and how many were kept. `reaching` is not
    /// empty and its first entry finishes within `budget` (the caller checks both).
    private static func extend(
        _ reaching: UnsafeBufferPointer<Reaching>, line: CandidateLines.Edge, own: Double, finish: Double,
        budget: Double, unary: Double, quantum: Double, into kept: UnsafeMutableBufferPointer<Entry>
    ) -> (formed: Int, kept: Int) {
        let sizeE = line.size, logE = line.logShapeSize, loneE = line.oneSegment
        // NaN: equal to no bucket, so the first kept one is placed at 0 (`keep`).
        var count = 0, keptBucket = Double.nan
        @inline(__always)
        func candidate(_ item: Reaching) -> Entry {
            let pair = BalancedCost.pair(
                logStep: item.logShapeSize - logE, firstSize: item.size, firstLone: item.oneSegment, secondSize: sizeE,
                secondLone: loneE)
            let stepCost = unary + pair
            return Entry(
                height: item.height + own, cost: item.cost + stepCost, previousEdge: item.edge, previousEntry: item.entry)
        }
        // The first entry forms (the caller checked it finishes): it opens the first run.
        /// The cheapest candidate of the current run of equal heights.
        var best = candidate(reaching[0]), bestOrder = reaching[0].order
        var formed = 1
        while formed < reaching.count {
            let item = reaching[formed]
            guard item.height + finish <= budget else { break }
            let next = candidate(item)
            formed += 1
            if next.height == best.height {
                if next.cost < best.cost || (next.cost == best.cost && item.order < bestOrder) {
                    (best, bestOrder) = (next, item.order)
                }
                continue
            }
            // The run before this one is complete: its cheapest goes through the pruning.
            keep(best, in: kept, count: &count, bucket: &keptBucket, quantum: quantum)
            (best, bestOrder) = (next, item.order)
        }
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

        /// Room for `extra` more entries after `count` (inlined: called once a line; the
        /// growth is not).
        @inline(__always)
        mutating func reserve(_ extra: Int) {
            guard count + extra > capacity else { return }
            grow(to: count + extra)
        }

        @inline(never)
        private mutating func grow(to needed: Int) {
            capacity = max(needed, 2 * capacity)
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
