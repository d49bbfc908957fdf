/// Turns a fitted line's pieces into positioned glyph runs in visual order, and stacks lines.
struct LinePlacement {
    let chain: FontChain
    let tracking: Double

    /// Glyph runs in visual order at `size`. `scale` converts the pieces' units to points
    /// (the size for em units, 1 for hinted pieces already in points). Offsets are made
    /// absolute by adding `base`.
    func runs(_ pieces: [LinePiece], size: Double, scale: Double, base: Int) -> (runs: [GlyphRun], width: Double) {
        var runs: [GlyphRun] = []
        runs.reserveCapacity(pieces.count)
        let gap = tracking * size
        var x = 0.0
        var previousCluster = -1
        var first = true
        // A line all at one even level (plain left-to-right text) is already in visual order.
        let level = pieces.first?.level ?? 0
        let inOrder = level & 1 == 0 && pieces.allSatisfy { $0.level == level }
        let order = inOrder ? [] : pieces.visualOrder()
        for position in pieces.indices {
            let index = inOrder ? position : order[position]
            let piece = pieces[index]
            let runX = x
            let clusterBase = base + piece.clusterBase
            // Written in place: appending checked capacity and uniqueness per glyph.
            let glyphs = [Glyph](unsafeUninitializedCapacity: piece.glyphs.count) { buffer, count in
                for shaped in piece.glyphs {
                    let cluster = clusterBase + shaped.cluster
                    if cluster != previousCluster {
                        if !first { x += gap }
                        previousCluster = cluster
                        first = false
                    }
                    let advance = shaped.advance * scale
                    (buffer.baseAddress! + count).initialize(to: Glyph(
                        id: shaped.id, cluster: cluster, x: x - runX, advance: advance,
                        xOffset: shaped.xOffset * scale, yOffset: shaped.yOffset * scale))
                    count += 1
                    x += advance
                }
            }
            runs.append(GlyphRun(
                start: base + piece.range.lowerBound, end: base + piece.range.upperBound,
                fontIndex: piece.fontIndex, bidiLevel: piece.level,
                script: UnicodeProperties.scriptTag(piece.script), x: runX, width: x - runX, glyphs: glyphs))
        }
        return (runs, x)
    }

    /// The largest ascent and descent (in em) of the fonts a line uses; the primary font's
    /// for a line without glyphs.
    func verticalMetrics(_ pieces: [LinePiece]) -> (ascent: Double, descent: Double) {
        var ascent = 0.0, descent = 0.0
        var seen = false
        for piece in pieces {
            let font = chain.fonts[piece.fontIndex]
            let upem = Double(font.unitsPerEm)
            ascent = max(ascent, Double(font.metrics.ascender) / upem)
            descent = max(descent, Double(font.metrics.descender) / upem)
            seen = true
        }
        if !seen {
            let font = chain.primary
            let upem = Double(font.unitsPerEm)
            ascent = Double(font.metrics.ascender) / upem
            descent = Double(font.metrics.descender) / upem
        }
        return (ascent, descent)
    }
}

enum BlockStacking {
    /// Gives empty lines a size, then sets every line's box, baseline and x.
    ///
    /// An empty line (an empty paragraph: two line breaks in a row) has no width to fill, so
    /// it takes the size of the line before it, or of the first non-empty line after it when
    /// it comes first, or the minimum when the whole text is empty lines; its height is the
    /// primary font's ascent + descent at that size, so a blank line looks like a gap of one
    /// line of the text around it. `emptySize`, when given, is every empty line's size instead
    /// (the balanced strategy: the threshold size, so paragraphs stay independent).
    static func stack(
        _ lines: inout [Line], emptyMetrics: (ascent: Double, descent: Double), minSize: Double,
        width: Double, lineSpacing: Double, alignment: LayoutOptions.Alignment, emptySize: Double? = nil
    ) -> Double {
        var previousSize: Double? = nil
        let firstSize = lines.first(where: { !$0.flags.contains(.empty) })?.size ?? minSize
        var top = 0.0
        // Each line is edited where it stands: a copy out and back retained and released its
        // arrays (runs, axis values) once more per line and keystroke.
        func place(_ line: inout Line) {
            if line.flags.contains(.empty) {
                sizeEmpty(&line, size: emptySize ?? previousSize ?? firstSize, metrics: emptyMetrics)
            }
            previousSize = line.size
            placeOwn(&line, width: width, lineSpacing: lineSpacing, alignment: alignment)
            line.top = top
            line.baseline = baseline(of: line, top: top)
            top += line.height
        }
        for index in lines.indices { place(&lines[index]) }
        return top
    }

