extension CandidateLines {
    /// Where a rebuild (`init(reusing:)`) writes its lines and reads the earlier lines its
    /// starts lend.
    ///
    /// Handed over, the earlier lines stay in `edges` and the rebuilt starts' lines are
    /// written over them from the first rebuilt start on: a start's lent lines are read before
    /// its new lines are written, and they sit at or after the write position as long as no
    /// earlier start gained lines. Only when a write would reach an earlier line still to be
    /// read are the lines still to be read copied aside (typing at the end of a paragraph
    /// mostly takes a line away from the starts that reach it: the ~200 lent lines of a long
    /// paragraph were copied aside at every keystroke, 17 K instructions of 380 K). Otherwise
    /// lines are appended, and lent lines are read from the earlier lines as they are.
    struct Lending {
        /// The index of `edges` the next line goes to: the number of lines so far.
        private(set) var write: Int
        /// The lent lines are read in `edges` itself (else in `aside`).
        private var inPlace: Bool
        /// In place: the lowest index still to be read (`Int.max` when none is).
        private var readFloor: Int
        /// In place: where the lines that may be lent end.
        private let lentEnd: Int
        private var aside: [Edge]
        /// The earlier index of `aside[0]`.
        private var asideBase: Int

        /// Lines appended after `count` lines; lent lines (if any) read in `earlier` from
        /// earlier index `base` on.
        init(appendingAfter count: Int, earlier: [Edge] = [], base: Int = 0) {
            write = count
            inPlace = false
            readFloor = .max
            lentEnd = 0
            aside = earlier
            asideBase = base
        }

        /// Lines written over the earlier ones held in `edges`, from index `start` on; the
        /// lines that may be lent end at `lentEnd`.
        init(inPlaceFrom start: Int, lentEnd: Int) {
            write = start
            inPlace = true
            readFloor = start
            self.lentEnd = lentEnd
            aside = []
            asideBase = 0
        }

        /// The earlier line `index`.
        func line(_ index: Int, in edges: [Edge]) -> Edge {
            inPlace ? edges[index] : aside[index - asideBase]
        }

        /// The earlier lines from `index` on are the next to be read (`Int.max`: none is).
        mutating func readNext(from index: Int) {
            if inPlace { readFloor = index }
        }

        mutating func put(_ edge: Edge, into edges: inout [Edge]) {
            if write >= readFloor { spill(edges) }
            if write < edges.count { edges[write] = edge } else { edges.append(edge) }
            write += 1
        }

        /// Writes the earlier lines `range` as the next lines.
        mutating func lend(_ range: Range<Int>, into edges: inout [Edge]) {
            if inPlace, write > range.lowerBound {
                readFloor = min(readFloor, range.lowerBound)
                spill(edges)
            }
            if inPlace {
                // At or before where they are: a copy forward, first to last, reads each line
                // before anything is written over it (none at all where nothing moved).
                if write < range.lowerBound {
                    let (from, to) = (range.lowerBound, write)
                    edges.withUnsafeMutableBufferPointer { buffer in
                        for offset in 0..<range.count { buffer[to + offset] = buffer[from + offset] }
                    }
                }
            } else {
                let source = aside[(range.lowerBound - asideBase)..<(range.upperBound - asideBase)]
                let over = min(range.count, max(0, edges.count - write))
                if over > 0 { edges.replaceSubrange(write..<(write + over), with: source.prefix(over)) }
                if over < range.count { edges.append(contentsOf: source.dropFirst(over)) }
            }
            write += range.count
        }

        /// Cuts `edges` back to the lines written.
        func finish(_ edges: inout [Edge]) {
            if write < edges.count { edges.removeSubrange(write...) }
        }

        /// The earlier lines still to be read, copied aside before a write reaches them.
        private mutating func spill(_ edges: [Edge]) {
            aside = Array(edges[readFloor..<max(readFloor, lentEnd)])
            asideBase = readFloor
            inPlace = false
            readFloor = .max
        }
    }
}
