/// The shape cost of the balanced strategy and its constants.
///
/// A paragraph's cost is the sum over adjacent lines of (ln sᵢ − ln sᵢ₊₁)² (even size steps;
/// the log makes 40→60 pt cost what 100→150 pt costs), plus the penalties below. The
/// penalties are in the same unit: (ln 1.8)² ≈ 0.35 is the adjacency cost of the jump the
/// lone-word rule forbids, so a penalty of 4 outweighs any plausible sum of size steps.
enum BalancedCost {
    /// Share of the best smallest size (t*) stage 2 may give up for a better shape: 0.9 keeps
    /// the smallest line within a size step a reader hardly notices (10%), and was enough on
    /// the caption corpus to remove every lone shouting word.
    static let tau = 0.9
    /// A one-word line more than this many times its neighbour's size reads as a shout.
    static let loneRatio = 1.8
    /// Cost of such a lone word, per neighbour: more than ten times the cost of the jump itself.
    static let lonePenalty = 4.0
    /// A line held at the maximum should fill at least this share of the width; below it the
    /// line looks like a left-over word in the middle of a wide story.
    static let heldFillTarget = 0.6
    /// Cost of a held line filling nothing, scaled down linearly to 0 at the target.
    static let heldPenalty = 1.0
    /// Cost per extra line when a paragraph the writer typed fits whole at the threshold
    /// (`SALE\n50% off everything` keeps its lines): half the lone-word penalty, so a lone
    /// shouting word is still worse than splitting the writer's line.
    static let splitPenalty = 2.0
    /// A paragraph the writer typed stays one line when that line would be at least this
    /// share of t*: the writer's newline is emphasis (`SALE` big, the details small under
    /// it), so their short lines may sit below τ·t* rather than be stacked into single words.
    /// Half: a whole line at less than half the block's smallest size reads as small print.
    static let writerShare = 0.5
    /// The stability rule (editor sessions, `BalancedPlan.make`): the kept breaks stay while
    /// they cost at most this share more than the fresh optimum. One: keeping may cost the
    /// optimum's cost once more, about one more size step as large as the ones the optimum
    /// already has, which a reader following the caret does not notice the way they notice
    /// lines re-breaking. Typing the caption corpus into a 1600-pt box, a quarter kept too
    /// little (0.242 breaks moved per keystroke; the rule before this one, 0.250); one gives
    /// 0.186, two 0.156 (most of the rest are keystrokes where no kept block fits the box).
    static let stabilityMargin = 1.0
    /// Cost of a line ending inside a word: the last resort, above every other term.
    static let emergencyPenalty = 100.0
    /// Fixed-size styles: cost per line, so that the fewest lines come first and the even
    /// widths second (CSS `text-wrap: balance` keeps the line count too).
    static let fixedLinePenalty = 1000.0
    /// Heights are kept in at most this many buckets per state (the Pareto front is bounded:
    /// per bucket only the cheapest entry survives), so a paragraph costs O(n·L²·F) with
    /// F ≤ heightBuckets + 1. 32 buckets of a 1600-pt box are 50 pt: half a 96 pt line, so
    /// two entries a bucket apart differ by less than the smallest line the targets allow.
    static let heightBuckets = 32
    /// Edges of a state are compared with this absolute slack on cost: sums in another order
    /// differ in the last bits.
    static let costSlack = 1e-12

    /// The adjacency cost of a line followed by another: the squared step in log size, plus
    /// the lone-word penalty for each side that is one segment and shouts over the other. One
    /// definition for every search (each inlines it), so their sums agree bit for bit.
    @inline(__always)
    static func pair(
        logStep: Double, firstSize: Double, firstLone: Bool, secondSize: Double, secondLone: Bool
    ) -> Double {
        var cost = logStep * logStep
        if firstLone, firstSize > loneRatio * secondSize { cost += lonePenalty }
        if secondLone, secondSize > loneRatio * firstSize { cost += lonePenalty }
        return cost
    }
}

/// Breaks kept from a previous layout (the stability rule, `BalancedPlan.make`): relative
/// offsets of breaks the new lines must reproduce. Every line ending before `limit` ends at
/// one of `breaks`, and no line runs across one; from `limit` on, lines are free.
struct BreakHint {
    var breaks: Set<Int>
    var limit: Int
    /// The paragraph the edit is in (its lines from the caret's on may re-break); otherwise
    /// a paragraph the edit did not touch, whose every break is kept (`limit` its length).
    var edited: Bool

