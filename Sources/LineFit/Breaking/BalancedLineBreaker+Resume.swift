extension BalancedLineBreaker {
    /// Whether `front` resumes `resume`: only without a budget (the rest-of-paragraph bound
    /// reads the whole paragraph) and without a hint, from a front built the same way over
    /// the lines these were built reusing (same line count: `resumedFront` reads the earlier
    /// entries through unchecked buffers).
    func resumes(_ front: Front?, starts: Int, threshold: Double, budget: Double?) -> Bool {
        guard let front, budget == nil, hint == nil, !front.hinted, front.budget == nil, front.threshold == threshold,
              front.writerLineFits == writerLineFits, front.entryStart.count == lines.earlierEdgeCount + 1 else { return false }
        return (starts > 0 || !lines.reusedFrom.isEmpty) && starts < lines.positions.count
    }

    /// `front(threshold:budget: nil, …, resume: (resume, starts))` (see there) when `resumes`,
    /// in the resumed front's own arrays (handed over, else copied at the first change): its entries and their starts are cut back to the resumed starts'
    /// lines in place instead of copied, and only the lines that can reach the first solved
    /// start are scanned for the incoming lists (a keystroke at the end of a paragraph then
    /// reads about a line's reach of starts, not every line of the paragraph).
    func resumedFront(threshold: Double, resume: consuming Front, starts first: Int, scratch: FrontScratch) -> Front {
        assert(hint == nil, "the incoming lists are exact only without a hint (`resumes`)")
        var incoming = Self.take(&scratch.incoming), finalLines = Self.take(&scratch.scanEnd)
        /// The earlier entries from the first solved start's lines on, and per earlier line
        /// from `resumedEdges` on, where its entries started (earlier indices).
        var lentEntries = Self.take(&scratch.lentEntries), lentEntryStart = Self.take(&scratch.lentEntryStart)
        /// Per earlier line past the resumed ones, its index here once its entry was copied,
        /// else -1 (an entry linking to it then links to the same entry here). Set as the
        /// lines are copied: a line's links end at its start, so at lines copied before it.
        var newEdge = Self.take(&scratch.newEdge)
        /// Per position from `first`, whether a line ending there was solved here (its list
        /// then gains or changes an entry: gathered again, not kept).
        var solvedTo = Self.take(&scratch.isAllowed)
        defer {
            (scratch.incoming, scratch.scanEnd) = (incoming, finalLines)
            (scratch.lentEntries, scratch.lentEntryStart) = (lentEntries, lentEntryStart)
            scratch.newEdge = newEdge
            scratch.isAllowed = solvedTo
        }
        let count = lines.positions.count
        let edges = lines.edgeCount
        let edgeStart = lines.edgeStart, lineOf = lines.edges, reusedFrom = lines.reusedFrom
        let resumedEdges = edgeStart[first]
        // Only the starts from the first with a line that long have lines ending at or after
        // `first` (a start's last line ends furthest).
        var lowStart = first
        for a in 0..<first where edgeStart[a + 1] > edgeStart[a] && lineOf[edgeStart[a + 1] - 1].to >= first {
            lowStart = a
            break
        }
        let plain = !writerLineFits && !lines.isEmpty
        // The earlier front's lists: those before `first` read resumed lines only and hold as
        // they are; from `first` on each is renumbered or gathered again below, or dropped.
        var lists = GatheredLists()
        swap(&lists, &resume.gatheredLists)
        lists.cut(to: count)
        if count - 1 >= first { lists.drop(count - 1) }
        Self.reset(&solvedTo, to: false, count: count - first)
        // The resumed starts' entries stay where they are; the later ones are read from a
        // short copy (the lines copied past the resumed starts take theirs from it).
        var entries: [Entry] = [], entryStart: [Int] = []
        swap(&entries, &resume.entries)
        swap(&entryStart, &resume.entryStart)
        let kept = entryStart[resumedEdges]
        if resumedEdges == 0 {
            // Nothing resumed whole: every entry is lent, and the spare arrays (the lent ones
            // of the last call) take the new ones.
            swap(&lentEntries, &entries)
            swap(&lentEntryStart, &entryStart)
            entries.removeAll(keepingCapacity: true)
            entryStart.removeAll(keepingCapacity: true)
            entryStart.append(0)
        } else {
            lentEntries.removeAll(keepingCapacity: true)
            lentEntries.append(contentsOf: entries[kept...])
            lentEntryStart.removeAll(keepingCapacity: true)
            lentEntryStart.append(contentsOf: entryStart[resumedEdges...])
            // Same lines or fewer: a cheap keystroke, where growth comes early (`grownCapacity`).
            let noNewLines = edges <= entryStart.count - 1
            if let grown = Self.grownCapacity(entries.capacity, needed: kept + edges - resumedEdges, early: noNewLines) {
                entries = Self.prefix(entries, kept, capacity: grown)
            }
            if let grown = Self.grownCapacity(entryStart.capacity, needed: edges + 1, early: noNewLines) {
                entryStart = Self.prefix(entryStart, resumedEdges + 1, capacity: grown)
            }
        }
        // Every start past the resumed ones is written before it is read (the main loop sets
        // a start's own, and closes the last line's), so the earlier ones past the kept prefix
        // stay as room: only the count is set, not the values.
        Self.resize(&entryStart, to: edges + 1, filler: 0)
        // Without a budget a line has at most one entry (its cheapest extension, or the one
        // copied from the earlier front, built the same way): room for one per line, written
        // in place and cut to what was written at the end. Only written entries are read
        // (through `entryStart`): the earlier ones past `kept` serve as that room as they are.
        Self.resize(
            &entries, to: kept + edges - resumedEdges,
            filler: Entry(height: 0, cost: 0, previousEdge: -1, previousEntry: -1))
        /// The earlier index of `lentEntries[0]`.
        let lentBase = kept
        let lending = !reusedFrom.isEmpty
        if lending {
            Self.reset(&newEdge, to: -1, count: lentEntryStart.count - 1)
        }
        var transitions = 0, written = kept
        // The allowed lines ending at the last position, in order of line (the final entry
        // is the cheapest of theirs): of the starts before `first`, listed here; of the later
        // ones, as their lines are read below (those that can have an entry).
        finalLines.removeAll(keepingCapacity: true)
        for s in lowStart..<first where edgeStart[s + 1] > edgeStart[s] && lineOf[edgeStart[s + 1] - 1].to >= count - 1 {
            Self.appendLines(from: s, endingAt: count - 1, of: self, threshold: threshold, plain: plain, to: &finalLines)
        }
        // The arrays written per line, on buffers: a write is then a store (an array checks
        // for sharing at each write, and an append for room too).
        lineOf.withUnsafeBufferPointer { lineOf in
            entries.withUnsafeMutableBufferPointer { entries in
                entryStart.withUnsafeMutableBufferPointer { entryStart in
                    newEdge.withUnsafeMutableBufferPointer { newEdge in
                        Self.withLent(lentEntries, lentEntryStart, reusedFrom) { lent in
                            for a in first..<(count - 1) {
                                // Closes the entries of the edges ending here (the last one's end is this start's).
                                entryStart[edgeStart[a]] = written
                                // The entries of the lines ending here: the earlier front's list when no line
                                // ending here was solved and each of its lines kept its entry, else gathered.
                                var lowest: Double? = nil, gatheredCount = 0, split = 0
                                if a > 0 {
                                    if solvedTo[a &- first] || !lists.isHeld(a)
                                        || !lists.renumber(
                                            a, resumedEdges: resumedEdges, newEdge: lending ? newEdge : nil,
                                            entryStart: entryStart) {
                                        listIncoming(a, from: lowStart, threshold: threshold, plain: plain, into: &incoming)
                                        // Gathered into the position's own list (its storage reused).
                                        let (length, least) = Self.gather(
                                            &lists.lists[a].items, incoming, room: incoming.count,
                                            entries: UnsafeBufferPointer(entries), entryStart: UnsafeBufferPointer(entryStart),
                                            lines: lineOf)
                                        lists.lists[a].count = length
                                        lists.lists[a].lowest = least ?? .nan
                                    }
                                    gatheredCount = lists.lists[a].count
                                    lowest = lists.lists[a].lowest.isNaN ? nil : lists.lists[a].lowest
                                }
                                // Some line ending here has an entry (the gathered ones are those).
                                let reachable = a == 0 || gatheredCount > 0
                                // Read where it is held (gathered or renumbered above).
                                lists.lists[a].items.withUnsafeBufferPointer { list in
                                    for e in edgeStart[a]..<edgeStart[a + 1] {
                                        entryStart[e] = written
                                        guard reachable, lineOf[e].size >= threshold || lineOf[e].forced
                                            || (!plain && allowed(e, threshold: threshold)) else { continue }
                                        // (Only a line with an entry can be final: the others are left out.)
                                        if lineOf[e].to == count &- 1 { finalLines.append(e) }
                                        if lending, lent.reusedFrom[e] >= resumedEdges {
                                            // A copied line: the earlier front's entry, its link renumbered,
                                            // when the line it links to had its entry copied too (checked
                                            // here, not assumed of the candidate lines); otherwise solved below.
                                            let old = Int(lent.reusedFrom[e]) &- resumedEdges
                                            let k = lent.entryStart[old] &- lentBase, end = lent.entryStart[old &+ 1] &- lentBase
                                            if k == end {
                                                newEdge[old] = Int32(e)
                                                continue
                                            }
                                            var entry = lent.entries[k]
                                            let previous = Int(entry.previousEdge)
                                            var linked = end == k + 1
                                            if linked, previous >= resumedEdges {
                                                let now = Int(newEdge[previous &- resumedEdges])
                                                linked = now >= 0
                                                if linked {
                                                    let shift = entryStart[now] &- lent.entryStart[previous &- resumedEdges]
                                                    entry.previousEntry = Int32(Int(entry.previousEntry) + shift)
                                                    entry.previousEdge = Int32(now)
                                                }
                                            }
                                            if linked {
                                                entries[written] = entry
                                                written += 1
                                                newEdge[old] = Int32(e)
                                                continue
                                            }
                                        }
                                        // Solved here: the list at its end is gathered again.
                                        solvedTo[lineOf[e].to &- first] = true
                                        let own = height(e, threshold: threshold)
                                        let unary = unaryCost(e)
                                        if a == 0 {
                                            entries[written] = Entry(height: own, cost: unary, previousEdge: -1, previousEntry: -1)
                                            written += 1
                                            continue
                                        }
                                        transitions += gatheredCount
                                        if let entry = Self.cheapestExtension(
                                            list, count: gatheredCount, lowest: lowest, by: lineOf[e], own: own,
                                            unary: unary, split: &split) {
                                            entries[written] = entry
                                            written += 1
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                entryStart[edges] = written
            }
        }
        let final = Self.cheapestFinal(finalLines, entries: entries, entryStart: entryStart)
        entries.removeSubrange(written...)
        var front = Front(
            entries: [], entryStart: [], final: final.map { [$0] } ?? [], threshold: threshold, budget: nil,
            writerLineFits: writerLineFits, hinted: false)
        front.entries = entries
        front.entryStart = entryStart
        front.transitions = transitions
        front.gatheredLists = lists
        return front
    }

    /// The allowed lines (without a hint: the plain test, else `allowed`) ending at position
    /// `b`, in order of line, into `list`: per start from `lowStart` (no earlier start reaches
    /// `b`), its lines ending there.
    func listIncoming(_ b: Int, from lowStart: Int, threshold: Double, plain: Bool, into list: inout [Int]) {
        list.removeAll(keepingCapacity: true)
        for s in lowStart..<max(lowStart, b) {
            Self.appendLines(from: s, endingAt: b, of: self, threshold: threshold, plain: plain, to: &list)
        }
    }

    /// Appends the allowed lines (as `listIncoming`) from start `s` that end at position `b` to
    /// `list`, in order (a start's lines come in order of end: read back from its last).
    @inline(__always)
    static func appendLines(
        from s: Int, endingAt b: Int, of breaker: BalancedLineBreaker, threshold: Double, plain: Bool, to list: inout [Int]
    ) {
        let edgeStart = breaker.lines.edgeStart
        // On a buffer, fields read one by one (a record read whole from an array is copied whole).
        breaker.lines.edges.withUnsafeBufferPointer { lineOf in
            let low = edgeStart[s]
            var high = edgeStart[s + 1]
            while high > low, lineOf[high - 1].to > b { high -= 1 }
            var e = high
            while e > low, lineOf[e - 1].to == b { e -= 1 }
            while e < high {
                if lineOf[e].size >= threshold || lineOf[e].forced
                    || (!plain && breaker.allowed(e, threshold: threshold)) {
                    list.append(e)
                }
                e += 1
            }
        }
    }

    /// The earlier front's entries read by `resumedFront`'s copied lines, and which earlier
    /// line each one is, on buffers: a read is then a load, not a bounds check and a reload.
    struct Lent {
        let entries: UnsafeBufferPointer<Entry>, entryStart: UnsafeBufferPointer<Int>
        let reusedFrom: UnsafeBufferPointer<Int32>
    }

    @inline(__always)
    static func withLent<R>(
        _ entries: [Entry], _ entryStart: [Int], _ reusedFrom: [Int32], _ body: (Lent) -> R
    ) -> R {
        entries.withUnsafeBufferPointer { entries in
            entryStart.withUnsafeBufferPointer { entryStart in
                reusedFrom.withUnsafeBufferPointer { reusedFrom in
                    body(Lent(entries: entries, entryStart: entryStart, reusedFrom: reusedFrom))
                }
            }
        }
    }

    /// The capacity a handed-over array grows to, or nil when it keeps its own. Growth copies
    /// the kept entries, so it doubles (a typing replay copies O(log n) times), and it comes
    /// early, at four fifths full, on a keystroke that adds no line: one that adds lines is
    /// among the costliest, and a growth copy there made the p99 keystroke. Not early below
    /// 512 entries, where the copy is short and an early growth only moves the heap's state.
    static func grownCapacity(_ capacity: Int, needed: Int, early: Bool) -> Int? {
        guard capacity < needed || (early && needed >= 512 && capacity < needed + needed / 4) else { return nil }
        return max(2 * capacity, needed)
    }

    /// `array` cut or lengthened (with `filler`) to `count` elements: what it holds below
    /// `count` stays, for a caller that writes each element before reading it.
    static func resize<T>(_ array: inout [T], to count: Int, filler: T) {
        if array.count > count {
            array.removeSubrange(count...)
        } else {
            array.append(contentsOf: repeatElement(filler, count: count - array.count))
        }
    }

    /// The first `count` elements of `array` in new storage of `capacity`.
    static func prefix<T>(_ array: [T], _ count: Int, capacity: Int) -> [T] {
        var grown: [T] = []
        grown.reserveCapacity(capacity)
        grown.append(contentsOf: array[0..<count])
        return grown
    }

    /// Without a budget, the cheapest final entry of the lines `finalLines` (of equal costs
    /// the lowest, of equal both the first): one pass, without gathering and sorting them all.
    static func cheapestFinal(
        _ finalLines: some Sequence<Int>, entries: [Entry], entryStart: [Int]
    ) -> (edge: Int, entry: Int)? {
        var best: (edge: Int, entry: Int)?
        for e in finalLines {
            for k in entryStart[e]..<entryStart[e + 1] {
                guard let b = best else { best = (e, k); continue }
                let cost = entries[k].cost, bestCost = entries[b.entry].cost
                if cost < bestCost || (cost == bestCost && entries[k].height < entries[b.entry].height) {
                    best = (e, k)
                }
            }
        }
        return best
    }
}
