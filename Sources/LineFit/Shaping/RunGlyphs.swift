/// One shaped run's glyphs, in HarfBuzz's (visual) order, held in chunks whose clusters are
/// relative to the chunk.
///
/// An edit inside a long run replaces glyphs in one chunk and moves the chunks after it by
/// changing one number each: in one flat array it moved every glyph after the edit (48 bytes
/// each) and added the edit's length to each one's cluster, half a long paragraph per
/// keystroke. A short run is one chunk. Where the glyphs are cut into chunks never shows: a
/// line spanning two chunks gets their glyphs joined (`slice`), every other reader walks the
/// chunks in order, so nothing computed from the glyphs depends on the cut.
struct RunGlyphs {
    struct Chunk {
        /// Clusters `base` short of their paragraph-relative value.
        var glyphs: [ShapedGlyph]
        var base: Int
        /// The smallest and largest cluster of `glyphs`, relative as they are.
        var low: Int
        var high: Int
    }

    /// Chunks in storage order, none empty, each holding whole clusters.
    private(set) var chunks: [Chunk] = []

    /// A run longer than this many glyphs is cut into chunks of `chunkSize`; a chunk an edit
    /// grows past it is cut in two.
    static let chunkLimit = 2048
    static let chunkSize = 1024

    init() {}

    /// A run of `glyphs` (paragraph-relative clusters).
    init(_ glyphs: [ShapedGlyph]) {
        var storage = glyphs
        assign(&storage)
    }

    /// Shapes into the first chunk's storage (reused from an earlier measurement), then cuts
    /// the result into chunks if it is long.
    mutating func reshape(_ body: (inout [ShapedGlyph]) -> Void) {
        var storage: [ShapedGlyph] = []
        if !chunks.isEmpty { swap(&storage, &chunks[0].glyphs) }
        body(&storage)
        assign(&storage)
    }

    private mutating func assign(_ storage: inout [ShapedGlyph]) {
        chunks.removeAll(keepingCapacity: true)
        guard !storage.isEmpty else { return }
        if storage.count <= Self.chunkLimit {
            chunks.append(Self.chunk(storage, base: 0))
            return
        }
        chunks.append(contentsOf: Self.pieces(storage, base: 0))
    }

    /// `glyphs` cut into chunks of about `chunkSize`, between clusters.
    private static func pieces(_ glyphs: [ShapedGlyph], base: Int) -> [Chunk] {
        var result: [Chunk] = []
        var start = 0
        while start < glyphs.count {
            let end = cut(glyphs, near: start + chunkSize)
            result.append(chunk(Array(glyphs[start..<end]), base: base))
            start = end
        }
        return result
    }

    /// The first index at or after `position` where a new cluster starts (or the end).
    private static func cut(_ glyphs: [ShapedGlyph], near position: Int) -> Int {
        var end = Swift.min(position, glyphs.count)
        while end < glyphs.count, end > 0, glyphs[end].cluster == glyphs[end - 1].cluster { end += 1 }
        return end
    }

    /// A chunk of `glyphs` (not empty). Clusters are monotone in a run (see
    /// `slice(clusters:rightToLeft:)`), so the ends hold the smallest and largest.
    private static func chunk(_ glyphs: [ShapedGlyph], base: Int) -> Chunk {
        let first = glyphs[0].cluster, last = glyphs[glyphs.count - 1].cluster
        return Chunk(glyphs: glyphs, base: base, low: Swift.min(first, last), high: Swift.max(first, last))
    }

