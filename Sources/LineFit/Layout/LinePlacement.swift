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
                line.size = emptySize ?? previousSize ?? firstSize
                line.flags.remove(.heldAtMax)
                line.ascent = emptyMetrics.ascent * line.size
                line.descent = emptyMetrics.descent * line.size
            }
            previousSize = line.size
            let inkHeight = line.ascent + line.descent
            line.height = inkHeight * lineSpacing
            line.top = top
            line.baseline = top + (line.height - inkHeight) / 2 + line.ascent
            switch alignment {
            case .left: line.x = 0
            case .center: line.x = (width - line.width) / 2
            case .right: line.x = width - line.width
            }
            if line.width > width { line.x = 0 }
            top += line.height
        }
        for index in lines.indices { place(&lines[index]) }
        return top
    }
}
