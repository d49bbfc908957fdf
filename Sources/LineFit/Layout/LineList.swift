/// The lines of a layout, top to bottom: a random-access collection of `Line`, indexed from 0
/// like an array (`lines[i]`, `count`, `first`, `last`, `for line in lines`; `Array(lines)`
/// for an array).
///
/// The lines are held in chunks that an editor shares with the layouts before it: a keystroke
/// replaces the lines it re-broke and moves the chunks after them by adjusting one offset
/// each, instead of copying every line into the new layout (copying the 163 lines of a
/// 10,000-character paragraph was an eighth of a keystroke). Tops and baselines sit in one
/// flat array beside the chunks, summed as a fresh layout stacks them: a line read from the
/// list is identical to the line a fresh layout of the same text holds, whatever the chunks.
///
/// It is also mutable and range-replaceable like an array (`lines[i].x = …`, `append`, `+`),
/// for code that edits a layout's lines; the first such edit makes the list one array again,
/// and later ones edit that array in place.
public struct LineList: RandomAccessCollection, MutableCollection, RangeReplaceableCollection, Hashable, Sendable,
    ExpressibleByArrayLiteral {
    /// Where a line's box and baseline sit, from the block's top.
    struct Position: Sendable {
        var top: Double
        var baseline: Double
    }

    /// The lines of a list made from an array (a fresh layout's, or an editor's paragraph
    /// held in one array), as they are: such a list allocates nothing more. Empty in a list
    /// an editor made of chunks.
    private var whole: [Line]
    /// The lines of a list an editor made.
    private(set) var chunks: LineChunks
    /// One per line of `chunks`.
    private(set) var positions: [Position]

    /// The lines of an array, as they are.
    public init(_ lines: [Line]) {
        whole = lines
        chunks = LineChunks()
        positions = []
    }

    public init(arrayLiteral lines: Line...) { self.init(lines) }

    public init() { self.init([]) }

    /// Lines in `chunks` at `positions` (one per line).
    init(chunks: LineChunks, positions: [Position]) {
        whole = []
        self.chunks = chunks
        self.positions = positions
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { whole.isEmpty ? chunks.count : whole.count }

    public subscript(index: Int) -> Line {
        get {
            if !whole.isEmpty { return whole[index] }
            var line = chunks[index]
            line.top = positions[index].top
            line.baseline = positions[index].baseline
            return line
        }
        set {
            // Once the list is one array, writes go to it: a loop writing every line stays
            // linear (only the first write of an editor's list copies its lines out).
            if chunks.chunkCount == 0 {
                whole[index] = newValue
                return
            }
            var lines = Array(self)
            lines[index] = newValue
            self = LineList(lines)
        }
    }

    public mutating func replaceSubrange<C: Collection<Line>>(_ subrange: Range<Int>, with newElements: C) {
        if chunks.chunkCount == 0 {
            whole.replaceSubrange(subrange, with: newElements)
            return
        }
        var lines = Array(self)
        lines.replaceSubrange(subrange, with: newElements)
        self = LineList(lines)
    }

    /// Equal lines at `index` and at `otherIndex` of `other`, compared where they are stored;
    /// lines an editor carried over (the same stored line at the same offset) are equal
    /// without a look inside.
    func sameLine(at index: Int, as other: LineList, at otherIndex: Int) -> Bool {
        // Read field by field where the lines are stored: a line handed to a closure or a
        // method is copied first (a retain and release of each of its arrays), and lines of a
        // new balanced layout, never carried over, differ from the old ones at the first
        // fields mostly.
        withStoredAddress(at: index) { line, shift in
            other.withStoredAddress(at: otherIndex) { otherLine, otherShift in
                let position = whole.isEmpty ? positions[index] : Position(top: line.pointee.top, baseline: line.pointee.baseline)
                let otherPosition = other.whole.isEmpty
                    ? other.positions[otherIndex] : Position(top: otherLine.pointee.top, baseline: otherLine.pointee.baseline)
                guard position.top == otherPosition.top, position.baseline == otherPosition.baseline else { return false }
                if shift == otherShift && line == otherLine { return true }
                let delta = shift &- otherShift
                guard line.pointee.start &+ delta == otherLine.pointee.start, line.pointee.end &+ delta == otherLine.pointee.end,
                      line.pointee.size == otherLine.pointee.size, line.pointee.width == otherLine.pointee.width
                else { return false }
                return line.pointee.sameBox(as: otherLine.pointee, shiftedBy: shift, otherShiftedBy: otherShift)
            }
        }
    }

    /// The line at `index` has no content (read where it is stored, not copied).
    func isEmptyLine(at index: Int) -> Bool {
        withStoredAddress(at: index) { line, _ in line.pointee.flags.contains(.empty) }
    }

    /// `body` with where the line at `index` is stored and the shift its offsets are short of.
    private func withStoredAddress<T>(at index: Int, _ body: (UnsafePointer<Line>, Int) -> T) -> T {
        guard !whole.isEmpty else { return chunks.withStoredAddress(at: index, body) }
        // Read in place (a line copied out costs more than the comparison it serves), so the
        // subscript's bounds check is made here: a bad index must trap, not read past the array.
        precondition(index >= 0 && index < whole.count, "line index out of range")
        return whole.withUnsafeBufferPointer { stored in body(stored.baseAddress.unsafelyUnwrapped + index, 0) }
    }

    /// The top and baseline of the line at `index`.
    func position(at index: Int) -> Position {
        whole.isEmpty ? positions[index] : Position(top: whole[index].top, baseline: whole[index].baseline)
    }

    /// `body` with the stored line at `index` (not copied), the shift its offsets are short
    /// of and where it is stored.
    func withStoredLine<T>(at index: Int, _ body: (borrowing Line, Int, UnsafePointer<Line>?) -> T) -> T {
        guard !whole.isEmpty else { return chunks.withStoredLine(at: index, body) }
        return whole.withUnsafeBufferPointer { stored in body(stored[index], 0, stored.baseAddress.map { $0 + index }) }
    }

    public static func == (lhs: LineList, rhs: LineList) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.indices.allSatisfy { lhs.sameLine(at: $0, as: rhs, at: $0) }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for line in self { hasher.combine(line) }
    }
}

