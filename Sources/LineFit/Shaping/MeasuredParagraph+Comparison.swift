/// Whether two measurements agree over a stretch of text, so that an editor may keep the
/// lines it already fitted there: the units, every per-unit property the breaker and fitter
/// read, the item runs and the glyphs must all be the same, offsets shifted.
extension MeasuredParagraph {
    /// True when `self[from...]` measures exactly like `other[otherFrom...]`.
    func sameTail(from start: Int, as other: MeasuredParagraph, from otherStart: Int) -> Bool {
        guard length - start == other.length - otherStart,
              contentLength - start == other.contentLength - otherStart,
              paragraphLevel == other.paragraphLevel else { return false }
        return same(start..<length, as: other, shift: otherStart - start, tailBreaks: true)
    }

    /// True when `self[0..<end]` measures exactly like `other[0..<end]`.
    func sameHead(upTo end: Int, as other: MeasuredParagraph) -> Bool {
        guard end <= length, end <= other.length, paragraphLevel == other.paragraphLevel else { return false }
        return same(0..<end, as: other, shift: 0, tailBreaks: false)
    }

    private func same(_ range: Range<Int>, as other: MeasuredParagraph, shift: Int, tailBreaks: Bool) -> Bool {
        for i in range {
            let j = i + shift
            if units[i] != other.units[j] || isWhitespace[i] != other.isWhitespace[j]
                || isGraphemeStart[i] != other.isGraphemeStart[j] || isClusterStart[i] != other.isClusterStart[j]
                || isSafeBoundary[i] != other.isSafeBoundary[j]
                || prefixAdvance[i + 1] - prefixAdvance[i] != other.prefixAdvance[j + 1] - other.prefixAdvance[j] {
                return false
            }
        }
        if tailBreaks {
            let mine = breaks.drop(while: { $0 <= range.lowerBound })
            let theirs = other.breaks.drop(while: { $0 <= range.lowerBound + shift })
            guard mine.elementsEqual(theirs.lazy.map { $0 - shift }) else { return false }
        } else {
            // A break at the range end is what made the kept lines end there; breaks after it
            // belong to lines that are being recomputed.
            let mine = breaks.prefix(while: { $0 <= range.upperBound })
            let theirs = other.breaks.prefix(while: { $0 <= range.upperBound })
            guard mine.elementsEqual(theirs) else { return false }
        }
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
            let glyphsA = glyphs[mine].slice(clusters: aStart..<aEnd, rightToLeft: a.isRightToLeft)
            let glyphsB = other.glyphs[theirs].slice(
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