    /// The chunks (storage indices) holding a cluster of `range`.
    private func chunkRange(_ range: Range<Int>, rightToLeft: Bool) -> Range<Int> {
        // Most runs are one chunk: the same test as the searches below, without them.
        if chunks.count == 1 {
            let chunk = chunks[0]
            let overlaps = rightToLeft
                ? chunk.base + chunk.low < range.upperBound && chunk.base + chunk.high >= range.lowerBound
                : chunk.base + chunk.high >= range.lowerBound && chunk.base + chunk.low < range.upperBound
            return overlaps ? 0..<1 : 0..<0
        }
        // The first chunk by a binary search, the end by a walk from it: a range holds one
        // chunk or two (a line), and every chunk before the first passes the end's test too.
        return chunks.withUnsafeBufferPointer { chunks in
            var low = 0, high = chunks.count
            while low < high {
                let mid = (low + high) / 2
                let before = rightToLeft
                    ? chunks[mid].base + chunks[mid].low >= range.upperBound
                    : chunks[mid].base + chunks[mid].high < range.lowerBound
                if before { low = mid + 1 } else { high = mid }
            }
            var to = low
            while to < chunks.count, rightToLeft
                ? chunks[to].base + chunks[to].high >= range.lowerBound
                : chunks[to].base + chunks[to].low < range.upperBound {
                to += 1
            }
            return low..<to
        }
    }

    /// The glyphs whose clusters fall in `range`, with the amount their clusters are short
    /// of paragraph-relative ones. A slice of one chunk; glyphs of several chunks are joined
    /// into a new array (a line across a cut, about one line in twenty of a long run).
    func slice(clusters range: Range<Int>, rightToLeft: Bool) -> (glyphs: ArraySlice<ShapedGlyph>, base: Int) {
        let found = chunkRange(range, rightToLeft: rightToLeft)
        if found.isEmpty { return ([], 0) }
        if found.count == 1 {
            let chunk = chunks[found.lowerBound]
            let relative = (range.lowerBound - chunk.base)..<(range.upperBound - chunk.base)
            return (chunk.glyphs.slice(clusters: relative, rightToLeft: rightToLeft), chunk.base)
        }
        // One allocation: appending would grow the array several times.
        var count = 0
        for index in found {
            let chunk = chunks[index]
            count += chunk.glyphs.slice(
                clusters: (range.lowerBound - chunk.base)..<(range.upperBound - chunk.base), rightToLeft: rightToLeft).count
        }
        var joined: [ShapedGlyph] = []
        joined.reserveCapacity(count)
        forEach(clusters: range, rightToLeft: rightToLeft) { glyph in joined.append(glyph) }
        return (joined[...], 0)
    }

    /// Calls `body` with each glyph whose cluster falls in `range`, in storage order, its
    /// cluster paragraph-relative.
    func forEach(clusters range: Range<Int>, rightToLeft: Bool, _ body: (ShapedGlyph) -> Void) {
        for index in chunkRange(range, rightToLeft: rightToLeft) {
            let chunk = chunks[index]
            let relative = (range.lowerBound - chunk.base)..<(range.upperBound - chunk.base)
            for var glyph in chunk.glyphs.slice(clusters: relative, rightToLeft: rightToLeft) {
                glyph.cluster &+= chunk.base
                body(glyph)
            }
        }
    }

    /// Calls `body` with every glyph, in storage order, its cluster paragraph-relative.
    func forEach(_ body: (ShapedGlyph) -> Void) {
        for chunk in chunks {
            chunk.glyphs.withUnsafeBufferPointer { glyphs in
                for var glyph in glyphs {
                    glyph.cluster &+= chunk.base
                    body(glyph)
                }
            }
        }
    }

    /// The glyphs of `range` as one array with paragraph-relative clusters (for comparisons
    /// off the keystroke path).
    func glyphs(clusters range: Range<Int>, rightToLeft: Bool) -> [ShapedGlyph] {
        var result: [ShapedGlyph] = []
        forEach(clusters: range, rightToLeft: rightToLeft) { result.append($0) }
        return result
    }