    /// The hints of the stability rule for the paragraphs of a text after an edit, from the
    /// layout before it: `edit` is where the edit starts and how many UTF-16 units it removed
    /// and inserted.
    /// - A paragraph the edit did not touch (the same text, at the same place or shifted by
    ///   the edit, and a paragraph in the layout before too) keeps all its breaks.
    /// - The paragraph the edit is in keeps the lines that ended before the caret's line:
    ///   the breaks before the edit's start; the caret's line may re-break (it wraps as it
    ///   grows). No such breaks: no hint (its first line holds the caret).
    /// - A paragraph made by the edit (a typed line break's second half) has none.
    static func stability(
        previous: Layout, paragraphs: [ParagraphRange], edit: (start: Int, removed: Int, inserted: Int)
    ) -> [BreakHint?] {
        let delta = edit.inserted - edit.removed
        let starts = previous.lines.map(\.start)
        var paragraphStarts: Set<Int> = [0]
        for line in previous.lines where line.flags.contains(.endsParagraph) { paragraphStarts.insert(line.end) }
        let previousLength = previous.lines.last?.end ?? 0
        // Lines are in text order, so a paragraph's starts are one slice (found by binary
        // search: a keystroke must not scan every line once per paragraph).
        func kept(_ from: Int, _ to: Int, base: Int) -> [Int] {
            let first = starts.partitioningIndex { $0 > from }, end = starts.partitioningIndex { $0 >= to }
            return first < end ? starts[first..<end].map { $0 - base } : []
        }
        return paragraphs.map { paragraph in
            let a = paragraph.range.lowerBound, b = paragraph.range.upperBound
            let before = b < edit.start || (b == edit.start && paragraph.hasTerminator)
            let after = a >= edit.start + edit.inserted && a > edit.start
            if before || after {
                // Untouched: its range before the edit, which must have been a paragraph then.
                let shift = after ? delta : 0
                let (oldA, oldB) = (a - shift, b - shift)
                guard !previous.lines.isEmpty, paragraphStarts.contains(oldA),
                      paragraphStarts.contains(oldB) || oldB == previousLength else { return nil }
                return BreakHint(breaks: Set(kept(oldA, oldB, base: oldA)), limit: b - a, edited: false)
            }
            guard paragraph.range.contains(edit.start) || b == edit.start else { return nil }
            let breaks = kept(a, edit.start, base: a)
            guard let last = breaks.max() else { return nil }
            return BreakHint(breaks: Set(breaks), limit: last, edited: true)
        }
    }
}

/// The exact optimisation of one paragraph's breaks on its candidate lines.
struct BalancedLineBreaker {
    let lines: CandidateLines
    /// Lines the writer typed: when the paragraph fits whole at this size, splitting it costs.
    let writerThreshold: Double
    let fixedSize: Bool
    var hint: BreakHint?
    /// The size of an empty paragraph's line (the threshold size, t*); nil: the threshold.
    var emptySize: Double?

    init(_ lines: CandidateLines, writerThreshold: Double, fixedSize: Bool, hint: BreakHint? = nil) {
        self.lines = lines
        self.writerThreshold = writerThreshold
        self.fixedSize = fixedSize
        self.hint = hint
    }

    // MARK: - Oracle

    @inline(__always)
    func allowed(_ edge: Int, threshold: Double) -> Bool {
        let line = lines.edges[edge]
        guard line.size >= threshold || line.forced || lines.isEmpty || keepsWriterLine(edge) else {
            return false
        }
        if let hint = hint {
            let start = lines.positions[line.from], end = lines.positions[line.to]
            if end < hint.limit && !hint.breaks.contains(end) { return false }
            for kept in hint.breaks where kept > start && kept < end { return false }
        }
        return true
    }

    /// The paragraph fits whole at a size the writer's-line rule accepts.
    var writerLineFits: Bool {
        lines.wholeSize > 0 && lines.wholeSize >= BalancedCost.writerShare * writerThreshold
    }

    func keepsWriterLine(_ edge: Int) -> Bool {
        writerLineFits && lines.edges[edge].from == 0 && lines.edges[edge].to == lines.last
    }

