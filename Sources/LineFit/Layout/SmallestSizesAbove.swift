/// The smallest distinct sizes above a bound among those offered, at most `capacity` of them.
/// Stage 1 asks its lines two questions: the first size above its guess, then, after one probe,
/// the sizes next to that probe's reach (`BalancedPlan.make`'s `around`). The reach is usually
/// a few sizes above the first, so keeping the smallest few from the first scan answers the
/// second question without a second scan of every line; when it falls beyond them, the answer
/// is unknown (nil) and the caller scans as before.
struct SmallestSizesAbove {
    /// Sizes at most this are not kept.
    let bound: Double
    /// Ascending; the first `count` are the kept sizes.
    private var sizes = InlineArray<4, Double>(repeating: .infinity)
    private var count = 0
    /// Whether every distinct size offered above `bound` is kept (none was dropped for room).
    private var complete = true

    init(above bound: Double) { self.bound = bound }

    /// The smallest size offered above `bound`; nil when none was.
    var smallest: Double? { count > 0 ? sizes[0] : nil }

    /// The largest kept size once `capacity` are kept (infinity before): a size above it is
    /// dropped, one equal to it is kept already. Most sizes stop at this one comparison.
    private var largestKept = Double.infinity

    @inline(__always)
    mutating func offer(_ size: Double) {
        guard size > bound else { return }
        if size > largestKept {
            complete = false
        } else if size < largestKept {
            keep(size)
        }
    }

    /// Offers the sizes of the lines that are not forced and at most `ceiling` (the lines stage 1
    /// searches).
    mutating func offer(_ lines: UnsafeBufferPointer<CandidateLines.Edge>, ceiling: Double) {
        for line in lines where !line.forced && line.size <= ceiling { offer(line.size) }
    }

    /// Keeps `size` (above `bound`, below `largestKept`) unless it is kept already.
    @inline(never)
    private mutating func keep(_ size: Double) {
        let capacity = sizes.count
        var place = count
        while place > 0, sizes[place - 1] > size { place -= 1 }
        if place > 0, sizes[place - 1] == size { return }
        if count == capacity {
            // The largest kept one gives way (`place` is below it: the size is smaller).
            complete = false
        } else {
            count += 1
        }
        var index = count - 1
        while index > place {
            sizes[index] = sizes[index - 1]
            index -= 1
        }
        sizes[place] = size
        if count == capacity { largestKept = sizes[capacity - 1] }
    }

    /// Of the sizes offered above `bound`, the largest at most `size` and the smallest above it
    /// (nil: none), for a `size` at least the smallest kept. Nil when the kept sizes do not
    /// decide it: `size` below the smallest, or at least the largest kept while some were dropped.
    func around(_ size: Double) -> (atMost: Double, above: Double?)? {
        guard count > 0, size >= sizes[0] else { return nil }
        var index = 1
        while index < count, sizes[index] <= size { index += 1 }
        // Every dropped size is above the largest kept one, so below it nothing is missing.
        if index < count { return (sizes[index - 1], sizes[index]) }
        return complete ? (sizes[count - 1], nil) : nil
    }
}
