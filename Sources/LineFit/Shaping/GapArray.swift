/// An array with a gap of unused slots where its last edit ended, for a paragraph's per-unit
/// tables: an edit moves only the elements between it and the previous edit into or out of
/// the gap, not every element after it. While typing goes on in one place that is a few
/// elements; in one flat array it was half a long paragraph's table per keystroke.
struct GapArray<Element>: RandomAccessCollection, MutableCollection {
    /// The elements, with `gapLength` unused slots from index `gapStart`.
    private(set) var storage: [Element]
    private(set) var gapStart: Int
    private(set) var gapLength = 0

    init(_ elements: [Element] = []) {
        storage = elements
        gapStart = elements.count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { storage.count &- gapLength }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { storage[index >= gapStart ? index &+ gapLength : index] }
        set { storage[index >= gapStart ? index &+ gapLength : index] = newValue }
    }

    /// Starts again from `count` copies of `value`, keeping the storage, with no gap.
    mutating func reset(to value: Element, count: Int) {
        storage.removeAll(keepingCapacity: true)
        storage.append(contentsOf: repeatElement(value, count: count))
        gapStart = count
        gapLength = 0
    }

    /// Moves the gap to start at index `index`: the elements between it and its old place
    /// cross the gap.
    mutating func moveGap(to index: Int) {
        guard gapLength > 0, index != gapStart else {
            gapStart = index
            return
        }
        let gapStart = self.gapStart, gapLength = self.gapLength
        storage.withUnsafeMutableBufferPointer { values in
            guard let base = values.baseAddress else { return }
            if index < gapStart {
                (base + index + gapLength).update(from: base + index, count: gapStart - index)
            } else {
                (base + gapStart).update(from: base + gapStart + gapLength, count: index - gapStart)
            }
        }
        self.gapStart = index
    }

    /// Replaces `range` with `elements`, leaving the gap right after them (so the elements
    /// before it stand at their own indices in `storage`). A gap too small grows by a margin.
    mutating func replaceSubrange<C: Collection>(_ range: Range<Int>, with elements: C) where C.Element == Element {
        moveGap(to: range.upperBound)
        gapStart = range.lowerBound
        gapLength += range.count
        let count = elements.count
        if gapLength < count, let filler = elements.first {
            let grow = count - gapLength + Self.gapMargin
            storage.insert(contentsOf: repeatElement(filler, count: grow), at: gapStart)
            gapLength += grow
        }
        storage.withUnsafeMutableBufferPointer { values in
            var index = gapStart
            for element in elements {
                values[index] = element
                index += 1
            }
        }
        gapStart += count
        gapLength -= count
    }

    /// How many slots a gap too small for an edit grows by beyond what the edit needs.
    static var gapMargin: Int { 64 }

    /// The elements as one array (the gap removed: moved to the end and dropped).
    mutating func closeGap() {
        guard gapLength > 0 else { return }
        moveGap(to: endIndex)
        storage.removeLast(gapLength)
        gapLength = 0
    }

    /// Exchanges the elements with `array`'s (the gap closed first).
    mutating func swapStorage(with array: inout [Element]) {
        closeGap()
        swap(&storage, &array)
        gapStart = storage.count
    }

    /// The elements before the gap as one buffer, at their own indices: the edit just made
    /// (`replaceSubrange` leaves the gap after it) is rewritten without a gap test and a
    /// uniqueness check per element.
    mutating func withUnsafeMutableBufferBeforeGap<Result>(
        _ body: (UnsafeMutableBufferPointer<Element>) throws -> Result
    ) rethrows -> Result {
        let gapStart = self.gapStart
        return try storage.withUnsafeMutableBufferPointer { values in
            try body(UnsafeMutableBufferPointer(rebasing: values[..<gapStart]))
        }
    }

    /// The elements as one buffer, for a pass over all of them (the gap closed first).
    mutating func withUnsafeMutableBufferPointer<Result>(
        _ body: (inout UnsafeMutableBufferPointer<Element>) throws -> Result
    ) rethrows -> Result {
        closeGap()
        return try storage.withUnsafeMutableBufferPointer(body)
    }
}

extension GapArray: Sendable where Element: Sendable {}

/// Equal elements, wherever the gaps are.
extension GapArray: Equatable where Element: Equatable {
    static func == (lhs: GapArray, rhs: GapArray) -> Bool { lhs.elementsEqual(rhs) }
}

extension GapArray: ExpressibleByArrayLiteral {
    init(arrayLiteral elements: Element...) { self.init(elements) }
}