/// Lines in chunks, at stored offsets: what an editor keeps per paragraph and splices on a
/// keystroke (a stored line's `top` and `baseline` are read only through `withWhole`, which
/// sets them). A chunk is a window on an
/// array of lines that other chunks and earlier layouts may share: cutting a chunk copies no
/// line.
struct LineChunks: Sendable {
    struct Chunk: Sendable {
        var storage: [Line]
        var lower: Int
        var upper: Int
        /// What every offset of the stored lines is short of.
        var shift: Int
        /// Where the chunk's lines end in the list.
        var end: Int
        var count: Int { upper - lower }
        var start: Int { end - count }
    }

    /// Pieces a splice leaves at most this long together are copied into one chunk, so that
    /// edits in one place do not cut a paragraph into ever more chunks.
    static let merged = 12
    private(set) var chunks: [Chunk] = []

    init() {}

    /// The lines of an array in one chunk (no copy).
    init(whole lines: [Line]) {
        // Appended, not an array literal: a literal's storage is allocated through a generic
        // runtime call that looks the element type's metadata up (~300 instructions a
        // layout); `reserveCapacity` is specialized.
        guard !lines.isEmpty else { return }
        chunks.reserveCapacity(1)
        chunks.append(Chunk(storage: lines, lower: 0, upper: lines.count, shift: 0, end: lines.count))
    }

    var count: Int { chunks.last?.end ?? 0 }

    /// The chunk holding the line at `index` (one chunk: no search).
    @inline(__always)
    private func chunk(holding index: Int) -> Int {
        if chunks.count == 1 { return 0 }
        var low = 0, high = chunks.count - 1
        while low < high {
            let mid = (low + high) / 2
            if chunks[mid].end > index { high = mid } else { low = mid + 1 }
        }
        return low
    }

    subscript(index: Int) -> Line {
        let chunk = chunks[chunk(holding: index)]
        return chunk.storage[chunk.lower + index - chunk.start].shifted(by: chunk.shift)
    }

    /// `body` with the stored line at `index` (not copied), its chunk's shift and where it is stored.
    func withStoredLine<T>(at index: Int, _ body: (borrowing Line, Int, UnsafePointer<Line>?) -> T) -> T {
        let chunk = chunks[chunk(holding: index)]
        let local = chunk.lower + index - chunk.start
        return chunk.storage.withUnsafeBufferPointer { stored in
            body(stored[local], chunk.shift, stored.baseAddress.map { $0 + local })
        }
    }

    /// `body` with where the line at `index` is stored and its chunk's shift.
    func withStoredAddress<T>(at index: Int, _ body: (UnsafePointer<Line>, Int) -> T) -> T {
        let chunk = chunks[chunk(holding: index)]
        let local = chunk.lower + index - chunk.start
        precondition(local >= 0 && local < chunk.storage.count, "line index out of range")
        return chunk.storage.withUnsafeBufferPointer { stored in body(stored.baseAddress.unsafelyUnwrapped + local, chunk.shift) }
    }

    var chunkCount: Int { chunks.count }

    /// When the lines are one chunk spanning its whole array at true offsets: `body` edits that
    /// array where it is stored (no copy when nothing else holds it), and it is returned.
    /// Otherwise nil, `body` not called.
    mutating func withWhole(_ body: (inout [Line]) -> Void) -> [Line]? {
        guard chunks.count == 1, chunks[0].lower == 0, chunks[0].upper == chunks[0].storage.count,
              chunks[0].shift == 0 else { return nil }
        var lines: [Line] = []
        swap(&lines, &chunks[0].storage)
        body(&lines)
        chunks[0].storage = lines
        return lines
    }