    /// The line's height at the threshold (an empty paragraph takes the threshold's size).
    func height(_ edge: Int, threshold: Double) -> Double {
        let line = lines.edges[edge]
        return (lines.isEmpty ? (emptySize ?? threshold) : line.size) * line.heightPerPoint
    }

    func unaryCost(_ edge: Int) -> Double {
        let line = lines.edges[edge]
        return Self.unaryCost(
            line, fixedSize: fixedSize, emergency: lines.isEmergency[line.to], writerLineFits: writerLineFits,
            last: lines.last)
    }

    /// `unaryCost` of a line given what it reads of the breaker (a search over many lines
    /// reads those once): one definition, so that every search sums the same terms.
    @inline(__always)
    static func unaryCost(
        _ line: CandidateLines.Edge, fixedSize: Bool, emergency: Bool, writerLineFits: Bool, last: Int
    ) -> Double {
        var cost = 0.0
        if fixedSize { cost += BalancedCost.fixedLinePenalty }
        if line.heldAtMax, line.fill < BalancedCost.heldFillTarget {
            cost += BalancedCost.heldPenalty * (1 - line.fill / BalancedCost.heldFillTarget)
        }
        if emergency { cost += BalancedCost.emergencyPenalty }
        if writerLineFits, line.to != last {
            cost += BalancedCost.splitPenalty
        }
        return cost
    }

    func pairCost(_ first: Int, _ second: Int) -> Double {
        let one = lines.edges[first], two = lines.edges[second]
        return BalancedCost.pair(
            logStep: one.logShapeSize - two.logShapeSize, firstSize: one.size, firstLone: one.oneSegment,
            secondSize: two.size, secondLone: two.oneSegment)
    }

    /// The cost of a path of edges, summed as the optimiser sums it.
    func cost(of path: [Int]) -> Double {
        var total = 0.0
        for (index, edge) in path.enumerated() {
            total += unaryCost(edge)
            if index > 0 { total += pairCost(path[index - 1], edge) }
        }
        return total
    }

    /// The edge from position index `a` to `b`, if it is a candidate.
    func edge(from a: Int, to b: Int) -> Int? {
        guard a + 1 < lines.edgeStart.count else { return nil }
        for e in lines.edgeStart[a]..<lines.edgeStart[a + 1] where lines.edges[e].to == b { return e }
        return nil
    }

    // MARK: - Stage 1

    /// The least height of the paragraph with every line at least `threshold`: a shortest
    /// path over positions (O(edges)). Nil when no such breaks exist.
    func leastHeight(threshold: Double) -> (height: Double, path: [Int])? {
        var scratch = LeastHeightScratch()
        guard let height = leastHeight(threshold: threshold, scratch: &scratch) else { return nil }
        var path: [Int] = []
        var position = lines.positions.count - 1
        while position > 0 {
            let e = scratch.via[position]
            path.append(e)
            position = lines.edges[e].from
        }
        return (height, path.reversed())
    }

    /// The arrays of one shortest-path search, kept across stage 1's probes (each probe
    /// allocating its own cost more than a high threshold's search itself).
    struct LeastHeightScratch {
        var best: [Double] = []
        /// Per position, the edge ending there on the least path to it.
        var via: [Int] = []
    }

    /// `leastHeight(threshold:)`'s height alone, on `scratch` (its `via` then holds the path).
    func leastHeight(threshold: Double, scratch: inout LeastHeightScratch) -> Double? {
        if hint == nil && !writerLineFits && !lines.isEmpty {
            return lines.plainLeastHeight(threshold: threshold, scratch: &scratch)
        }
        let count = lines.positions.count
        Self.refill(&scratch.best, with: .infinity, count: count)
        Self.refill(&scratch.via, with: -1, count: count)
        let edgeStart = lines.edgeStart
        scratch.best.withUnsafeMutableBufferPointer { best in
            scratch.via.withUnsafeMutableBufferPointer { via in
                best[0] = 0
                for a in 0..<(count - 1) where best[a].isFinite {
                    for e in edgeStart[a]..<edgeStart[a + 1] where allowed(e, threshold: threshold) {
                        let candidate = best[a] + height(e, threshold: threshold), b = lines.edges[e].to
                        if candidate < best[b] {
                            best[b] = candidate
                            via[b] = e
                        }
                    }
                }
            }
        }
        let least = scratch.best[count - 1]
        return least.isFinite ? least : nil
    }

