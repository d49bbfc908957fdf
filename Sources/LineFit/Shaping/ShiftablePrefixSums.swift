/// Prefix sums that an edit can shift from some index on in O(1): entries at or after
/// `shiftFrom` read `shift` more than they store.
///
/// An editor patches a paragraph's prefix sums on every keystroke; adding the edit's change
/// to every later entry was O(paragraph) (a quarter of a keystroke in the middle of 10,000
/// characters). Here the change is kept pending and folded into the entries only between
/// where it starts and where the next edit starts, which is short while typing goes on in
/// one place. For the same reason the entries are a `GapArray`, whose gap is kept where the
/// pending shift starts, so that a read asks one question: before that index or not.
struct ShiftablePrefixSums<Value: AdditiveArithmetic>: RandomAccessCollection {
    /// The entries, without the pending shift.
    private(set) var stored: GapArray<Value>
    /// The first index the pending shift applies to (`count` or more: none).
    private(set) var shiftFrom: Int
    /// What entries from `shiftFrom` on read beyond their stored value.
    private(set) var shift: Value

    init(_ values: [Value] = []) {
        stored = GapArray(values)
        shiftFrom = values.count
        shift = .zero
    }

    var startIndex: Int { 0 }
    var endIndex: Int { stored.count }

    @inline(__always)
    subscript(index: Int) -> Value {
        // `stored.gapStart == shiftFrom` (see `replace`).
        index >= shiftFrom ? stored.storage[index &+ stored.gapLength] + shift : stored.storage[index]
    }

    /// Starts again from `count` copies of `value`, keeping the storage, with no shift.
    mutating func reset(to value: Value, count: Int) {
        stored.reset(to: value, count: count)
        shiftFrom = count
        shift = .zero
    }

    /// Starts again from `count` copies of `value` with no shift, and lets `body` write the
    /// entries in place.
    mutating func reset<Result>(
        to value: Value, count: Int, _ body: (inout UnsafeMutableBufferPointer<Value>) -> Result
    ) -> Result {
        reset(to: value, count: count)
        return stored.withUnsafeMutableBufferPointer(body)
    }

    /// Adds the pending shift into the stored entries of `range` (clamped to the entries
    /// it applies to).
    private mutating func fold(_ range: Range<Int>) {
        let lower = Swift.max(range.lowerBound, shiftFrom), upper = Swift.min(range.upperBound, stored.count)
        guard lower < upper else { return }
        let shift = self.shift
        for i in lower..<upper { stored[i] += shift }
    }

    /// Replaces the entries `range` by `count` entries that `fill` writes (given the stored
    /// entries, exact from `range.lowerBound - 1` through the new ones), then adds `added` to
    /// every entry after them (the edit's change to the total). Entries before `range` and
    /// the value at `range.lowerBound - 1` are read exactly; the shift of the entries after
    /// stays pending, folded in only up to where the previous one began.
    mutating func replace(
        _ range: Range<Int>, count: Int, added: (_ oldLast: Value, _ newLast: Value) -> Value,
        fill: (UnsafeMutableBufferPointer<Value>, Range<Int>) -> Void
    ) {
        // Everything up to the old range's end reads exactly from storage.
        fold(0..<range.upperBound)
        // With nothing pending, the (zero) shift may as well start right after the range.
        if shiftFrom < range.upperBound || shift == .zero { shiftFrom = range.upperBound }
        let oldLast = range.upperBound > 0 ? stored[range.upperBound - 1] : .zero
        let delta = count - range.count
        stored.replaceSubrange(range, with: repeatElement(.zero, count: count))
        let newRange = range.lowerBound..<(range.lowerBound + count)
        // The gap follows the new entries: `fill` writes them at their own indices.
        stored.withUnsafeMutableBufferBeforeGap { fill($0, newRange) }
        let newLast = newRange.upperBound > 0 ? stored[newRange.upperBound - 1] : .zero
        let change = added(oldLast, newLast)
        // Old entries after the range, now from newRange.upperBound: those before the old
        // pending start get `change` stored; from there on the pending shift grows by it.
        let pendingStart = Swift.max(shiftFrom + delta, newRange.upperBound)
        if pendingStart > newRange.upperBound {
            for i in newRange.upperBound..<Swift.min(pendingStart, stored.count) { stored[i] += change }
        }
        shiftFrom = pendingStart
        shift += change
        if shiftFrom >= stored.count {
            shiftFrom = stored.count
            shift = .zero
        }
        stored.moveGap(to: shiftFrom)
    }
}

extension ShiftablePrefixSums: Sendable where Value: Sendable {}
