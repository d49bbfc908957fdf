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
    /// The stability rule (editor sessions): the breaks before the caret stay while keeping
    /// them costs at most this share more than the fresh optimum. A quarter: about the cost
    /// of one extra 1.6× size step in a paragraph of five lines, less than a reader notices,
    /// and enough that typing a word rarely moves the lines above it.
    static let stabilityMargin = 0.25
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
}

/// Breaks kept from a previous layout (the stability rule): relative offsets of the breaks
/// before `limit` (the caret) that the new breaks must reproduce.
struct BreakHint {
    var breaks: Set<Int>
    var limit: Int
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
        guard lines.size[edge] >= threshold || lines.forced[edge] || lines.isEmpty || keepsWriterLine(edge) else {
            return false
        }
        if let hint = hint {
            let start = lines.positions[lines.edgeFrom[edge]], end = lines.positions[lines.edgeTo[edge]]
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
        writerLineFits && lines.edgeFrom[edge] == 0 && lines.edgeTo[edge] == lines.last
    }

    /// The line's height at the threshold (an empty paragraph takes the threshold's size).
    func height(_ edge: Int, threshold: Double) -> Double {
        (lines.isEmpty ? (emptySize ?? threshold) : lines.size[edge]) * lines.heightPerPoint[edge]
    }

    func unaryCost(_ edge: Int) -> Double {
        var cost = 0.0
        if fixedSize { cost += BalancedCost.fixedLinePenalty }
        if lines.heldAtMax[edge], lines.fill[edge] < BalancedCost.heldFillTarget {
            cost += BalancedCost.heldPenalty * (1 - lines.fill[edge] / BalancedCost.heldFillTarget)
        }
        if lines.isEmergency[lines.edgeTo[edge]] { cost += BalancedCost.emergencyPenalty }
        if writerLineFits, lines.edgeTo[edge] != lines.last {
            cost += BalancedCost.splitPenalty
        }
        return cost
    }

    func pairCost(_ first: Int, _ second: Int) -> Double {
        let step = lines.logShapeSize[first] - lines.logShapeSize[second]
        var cost = step * step
        if lines.oneSegment[first], lines.size[first] > BalancedCost.loneRatio * lines.size[second] {
            cost += BalancedCost.lonePenalty
        }
        if lines.oneSegment[second], lines.size[second] > BalancedCost.loneRatio * lines.size[first] {
            cost += BalancedCost.lonePenalty
        }
        return cost
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
        for e in lines.edgeStart[a]..<lines.edgeStart[a + 1] where lines.edgeTo[e] == b { return e }
        return nil
    }

    // MARK: - Stage 1

    /// The least height of the paragraph with every line at least `threshold`: a shortest
    /// path over positions (O(edges)). Nil when no such breaks exist.
    func leastHeight(threshold: Double) -> (height: Double, path: [Int])? {
        let count = lines.positions.count
        var best = [Double](repeating: .infinity, count: count)
        var via = [Int](repeating: -1, count: count)
        best[0] = 0
        // Stage 1 runs once per threshold tried: the plain size test first, on local arrays.
        let sizes = lines.size, forced = lines.forced, edgeStart = lines.edgeStart, edgeTo = lines.edgeTo
        let plain = hint == nil && !writerLineFits && !lines.isEmpty
        for a in 0..<(count - 1) where best[a].isFinite {
            for e in edgeStart[a]..<edgeStart[a + 1] {
                if plain {
                    guard sizes[e] >= threshold || forced[e] else { continue }
                } else {
                    guard allowed(e, threshold: threshold) else { continue }
                }
                let b = edgeTo[e]
                let candidate = best[a] + height(e, threshold: threshold)
                if candidate < best[b] {
                    best[b] = candidate
                    via[b] = e
                }
            }
        }
        guard best[count - 1].isFinite else { return nil }
        var path: [Int] = []
        var position = count - 1
        while position > 0 {
            let e = via[position]
            path.append(e)
            position = lines.edgeFrom[e]
        }
        return (best[count - 1], path.reversed())
    }

    // MARK: - Stage 2

    struct Entry {
        var height: Double
        var cost: Double
        var previousEdge: Int32
        var previousEntry: Int32
    }

    /// The Pareto front of (height, cost) over the paragraph's breaks with every line at least
    /// `threshold` and a height at most `budget` (nil: no height bound, one entry, the least
    /// cost). Entries are per ending edge; `front` lists the paragraph's final ones.
    struct Front {
        var entries: [[Entry]]
        /// (edge, entry index) of the final entries, by increasing height and decreasing cost.
        var final: [(edge: Int, entry: Int)]

        func height(_ item: (edge: Int, entry: Int)) -> Double { entries[item.edge][item.entry].height }
        func cost(_ item: (edge: Int, entry: Int)) -> Double { entries[item.edge][item.entry].cost }

