extension CandidateLines {
    /// Where a rebuild (`init(reusing:)`) writes its lines and reads the earlier lines its
    /// starts lend.
    ///
    /// Handed over, the earlier lines stay in `edges` and the rebuilt starts' lines are
    /// written over them from the first rebuilt start on: a start's lent lines are read before
    /// its new lines are written, and they sit at or after the write position as long as no
    /// earlier start gained lines. Once a write would reach an earlier line still to be read
    /// (a keystroke that adds a position gives one more line to every start that reaches it),
    /// the lines are placed later: lent runs are noted where they are and new lines kept, both
    /// in `pending`, and when every lent line is read each run is moved once to where it goes
    /// (the lines still to be read were copied aside whole, then back: 12.7 K instructions of
    /// 365 K on such a keystroke). Otherwise lines are appended, and lent lines are read from
    /// the earlier lines as they are.
    struct Lending {
        /// The index of `edges` the next line goes to: the number of lines so far.
        private(set) var write: Int
        /// The lent lines are read in `edges` itself (else in `aside`).
        private var inPlace: Bool
        /// In place: the lowest index still to be read (`Int.max` when none is).
        private var readFloor: Int
        /// In place, lines are placed later: `edges` holds its lines up to `placed`, then the
        /// earlier lines as they were.
        private var deferred = false
        private var placed = 0
        /// The lines after `placed`, in order: each new line itself, and each lent run as a
        /// marker (`lentRun`) for its lines in `edges`. One array, not a list of runs beside
        /// the new lines: each allocation (and its release) cost ~400 instructions on every
        /// keystroke that defers.
        private var pending: [Edge] = []
        private var aside: [Edge]
        /// The earlier lines are still where `line` reads them (not so once placed).
        private var readable = true

        /// Lines appended after `count` lines; lent lines (if any) read in `earlier` (all the
        /// earlier lines, at their own indices).
        init(appendingAfter count: Int, earlier: [Edge] = []) {
            write = count
            inPlace = false
            readFloor = .max
            aside = earlier
        }

        /// Lines written over the earlier ones held in `edges`, from index `start` on.
        init(inPlaceFrom start: Int) {
            write = start
            inPlace = true
            readFloor = start
            aside = []
        }

        /// The earlier line `index`.
        @inline(__always)
        func line(_ index: Int, in edges: [Edge]) -> Edge {
            inPlace ? edges[index] : aside[index]
        }

        /// The size fields of the earlier line in `tail` (lines of one start of `earlier`, in
        /// order of end; its lower bound moves past the lines passed) with the same end offset,
        /// content end and em width (bit for bit): `sizedLine` is a function of these on the
        /// same fitter, so a lent start's re-scanned line whose text did not change (typing
        /// near a paragraph's end re-scans each lent start's last few lines, and only those
        /// reaching the edit changed) is not fitted again. Nil, and `tail` emptied, once the
        /// earlier lines may have been written over (placed, or in place below `write`).
        func keptSize(
            _ tail: inout Range<Int>, end: Int, content: Int, em: Double, earlier: CandidateLines, in edges: [Edge]
        ) -> SizedLine? {
            while let index = tail.first {
                guard readable, !inPlace || deferred || index >= write else {
                    tail = 0..<0
                    return nil
                }
                let line = line(index, in: edges), lineEnd = earlier.positions[line.to]
                if lineEnd < end {
                    tail = (index + 1)..<tail.upperBound
                    continue
                }
                guard lineEnd == end else { return nil }
                // Passed, matched or not: the start's next new line ends later. (Kept at
                // `index`, the `put` of this line would move `write` past it and empty the
                // tail: in place, only a start's first new line could keep its size.)
                tail = (index + 1)..<tail.upperBound
                guard line.contentEnd == content, line.emWidth.bitPattern == em.bitPattern else { return nil }
                return SizedLine(
                    size: line.size, logShapeSize: line.logShapeSize, forced: line.forced, heldAtMax: line.heldAtMax,
                    fill: line.fill)
            }
            return nil
        }