    /// `allowed(e, threshold:)` of a plain breaker (no hint, no writer's line, lines not empty):
    /// the line reaches the threshold or is forced. Nil when no line from its start on does
    /// (`largestSizeFrom`, the largest of their sizes, a forced one's infinite): a high threshold
    /// allows only a start's first few lines, and the scan of the start stops there. One rule
    /// for every search over plain lines (stage 1's probes, the budgeted front).
    @inline(__always)
    static func plainAllows(_ edges: UnsafeBufferPointer<CandidateLines.Edge>, _ e: Int, threshold: Double) -> Bool? {
        // Fields read one by one (a record read whole is copied whole).
        if edges[e].size >= threshold {
            // Why the largest size need not be read here: it is at least the line's own. A
            // writer of sizes that forgot `largestSizeFrom` would change layouts silently.
            assert(edges[e].forced || edges[e].largestSizeFrom >= edges[e].size, "largestSizeFrom below the line's size")
            return true
        }
        if edges[e].largestSizeFrom < threshold { return nil }
        return edges[e].forced
    }

    /// `leastHeight(threshold:scratch:)` of a breaker of `lines` (not empty) with no hint and
    /// no writer's line: every line at least `threshold`, or forced. Stage 1 probes its
    /// paragraphs this way, on the lines where they are (`edges`, `edgeStart` and the position
    /// count of the lines): a breaker made for a probe, or the lines passed whole, held a copy
    /// of them (a retain and a release of each of their arrays).
    static func plainLeastHeight(
        edges: UnsafeBufferPointer<CandidateLines.Edge>, edgeStart: UnsafeBufferPointer<Int>, positions count: Int,
        threshold: Double, scratch: inout LeastHeightScratch
    ) -> Double? {
        refill(&scratch.best, with: .infinity, count: count)
        // `via` is only sized: it is read at positions a path reached, and an edge into such a
        // position wrote it in this search (a least height is finite only once written with it).
        if scratch.via.count < count { scratch.via.append(contentsOf: repeatElement(-1, count: count - scratch.via.count)) }
        // Stage 1 runs once per threshold tried: on buffers (an array written per element is
        // checked for sharing at every write).
        scratch.best.withUnsafeMutableBufferPointer { best in
            scratch.via.withUnsafeMutableBufferPointer { via in
                best[0] = 0
                for a in 0..<(count - 1) {
                    // (Edges run forward: no edge from `a` changes its least height.)
                    let least = best[a]
                    guard least.isFinite else { continue }
                    var e = edgeStart[a]
                    let end = edgeStart[a + 1]
                    while e < end {
                        guard let allows = plainAllows(edges, e, threshold: threshold) else { break }
                        guard allows else {
                            e += 1
                            continue
                        }
                        // `height(e, threshold:)` of a paragraph with content.
                        let candidate = least + edges[e].size * edges[e].heightPerPoint, b = edges[e].to
                        if candidate < best[b] {
                            best[b] = candidate
                            via[b] = e
                        }
                        e += 1
                    }
                }
            }
        }
        let least = scratch.best[count - 1]
        return least.isFinite ? least : nil
    }

    // MARK: - Stage 2

    struct Entry {
        var height: Double
        var cost: Double
        var previousEdge: Int32
        /// Index in `Front.entries` of the entry this one extends.
        var previousEntry: Int32
    }

    /// The Pareto front of (height, cost) over the paragraph's breaks with every line at least
    /// `threshold` and a height at most `budget` (nil: no height bound, one entry, the least
    /// cost). Entries are stored flat, grouped by ending edge in edge order (edge `e` owns
    /// `entries[entryStart[e]..<entryStart[e + 1]]`): one buffer instead of an array per edge,
    /// and the entries of a paragraph's first lines are a prefix another front can resume from.
    struct Front {
        var entries: [Entry]
        var entryStart: [Int]
        /// (edge, index in `entries`) of the final entries, by increasing height and
        /// decreasing cost.
        var final: [(edge: Int, entry: Int)]
        /// Candidate entries formed (one per extension of an entry by an edge): the work done,
        /// counted so that tests can bound it without a clock.
        var transitions = 0
        /// The threshold, budget and writer's-line rule the front was built under: a front
        /// resumes another only when these match.
        var threshold = 0.0
        var budget: Double?
        var writerLineFits = false
        var hinted = false
        /// Without a budget, the lists its starts gathered (a resumed front's; `resumedFront`).
        var gatheredLists = GatheredLists()

