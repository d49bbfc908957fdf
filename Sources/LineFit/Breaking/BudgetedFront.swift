/// Stage 2 under a height budget (a box to fill): the front `front(threshold:budget:)`
/// defines, built for the fresh layout it serves. A fill's paragraph has a few hundred
/// candidate lines and about one Pareto entry per line, so the search is dominated by what it
/// does per line, not per entry: the arrays are read and written through buffers (a written
/// array is checked for sharing at every write), a line's candidate entries go into one
/// reused buffer without being removed one call at a time, and one or two candidates (the
/// common case) are ordered without calling the general sort.
extension BalancedLineBreaker {
    func budgetedFront(threshold: Double, budget: Double, quantum: Double, scratch: FrontScratch? = nil) -> Front {
        let scratch = scratch ?? FrontScratch()
        var isAllowed: [Bool] = [], incomingStart: [Int] = [], incoming: [Int] = [], filled: [Int] = []
        var rest: [Double] = [], candidates: [Entry] = []
        Self.exchange(scratch, &isAllowed, &incomingStart, &incoming, &filled, &rest, &candidates)
        defer { Self.exchange(scratch, &isAllowed, &incomingStart, &incoming, &filled, &rest, &candidates) }
        let count = lines.positions.count
        let edgeCount = lines.edgeCount
        let plain = hint == nil && !writerLineFits && !lines.isEmpty
        let lineSize = lines.isEmpty ? (emptySize ?? threshold) : nil
        Self.refill(&isAllowed, with: false, count: edgeCount)
        Self.refill(&incomingStart, with: 0, count: count + 1)
        Self.refill(&rest, with: 0, count: count)
        var entries: [Entry] = []
        entries.reserveCapacity(2 * edgeCount)
        var entryStart = [Int](repeating: 0, count: edgeCount + 1)
        var transitions = 0
        lines.edges.withUnsafeBufferPointer { lineOf in
            lines.edgeStart.withUnsafeBufferPointer { edgeStart in
                // Allowed lines and, per position, how many allowed lines end there.
                isAllowed.withUnsafeMutableBufferPointer { isAllowed in
                    incomingStart.withUnsafeMutableBufferPointer { incomingStart in
                        for a in 0..<(count - 1) {
                            for e in edgeStart[a]..<edgeStart[a + 1] {
                                if plain {
                                    // The lines left from this start are all too small.
                                    if lineOf[e].largestSizeFrom < threshold { break }
                                    guard lineOf[e].size >= threshold || lineOf[e].forced else { continue }
                                } else {
                                    guard allowed(e, threshold: threshold) else { continue }
                                }
                                isAllowed[e] = true
                                incomingStart[lineOf[e].to + 1] += 1
                            }
                        }
                        for b in 0..<count { incomingStart[b + 1] += incomingStart[b] }
                    }
                }
                // The allowed lines ending at each position, flat by position, in edge order.
                Self.refill(&incoming, with: 0, count: incomingStart[count])
                filled.removeAll(keepingCapacity: true)
                filled.append(contentsOf: incomingStart)
                isAllowed.withUnsafeBufferPointer { isAllowed in
                    incoming.withUnsafeMutableBufferPointer { incoming in
                        filled.withUnsafeMutableBufferPointer { filled in
                            for e in 0..<edgeCount where isAllowed[e] {
                                let b = lineOf[e].to
                                incoming[filled[b]] = e
                                filled[b] += 1
                            }
                        }
                    }
                    // The least height from each position to the end: an entry that cannot
                    // finish within the budget even on the flattest rest is dropped (exact: it
                    // has no feasible end).
                    rest.withUnsafeMutableBufferPointer { rest in
                        for b in stride(from: count - 2, through: 0, by: -1) {
                            var least = Double.infinity
                            for e in edgeStart[b]..<edgeStart[b + 1] where isAllowed[e] {
                                let line = lineOf[e]
                                least = min(least, (lineSize ?? line.size) * line.heightPerPoint + rest[line.to])
                            }
                            rest[b] = least
                        }
                    }
                }
                isAllowed.withUnsafeBufferPointer { isAllowed in
                    incomingStart.withUnsafeBufferPointer { incomingStart in
                        incoming.withUnsafeBufferPointer { incoming in
                            rest.withUnsafeBufferPointer { rest in
                                entryStart.withUnsafeMutableBufferPointer { entryStart in
                                    for a in 0..<(count - 1) {
                                        entryStart[edgeStart[a]] = entries.count
                                        // Entries reaching this start: a bound on any of its lines' candidates.
                                        var reaching = 0
                                        for slot in incomingStart[a]..<incomingStart[a + 1] {
                                            let e1 = incoming[slot]
                                            reaching += entryStart[e1 + 1] - entryStart[e1]
                                        }
                                        if candidates.count < reaching {
                                            candidates = [Entry](
                                                repeating: Entry(height: 0, cost: 0, previousEdge: -1, previousEntry: -1),
                                                count: max(reaching, 2 * candidates.count))
                                        }
                                        for e in edgeStart[a]..<edgeStart[a + 1] {
                                            entryStart[e] = entries.count
                                            guard a == 0 || reaching > 0, isAllowed[e] else { continue }
                                            let line = lineOf[e]
                                            let own = (lineSize ?? line.size) * line.heightPerPoint
                                            let h = own + rest[line.to]
                                            let unary = unaryCost(e)
                                            if a == 0 {
                                                if h <= budget {
                                                    entries.append(Entry(height: own, cost: unary, previousEdge: -1, previousEntry: -1))
                                                }
                                                continue
                                            }
                                            let sizeE = line.size, logE = line.logShapeSize, loneE = line.oneSegment
                                            var formed = 0
                                            candidates.withUnsafeMutableBufferPointer { candidates in
                                                for slot in incomingStart[a]..<incomingStart[a + 1] {
                                                    let e1 = incoming[slot]
                                                    var k = entryStart[e1]
                                                    let end = entryStart[e1 + 1]
                                                    // An edge's entries rise in height: past the first that
                                                    // cannot finish within the budget, none can.
                                                    guard k < end, entries[k].height + h <= budget else { continue }
                                                    let size1 = lineOf[e1].size
                                                    let step = lineOf[e1].logShapeSize - logE
                                                    var pair = step * step
                                                    if lineOf[e1].oneSegment, size1 > BalancedCost.loneRatio * sizeE {
                                                        pair += BalancedCost.lonePenalty
                                                    }
                                                    if loneE, sizeE > BalancedCost.loneRatio * size1 { pair += BalancedCost.lonePenalty }
                                                    let stepCost = unary + pair
                                                    while k < end {
                                                        let entry = entries[k]
                                                        guard entry.height + h <= budget else { break }
                                                        candidates[formed] = Entry(
                                                            height: entry.height + own, cost: entry.cost + stepCost,
                                                            previousEdge: Int32(e1), previousEntry: Int32(k))
                                                        formed += 1
                                                        k += 1
                                                    }
                                                }
                                                transitions += formed
                                                let kept = Self.pruneFormed(candidates, count: formed, quantum: quantum)
                                                for index in 0..<kept { entries.append(candidates[index]) }
                                            }
                                        }
                                    }
                                    entryStart[edgeCount] = entries.count
                                }
                            }
                        }
                    }
                }
            }
        }
        let final = Self.paretoFinal(
            ending: incoming[incomingStart[count - 1]..<incomingStart[count]], entryStart: entryStart, entries: entries)
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
        var final: [(edge: Int, entry: Int)] = []
        for e in lines {
            for k in entryStart[e]..<entryStart[e + 1] { final.append((e, k)) }
        }
        final.sort { (entries[$0.entry].height, entries[$0.entry].cost) < (entries[$1.entry].height, entries[$1.entry].cost) }
        var kept: [(edge: Int, entry: Int)] = []
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
            let entry = candidates[index]
            guard kept == 0 || entry.cost < candidates[kept - 1].cost else { continue }
            let bucket = Int((entry.height / quantum).rounded(.down))
            if bucket == keptBucket {
                candidates[kept - 1] = entry
            } else {
                candidates[kept] = entry
                kept += 1
                keptBucket = bucket
            }
        }
        return kept
    }

    /// Swaps the working arrays with the scratch's (in for a call, and back after it).
    private static func exchange(
        _ scratch: FrontScratch, _ isAllowed: inout [Bool], _ incomingStart: inout [Int], _ incoming: inout [Int],
        _ filled: inout [Int], _ rest: inout [Double], _ candidates: inout [Entry]
    ) {
        swap(&isAllowed, &scratch.isAllowed)
        swap(&incomingStart, &scratch.incomingStart)
        swap(&incoming, &scratch.incoming)
        swap(&filled, &scratch.filled)
        swap(&rest, &scratch.rest)
        swap(&candidates, &scratch.candidates)
    }

    /// `array` as `count` copies of `value`, in the storage it has.
    private static func refill<T>(_ array: inout [T], with value: T, count: Int) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(value, count: count))
    }
}