    /// An empty line at `size`: its box is the primary font's at that size.
    static func sizeEmpty(_ line: inout Line, size: Double, metrics: (ascent: Double, descent: Double)) {
        line.size = size
        line.flags.remove(.heldAtMax)
        line.ascent = metrics.ascent * size
        line.descent = metrics.descent * size
    }

    /// What a line's box and x take from the line alone (its size, metrics and width).
    static func placeOwn(_ line: inout Line, width: Double, lineSpacing: Double, alignment: LayoutOptions.Alignment) {
        line.height = (line.ascent + line.descent) * lineSpacing
        switch alignment {
        case .left: line.x = 0
        case .center: line.x = (width - line.width) / 2
        case .right: line.x = width - line.width
        }
        if line.width > width { line.x = 0 }
    }

    /// The baseline of a line whose box starts at `top`.
    static func baseline(of line: Line, top: Double) -> Double {
        let inkHeight = line.ascent + line.descent
        return top + (line.height - inkHeight) / 2 + line.ascent
    }

    /// `stack` for an editor's lines, whose own placement (`placeOwn`) is done when they are
    /// fitted: lines before `from` are `previous`'s (their positions are taken from it); from
    /// `from` on, empty lines are sized (their chunk copied only if one changes) and every top
    /// is the same running sum as `stack`'s. Returns the lines, the block's height and the
    /// empty lines it sized anew (by index, at true offsets), which the editor keeps too.
    static func stack(
        _ chunks: inout LineChunks, from: Int, previous: LineList, emptyMetrics: (ascent: Double, descent: Double),
        minSize: Double, width: Double, lineSpacing: Double, alignment: LayoutOptions.Alignment
    ) -> (lines: LineList, height: Double, resized: [(index: Int, line: Line)]) {
        var top = 0.0
        var previousSize: Double? = nil
        if from > 0 {
            (top, previousSize) = chunks.withStoredLine(at: from - 1) { line, _, _ in
                (previous.position(at: from - 1).top + line.height, line.size)
            }
        }
        var firstSize = minSize
        if from == 0 {
            var found = false
            chunks.forEachChunk(from: 0) { stored, _, _ in
                if !found, let line = stored.first(where: { !$0.flags.contains(.empty) }) {
                    firstSize = line.size
                    found = true
                }
            }
        }
        var resized: [(index: Int, line: Line)] = []
        let count = chunks.count
        // Filled in bulk and then written in place: `Array(unsafeUninitializedCapacity:)`
        // looks the array's generic metadata up in the runtime (1.3 K instructions at 163
        // lines), appends check capacity and uniqueness per line.
        var positions: [LineList.Position] = []
        positions.reserveCapacity(count)
        if previous.positions.count < from {
            for index in 0..<from { positions.append(previous.position(at: index)) }
        } else {
            positions.append(contentsOf: previous.positions[..<from])
        }
        positions.append(contentsOf: repeatElement(LineList.Position(top: 0, baseline: 0), count: count - from))
        positions.withUnsafeMutableBufferPointer { positions in
            chunks.forEachChunk(from: from) { stored, shift, start in
                for index in max(stored.startIndex, stored.startIndex + from - start)..<stored.endIndex {
                    let position = start + index - stored.startIndex
                    var height = stored[index].height
                    if stored[index].flags.contains(.empty) {
                        var line = stored[index]
                        sizeEmpty(&line, size: previousSize ?? firstSize, metrics: emptyMetrics)
                        placeOwn(&line, width: width, lineSpacing: lineSpacing, alignment: alignment)
                        if line.size != stored[index].size || line.height != stored[index].height
                            || line.ascent != stored[index].ascent || line.descent != stored[index].descent
                            || line.x != stored[index].x || line.flags != stored[index].flags {
                            resized.append((position, line.shifted(by: shift)))
                        }
                        previousSize = line.size
                        height = line.height
                        positions[position] = LineList.Position(top: top, baseline: baseline(of: line, top: top))
                    } else {
                        previousSize = stored[index].size
                        positions[position] = LineList.Position(top: top, baseline: baseline(of: stored[index], top: top))
                    }
                    top += height
                }
            }
        }
        for (index, line) in resized { chunks.set(line, at: index) }
        return (LineList(chunks: chunks, positions: positions), top, resized)
    }
}
