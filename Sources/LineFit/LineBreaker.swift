/// A line chosen by the breaker, in offsets relative to its paragraph.
struct LineSpan: Hashable {
    var start: Int
    var end: Int
    /// End of the visible content: trailing whitespace and the terminator excluded.
    var contentEnd: Int
    var brokenInsideWord: Bool
}

/// Greedy line breaking at the minimum size: the Type Mode contract.
///
/// Each line takes as much text as fits when set at `minSize`, breaking only at UAX #14
/// opportunities (ICU). Trailing whitespace does not count toward a line's width. When not
/// even the next word fits on an empty line, the word is broken between grapheme clusters
/// that are also HarfBuzz cluster boundaries, so no emoji sequence, ligature, Arabic joining
/// pair or Indic conjunct is ever split; a single cluster wider than the width goes on a line
/// of its own.
///
/// Widths come from the paragraph's prefix sums; `fitsExactly` confirms a chosen line
/// (it reshapes when a line edge is unsafe to break, or in hinted mode), and the breaker
/// steps back to the previous opportunity while it does not fit.
struct GreedyLineBreaker {
    /// The width available, in em at the minimum size (width / minSize).
    var limit: Double
    var tracking: Double

    /// Appends the lines from `start` (which must be a line start) to the paragraph's end,
    /// or until `stop` returns true for a line just appended.
    func breakLines(
        _ paragraph: MeasuredParagraph, from start: Int = 0, into spans: inout [LineSpan],
        stop: (LineSpan) -> Bool = { _ in false }, fitsExactly: (Int, Int) -> Bool
    ) {
        let breaks = paragraph.breaks
        var start = start
        var next = 0
        while start < paragraph.length {
            if let last = spans.last, last.end == start, stop(last) { return }
            while next < breaks.count, breaks[next] <= start { next += 1 }
            // Every paragraph ends with a break at its length, so `next` is in range.
            var chosen: Int?
            var j = next
            while j < breaks.count {
                let content = paragraph.contentEnd(from: start, to: breaks[j])
                guard paragraph.estimatedWidth(start, content, tracking: tracking) <= limit else { break }
                chosen = j
                j += 1
            }
            while let candidate = chosen {
                let content = paragraph.contentEnd(from: start, to: breaks[candidate])
                if needsExactCheck(paragraph, start, content) == false || fitsExactly(start, content) { break }
                chosen = candidate > next ? candidate - 1 : nil
            }
            if let candidate = chosen {
                let end = breaks[candidate]
                spans.append(LineSpan(
                    start: start, end: end, contentEnd: paragraph.contentEnd(from: start, to: end),
                    brokenInsideWord: false))
                start = end
                continue
            }
            let end = emergencyBreak(paragraph, from: start, before: breaks[next], fitsExactly: fitsExactly)
            // The emergency break may land on the opportunity itself (a lone cluster too wide
            // for the line): then no word was broken.
            spans.append(LineSpan(
                start: start, end: end, contentEnd: paragraph.contentEnd(from: start, to: end),
                brokenInsideWord: end < breaks[next]))
            start = end
        }
    }

    /// Exact and estimated widths agree when both edges are safe HarfBuzz boundaries.
    private func needsExactCheck(_ paragraph: MeasuredParagraph, _ start: Int, _ end: Int) -> Bool? {
        guard !exactAlways else { return true }
        return !(paragraph.isSafeBoundary[start] && paragraph.isSafeBoundary[end])
    }

    /// Set in hinted mode, where estimates are unhinted and every line must be checked.
    var exactAlways = false

    /// The end of the longest run of whole clusters from `start` that fits, at least one.
    private func emergencyBreak(
        _ paragraph: MeasuredParagraph, from start: Int, before limitOffset: Int,
        fitsExactly: (Int, Int) -> Bool
    ) -> Int {
        var candidates: [Int] = []
        var q = start + 1
        while q < limitOffset {
            if paragraph.isGraphemeStart[q] && paragraph.isClusterStart[q] { candidates.append(q) }
            q += 1
        }
        candidates.append(limitOffset)
        var best: Int?
        for (index, end) in candidates.enumerated() {
            let content = paragraph.contentEnd(from: start, to: end)
            guard paragraph.estimatedWidth(start, content, tracking: tracking) <= limit else { break }
            best = index
        }
        while let index = best {
            let end = candidates[index]
            let content = paragraph.contentEnd(from: start, to: end)
            if needsExactCheck(paragraph, start, content) == false || fitsExactly(start, content) { break }
            best = index > 0 ? index - 1 : nil
        }
        // Nothing fits: the first cluster goes alone and the line reports that it overflows.
        return candidates[best ?? 0]
    }
}