        func path(_ item: (edge: Int, entry: Int)) -> [Int] {
            var path: [Int] = []
            var edge = item.edge, entry = item.entry
            while edge >= 0 {
                path.append(edge)
                let e = entries[edge][entry]
                edge = Int(e.previousEdge)
                entry = Int(e.previousEntry)
            }
            return path.reversed()
        }
    }

    func front(threshold: Double, budget: Double?, quantum: Double) -> Front {
        let count = lines.positions.count
        let edges = lines.edgeCount
        var entries = [[Entry]](repeating: [], count: edges)
        // Incoming edges per position, built from the edges sorted by start.
        // Incoming allowed edges per position: only those can carry entries.
        var incoming = [[Int]](repeating: [], count: count)
        var isAllowed = [Bool](repeating: false, count: edges)
        for e in 0..<edges where allowed(e, threshold: threshold) {
            isAllowed[e] = true
            incoming[lines.edgeTo[e]].append(e)
        }
        var candidates: [Entry] = []
        let limit = budget ?? .infinity
        // The least height from each position to the end: an entry that cannot finish within
        // the budget even on the flattest rest is dropped (exact: it has no feasible end).
        var rest = [Double](repeating: 0, count: count)
        if budget != nil {
            for b in stride(from: count - 2, through: 0, by: -1) {
                var least = Double.infinity
                for e in lines.edgeStart[b]..<lines.edgeStart[b + 1] where isAllowed[e] {
                    least = min(least, height(e, threshold: threshold) + rest[lines.edgeTo[e]])
                }
                rest[b] = least
            }
        }
        for a in 0..<(count - 1) {
            if a > 0 && incoming[a].allSatisfy({ entries[$0].isEmpty }) { continue }
            for e in lines.edgeStart[a]..<lines.edgeStart[a + 1] where isAllowed[e] {
                candidates.removeAll(keepingCapacity: true)
                let h = height(e, threshold: threshold) + rest[lines.edgeTo[e]]
                let unary = unaryCost(e)
                let own = height(e, threshold: threshold)
                if a == 0 {
                    if h <= limit { candidates.append(Entry(height: own, cost: unary, previousEdge: -1, previousEntry: -1)) }
                } else {
                    for e1 in incoming[a] where !entries[e1].isEmpty {
                        let step = unary + pairCost(e1, e)
                        for (k, entry) in entries[e1].enumerated() where entry.height + h <= limit {
                            candidates.append(Entry(
                                height: entry.height + own, cost: entry.cost + step, previousEdge: Int32(e1),
                                previousEntry: Int32(k)))
                        }
                    }
                }
                entries[e] = Self.prune(candidates, quantum: budget == nil ? nil : quantum)
            }
        }
        var final: [(edge: Int, entry: Int)] = []
        for e in incoming[count - 1] {
            for k in entries[e].indices { final.append((e, k)) }
        }
        final.sort { (entries[$0.edge][$0.entry].height, entries[$0.edge][$0.entry].cost)
            < (entries[$1.edge][$1.entry].height, entries[$1.edge][$1.entry].cost) }
        var kept: [(edge: Int, entry: Int)] = []
        var bestCost = Double.infinity
        for item in final {
            let cost = entries[item.edge][item.entry].cost
            if cost < bestCost - BalancedCost.costSlack * max(1, abs(bestCost)) || kept.isEmpty {
                kept.append(item)
                bestCost = cost
            }
        }
        if budget == nil, let cheapest = final.min(by: {
            entries[$0.edge][$0.entry].cost < entries[$1.edge][$1.entry].cost
        }) {
            kept = [cheapest]
        }
        return Front(entries: entries, final: kept)
    }

    /// Keeps the entries no other entry beats on both height and cost, and per height bucket
    /// (`quantum` points; nil: one bucket) only the cheapest.
    static func prune(_ candidates: [Entry], quantum: Double?) -> [Entry] {
        guard candidates.count > 1 else { return candidates }
        guard let quantum else {
            var best = candidates[0]
            for entry in candidates.dropFirst()
            where entry.cost < best.cost || (entry.cost == best.cost && entry.height < best.height) {
                best = entry
            }
            return [best]
        }
        let sorted = candidates.sorted { ($0.height, $0.cost) < ($1.height, $1.cost) }
        var kept: [Entry] = []
        var keptBucket = Int.min
        for entry in sorted {
            guard kept.isEmpty || entry.cost < kept[kept.count - 1].cost else { continue }
            let bucket = Int((entry.height / quantum).rounded(.down))
            if bucket == keptBucket {
                kept[kept.count - 1] = entry
            } else {
                kept.append(entry)
                keptBucket = bucket
            }
        }
        return kept
    }
}