    /// Room for `count` chunks (an editor joining its paragraphs' chunks).
    mutating func reserveCapacity(_ count: Int) { chunks.reserveCapacity(count) }

    /// Appends the chunks of `other` (their lines shared, not copied).
    mutating func append(_ other: LineChunks) {
        let base = count
        for var chunk in other.chunks {
            chunk.end += base
            chunks.append(chunk)
        }
    }

    /// Moves every line by `delta` (one offset per chunk).
    mutating func shift(by delta: Int) {
        for index in chunks.indices { chunks[index].shift &+= delta }
    }

    /// Replaces the lines in `range` with `lines` (at true offsets) and moves the lines after
    /// them by `delta`: the chunks `range` touches are cut around it, the lines kept stay in
    /// their arrays.
    mutating func replaceSubrange(_ range: Range<Int>, with lines: [Line], movingLaterBy delta: Int) {
        guard !chunks.isEmpty else {
            self = LineChunks(whole: lines)
            return
        }
        // The chunks holding the range (or the insertion point: the last chunk, at the end).
        let first = chunk(holding: min(range.lowerBound, count - 1))
        let last = range.isEmpty ? first : chunk(holding: range.upperBound - 1)
        let firstStart = chunks[first].start
        var head = chunks[first], tail = chunks[last]
        head.upper = head.lower + min(range.lowerBound - firstStart, head.count)
        tail.lower += min(range.upperBound - tail.start, tail.count)
        tail.shift &+= delta
        // The new lines take in the pieces cut around them while they stay short (typing in
        // one place would otherwise leave a trail of one-line chunks).
        let joinsHead = head.count > 0 && head.count + lines.count <= Self.merged
        let joinsTail = tail.count > 0 && (joinsHead ? head.count : 0) + lines.count + tail.count <= Self.merged
        var middle = Chunk(storage: lines, lower: 0, upper: lines.count, shift: 0, end: 0)
        if joinsHead || joinsTail {
            var joined: [Line] = []
            joined.reserveCapacity((joinsHead ? head.count : 0) + lines.count + (joinsTail ? tail.count : 0))
            if joinsHead {
                Self.append(head, to: &joined)
                head.upper = head.lower
            }
            joined.append(contentsOf: lines)
            if joinsTail {
                Self.append(tail, to: &joined)
                tail.lower = tail.upper
            }
            middle.storage = joined
            middle.upper = joined.count
        }
        head.end = firstStart + head.count
        middle.end = head.end + middle.count
        tail.end = middle.end + tail.count
        let moved = lines.count - range.count
        for chunk in (last + 1)..<chunks.count {
            chunks[chunk].shift &+= delta
            chunks[chunk].end += moved
        }
        let kept = (head.count > 0 ? 1 : 0) + (middle.count > 0 ? 1 : 0) + (tail.count > 0 ? 1 : 0)
        if kept == 1, first == last {
            // The usual keystroke: one chunk in place of one (no array of pieces).
            chunks[first] = head.count > 0 ? head : middle.count > 0 ? middle : tail
            return
        }
        var pieces: [Chunk] = []
        pieces.reserveCapacity(kept)
        if head.count > 0 { pieces.append(head) }
        if middle.count > 0 { pieces.append(middle) }
        if tail.count > 0 { pieces.append(tail) }
        chunks.replaceSubrange(first...last, with: pieces)
    }

    /// Appends the lines of `piece` at their true offsets.
    private static func append(_ piece: Chunk, to lines: inout [Line]) {
        piece.storage.withUnsafeBufferPointer { stored in
            for index in piece.lower..<piece.upper { lines.append(stored[index].shifted(by: piece.shift)) }
        }
    }

    /// Calls `body` with each chunk's stored lines, its shift and the list index of its first
    /// line, from the chunk holding `index` on.
    func forEachChunk(from index: Int, _ body: (UnsafeBufferPointer<Line>.SubSequence, _ shift: Int, _ start: Int) -> Void) {
        guard index < count else { return }
        for chunk in chunks[chunk(holding: index)...] {
            chunk.storage.withUnsafeBufferPointer { body($0[chunk.lower..<chunk.upper], chunk.shift, chunk.start) }
        }
    }

    /// Sets the line at `index` (true offsets), copying its chunk's lines if they are shared.
    mutating func set(_ line: Line, at index: Int) {
        let chunk = chunk(holding: index)
        let local = chunks[chunk].lower + index - chunks[chunk].start
        chunks[chunk].storage[local] = line.shifted(by: -chunks[chunk].shift)
    }
}
