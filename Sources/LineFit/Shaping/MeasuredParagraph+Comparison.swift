/// Whether two measurements agree over a stretch of text, so that an editor may keep the
/// lines it already fitted there: the units, every per-unit property the breaker and fitter
/// read, the item runs and the glyphs must all be the same, offsets shifted.
extension MeasuredParagraph {
    /// True when `self[from...]` measures exactly like `other[otherFrom...]`.
    func sameTail(from start: Int, as other: MeasuredParagraph, from otherStart: Int) -> Bool {
        guard length - start == other.length - otherStart,
              contentLength - start == other.contentLength - otherStart,
              paragraphLevel == other.paragraphLevel else { return false }
        return same(start..<length, as: other, shift: otherStart - start)
    }

    /// The largest offset `h` through which `self` measures exactly like `other`, or -1:
    /// the same units, whitespace, bidi levels, scripts and fonts before `h`; the same prefix
    /// sums, grapheme, cluster and safe-break flags up to and including `h`; the same break
    /// opportunities up to `h`; the same glyphs for every cluster before `h`. That is all the
    /// breaker and the fitter read of a line whose reach is at most `h` (see
    /// `GreedyLineBreaker`), so such a line comes out the same from either measurement.
    ///
    /// Without `comparingSums` the prefix sums are not compared: the sums either measurement
    /// derives afresh (`deriveGlyphTables`) agree up to and including `h` all the same, being
    /// summed, in one order, from the glyphs of the clusters before `h` and the cluster flags.
    /// For an editor's own measurement, whose sums past an earlier window re-measure are
    /// patched (shifted: off from a fresh sum in the last bits), where the caller breaks on
    /// freshly derived tables (the balanced strategy).
    func agreement(with other: MeasuredParagraph, comparingSums: Bool = true) -> Int {
        guard paragraphLevel == other.paragraphLevel else { return -1 }
        var h = min(contentLength, other.contentLength)
        var i = 0
        while i <= h {
            if (comparingSums && (prefixAdvance[i] != other.prefixAdvance[i] || prefixClusters[i] != other.prefixClusters[i]))
                || isGraphemeStart[i] != other.isGraphemeStart[i] || isClusterStart[i] != other.isClusterStart[i]
                || isSafeBoundary[i] != other.isSafeBoundary[i] {
                h = i - 1
                break
            }
            if i < h, units[i] != other.units[i] || isWhitespace[i] != other.isWhitespace[i]
                || levels[i] != other.levels[i] || scripts[i] != other.scripts[i] || fontIndices[i] != other.fontIndices[i] {
                h = i
                break
            }
            i += 1
        }
        // The first opportunity only one of them has.
        var a = 0, b = 0
        while a < breaks.count, b < other.breaks.count, min(breaks[a], other.breaks[b]) <= h {
            if breaks[a] == other.breaks[b] {
                a += 1
                b += 1
            } else {
                h = min(breaks[a], other.breaks[b]) - 1
                break
            }
        }
        if h > 0, a < breaks.count, b >= other.breaks.count, breaks[a] <= h { h = breaks[a] - 1 }
        if h > 0, b < other.breaks.count, a >= breaks.count, other.breaks[b] <= h { h = other.breaks[b] - 1 }
        // Levels, scripts and fonts agree before h, so the runs (their maximal stretches) do
        // too; the glyphs of the clusters before h must match in logical order.
        var index = 0
        while h > 0, index < runs.count, runs[index].range.lowerBound < h {
            let run = runs[index]
            let otherIndex = other.runIndex(containing: run.range.lowerBound)
            let range = run.range.lowerBound..<min(run.range.upperBound, h)
            let mine = glyphs[index].glyphs(clusters: range, rightToLeft: run.isRightToLeft)
            let theirs = other.glyphs[otherIndex].glyphs(clusters: range, rightToLeft: run.isRightToLeft)
            if let cluster = Self.firstDifference(mine, theirs, rightToLeft: run.isRightToLeft) {
                h = min(h, cluster)
            }
            index += 1
        }
        return max(h, -1)
    }

    /// The cluster of the first glyph, in logical order, where two glyph slices differ.
    private static func firstDifference(
        _ a: [ShapedGlyph], _ b: [ShapedGlyph], rightToLeft: Bool
    ) -> Int? {
        let x = Array(rightToLeft ? Array(a.reversed()) : Array(a))
        let y = Array(rightToLeft ? Array(b.reversed()) : Array(b))
        for k in 0..<max(x.count, y.count) {
            guard k < x.count else { return y[k].cluster }
            guard k < y.count else { return x[k].cluster }
            if x[k] != y[k] { return min(x[k].cluster, y[k].cluster) }
        }
        return nil
    }

    private func same(_ range: Range<Int>, as other: MeasuredParagraph, shift: Int) -> Bool {
        for i in range {
            let j = i + shift
            if units[i] != other.units[j] || isWhitespace[i] != other.isWhitespace[j]
                || isGraphemeStart[i] != other.isGraphemeStart[j] || isClusterStart[i] != other.isClusterStart[j]
                || isSafeBoundary[i] != other.isSafeBoundary[j]
                || prefixAdvance[i + 1] - prefixAdvance[i] != other.prefixAdvance[j + 1] - other.prefixAdvance[j] {
                return false
            }
        }
        let mine = breaks.drop(while: { $0 <= range.lowerBound })
        let theirs = other.breaks.drop(while: { $0 <= range.lowerBound + shift })
        guard mine.elementsEqual(theirs.lazy.map { $0 - shift }) else { return false }
        guard !range.isEmpty else { return true }
        return sameRunsAndGlyphs(range, as: other, shift: shift)
    }

    private func sameRunsAndGlyphs(_ range: Range<Int>, as other: MeasuredParagraph, shift: Int) -> Bool {
        var mine = runIndex(containing: range.lowerBound)
        var theirs = other.runIndex(containing: range.lowerBound + shift)
        while mine < runs.count, runs[mine].range.lowerBound < range.upperBound {
            guard theirs < other.runs.count else { return false }
            let a = runs[mine], b = other.runs[theirs]
            let aStart = max(a.range.lowerBound, range.lowerBound), aEnd = min(a.range.upperBound, range.upperBound)
            let bStart = max(b.range.lowerBound - shift, range.lowerBound)
            let bEnd = min(b.range.upperBound - shift, range.upperBound)
            guard aStart == bStart, aEnd == bEnd, a.level == b.level, a.script == b.script,
                  a.fontIndex == b.fontIndex else { return false }
            let glyphsA = glyphs[mine].glyphs(clusters: aStart..<aEnd, rightToLeft: a.isRightToLeft)
            let glyphsB = other.glyphs[theirs].glyphs(
                clusters: (aStart + shift)..<(aEnd + shift), rightToLeft: b.isRightToLeft)
            guard glyphsA.count == glyphsB.count else { return false }
            for (x, y) in zip(glyphsA, glyphsB) {
                guard x.id == y.id, x.cluster + shift == y.cluster, x.advance == y.advance,
                      x.xOffset == y.xOffset, x.yOffset == y.yOffset, x.unsafeToBreak == y.unsafeToBreak else {
                    return false
                }
            }
            mine += 1
            theirs += 1
        }
        return true
    }
}
