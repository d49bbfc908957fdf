/// The lines an editor session fitted for one paragraph over its last versions (balanced,
/// without a box), kept while the text they read stays the same, so that a keystroke whose
/// breaks come back to lines chosen a few keystrokes ago takes them instead of fitting them
/// again.
///
/// Typing at the end of a paragraph, the balanced optimum swings between a few shapes: the
/// slowest keystrokes (a first letter after a space) re-break every line, and most of those
/// lines were chosen before, some of them many keystrokes before. Keeping only the last
/// layout's lines, each such keystroke fitted 3–5 lines (~7.6 K instructions each) that a
/// pool of earlier ones holds.
///
/// Exact by the reuse rule of the last layout's lines, applied at every version: a fitted
/// line reads only the measurement through its end (its content and its edges' flags), at
/// one grid minimum. Each version drops the lines that end past where its measurement agrees
/// with the one before, so a kept line reads only text that agreed at every step since it was
/// fitted (agreement before an offset is an equality of values, so it chains), and it is the
/// line a fit of the current measurement gives.
struct FittedLinePool {
    /// Sorted by start, then end; offsets of the paragraph at `base`.
    private(set) var lines: [Line] = []
    /// Per line, the version at which it was last among the chosen lines (for eviction).
    private var chosenAt: [UInt32] = []
    private(set) var base = 0
    private(set) var gridMinimum = 0.0
    private var version: UInt32 = 0

    /// Lines kept besides the last chosen ones. On the 280-character story a pool of 16
    /// misses the lines the slowest keystrokes come back to, 48 finds them.
    static let spare = 48

    /// Takes a new version of the paragraph: keeps the lines that end at or before `agreed`
    /// (relative) and adds the last layout's `chosen` lines (fitted for `key`) that do.
    /// Without a key (the last lines stood unchecked, see `planAndFitAccepting`), with no
    /// agreement, or at another base or grid minimum, it starts over.
    mutating func advance(chosen: [Line], for key: LayoutEngine.FittedKey?, agreed: Int) {
        guard let key, agreed > 0 else {
            removeAll()
            return
        }
        if key.base != base || key.gridMinimum != gridMinimum {
            removeAll()
            base = key.base
            gridMinimum = key.gridMinimum
        }
        version &+= 1
        let limit = base + agreed
        dropLines(endingAfter: limit)
        // The chosen lines tile the paragraph in order: one walk through the pool places them.
        var at = 0, added = 0
        for index in chosen.indices {
            let start = chosen[index].start, end = chosen[index].end
            guard end <= limit else { break }
            while at < lines.count, lines[at].start < start || (lines[at].start == start && lines[at].end < end) { at += 1 }
            if at < lines.count, lines[at].start == start, lines[at].end == end {
                chosenAt[at] = version
            } else {
                lines.insert(chosen[index], at: at)
                chosenAt.insert(version, at: at)
            }
            at += 1
            added += 1
        }
        if lines.count > added + Self.spare { evict(keeping: added + Self.spare / 2) }
    }

    /// The kept line from `start` to `end` (relative offsets) at `gridMinimum`, moved to a
    /// paragraph at `base`.
    func line(from start: Int, to end: Int, base: Int, gridMinimum: Double) -> Line? {
        guard gridMinimum == self.gridMinimum, !lines.isEmpty else { return nil }
        let start = start + self.base, end = end + self.base
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].start < start || (lines[mid].start == start && lines[mid].end < end) {
                low = mid + 1
            } else {
                high = mid
            }
        }
        guard low < lines.count, lines[low].start == start, lines[low].end == end else { return nil }
        return base == self.base ? lines[low] : lines[low].shifted(by: base - self.base)
    }

    private mutating func removeAll() {
        lines.removeAll(keepingCapacity: true)
        chosenAt.removeAll(keepingCapacity: true)
    }

    /// Removes the lines ending after `limit` (absolute), in place.
    private mutating func dropLines(endingAfter limit: Int) {
        var kept = 0
        for index in lines.indices where lines[index].end <= limit {
            if kept != index {
                lines.swapAt(kept, index)
                chosenAt.swapAt(kept, index)
            }
            kept += 1
        }
        if kept < lines.count {
            lines.removeSubrange(kept...)
            chosenAt.removeSubrange(kept...)
        }
    }

    /// Keeps about `count` lines, those chosen most recently (ties kept together); order stays.
    private mutating func evict(keeping count: Int) {
        let cutoff = chosenAt.sorted(by: >)[count - 1]
        var kept = 0
        for index in lines.indices where chosenAt[index] >= cutoff {
            if kept != index {
                lines.swapAt(kept, index)
                chosenAt.swapAt(kept, index)
            }
            kept += 1
        }
        lines.removeSubrange(kept...)
        chosenAt.removeSubrange(kept...)
    }
}
