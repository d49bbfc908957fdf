/// What a window re-measure overwrites of a paragraph's measurement just before an edit (from
/// the window's likely start to the edit's start), kept so that the balanced editor can tell
/// how far the new measurement still agrees with the old one.
///
/// The window re-measure reports its inner window's start as the agreement: a word or two
/// before the edit, since it re-shapes that much. Every candidate line and stage 2 entry
/// ending between there and the edit is then built again, though its text almost never
/// measures differently (typing at the end of the 280-character story, some 14 K instructions
/// of a keystroke). Comparing the few units between the two, as `agreement(with:)` would
/// compare the whole paragraphs, finds the offset a fresh comparison would.
struct EditPrefixSnapshot {
    /// The recorded stretch, [from, to], `to` the edit's start; empty when nothing was recorded.
    private(set) var from = 0
    private(set) var to = 0
    private var run = -1
    private var runStart = 0
    private var rightToLeft = false
    /// The run's script and font: every unit of a run has them (runs are the maximal
    /// stretches of one level, script and font), so they stand for the units' own.
    private var script: Int32 = 0
    private var font = 0
    /// The flags of offsets [from, to], bit `i - from` for offset `i` (so at most
    /// `Self.longest` units are recorded: a longer word is rare, and only loses the tightening).
    private var graphemeStart: UInt64 = 0
    private var clusterStart: UInt64 = 0
    private var safe: UInt64 = 0
    /// The break opportunities in (from, to].
    private var breaks: [Int] = []
    /// The glyphs of the clusters in [from, to), in storage order, their clusters relative to
    /// `glyphBase` (copied as the run's chunk holds them: one block copy, no per-glyph call).
    private var glyphs: [ShapedGlyph] = []
    private var glyphBase = 0

    static let longest = 63

    /// Records `measured` before an edit starting at `editStart` (relative), from the window
    /// start a re-measure takes (the opportunity before the last one in the content at or
    /// before the edit), within the edit's run. The arrays keep their storage between keystrokes.
    mutating func record(_ measured: MeasuredParagraph, editStart: Int) {
        run = -1
        guard editStart > 0, editStart <= measured.contentLength, !measured.runs.isEmpty else { return }
        let inContent = measured.breaks.partitioningIndex { $0 >= measured.contentLength }
        let last = min(measured.breaks.partitioningIndex { $0 > editStart }, inContent) - 1
        let index = measured.runIndex(containing: editStart - 1)
        let range = measured.runs[index].range
        from = max(last >= 1 ? measured.breaks[last - 1] : 0, range.lowerBound)
        to = editStart
        guard from < to, to - from <= Self.longest else { return }
        run = index
        runStart = range.lowerBound
        rightToLeft = measured.runs[index].isRightToLeft
        script = measured.runs[index].script
        font = measured.runs[index].fontIndex
        (graphemeStart, clusterStart, safe) = (0, 0, 0)
        for i in from...to {
            let bit: UInt64 = 1 << UInt64(i - from)
            if measured.isGraphemeStart[i] { graphemeStart |= bit }
            if measured.isClusterStart[i] { clusterStart |= bit }
            if measured.isSafeBoundary[i] { safe |= bit }
        }
        breaks.removeAll(keepingCapacity: true)
        var b = measured.breaks.partitioningIndex { $0 > from }
        while b < measured.breaks.count, measured.breaks[b] <= to {
            breaks.append(measured.breaks[b])
            b += 1
        }
        glyphs.removeAll(keepingCapacity: true)
        let recorded = measured.glyphs[index].slice(clusters: from..<to, rightToLeft: rightToLeft)
        glyphs.append(contentsOf: recorded.glyphs)
        glyphBase = recorded.base
    }

    /// The offset through which `measured`, the recorded measurement re-measured in a window
    /// starting at `windowStart`, agrees with it in the sense of `agreement(with:comparingSums:
    /// false)`: at least `windowStart` (the re-measure's own guarantee), at most the edit's
    /// start. Before the window nothing changed; from it to the edit the units, whitespace and
    /// levels are the old ones (the re-measure keeps the levels outside the inserted text), and
    /// the scripts and fonts are the run's (the window lies in one run, whose script and font
    /// stay), so the flags, break opportunities and glyphs are compared there.
    mutating func agreement(of measured: MeasuredParagraph, windowStart: Int) -> Int {
        guard run >= 0, windowStart >= from, windowStart < to, to <= measured.contentLength, run < measured.runs.count,
              measured.runs[run].range.lowerBound == runStart, measured.runs[run].range.upperBound >= to,
              measured.runs[run].isRightToLeft == rightToLeft, measured.runs[run].script == script,
              measured.runs[run].fontIndex == font else { return windowStart }
        var h = to
        var i = windowStart
        while i <= h {
            let bit: UInt64 = 1 << UInt64(i - from)
            if measured.isGraphemeStart[i] != (graphemeStart & bit != 0) || measured.isClusterStart[i] != (clusterStart & bit != 0)
                || measured.isSafeBoundary[i] != (safe & bit != 0) {
                h = i - 1
                break
            }
            i += 1
        }
        // The first opportunity in (windowStart, h] only one of them has.
        var a = measured.breaks.partitioningIndex { $0 > windowStart }
        var b = breaks.partitioningIndex { $0 > windowStart }
        while true {
            let mine = a < measured.breaks.count ? measured.breaks[a] : Int.max
            let theirs = b < breaks.count ? breaks[b] : Int.max
            guard min(mine, theirs) <= h else { break }
            if mine != theirs {
                h = min(mine, theirs) - 1
                break
            }
            a += 1
            b += 1
        }
        guard h > windowStart else { return windowStart }
        let new = measured.glyphs[run].slice(clusters: windowStart..<h, rightToLeft: rightToLeft)
        if let cluster = firstDifference(windowStart..<h, new: new.glyphs, base: new.base) { h = min(h, cluster) }
        return max(h, windowStart)
    }

    /// `MeasuredParagraph.firstDifference` of the recorded glyphs of `clusters` and `new`
    /// (clusters relative to `base`), read in place (both in storage order; logical order walks
    /// a right-to-left run from its end). The recorded ones of `clusters` are one stretch of them.
    private func firstDifference(_ clusters: Range<Int>, new: ArraySlice<ShapedGlyph>, base: Int) -> Int? {
        let recorded = (clusters.lowerBound - glyphBase)..<(clusters.upperBound - glyphBase)
        var low = 0, high = glyphs.count
        while low < high, !recorded.contains(glyphs[low].cluster) { low += 1 }
        while high > low, !recorded.contains(glyphs[high - 1].cluster) { high -= 1 }
        let count = high - low, newCount = new.count, newStart = new.startIndex
        for k in 0..<max(count, newCount) {
            var x = k < count ? glyphs[rightToLeft ? high - 1 - k : low + k] : nil
            var y = k < newCount ? new[newStart + (rightToLeft ? newCount - 1 - k : k)] : nil
            x?.cluster &+= glyphBase
            y?.cluster &+= base
            guard let x else { return y?.cluster }
            guard let y else { return x.cluster }
            if x != y { return min(x.cluster, y.cluster) }
        }
        return nil
    }
}
