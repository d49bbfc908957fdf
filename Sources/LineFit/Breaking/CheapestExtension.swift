extension BalancedLineBreaker {
    /// Below this many gathered entries a line scans them all: the bounds cost more than the
    /// pairs they would skip (and a one-line paragraph's keystroke sets up none).
    static let boundedMinimum = 6

    /// The first `count` of `gathered`: the one entry of each allowed line in `slots` (the
    /// lines ending at a start; a sequence read again if it holds more than `room`), with what
    /// the pair cost reads of that line. `gathered` keeps its length between starts (written in
    /// place, not appended to). `lowest`: their least cost when there are at least
    /// `boundedMinimum` of them, in log-size order, every value the pair cost sums finite (the
    /// bounded scan's conditions), else nil. (A start's incoming lines come by their start,
    /// long to short, so in size order unless a longer line fits larger; then each line scans
    /// them all.)
    @inline(__always)
    static func gather(
        _ gathered: inout [Incoming], _ slots: some Sequence<Int>, room: Int, entries: UnsafeBufferPointer<Entry>,
        entryStart: UnsafeBufferPointer<Int>, lines: UnsafeBufferPointer<CandidateLines.Edge>
    ) -> (count: Int, lowest: Double?) {
        var room = room
        while true {
            if gathered.count < room {
                gathered.append(contentsOf: repeatElement(
                    Incoming(edge: 0, entry: 0, cost: 0, height: 0, logSize: 0, size: 0, oneSegment: false),
                    count: room - gathered.count))
            }
            var written = 0, ordered = true, lowest = Double.infinity, last = -Double.infinity, sum = 0.0
            let complete = gathered.withUnsafeMutableBufferPointer { gathered in
                for e1 in slots {
                    let k = entryStart[e1]
                    guard k < entryStart[e1 &+ 1] else { continue }
                    // More than `room` (not the case of a bound the callers prove): more room, again.
                    guard written < gathered.count else { return false }
                    let cost = entries[k].cost, height = entries[k].height, logSize = lines[e1].logShapeSize
                    ordered = ordered && last <= logSize
                    // Tested once at the end: a NaN or an infinity among the terms makes the sum
                    // one too (finite terms summing past the largest double only cost the
                    // bounded scan, never exactness).
                    sum += logSize + cost + height
                    last = logSize
                    lowest = min(lowest, cost)
                    gathered[written] = Incoming(
                        edge: e1, entry: k, cost: cost, height: height, logSize: logSize, size: lines[e1].size,
                        oneSegment: lines[e1].oneSegment)
                    written += 1
                }
                return true
            }
            if complete { return (written, ordered && sum.isFinite && written >= boundedMinimum ? lowest : nil) }
            room = 2 * gathered.count + 1
        }
    }

    /// Without a budget, a line's one entry: its cheapest extension of the first `count`
    /// gathered entries (ties: the lower one, then the first); nil when there are none.
    @inline(__always)
    static func cheapestExtension(
        _ gathered: UnsafeBufferPointer<Incoming>, count: Int, by line: CandidateLines.Edge, own: Double, unary: Double
    ) -> Entry? {
        let sizeE = line.size, logE = line.logShapeSize, loneE = line.oneSegment
        var bestCost = Double.infinity, bestHeight = Double.infinity, bestEdge = -1, bestEntry = -1
        for item in gathered[..<count] {
            let pair = BalancedCost.pair(
                logStep: item.logSize - logE, firstSize: item.size, firstLone: item.oneSegment, secondSize: sizeE,
                secondLone: loneE)
            let cost = item.cost + (unary + pair), height = item.height + own
            if cost < bestCost || (cost == bestCost && height < bestHeight) {
                bestCost = cost
                bestHeight = height
                bestEdge = item.edge
                bestEntry = item.entry
            }
        }
        guard bestEdge >= 0 else { return nil }
        return Entry(height: bestHeight, cost: bestCost, previousEdge: Int32(bestEdge), previousEntry: Int32(bestEntry))
    }

    /// The same on an array.
    static func cheapestExtension(
        _ gathered: [Incoming], count: Int, by line: CandidateLines.Edge, own: Double, unary: Double
    ) -> Entry? {
        gathered.withUnsafeBufferPointer { cheapestExtension($0, count: count, by: line, own: own, unary: unary) }
    }

    /// `cheapestExtension(gathered, count: count, by: line, own: own, unary: unary)`, bit for
    /// bit, reading only the entries near the line's log size when `lowest` (`gather`'s) is set.
    ///
    /// An entry's total, cost + (unary + pair), is at least lowest + (unary + step²): the
    /// lone-word penalties only add, and rounding is monotone. That bound grows outwards on
    /// both sides of the line's log size, so the scan walks out from it, lower bound first,
    /// and stops once both bounds exceed the best total (strictly: an equal total may still
    /// win on height, then on gathered order). `split` is where the last line's log size fell
    /// (a start's lines come short to long, so it moves little).
    @inline(__always)
    static func cheapestExtension(
        _ gathered: [Incoming], count: Int, lowest: Double?, by line: CandidateLines.Edge, own: Double, unary: Double,
        split: inout Int
    ) -> Entry? {
        gathered.withUnsafeBufferPointer { gathered in
            cheapestExtension(gathered, count: count, lowest: lowest, by: line, own: own, unary: unary, split: &split)
        }
    }

    /// `cheapestExtension(_:count:lowest:by:own:unary:split:)` on the gathered entries' buffer.
    @inline(__always)
    static func cheapestExtension(
        _ gathered: UnsafeBufferPointer<Incoming>, count: Int, lowest: Double?, by line: CandidateLines.Edge, own: Double,
        unary: Double, split: inout Int
    ) -> Entry? {
        let logE = line.logShapeSize
        // Finite terms: every sum below is then a number (no NaN), so the least (cost,
        // height, index) is the same whatever order the entries are read in.
        guard let lowest, (logE + own + unary).isFinite else {
            return cheapestExtension(gathered, count: count, by: line, own: own, unary: unary)
        }
        let sizeE = line.size, loneE = line.oneSegment
        var p = min(split, count)
        while p > 0, gathered[p - 1].logSize >= logE { p -= 1 }
        while p < count, gathered[p].logSize < logE { p += 1 }
        split = p
        @inline(__always) func bound(_ i: Int) -> Double {
            let step = gathered[i].logSize - logE
            return lowest + (unary + step * step)
        }
        var below = p - 1, above = p
        var boundBelow = below >= 0 ? bound(below) : .infinity
        var boundAbove = above < count ? bound(above) : .infinity
        var bestCost = Double.infinity, bestHeight = Double.infinity, best = -1
        while below >= 0 || above < count {
            let down = above >= count || (below >= 0 && boundBelow <= boundAbove)
            if (down ? boundBelow : boundAbove) > bestCost { break }
            let i: Int
            if down {
                i = below
                below -= 1
                boundBelow = below >= 0 ? bound(below) : .infinity
            } else {
                i = above
                above += 1
                boundAbove = above < count ? bound(above) : .infinity
            }
            let item = gathered[i]
            let pair = BalancedCost.pair(
                logStep: item.logSize - logE, firstSize: item.size, firstLone: item.oneSegment, secondSize: sizeE,
                secondLone: loneE)
            let cost = item.cost + (unary + pair), height = item.height + own
            // The full scan's rule, in any order: the least (cost, height, index), infinite
            // sums (overflow) compared by the same rule, so both scans pick the same entry.
            if cost < bestCost || (cost == bestCost && (height < bestHeight || (height == bestHeight && i < best))) {
                bestCost = cost
                bestHeight = height
                best = i
            }
        }
        guard best >= 0 else { return nil }
        return Entry(
            height: bestHeight, cost: bestCost, previousEdge: Int32(gathered[best].edge),
            previousEntry: Int32(gathered[best].entry))
    }
}