        func height(_ item: (edge: Int, entry: Int)) -> Double { entries[item.entry].height }
        func cost(_ item: (edge: Int, entry: Int)) -> Double { entries[item.entry].cost }

        func path(_ item: (edge: Int, entry: Int)) -> [Int] {
            var path: [Int] = []
            var edge = item.edge, entry = item.entry
            while edge >= 0 {
                path.append(edge)
                let e = entries[entry]
                edge = Int(e.previousEdge)
                entry = Int(e.previousEntry)
            }
            return path.reversed()
        }
    }

    /// Without a budget, the one entry of each line ending at a start, with what the pair
    /// cost reads of that line: gathered once per start, since each of the start's lines
    /// scans the same list (the innermost loop then reads one array, not five).
    struct Incoming {
        var edge: Int
        var entry: Int
        var cost: Double
        var height: Double
        var logSize: Double
        var size: Double
        var oneSegment: Bool
    }

    /// Stage 2's working arrays, kept between its calls (an editor session's paragraph hands
    /// its own to the next version of it): allocated anew, they cost a short keystroke's
    /// search several times over (each allocation looks up generic metadata at run time).
    final class FrontScratch {
        var isAllowed: [Bool] = []
        var incomingStart: [Int] = []
        var scanEnd: [Int] = []
        var incoming: [Int] = []
        var filled: [Int] = []
        var rest: [Double] = []
        var candidates: [Entry] = []
        var gathered: [Incoming] = []
        /// A resumed front's (`resumedFront`): the earlier entries read while the new ones
        /// are written, and the map between the two fronts' lines (kept, so that a keystroke
        /// allocates none of them).
        var lentEntries: [Entry] = []
        var lentEntryStart: [Int] = []
        var newEdge: [Int32] = []
    }

    /// `array`, left empty (so that the taker holds the only reference to its storage).
    static func take<T>(_ array: inout [T]) -> [T] {
        defer { array = [] }
        return array
    }

