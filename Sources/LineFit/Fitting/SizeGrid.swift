/// The sizes a line may take: `minSize`, every multiple of `step` strictly between, and
/// `maxSize`. Indexed so that a search never materializes the grid.
struct SizeGrid {
    let minSize: Double
    let maxSize: Double
    let step: Double
    /// First multiple of the step strictly above min; last strictly below max.
    private let firstMultiple: Int
    private let lastMultiple: Int
    /// When 1/step is a whole number, k / (1/step) is the correctly rounded decimal
    /// (4733 / 100 = 47.33 exactly as printed), where k × step could print 47.330000000000005.
    private let stepsPerPoint: Double?
    let count: Int

    init(minSize: Double, maxSize: Double, step: Double) {
        self.minSize = minSize
        self.maxSize = maxSize
        self.step = step
        let reciprocal = (1 / step).rounded()
        stepsPerPoint = abs(reciprocal * step - 1) < 1e-12 ? reciprocal : nil
        func value(_ k: Int, _ perPoint: Double?) -> Double {
            perPoint.map { Double(k) / $0 } ?? Double(k) * step
        }
        var first = Int((minSize / step).rounded(.down))
        while value(first, stepsPerPoint) <= minSize { first += 1 }
        var last = Int((maxSize / step).rounded(.up))
        while value(last, stepsPerPoint) >= maxSize { last -= 1 }
        firstMultiple = first
        lastMultiple = last
        let between = max(0, last - first + 1)
        count = maxSize > minSize ? between + 2 : 1
    }

    func size(at index: Int) -> Double {
        if index <= 0 { return minSize }
        if index >= count - 1 { return maxSize }
        let k = firstMultiple + index - 1
        return stepsPerPoint.map { Double(k) / $0 } ?? Double(k) * step
    }

    /// The multiples of the step strictly between the ends (`size(at: i)` is the multiple
    /// `first + i - 1` there) and the divisor `size(at:)` uses for them (nil: it multiplies by
    /// the step), for a caller that walks the grid by multiples (`LinearFitShortcut`).
    var interiorMultiples: (first: Int, last: Int, stepsPerPoint: Double?) {
        (firstMultiple, lastMultiple, stepsPerPoint)
    }

    /// Index of the largest grid size that is at most `size` (0 when size is below min).
    func index(atOrBelow size: Double) -> Int {
        if size >= maxSize { return count - 1 }
        if size <= minSize || count <= 2 { return 0 }
        var k = Int((size / step).rounded(.down))
        // A size on the grid can divide to just below its whole multiple (35.05 / 0.01 is
        // 3504.999…): then it is its own index, not the one below.
        if (stepsPerPoint.map { Double(k + 1) / $0 } ?? Double(k + 1) * step) <= size { k += 1 }
        k = min(max(k, firstMultiple - 1), lastMultiple)
        return max(0, min(count - 2, k - firstMultiple + 1))
    }

    /// The largest index whose size `fits`, by binary search on a function assumed monotone
    /// (true up to some size, false above). `hint`, a closed-form answer, narrows the search
    /// to one probe on each side of it when it is right. Returns nil when not even the
    /// minimum fits. Only sizes that were probed and fit are ever returned.
    func largestFitting(hint: Int? = nil, _ fits: (Double) -> Bool) -> Int? {
        var low = -1  // largest index known to fit (-1: none yet)
        var high = count  // smallest index known not to fit
        if let hint {
            let i = min(max(hint, 0), count - 1)
            if fits(size(at: i)) {
                low = i
                if i + 1 < count, !fits(size(at: i + 1)) { return i }
                if i + 1 < count { low = i + 1 }
            } else {
                high = i
            }
        }
        if low < 0 {
            guard high > 0, fits(size(at: 0)) else { return nil }
            low = 0
        }
        if high == count {
            if fits(size(at: count - 1)) { return count - 1 }
            high = count - 1
        }
        while high - low > 1 {
            let mid = low + (high - low) / 2
            if fits(size(at: mid)) { low = mid } else { high = mid }
        }
        return low
    }
}
