/// Prefix sums that an edit can shift from some index on in O(1): entries at or after
/// `shiftFrom` read `shift` more than they store.
///
/// An editor patches a paragraph's prefix sums on every keystroke; adding the edit's change
/// to every later entry was O(paragraph) (a quarter of a keystroke in the middle of 10,000
/// characters). Here the change is kept pending and folded into the entries only between
/// where it starts and where the next edit starts, which is short while typing goes on in
/// one place. For the same reason the storage keeps a gap where the last edit ended: the
/// next edit moves only the entries between the two edits into or out of it, not every
/// entry after it (a memmove of half of a long paragraph's entries per keystroke).
struct ShiftablePrefixSums<Value: AdditiveArithmetic>: RandomAccessCollection {
    /// The entries, without the pending shift, with `gapLength` unused slots from `gapStart`.
    private(set) var stored: [Value]
    /// The first index the pending shift applies to (`count` or more: none).
    private(set) var shiftFrom: Int
    /// What entries from `shiftFrom` on read beyond their stored value.
    private(set) var shift: Value
    /// Where the unused slots of `stored` begin (an index of the entries), and how many.
    private(set) var gapStart: Int
    private(set) var gapLength = 0

    init(_ values: [Value] = []) {
        stored = values
        shiftFrom = values.count
        shift = .zero
        gapStart = values.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { stored.count &- gapLength }

    @inline(__always)
    subscript(index: Int) -> Value {
        let value = stored[index >= gapStart ? index &+ gapLength : index]
        return index >= shiftFrom ? value + shift : value
    }

    /// Starts again from `count` copies of `value`, keeping the storage, with no shift.
    mutating func reset(to value: Value, count: Int) {
        stored.removeAll(keepingCapacity: true)
        stored.append(contentsOf: repeatElement(value, count: count))
        shiftFrom = count
        shift = .zero
        gapStart = count
        gapLength = 0
    }

    /// Starts again from `count` copies of `value` with no shift, and lets `body` write the
    /// entries in place.
    mutating func reset<Result>(
        to value: Value, count: Int, _ body: (inout UnsafeMutableBufferPointer<Value>) -> Result
    ) -> Result {
        reset(to: value, count: count)
        return stored.withUnsafeMutableBufferPointer(body)
    }

    /// Adds `value` to the stored entries of `range` (indices of the entries).
    private mutating func add(_ value: Value, to range: Range<Int>) {
        guard !range.isEmpty else { return }
        let gapStart = self.gapStart, gapLength = self.gapLength
        stored.withUnsafeMutableBufferPointer { values in
            let beforeGap = Swift.min(range.upperBound, gapStart)
            for i in range.lowerBound..<Swift.max(range.lowerBound, beforeGap) { values[i] += value }
            for i in Swift.max(range.lowerBound, gapStart)..<Swift.max(range.upperBound, gapStart) {
                values[i &+ gapLength] += value
            }
        }
    }

    /// Adds the pending shift into the stored entries of `range` (clamped to the entries
    /// it applies to).
    private mutating func fold(_ range: Range<Int>) {
        let lower = Swift.max(range.lowerBound, shiftFrom), upper = Swift.min(range.upperBound, count)
        guard lower < upper else { return }
        add(shift, to: lower..<upper)
    }

    /// Moves the gap to start at entry `index`: the entries between it and the old place
    /// cross the gap.
    private mutating func moveGap(to index: Int) {
        guard gapLength > 0, index != gapStart else {
            gapStart = index
            return
        }
        let gapStart = self.gapStart, gapLength = self.gapLength
        stored.withUnsafeMutableBufferPointer { values in
            guard let base = values.baseAddress else { return }
            if index < gapStart {
                (base + index + gapLength).update(from: base + index, count: gapStart - index)
            } else {
                (base + gapStart).update(from: base + gapStart + gapLength, count: index - gapStart)
            }
        }
        self.gapStart = index
    }

    /// Replaces the entries `range` by `count` entries that `fill` writes (given the stored
    /// entries, exact from `range.lowerBound - 1` through the new ones, at their own
    /// indices), then adds `added` to every entry after them (the edit's change to the
    /// total). Entries before `range` and the value at `range.lowerBound - 1` are read
    /// exactly; the shift of the entries after stays pending, folded in only up to where the
    /// previous one began.
    mutating func replace(
        _ range: Range<Int>, count: Int, added: (_ oldLast: Value, _ newLast: Value) -> Value,
        fill: (inout [Value], Range<Int>) -> Void
    ) {
        // Everything up to the old range's end reads exactly from storage.
        fold(0..<range.upperBound)
        // With nothing pending, the (zero) shift may as well start right after the range.
        if shiftFrom < range.upperBound || shift == .zero { shiftFrom = range.upperBound }
        let oldLast = range.upperBound > 0 ? self[range.upperBound - 1] : .zero
        let delta = count - range.count
        // The range's entries join the gap, and the new ones are taken from it (which grows
        // by a margin when it is too small), so that the entries before the gap stand at
        // their own indices for `fill`.
        moveGap(to: range.upperBound)
        gapStart = range.lowerBound
        gapLength += range.count
        if gapLength < count {
            let grow = count - gapLength + Self.gapMargin
            stored.insert(contentsOf: repeatElement(.zero, count: grow), at: gapStart)
            gapLength += grow
        }
        let newRange = range.lowerBound..<(range.lowerBound + count)
        stored.withUnsafeMutableBufferPointer { values in
            for i in newRange { values[i] = .zero }
        }
        gapStart = newRange.upperBound
        gapLength -= count
        fill(&stored, newRange)
        let newLast = newRange.upperBound > 0 ? stored[newRange.upperBound - 1] : .zero
        let change = added(oldLast, newLast)
        // Old entries after the range, now from newRange.upperBound: those before the old
        // pending start get `change` stored; from there on the pending shift grows by it.
        let pendingStart = Swift.max(shiftFrom + delta, newRange.upperBound)
        if pendingStart > newRange.upperBound {
            add(change, to: newRange.upperBound..<Swift.min(pendingStart, self.count))
        }
        shiftFrom = pendingStart
        shift += change
        if shiftFrom >= self.count {
            shiftFrom = self.count
            shift = .zero
        }
    }

    /// How many slots a gap too small for an edit grows by beyond what the edit needs.
    static var gapMargin: Int { 64 }
}

extension ShiftablePrefixSums: Sendable where Value: Sendable {}
