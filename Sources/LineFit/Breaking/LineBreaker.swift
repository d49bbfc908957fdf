/// A line chosen by the breaker, in offsets relative to its paragraph.
struct LineSpan: Hashable {
    var start: Int
    var end: Int
    /// End of the visible content: trailing whitespace and the terminator excluded.
    var contentEnd: Int
    var brokenInsideWord: Bool
    /// How far the breaker read to choose this line: it looked at nothing at or after this
    /// offset except the break opportunity and the boundary flags *at* it (see
    /// `GreedyLineBreaker`). An editor keeps a line before an edit only when its reach does not
    /// pass the first offset the edit can change (`EditorSession.rebreak`).
    var reach: Int
}

/// Greedy line breaking at the minimum size: the Type Mode contract.
///
/// Each line takes as much text as fits when set at `minSize`, breaking only at UAX #14
/// opportunities (ICU) that are also grapheme and HarfBuzz cluster boundaries: ICU allows a
/// break between two emoji modifiers, which HarfBuzz shapes as one cluster, and a line never
/// splits a cluster (a run of 1,600 modifiers is one unbreakable cluster, not 1,600 lines whose
/// every edge must be reshaped). Trailing whitespace does not count toward a line's width. When not even the next
/// word fits on an empty line, the word is broken between grapheme clusters that are also
/// HarfBuzz cluster boundaries, so no emoji sequence, ligature, Arabic joining pair or Indic
/// conjunct is ever split; a single cluster wider than the width goes on a line of its own.
///
/// Widths come from the paragraph's prefix sums, which choose a candidate; `fitsExactly`
/// confirms it (it reshapes when a line edge is unsafe to break, or in hinted mode). When the
/// estimate was too generous the breaker steps back: one candidate, then galloping (1, 2, 4…
/// candidates back) and a bisection of the last step, so a line costs O(log k) exact
/// measures of at most its estimated length instead of k. With estimates exact at safe
/// boundaries and off by a few candidates elsewhere (kerning or contextual forms at an unsafe
/// edge, hinting), the shaped units of a layout stay O(n) in the text's length.
///
/// What a line depends on (the editor's restart rule rests on this): the line from `start`
/// is a function of the paragraph's measurement between `start` and its `reach`: the units,
/// advances, whitespace and glyphs before `reach`, the boundary flags and opportunities up to
/// and including `reach`. The scan reads opportunities until the first whose estimate does not
/// fit (that one is the reach) or the paragraph's end (then the reach is past the end); the exact measures read only lines that
/// end before it; an emergency break reads up to the end of the word it breaks.
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
    static let estimateSlack = 1e-9

    /// Candidates probed one by one below the estimate's choice before galloping: the
    /// estimate is exact or one candidate off almost always, and these cost one measure each.
    private static let linearProbes = 2

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

    /// The largest position in `candidates[...highest]` whose line fits exactly, probing the
    /// highest first, then `linearProbes` below it, then galloping down and bisecting the last
    /// step; nil when none fits. Exact on the bisected stretch when fitting is monotone there
    /// (a longer line is not narrower), which is what the estimate being generous means.
    private static func largestFitting(_ count: Int, _ fits: (Int) -> Bool) -> Int? {
        var failed = count
        var probe = count - 1
        var linear = 0
        while probe >= 0, linear <= linearProbes {
            if fits(probe) { return probe }
            failed = probe
            probe -= 1
            linear += 1
        }
        guard probe >= 0 else { return nil }
        var step = 1
        var fitting = -1
        while fitting < 0 {
            let candidate = max(0, failed - step)
            if fits(candidate) {
                fitting = candidate
            } else {
                if candidate == 0 { return nil }
                failed = candidate
                step *= 2
            }
        }
        while failed - fitting > 1 {
            let middle = (fitting + failed) / 2
            if fits(middle) { fitting = middle } else { failed = middle }
        }
        return fitting
    }

    /// Whether an opportunity may end a line: not inside a grapheme or HarfBuzz cluster.
    private func isLineEnd(_ paragraph: MeasuredParagraph, _ offset: Int) -> Bool {
        paragraph.isGraphemeStart[offset] && paragraph.isClusterStart[offset]
    }

    /// The reach of a line whose scan read `breaks[..<index]` and the one at `index`. The
    /// last opportunity is the paragraph's end, and a line that reads it depends on where the
    /// paragraph ends (text appended after it could join it): its reach is past the end.
    private func reachOf(_ breaks: [Int], _ index: Int, _ paragraph: MeasuredParagraph) -> Int {
        index < breaks.count - 1 ? breaks[index] : paragraph.length + 1
    }

    /// Appends the lines from `start` (which must be a line start) to the paragraph's end,
    /// or until `stop` returns true for a line just appended.
    func breakLines(
        _ paragraph: MeasuredParagraph, from start: Int = 0, into spans: inout [LineSpan],
        stop: (LineSpan) -> Bool = { _ in false }, fitsExactly: (Int, Int) -> Bool
    ) {
        var candidates: [Int] = []
        breakLines(paragraph, from: start, into: &spans, candidates: &candidates, stop: stop, fitsExactly: fitsExactly)
    }

    /// `breakLines` with the caller's scratch array for the candidates (an engine keeps one,
    /// so a keystroke allocates none).
    func breakLines(
        _ paragraph: MeasuredParagraph, from start: Int = 0, into spans: inout [LineSpan], candidates: inout [Int],
        stop: (LineSpan) -> Bool = { _ in false }, fitsExactly: (Int, Int) -> Bool
    ) {
        let breaks = paragraph.breaks
        var start = start
        // The first opportunity after `start`, found by binary search: an editor breaks from
        // the middle of a long paragraph, where a scan from the top read every break before.
        var next = breaks.partitioningIndex { $0 > start }
        // Offsets of the current line's candidates that fit by estimate, ascending. Sized
        // once: growing by append reallocated it 3–4 times per paragraph.
        candidates.reserveCapacity(min(breaks.count, 64))
        while start < paragraph.length {
            if let last = spans.last, last.end == start, stop(last) { return }
            while next < breaks.count, breaks[next] <= start { next += 1 }
            // Every paragraph ends with a break at its length, so `next` is in range. Scan
            // with the estimate, then step back while the exact measure says no.
            candidates.removeAll(keepingCapacity: true)
            var j = next
            while j < breaks.count {
                let isLast = j == breaks.count - 1
                let content = paragraph.contentEnd(from: start, to: breaks[j])
                // Leading spaces alone do not make a line (unless they are all there is), and
                // a line never ends inside a cluster.
                if !isLast, content == start || !isLineEnd(paragraph, breaks[j]) {
                    j += 1
                    continue
                }
                guard estimateFits(paragraph, start, content) else { break }
                candidates.append(breaks[j])
                j += 1
            }
            var reach = reachOf(breaks, j, paragraph)
            let chosen = Self.largestFitting(candidates.count) { index in
                lineFits(paragraph, start, paragraph.contentEnd(from: start, to: candidates[index]), fitsExactly)
            }
            if let index = chosen {
                let end = candidates[index]
                spans.append(LineSpan(
                    start: start, end: end, contentEnd: paragraph.contentEnd(from: start, to: end),
                    brokenInsideWord: false, reach: reach))
                start = end
                continue
            }
            // Not even the next word fits: break it between clusters. The word is what lies
            // before the first opportunity that ends some content (and is a line's end at all).
            var wordEnd = next
            while wordEnd < breaks.count - 1,
                  paragraph.contentEnd(from: start, to: breaks[wordEnd]) == start || !isLineEnd(paragraph, breaks[wordEnd]) {
                wordEnd += 1
            }
            let limit = breaks[wordEnd]
            reach = max(reach, reachOf(breaks, wordEnd, paragraph))
            let end = emergencyBreak(
                paragraph, from: start, before: limit, candidates: &candidates, fitsExactly: fitsExactly)
            // The emergency break may land on the opportunity itself (a lone cluster too wide
            // for the line): then no word was broken.
            spans.append(LineSpan(
                start: start, end: end, contentEnd: paragraph.contentEnd(from: start, to: end),
                brokenInsideWord: end < limit, reach: reach))
            start = end
        }
    }

    /// The end of the longest run of whole clusters from `start` that fits, at least one
    /// cluster, and past any whitespace that follows it up to `limitOffset`. The candidates
    /// are visited only as far as the estimate fits, so a long word costs O(line) per line.
    private func emergencyBreak(
        _ paragraph: MeasuredParagraph, from start: Int, before limitOffset: Int, candidates: inout [Int],
        fitsExactly: (Int, Int) -> Bool
    ) -> Int {
        candidates.removeAll(keepingCapacity: true)
        var firstCandidate: Int?
        var firstVisible: Int?
        var q = start + 1
        while q <= limitOffset {
            defer { q += 1 }
            guard q == limitOffset
                    || (paragraph.isGraphemeStart[q] && paragraph.isClusterStart[q] && !paragraph.isWhitespace[q - 1])
            else { continue }
            if firstCandidate == nil { firstCandidate = q }
            let content = paragraph.contentEnd(from: start, to: q)
            if content == start { continue }
            if firstVisible == nil { firstVisible = q }
            guard estimateFits(paragraph, start, content) else { break }
            candidates.append(q)
        }
        let best = Self.largestFitting(candidates.count) { index in
            let content = paragraph.contentEnd(from: start, to: candidates[index])
            return content > start && lineFits(paragraph, start, content, fitsExactly)
        }
        // Nothing fits: the first visible cluster goes alone and the line reports that it
        // overflows.
        var end = best.map { candidates[$0] } ?? firstVisible ?? firstCandidate ?? limitOffset
        // Whitespace after the break belongs to this line, not to a blank line of its own.
        while end < limitOffset, paragraph.isWhitespace[end] { end += 1 }
        return end
    }
}
