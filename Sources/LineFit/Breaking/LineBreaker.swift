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
    var width: Double
    var minSize: Double
    var tracking: Double
    /// Set in hinted mode, where the paragraph's widths are unhinted and every line must be
    /// measured by `fitsExactly`.
    var exactAlways = false

    /// The fitter's own test at the minimum size (`LineFitter.fitLinear`), so that a line
    /// the breaker accepts is never one the fitter finds too wide.
    private func fits(emWidth: Double) -> Bool { WidthTolerance.fits(emWidth * minSize, in: width) }

    /// Candidates are scanned with prefix-sum estimates, which differ from a line's exact
    /// width in the last bits; the scan lets them exceed the width by this fraction so it
    /// never stops short of the exact answer, which `lineFits` then decides.
    private static let estimateSlack = 1e-9

    private func estimateFits(_ paragraph: MeasuredParagraph, _ start: Int, _ content: Int) -> Bool {
        paragraph.estimatedWidth(start, content, tracking: tracking) * minSize <= width * (1 + Self.estimateSlack)
    }

    /// Whether `start..<content` fits at the minimum size, measured exactly: from the sliced
    /// glyphs where both ends are safe to break, by `fitsExactly` (reshaping) elsewhere.
    private func lineFits(
        _ paragraph: MeasuredParagraph, _ start: Int, _ content: Int, _ fitsExactly: (Int, Int) -> Bool
    ) -> Bool {
        if !exactAlways, paragraph.isSafeBoundary[start], paragraph.isSafeBoundary[content] {
            return fits(emWidth: paragraph.slicedEmWidth(start, content, tracking: tracking))
        }
        return fitsExactly(start, content)
    }

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
            // Every paragraph ends with a break at its length, so `next` is in range. Scan
            // with the estimate, then step back while the exact measure says no.
            var chosen: Int?
            var j = next
            while j < breaks.count {
                let content = paragraph.contentEnd(from: start, to: breaks[j])
                // Leading spaces alone do not make a line (unless they are all there is).
                if content == start, j < breaks.count - 1 {
                    j += 1
                    continue
                }
                guard estimateFits(paragraph, start, content) else { break }
                chosen = j
                j += 1
            }
            while let candidate = chosen {
                let content = paragraph.contentEnd(from: start, to: breaks[candidate])
                if lineFits(paragraph, start, content, fitsExactly) { break }
                chosen = candidate > next ? candidate - 1 : nil
                if let earlier = chosen, paragraph.contentEnd(from: start, to: breaks[earlier]) == start,
                   earlier < breaks.count - 1 {
                    chosen = nil
                }
            }
            if let candidate = chosen {
                let end = breaks[candidate]
                spans.append(LineSpan(
                    start: start, end: end, contentEnd: paragraph.contentEnd(from: start, to: end),
                    brokenInsideWord: false))
                start = end
                continue
            }
            // Not even the next word fits: break it between clusters. The word is what lies
            // before the first opportunity that ends some content.
            var wordEnd = next
            while wordEnd < breaks.count - 1, paragraph.contentEnd(from: start, to: breaks[wordEnd]) == start {
                wordEnd += 1
            }
            let end = emergencyBreak(paragraph, from: start, before: breaks[wordEnd], fitsExactly: fitsExactly)
            // The emergency break may land on the opportunity itself (a lone cluster too wide
            // for the line): then no word was broken.
            spans.append(LineSpan(
                start: start, end: end, contentEnd: paragraph.contentEnd(from: start, to: end),
                brokenInsideWord: end < breaks[wordEnd]))
            start = end
        }
    }

    /// The end of the longest run of whole clusters from `start` that fits, at least one
    /// cluster, and past any whitespace that follows it up to `limitOffset`.
    private func emergencyBreak(
        _ paragraph: MeasuredParagraph, from start: Int, before limitOffset: Int,
        fitsExactly: (Int, Int) -> Bool
    ) -> Int {
        var candidates: [Int] = []
        var q = start + 1
        while q < limitOffset {
            if paragraph.isGraphemeStart[q] && paragraph.isClusterStart[q] && !paragraph.isWhitespace[q - 1] {
                candidates.append(q)
            }
            q += 1
        }
        candidates.append(limitOffset)
        var best: Int?
        for (index, end) in candidates.enumerated() {
            let content = paragraph.contentEnd(from: start, to: end)
            if content == start { continue }
            guard estimateFits(paragraph, start, content) else { break }
            best = index
        }
        while let index = best {
            let content = paragraph.contentEnd(from: start, to: candidates[index])
            if content > start, lineFits(paragraph, start, content, fitsExactly) { break }
            best = index > 0 ? index - 1 : nil
        }
        // Nothing fits: the first visible cluster goes alone and the line reports that it
        // overflows.
        var end = candidates[best ?? candidates.firstIndex { paragraph.contentEnd(from: start, to: $0) > start } ?? 0]
        // Whitespace after the break belongs to this line, not to a blank line of its own.
        while end < limitOffset, paragraph.isWhitespace[end] { end += 1 }
        return end
    }
}
