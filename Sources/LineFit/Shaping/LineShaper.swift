/// The glyphs of one line's content, as pieces of one font, level and script in logical order.
struct LinePiece {
    /// Range relative to the paragraph.
    var range: Range<Int>
    var fontIndex: Int
    var level: UInt8
    var script: Int32
    /// Positions in em (linear mode) or in points (hinted mode). A slice of the paragraph's
    /// run when the piece could be cut from it, so building a line allocates nothing for it.
    /// Glyphs put here from elsewhere (a reshape) have paragraph-relative clusters: setting
    /// them resets `clusterBase`.
    var glyphs: ArraySlice<ShapedGlyph> {
        didSet { clusterBase = 0 }
    }
    /// What the glyphs' clusters are short of paragraph-relative ones (a slice of one of the
    /// paragraph's glyph chunks keeps that chunk's relative clusters).
    var clusterBase = 0
}

/// Produces a line's glyphs from its paragraph's measurement.
///
/// A piece is sliced out of the paragraph's shaped runs when both of its edges are safe to
/// break (HarfBuzz guarantees that reshaping it alone gives the same glyphs); otherwise it
/// is reshaped on its own, with the line as its only context, which is what shaping the
/// line's text alone gives (and what `hb-shape` on the line measures).
struct LineShaper {
    let paragraph: MeasuredParagraph
    let chain: FontChain
    let style: ParagraphShapingStyle
    let shaper: HarfBuzzShaper

    func pieces(_ start: Int, _ contentEnd: Int, into pieces: inout [LinePiece]) {
        Self.pieces(of: paragraph, start, contentEnd, chain: chain, style: style, shaper: shaper, into: &pieces)
    }

    /// `pieces(_:_:into:)` without a `LineShaper`: making one copies the paragraph's arrays
    /// (a retain and a release each, ~800 instructions), which the editor did twice per
    /// keystroke and a fresh layout once per line.
    static func pieces(
        of paragraph: MeasuredParagraph, _ start: Int, _ contentEnd: Int, chain: FontChain, style: ParagraphShapingStyle,
        shaper: HarfBuzzShaper, into pieces: inout [LinePiece]
    ) {
        pieces.removeAll(keepingCapacity: true)
        guard contentEnd > start, !paragraph.runs.isEmpty else { return }
        var runIndex = paragraph.runIndex(containing: start)
        var position = start
        while position < contentEnd, runIndex < paragraph.runs.count {
            let run = paragraph.runs[runIndex]
            let pieceEnd = min(run.range.upperBound, contentEnd)
            let range = position..<pieceEnd
            var piece = LinePiece(range: range, fontIndex: run.fontIndex, level: run.level, script: run.script, glyphs: [])
            if paragraph.isSafeBoundary[range.lowerBound] && paragraph.isSafeBoundary[range.upperBound] {
                let slice = paragraph.glyphs[runIndex].slice(clusters: range, rightToLeft: run.isRightToLeft)
                piece.glyphs = slice.glyphs
                piece.clusterBase = slice.base
            } else {
                var reshaped: [ShapedGlyph] = []
                shaper.shape(
                    paragraph.units, item: range, context: start..<contentEnd, font: chain.fonts[run.fontIndex],
                    style: style.style(for: run), into: &reshaped)
                piece.glyphs = reshaped[...]
            }
            pieces.append(piece)
            position = pieceEnd
            runIndex += 1
        }
    }

    /// The same pieces shaped with hinting at `size`; false if a font cannot be hinted
    /// (the caller then measures that line linearly).
    func hintedPieces(_ pieces: inout [LinePiece], lineRange: Range<Int>, size: Double) -> Bool {
        for index in pieces.indices {
            let piece = pieces[index]
            let run = ItemRun(range: piece.range, level: piece.level, script: piece.script, fontIndex: piece.fontIndex)
            var hinted: [ShapedGlyph] = []
            guard shaper.shapeHinted(
                paragraph.units, item: piece.range, context: lineRange, font: chain.fonts[piece.fontIndex],
                size: size, style: style.style(for: run), into: &hinted) else { return false }
            pieces[index].glyphs = hinted[...]
        }
        return true
    }
}

extension Array where Element == LinePiece {
    /// Sum of advances plus `tracking` between clusters (in the glyphs' own units).
    func width(tracking: Double) -> Double {
        let (advance, clusters) = advanceAndClusters()
        return Self.width(advance: advance, clusters: clusters, tracking: tracking)
    }

    /// The width's two parts: the sum of advances, and the number of clusters (tracking
    /// goes between them), so a caller can add tracking for several sizes.
    func advanceAndClusters() -> (advance: Double, clusters: Int) {
        var total = 0.0
        var clusters = 0
        for piece in self {
            var previous = -1
            for glyph in piece.glyphs {
                total += glyph.advance
                if glyph.cluster != previous {
                    clusters += 1
                    previous = glyph.cluster
                }
            }
        }
        return (total, clusters)
    }

    static func width(advance: Double, clusters: Int, tracking: Double) -> Double {
        advance + tracking * Double(Swift.max(0, clusters - 1))
    }

    /// UAX #9 rule L2: from the highest level down to the lowest odd level, reverse every
    /// maximal sequence of pieces at that level or higher. Returns indices in visual order.
    func visualOrder() -> [Int] {
        var order = Array<Int>(indices)
        guard let highest = self.map(\.level).max(), let lowest = self.map(\.level).min() else { return order }
        let lowestOdd = lowest | 1
        guard highest >= lowestOdd else { return order }
        var level = highest
        while level >= lowestOdd {
            var i = 0
            while i < order.count {
                guard self[order[i]].level >= level else { i += 1; continue }
                var j = i
                while j < order.count, self[order[j]].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
            level -= 1
        }
        return order
    }
}

extension Array where Element == ShapedGlyph {
    /// The glyphs whose clusters fall in `range`. HarfBuzz's clusters are monotone in a run
    /// (ascending left to right, descending for right-to-left runs), so the glyphs of a
    /// cluster range are contiguous and two binary searches find them.
    func slice(clusters range: Range<Int>, rightToLeft: Bool) -> ArraySlice<ShapedGlyph> {
        // Position of the first glyph for which `before(cluster)` is false.
        func partition(_ before: (Int) -> Bool) -> Int {
            var low = 0, high = count
            while low < high {
                let mid = (low + high) / 2
                if before(self[mid].cluster) { low = mid + 1 } else { high = mid }
            }
            return low
        }
        if rightToLeft {
            let from = partition { $0 >= range.upperBound }
            let to = partition { $0 >= range.lowerBound }
            return self[from..<to]
        }
        let from = partition { $0 < range.lowerBound }
        let to = partition { $0 < range.upperBound }
        return self[from..<to]
    }
}