    /// Whether the glyphs of `range`, their clusters moved by `shift`, are exactly `other`.
    func elementsEqual(clusters range: Range<Int>, rightToLeft: Bool, shift: Int, _ other: ArraySlice<ShapedGlyph>) -> Bool {
        var index = other.startIndex
        var same = true
        forEach(clusters: range, rightToLeft: rightToLeft) { glyph in
            guard same else { return }
            if index == other.endIndex || glyph.shifted(by: shift) != other[index] { same = false }
            index += 1
        }
        return same && index == other.endIndex
    }

    /// Changes every glyph's advance by what `change` says for its id; false (glyphs left
    /// partly changed) when it cannot say for one.
    mutating func changeAdvances(_ change: (UInt32) -> Double?) -> Bool {
        for chunk in chunks.indices {
            for slot in chunks[chunk].glyphs.indices {
                guard let delta = change(chunks[chunk].glyphs[slot].id) else { return false }
                chunks[chunk].glyphs[slot].advance += delta
            }
        }
        return true
    }

    /// Moves every cluster by `delta` (text inserted or deleted before the run).
    mutating func shift(by delta: Int) {
        for index in chunks.indices { chunks[index].base &+= delta }
    }

    /// Replaces the glyphs of the old clusters `replaced` with `inner` (paragraph-relative
    /// clusters in the new text) and moves the clusters after them (in logical order) by
    /// `delta`. Only the chunk holding `replaced` is edited (two or more are first joined);
    /// the chunks after it move by their base.
    mutating func splice(replaced: Range<Int>, with inner: ArraySlice<ShapedGlyph>, rightToLeft: Bool, delta: Int) {
        var found = chunkRange(replaced, rightToLeft: rightToLeft)
        if found.isEmpty {
            // Nothing to replace: insert into the chunk the clusters would sit in.
            guard !chunks.isEmpty else {
                var storage = Array(inner)
                assign(&storage)
                return
            }
            found = Swift.min(found.lowerBound, chunks.count - 1)..<Swift.min(found.lowerBound + 1, chunks.count)
        }
        if found.count > 1 { join(found) }
        let target = found.lowerBound
        let base = chunks[target].base
        var glyphs: [ShapedGlyph] = []
        swap(&glyphs, &chunks[target].glyphs)
        let relative = (replaced.lowerBound - base)..<(replaced.upperBound - base)
        let old = glyphs.slice(clusters: relative, rightToLeft: rightToLeft).indices
        glyphs.replaceSubrange(old, with: inner.lazy.map { $0.shifted(by: -base) })
        if delta != 0 {
            // After the edit means: to the right of the window in a left-to-right run, to its
            // left in a right-to-left one; the chunks there move by their base.
            let after = rightToLeft ? 0..<old.lowerBound : (old.lowerBound + inner.count)..<glyphs.count
            glyphs.withUnsafeMutableBufferPointer { buffer in
                guard let start = buffer.baseAddress else { return }
                for index in after { start[index].cluster &+= delta }
            }
            let later = rightToLeft ? 0..<target : (target + 1)..<chunks.count
            for index in later { chunks[index].base &+= delta }
        }
        if glyphs.isEmpty {
            chunks.remove(at: target)
        } else if glyphs.count > Self.chunkLimit {
            chunks.replaceSubrange(target...target, with: Self.pieces(glyphs, base: base))
        } else {
            let first = glyphs[0].cluster, last = glyphs[glyphs.count - 1].cluster
            chunks[target].low = Swift.min(first, last)
            chunks[target].high = Swift.max(first, last)
            swap(&glyphs, &chunks[target].glyphs)
        }
    }

    /// Joins the chunks of `range` into its first one.
    private mutating func join(_ range: Range<Int>) {
        var glyphs: [ShapedGlyph] = []
        let base = chunks[range.lowerBound].base
        for index in range {
            let shift = chunks[index].base - base
            glyphs.append(contentsOf: chunks[index].glyphs.lazy.map { $0.shifted(by: shift) })
        }
        chunks.replaceSubrange(range, with: [Self.chunk(glyphs, base: base)])
    }
}