        /// The earlier lines from `index` on are the next to be read (`Int.max`: none is).
        mutating func readNext(from index: Int, in edges: inout [Edge]) {
            guard inPlace else { return }
            readFloor = index
            if deferred, index == .max { place(&edges) }
        }

        mutating func put(_ edge: Edge, into edges: inout [Edge]) {
            if !deferred, write >= readFloor { deferPlacement(at: write) }
            if deferred {
                pending.append(edge)
            } else if write < edges.count {
                edges[write] = edge
            } else {
                edges.append(edge)
            }
            write += 1
        }

        /// Writes the earlier lines `range` as the next lines.
        mutating func lend(_ range: Range<Int>, into edges: inout [Edge]) {
            if inPlace, !deferred, write > range.lowerBound { deferPlacement(at: write) }
            if deferred {
                pending.append(Self.lentRun(range))
            } else if inPlace {
                // At or before where they are: one overlapping move (none at all where nothing
                // moved; a line a time cost ~30 instructions a line, every lent line on a
                // keystroke that drops a line).
                if write < range.lowerBound {
                    let (from, to) = (range.lowerBound, write)
                    edges.withUnsafeMutableBufferPointer { buffer in
                        guard let base = buffer.baseAddress else { return }
                        (base + to).update(from: base + from, count: range.count)
                    }
                }
            } else {
                let source = aside[range]
                let over = min(range.count, max(0, edges.count - write))
                if over > 0 { edges.replaceSubrange(write..<(write + over), with: source.prefix(over)) }
                if over < range.count { edges.append(contentsOf: source.dropFirst(over)) }
            }
            write += range.count
        }

        /// Cuts `edges` back to the lines written.
        mutating func finish(_ edges: inout [Edge]) {
            if deferred { place(&edges) }
            if write < edges.count { edges.removeSubrange(write...) }
        }

        private mutating func deferPlacement(at index: Int) {
            deferred = true
            placed = index
            // A few dozen of each on a keystroke at the end of a long paragraph: reserved once
            // rather than grown.
            pending.reserveCapacity(64)
        }

        /// The marker of a lent run in `pending`: no line starts at a negative index, so
        /// `from` tells it apart; `to` is where the run is in `edges` and `contentEnd` its length.
        private static func lentRun(_ range: Range<Int>) -> Edge {
            Edge(
                from: -1, to: range.lowerBound, contentEnd: range.count, emWidth: 0, size: 0, logShapeSize: 0,
                heightPerPoint: 0, fill: 0, largestSizeFrom: 0, forced: false, heldAtMax: false, oneSegment: false)
        }

        /// Moves each lent run to where it goes and writes the pending lines after them. Runs
        /// are in order at both ends: those moving down go first to last and those moving up
        /// last to first, so none is written over before it moves; new lines go last.
        private mutating func place(_ edges: inout [Edge]) {
            if edges.count < write, let filler = pending.last ?? edges.last {
                edges.append(contentsOf: repeatElement(filler, count: write - edges.count))
            }
            let pending = pending, start = placed, end = write
            edges.withUnsafeMutableBufferPointer { buffer in
                // Every run and new line lies in `start..<end` (`write` counted each), which
                // `edges` holds, and each lent run's source is an earlier line in `edges`.
                guard let base = buffer.baseAddress else { return }
                var to = start
                for item in pending {
                    guard item.from < 0 else {
                        to += 1
                        continue
                    }
                    if to < item.to { (base + to).update(from: base + item.to, count: item.contentEnd) }
                    to += item.contentEnd
                }
                to = end
                for item in pending.reversed() {
                    guard item.from < 0 else {
                        to -= 1
                        continue
                    }
                    to -= item.contentEnd
                    if to > item.to { (base + to).update(from: base + item.to, count: item.contentEnd) }
                }
                to = start
                for item in pending {
                    if item.from < 0 {
                        to += item.contentEnd
                    } else {
                        base[to] = item
                        to += 1
                    }
                }
            }
            deferred = false
            inPlace = false
            readable = false
            readFloor = .max
            self.pending = []
        }
    }
}
