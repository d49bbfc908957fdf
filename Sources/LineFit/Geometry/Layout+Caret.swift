/// Which side of a line break or a bidi boundary a caret at an offset belongs to.
///
/// An offset between two characters is one logical position but may be two places on
/// screen: at a soft line break (the end of one line, the start of the next) and where the
/// text changes direction (after "abc" and before "אבג" in "abc אבג" are apart). Downstream
/// means "with the character after the offset", upstream "with the character before it",
/// as in UIKit's and Android's text layouts.
public enum CaretAffinity: Hashable, Sendable {
    /// With the character before the offset (the end of the previous line or run).
    case upstream
    /// With the character after the offset (the default).
    case downstream
}

/// A caret position: an offset and the side it belongs to.
public struct CaretPosition: Hashable, Sendable {
    /// UTF-16 offset in the text.
    public var offset: Int
    /// Which neighbour the caret is drawn with.
    public var affinity: CaretAffinity

    /// A caret at `offset` with `affinity`.
    public init(offset: Int, affinity: CaretAffinity = .downstream) {
        self.offset = offset
        self.affinity = affinity
    }
}

/// The geometry an editor needs: the line of an offset, the caret's x at an offset, and the
/// offset at a point (a tap). All coordinates are block coordinates, in points.
///
/// Inside a cluster of several grapheme clusters (a ligature such as "ffi"), the caret
/// stops at each grapheme boundary: at the font's `GDEF` ligature caret when the font chain
/// is given and the font has one for that glyph, otherwise at an even split of the cluster's
/// advance (the convention of browsers and of Android when a font has no carets).
extension Layout {
    /// The index of the line holding the caret at `offset`, or nil for a layout without
    /// lines. At a soft line break, upstream gives the line that ends there and downstream
    /// the line that starts there; offsets past the text are on the last line.
    public func lineIndex(at offset: Int, affinity: CaretAffinity = .downstream) -> Int? {
        guard !lines.isEmpty else { return nil }
        // The first line whose end is past the offset.
        var low = 0, high = lines.count
        while low < high {
            let mid = (low + high) / 2
            if lines[mid].end <= offset { low = mid + 1 } else { high = mid }
        }
        guard low < lines.count else { return lines.count - 1 }
        if affinity == .upstream, low > 0, offset == lines[low].start,
           !lines[low - 1].flags.contains(.endsParagraph) {
            return low - 1
        }
        return low
    }

    /// The x of the caret at `offset` (block coordinates). `fonts`, the chain the layout was
    /// made with, lets a ligature use its `GDEF` carets.
    public func caretX(at offset: Int, affinity: CaretAffinity = .downstream, fonts: FontChain? = nil) -> Double {
        guard let index = lineIndex(at: offset, affinity: affinity) else { return 0 }
        let line = lines[index]
        let clusters = caretClusters(of: line, fonts: fonts)
        guard !clusters.isEmpty else { return line.x }
        let offset = min(max(offset, line.start), line.end)
        func inside(_ cluster: CaretCluster) -> Double {
            cluster.x(atBoundary: cluster.boundaries.firstIndex { $0 >= offset } ?? cluster.boundaries.count - 1)
        }
        if affinity == .downstream || offset == line.start {
            if let cluster = clusters.first(where: { $0.range.lowerBound <= offset && offset < $0.range.upperBound }) {
                return inside(cluster)
            }
        }
        // Upstream, or past the line's last glyph: the trailing edge of the character before.
        let before = max(offset, line.start + 1) - 1
        if let cluster = clusters.first(where: { $0.range.lowerBound <= before && before < $0.range.upperBound }) {
            return offset >= cluster.range.upperBound ? cluster.trailingX : inside(cluster)
        }
        // In trailing whitespace: after the logically last cluster of the content.
        let last = clusters.max { $0.range.lowerBound < $1.range.lowerBound }!
        return last.trailingX
    }