    /// `array` as `count` copies of `value`, in the storage it has.
    static func reset<T>(_ array: inout [T], to value: T, count: Int) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(value, count: count))
    }

    /// Stage 2. `resume`: a front built on candidate lines whose edges from the first `starts`
    /// positions are the same as this paragraph's (same indices, same values; see
    /// `CandidateLines.init(reusing:)`). Their entries depend on nothing else, so they are
    /// copied and the search starts at position `starts`: a keystroke at the end of a long
    /// paragraph redoes a line's worth of positions, not the paragraph. Past them, a line
    /// copied from the earlier lines (`CandidateLines.reusedFrom`) ends where the two agree,
    /// as does every line ending at its start, so its entries are the earlier front's too:
    /// copied, their links renumbered; only the lines reaching past the agreement are
    /// solved. Only without a budget (the rest-of-paragraph bound below reads the whole
    /// paragraph) and without a hint (`resumes`); a caller that can hand `resume` over (its
    /// last reference) calls `resumedFront` itself, which then works in its arrays.
    func front(
        threshold: Double, budget: Double?, quantum: Double, resume: (front: Front, starts: Int)? = nil,
        scratch: FrontScratch? = nil
    ) -> Front {
        // The working arrays, taken from the scratch for this call and put back after.
        let scratch = scratch ?? FrontScratch()
        if let resume, resumes(resume.front, starts: resume.starts, threshold: threshold, budget: budget) {
            return resumedFront(threshold: threshold, resume: resume.front, starts: resume.starts, scratch: scratch)
        }
        // (Plain locals: a nested function swapping them would box every one of them.)
        var isAllowed = Self.take(&scratch.isAllowed), incomingStart = Self.take(&scratch.incomingStart)
        var scanEnd = Self.take(&scratch.scanEnd), incoming = Self.take(&scratch.incoming)
        var filled = Self.take(&scratch.filled), rest = Self.take(&scratch.rest)
        var candidates = Self.take(&scratch.candidates), gathered = Self.take(&scratch.gathered)
        defer {
            (scratch.isAllowed, scratch.incomingStart, scratch.scanEnd) = (isAllowed, incomingStart, scanEnd)
            (scratch.incoming, scratch.filled, scratch.rest) = (incoming, filled, rest)
            (scratch.candidates, scratch.gathered) = (candidates, gathered)
        }
        let count = lines.positions.count
        let edges = lines.edgeCount
        let edgeStart = lines.edgeStart, lineOf = lines.edges
        // Incoming allowed edges per position (only those can carry entries), flat by position.
        // The loops below run over every edge a keystroke's front reads: on buffers, so that
        // each write is a store (an array written per element is checked for sharing each time).
        Self.reset(&isAllowed, to: false, count: edges)
        Self.reset(&incomingStart, to: 0, count: count + 1)
        let plain = hint == nil && !writerLineFits && !lines.isEmpty
        // Without a hint or the writer's rule, a start's lines past the last one large enough
        // are all disallowed: `limitOf(a)` ends the scan of start `a` there.
        scanEnd.removeAll(keepingCapacity: true)
        scanEnd.append(contentsOf: edgeStart)
        isAllowed.withUnsafeMutableBufferPointer { isAllowed in
            incomingStart.withUnsafeMutableBufferPointer { incomingStart in
                scanEnd.withUnsafeMutableBufferPointer { scanEnd in
                    for a in 0..<(count - 1) {
                        var e = edgeStart[a]
                        let end = edgeStart[a + 1]
                        while e < end {
                            if plain {
                                if lineOf[e].largestSizeFrom < threshold { break }
                                guard lineOf[e].size >= threshold || lineOf[e].forced else { e += 1; continue }
                            } else {
                                guard allowed(e, threshold: threshold) else { e += 1; continue }
                            }
                            isAllowed[e] = true
                            incomingStart[lineOf[e].to + 1] += 1
                            e += 1
                        }
                        if plain { scanEnd[a + 1] = e }
                    }
                    for b in 0..<count { incomingStart[b + 1] += incomingStart[b] }
                }
            }
        }
        func limitOf(_ a: Int) -> Int { plain ? scanEnd[a + 1] : edgeStart[a + 1] }
        Self.reset(&incoming, to: 0, count: incomingStart[count])
        filled.removeAll(keepingCapacity: true)
        filled.append(contentsOf: incomingStart)
        incoming.withUnsafeMutableBufferPointer { incoming in
            filled.withUnsafeMutableBufferPointer { filled in
                for a in 0..<(count - 1) {
                    for e in edgeStart[a]..<limitOf(a) where isAllowed[e] {
                        let b = lineOf[e].to
                        incoming[filled[b]] = e
                        filled[b] += 1
                    }
                }
            }
        }
        let limit = budget ?? .infinity
        // The least height from each position to the end: an entry that cannot finish within
        // the budget even on the flattest rest is dropped (exact: it has no feasible end).
        // Without a budget there is nothing to drop: not built, read as zero.
        if budget != nil {
            Self.reset(&rest, to: 0, count: count)
            for b in stride(from: count - 2, through: 0, by: -1) {
                var least = Double.infinity
                for e in edgeStart[b]..<limitOf(b) where isAllowed[e] {
                    least = min(least, height(e, threshold: threshold) + rest[lineOf[e].to])
                }
                rest[b] = least
            }
        }
        var front = Front(
            entries: [], entryStart: [], final: [], threshold: threshold, budget: budget,
            writerLineFits: writerLineFits, hinted: hint != nil)
        // Local buffers (assigned to the front at the end): the loop below is stage 2's
        // innermost, and a buffer inside a struct being appended to is checked on every access.
        var entries: [Entry] = []
        entries.reserveCapacity(2 * edges)
        var entryStart = [Int](repeating: 0, count: edges + 1)
        candidates.removeAll(keepingCapacity: true)
        var transitions = 0
        gathered.removeAll(keepingCapacity: true)
        for a in 0..<(count - 1) {
            // Closes the entries of the edges ending here (the last one's end is this start's).
            entryStart[edgeStart[a]] = entries.count
            let reachable = a == 0 || (incomingStart[a]..<incomingStart[a + 1]).contains {
                entryStart[incoming[$0] + 1] > entryStart[incoming[$0]]
            }
            // Gathered at the first allowed line from here.
            var isGathered = false, lowest: Double? = nil, gatheredCount = 0, split = 0
            for e in edgeStart[a]..<edgeStart[a + 1] {
                entryStart[e] = entries.count
                guard reachable, e < limitOf(a), isAllowed[e] else { continue }
                if budget == nil, a > 0, !isGathered {
                    isGathered = true
                    (gatheredCount, lowest) = entries.withUnsafeBufferPointer { entries in
                        entryStart.withUnsafeBufferPointer { entryStart in
                            lineOf.withUnsafeBufferPointer { lineOf in
                                Self.gather(
                                    &gathered, incoming[incomingStart[a]..<incomingStart[a + 1]],
                                    room: incomingStart[a + 1] - incomingStart[a], entries: entries, entryStart: entryStart,
                                    lines: lineOf)
                            }
                        }
                    }
                }
                let own = height(e, threshold: threshold)
                let h = budget == nil ? own : own + rest[lineOf[e].to]
                let unary = unaryCost(e)
                if a == 0 {
                    if h <= limit { entries.append(Entry(height: own, cost: unary, previousEdge: -1, previousEntry: -1)) }
                    continue
                }
                let sizeE = lineOf[e].size, logE = lineOf[e].logShapeSize, loneE = lineOf[e].oneSegment
                if budget == nil {
                    // One entry per edge: the cheapest extension.
                    transitions += gatheredCount
                    if let entry = Self.cheapestExtension(
                        gathered, count: gatheredCount, lowest: lowest, by: lineOf[e], own: own, unary: unary, split: &split) {
                        entries.append(entry)
                    }
                    continue
                }
                candidates.removeAll(keepingCapacity: true)
                for slot in incomingStart[a]..<incomingStart[a + 1] {
                    let e1 = incoming[slot]
                    let size1 = lineOf[e1].size
                    let pair = BalancedCost.pair(
                        logStep: lineOf[e1].logShapeSize - logE, firstSize: size1, firstLone: lineOf[e1].oneSegment,
                        secondSize: sizeE, secondLone: loneE)
                    let stepCost = unary + pair
                    for k in entryStart[e1]..<entryStart[e1 + 1] {
                        let entry = entries[k]
                        guard entry.height + h <= limit else { continue }
                        transitions += 1
                        candidates.append(Entry(
                            height: entry.height + own, cost: entry.cost + stepCost, previousEdge: Int32(e1),
                            previousEntry: Int32(k)))
                    }
                }
                if !candidates.isEmpty {
                    let kept = Self.prune(&candidates, quantum: quantum)
                    entries.append(contentsOf: candidates[0..<kept])
                }
            }
        }
        entryStart[edges] = entries.count
        front.entries = entries
        front.entryStart = entryStart
        front.transitions = transitions
        if budget == nil {
            // Only the cheapest final entry is kept (two allocations and a sort on every
            // keystroke otherwise).
            let best = Self.cheapestFinal(
                incoming[incomingStart[count - 1]..<incomingStart[count]], entries: entries, entryStart: entryStart)
            front.final = best.map { [$0] } ?? []
            return front
        }
        front.final = Self.paretoFinal(
            ending: incoming[incomingStart[count - 1]..<incomingStart[count]], entryStart: entryStart, entries: entries)
        return front
    }

    /// Keeps the entries no other entry beats on both height and cost, and per height bucket
    /// (`quantum` points) only the cheapest: moved to the front, their count returned (the
    /// rest is left for the caller to overwrite: removing it cost more than the pruning).
    static func prune(_ candidates: inout [Entry], quantum: Double) -> Int {
        let count = candidates.count
        return candidates.withUnsafeMutableBufferPointer { pruneFormed($0, count: count, quantum: quantum) }
    }
}

extension CandidateLines {
    /// `BalancedLineBreaker.plainLeastHeight` of these lines where they lie: a breaker made for
    /// a stage-1 probe, or the lines passed whole, held a copy of them (a retain and a release
    /// of each of their arrays).
    func plainLeastHeight(threshold: Double, scratch: inout BalancedLineBreaker.LeastHeightScratch) -> Double? {
        let count = positions.count
        return edges.withUnsafeBufferPointer { edges in
            edgeStart.withUnsafeBufferPointer { edgeStart in
                BalancedLineBreaker.plainLeastHeight(
                    edges: edges, edgeStart: edgeStart, positions: count, threshold: threshold, scratch: &scratch)
            }
        }
    }
}
