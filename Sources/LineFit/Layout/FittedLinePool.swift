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
    private struct Entry {
        var line: Line
        /// The version at which the line was last among the chosen ones (for eviction).
        var chosenAt: UInt32
    }

    /// Sorted by start, then end; offsets of the paragraph at `base`.
    private var entries: [Entry] = []
    private(set) var base = 0
    private(set) var gridMinimum = 0.0
    private var version: UInt32 = 0

    /// A line not chosen for this many versions is let go (checked every `sweep` versions,
    /// and at once past `most` lines). On the 280-character story the slowest keystrokes come
    /// back to lines chosen some 60 keystrokes before and more.
    static let window: UInt32 = 128
    static let sweep: UInt32 = 16
    static let most = 512

    /// Takes a new version of the paragraph: keeps the lines that end at or before `agreed`
    /// (relative) and adds the last layout's `chosen` lines (fitted for `key`) that do, the
    /// last one only if `keepingLast` (where it ended at the paragraph's end, typing at the end
    /// leaves mostly lines that can no longer be chosen). Without a key (the last lines stood
    /// unchecked, see `planAndFitAccepting`), with no agreement, or at another base or grid
    /// minimum, it starts over.
    mutating func advance(chosen: [Line], for key: LayoutEngine.FittedKey?, agreed: Int, keepingLast: Bool) {
        guard let key, agreed > 0 else {
            entries.removeAll(keepingCapacity: true)
            return
        }
        if key.base != base || key.gridMinimum != gridMinimum {
            entries.removeAll(keepingCapacity: true)
            base = key.base
            gridMinimum = key.gridMinimum
        }
        version &+= 1
        let limit = base + agreed
        removeEntries { $0.line.end > limit }
        // The chosen lines tile the paragraph in order: one walk through the pool places them.
        var at = 0
        for index in chosen.indices {
            let start = chosen[index].start, end = chosen[index].end
            guard end <= limit, keepingLast || index < chosen.count - 1 else { break }
            while at < entries.count,
                  entries[at].line.start < start || (entries[at].line.start == start && entries[at].line.end < end) {
                at += 1
            }
            if at < entries.count, entries[at].line.start == start, entries[at].line.end == end {
                entries[at].chosenAt = version
            } else {
                entries.insert(Entry(line: chosen[index], chosenAt: version), at: at)
            }
            at += 1
        }
        if version % Self.sweep == 0 || entries.count > Self.most {
            let version = version
            removeEntries { version &- $0.chosenAt > Self.window }
        }
    }

    /// `entries.removeAll(where:)`, moving the kept entries within the buffer (the library's
    /// moves each one through a copy: ~100 instructions an entry) and only when one goes.
    private mutating func removeEntries(where goes: (Entry) -> Bool) {
        guard let first = entries.firstIndex(where: goes) else { return }
        let kept = entries.withUnsafeMutableBufferPointer { buffer -> Int in
            var kept = first
            for index in (first + 1)..<buffer.count where !goes(buffer[index]) {
                buffer.swapAt(kept, index)
                kept += 1
            }
            return kept
        }
        entries.removeSubrange(kept...)
    }

    /// The kept line from `start` to `end` (relative offsets) at `gridMinimum`, moved to a
    /// paragraph at `base`.
    func line(from start: Int, to end: Int, base: Int, gridMinimum: Double) -> Line? {
        guard gridMinimum == self.gridMinimum, !entries.isEmpty else { return nil }
        let start = start + self.base, end = end + self.base
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].line.start < start || (entries[mid].line.start == start && entries[mid].line.end < end) {
                low = mid + 1
            } else {
                high = mid
            }
        }
        guard low < entries.count, entries[low].line.start == start, entries[low].line.end == end else { return nil }
        return base == self.base ? entries[low].line : entries[low].line.shifted(by: base - self.base)
    }
}