    /// The caret position nearest a point: the line under `y` (the nearest line above or
    /// below the block), then the grapheme boundary nearest `x` on it. The affinity says
    /// which neighbour the boundary was reached from, so `caretX(at:affinity:)` of the
    /// result is where the tap was, even at a bidi boundary.
    public func caretPosition(at point: LayoutPoint, fonts: FontChain? = nil) -> CaretPosition {
        guard !lines.isEmpty else { return CaretPosition(offset: 0) }
        let line = lines.first { point.y < $0.top + $0.height } ?? lines[lines.count - 1]
        let clusters = caretClusters(of: line, fonts: fonts)
        guard !clusters.isEmpty else { return CaretPosition(offset: line.start) }
        var best = CaretPosition(offset: line.start)
        var bestDistance = Double.infinity
        for cluster in clusters {
            for (k, boundary) in cluster.boundaries.enumerated() {
                let distance = abs(cluster.x(atBoundary: k) - point.x)
                // The cluster's end belongs to it upstream; every other boundary downstream.
                let position = CaretPosition(
                    offset: boundary, affinity: k == cluster.boundaries.count - 1 ? .upstream : .downstream)
                // Where two clusters meet at one x, the one after the offset wins (downstream).
                if distance < bestDistance || (distance == bestDistance && position.affinity == .downstream) {
                    bestDistance = distance
                    best = position
                }
            }
        }
        // Upstream at a line's start would name the line before.
        if best.offset == line.start { best.affinity = .downstream }
        return best
    }

    /// The offset nearest a point (`caretPosition(at:)` without its affinity).
    public func offset(at point: LayoutPoint, fonts: FontChain? = nil) -> Int {
        caretPosition(at: point, fonts: fonts).offset
    }

    /// Each cluster of a line with its visual extent and its grapheme boundaries.
    private func caretClusters(of line: Line, fonts: FontChain?) -> [CaretCluster] {
        let units = Array(text.utf16)
        var clusters: [CaretCluster] = []
        for run in line.runs where !run.glyphs.isEmpty {
            let starts = Array(Set(run.glyphs.map(\.cluster))).sorted()
            for (i, start) in starts.enumerated() {
                let end = i + 1 < starts.count ? starts[i + 1] : run.end
                let glyphs = run.glyphs.filter { $0.cluster == start }
                let lefts = glyphs.map { line.x + run.x + $0.x }
                let left = lefts.min()!
                let right = zip(lefts, glyphs).map { $0 + $1.advance }.max()!
                var carets: [Double] = []
                if let fonts, glyphs.count == 1, run.fontIndex < fonts.fonts.count {
                    let font = fonts.fonts[run.fontIndex]
                    let scale = line.size / Double(font.unitsPerEm)
                    carets = font.ligatureCarets(glyph: glyphs[0].id, rightToLeft: run.isRightToLeft)
                        .map { lefts[0] + Double($0) * scale }
                }
                clusters.append(CaretCluster(
                    range: start..<max(end, start + 1), left: left, right: right, isRightToLeft: run.isRightToLeft,
                    boundaries: Layout.graphemeBoundaries(units, start..<max(end, start + 1)), carets: carets))
            }
        }
        return clusters
    }

    /// The grapheme boundaries of `range` from its start to its end, both included.
    static func graphemeBoundaries(_ units: [UInt16], _ range: Range<Int>) -> [Int] {
        let end = min(range.upperBound, units.count)
        guard range.lowerBound < end else { return [range.lowerBound, range.upperBound] }
        let piece = String(decoding: units[range.lowerBound..<end], as: UTF16.self)
        var boundaries = [range.lowerBound]
        var offset = range.lowerBound
        for character in piece {
            offset += character.utf16.count
            boundaries.append(offset)
        }
        boundaries[boundaries.count - 1] = range.upperBound
        return boundaries
    }
}

/// One cluster on screen: its logical range, visual extent and caret stops.
private struct CaretCluster {
    var range: Range<Int>
    var left: Double
    var right: Double
    var isRightToLeft: Bool
    /// Grapheme boundaries from the cluster's start to its end (both included).
    var boundaries: [Int]
    /// `GDEF` caret x positions for the inner boundaries, when the font gives exactly them.
    var carets: [Double]

    /// Where the text after the cluster continues: its right edge, or its left in RTL.
    var trailingX: Double { isRightToLeft ? left : right }

    /// The x of the k-th boundary (0: the cluster's logical start).
    func x(atBoundary k: Int) -> Double {
        let count = boundaries.count - 1
        if k <= 0 { return isRightToLeft ? right : left }
        if k >= count { return trailingX }
        if carets.count == count - 1 {
            let sorted = carets.sorted()
            return isRightToLeft ? sorted[count - 1 - k] : sorted[k - 1]
        }
        let fraction = Double(k) / Double(count)
        return isRightToLeft ? right - (right - left) * fraction : left + (right - left) * fraction
    }
}
