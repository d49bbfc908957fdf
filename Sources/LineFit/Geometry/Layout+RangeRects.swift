/// Rectangles for a character range: what a highlight, a link's tap target or a mention's
/// preview animation draws.
///
/// The range is in UTF-16 offsets of `text` (DESIGN.md decision 1). A glyph belongs to the
/// range when its cluster's characters overlap it; a cluster is indivisible (a ligature, an
/// emoji ZWJ sequence, a conjunct), so a range that cuts one covers the whole glyph.
/// Glyphs are in visual order on each line, so a logical range that bidi reordering splits
/// gives several rects on one line, one per visually contiguous piece (UAX #9, rule L2).
extension Layout {
    /// One rect per visually contiguous piece of the range on each line it touches, top to
    /// bottom and left to right; each spans its glyphs' advances and the line's box height.
    ///
    /// Characters without glyphs (trailing spaces, the line break, an empty line) add no
    /// rect, and neither does an empty range.
    public func rects(for range: Range<Int>) -> [LayoutRect] {
        guard !range.isEmpty else { return [] }
        var rects: [LayoutRect] = []
        for line in lines where line.start < range.upperBound && range.lowerBound < line.end {
            for span in selectedSpans(of: line, range: range) {
                rects.append(LayoutRect(minX: span.lowerBound, minY: line.top, maxX: span.upperBound, maxY: line.top + line.height))
            }
        }
        return rects
    }

    /// Same as `rects(for:)`, for a range of `String.Index` in `text`. Indices past the end of
    /// `text` (from another string) are clamped to its end.
    public func rects(for range: Range<String.Index>) -> [LayoutRect] {
        let utf16 = text.utf16
        let start = utf16.distance(from: utf16.startIndex, to: Swift.min(range.lowerBound, text.endIndex))
        let end = utf16.distance(from: utf16.startIndex, to: Swift.min(range.upperBound, text.endIndex))
        return rects(for: start..<Swift.max(start, end))
    }

    /// The x extents (block coordinates) of the runs of selected glyphs on one line.
    private func selectedSpans(of line: Line, range: Range<Int>) -> [ClosedRange<Double>] {
        var spans: [ClosedRange<Double>] = []
        var open: ClosedRange<Double>?
        for run in line.runs {
            let ends = RunClusters(run)
            for glyph in run.glyphs {
                let clusterEnd = ends.end(of: glyph.cluster)
                let selected = glyph.cluster < range.upperBound && range.lowerBound < clusterEnd
                let left = line.x + run.x + glyph.x
                let right = left + glyph.advance
                if selected {
                    let piece = min(left, right)...max(left, right)
                    open = open.map { min($0.lowerBound, piece.lowerBound)...max($0.upperBound, piece.upperBound) } ?? piece
                } else if glyph.advance != 0, let current = open {
                    // A mark without advance sits on its base and divides nothing.
                    spans.append(current)
                    open = nil
                }
            }
        }
        if let open { spans.append(open) }
        return spans
    }
}

/// The logical extent of each cluster of a run: from its first character to the next
/// cluster's first character (or the run's end). Clusters are read from the glyphs, which in
/// a right-to-left run come in decreasing order, so the values are sorted first.
private struct RunClusters {
    private let starts: [Int]
    private let runEnd: Int

    init(_ run: GlyphRun) {
        starts = Array(Set(run.glyphs.map(\.cluster))).sorted()
        runEnd = run.end
    }

    func end(of cluster: Int) -> Int {
        // Binary search for the first start above `cluster`.
        var low = 0, high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] <= cluster { low = mid + 1 } else { high = mid }
        }
        return low < starts.count ? starts[low] : max(runEnd, cluster + 1)
    }
}
