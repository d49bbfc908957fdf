/// The shapes around a range of text: what a highlight fills under the words, what a
/// spotlight cuts out of its veil, and the glyphs a preview snapshot is masked to.
///
/// Ranges are half-open UTF-16 offsets of `text`. A styled layout is indexed by the text as
/// given, so a range counted in the original text works whatever the style's transform did
/// (an uppercased "ß" is the two glyphs of "SS", both in the range of the one character).
extension Layout {
    /// The rounded outline around the ranges' text-line rects (`rects(for:)`), merged as a
    /// Strong background merges lines: consecutive lines that overlap horizontally join into
    /// one shape with rounded convex and concave corners. Pieces of several ranges on one line
    /// join when they touch or overlap; a line with several separate pieces (bidi reordering,
    /// two words apart) gets one rounded shape per piece.
    public func highlightOutline(for ranges: [Range<Int>], padding: Double, cornerRadius: Double) -> [OutlinePath] {
        var piecesByLine: [[LayoutRect]] = lines.map { _ in [] }
        for range in ranges {
            for (index, line) in lines.enumerated() where line.start < range.upperBound && range.lowerBound < line.end {
                piecesByLine[index].append(contentsOf: rects(for: max(range.lowerBound, line.start)..<min(range.upperBound, line.end)))
            }
        }
        var paths: [OutlinePath] = []
        var column: [LayoutRect] = []
        func flush() {
            if !column.isEmpty { paths.append(contentsOf: MergedOutline.paths(around: column, padding: padding, cornerRadius: cornerRadius)) }
            column = []
        }
        for pieces in piecesByLine {
            let merged = Self.joined(pieces)
            switch merged.count {
            case 0:
                flush()
            case 1:
                column.append(merged[0])
            default:
                flush()
                for piece in merged {
                    paths.append(contentsOf: MergedOutline.paths(around: [piece], padding: padding, cornerRadius: cornerRadius))
                }
            }
        }
        flush()
        return paths
    }

    /// The outlines of the glyphs whose clusters overlap `range`, in block coordinates (y
    /// down), as one path (its subpaths keep the fonts' winding; fill it non-zero). Colour
    /// bitmap glyphs (emoji) have no outline and are left out; `glyphs(in:)` lists them.
    /// `fonts` must be the chain the layout was made with.
    public func glyphOutlines(for range: Range<Int>, fonts: FontChain) -> OutlinePath {
        var elements: [PathElement] = []
        var cache: [GlyphKey: OutlinePath] = [:]
        for placed in glyphs(in: range) where placed.fontIndex < fonts.fonts.count {
            let key = GlyphKey(font: placed.fontIndex, id: placed.id)
            let outline: OutlinePath
            if let cached = cache[key] {
                outline = cached
            } else {
                outline = fonts.fonts[placed.fontIndex].outline(glyph: placed.id) ?? OutlinePath()
                cache[key] = outline
            }
            let scale = placed.size / Double(fonts.fonts[placed.fontIndex].unitsPerEm)
            // Font units are y up; the block's y grows downward.
            func map(_ p: LayoutPoint) -> LayoutPoint { LayoutPoint(x: placed.x + p.x * scale, y: placed.y - p.y * scale) }
            for element in outline.elements {
                switch element {
                case .move(let p): elements.append(.move(map(p)))
                case .line(let p): elements.append(.line(map(p)))
                case .curve(let a, let b, let c): elements.append(.curve(map(a), map(b), map(c)))
                case .close: elements.append(.close)
                }
            }
        }
        return OutlinePath(elements: elements)
    }

    /// The glyphs whose clusters overlap `range`: font, id, origin (block coordinates, on
    /// the baseline) and size.
    public func glyphs(in range: Range<Int>) -> [PlacedGlyph] {
        var result: [PlacedGlyph] = []
        for line in lines where line.start < range.upperBound && range.lowerBound < line.end {
            for run in line.runs where run.start < range.upperBound && range.lowerBound < run.end {
                // A cluster runs from its first character to the next cluster's start.
                let starts = Set(run.glyphs.map(\.cluster)).sorted()
                for glyph in run.glyphs {
                    let next = starts.first { $0 > glyph.cluster } ?? max(run.end, glyph.cluster + 1)
                    guard glyph.cluster < range.upperBound, range.lowerBound < next else { continue }
                    result.append(PlacedGlyph(
                        fontIndex: run.fontIndex, id: glyph.id, x: line.x + run.x + glyph.x + glyph.xOffset,
                        y: line.baseline - glyph.yOffset, size: line.size))
                }
            }
        }
        return result
    }

    /// Pieces of one line sorted left to right, touching or overlapping ones joined.
    private static func joined(_ pieces: [LayoutRect]) -> [LayoutRect] {
        var result: [LayoutRect] = []
        for piece in pieces.sorted(by: { $0.minX < $1.minX }) {
            if let last = result.last, piece.minX <= last.maxX {
                result[result.count - 1] = last.union(piece)
            } else {
                result.append(piece)
            }
        }
        return result
    }
}

/// A glyph at its place in a layout: what a mask or a snapshot of a range draws.
public struct PlacedGlyph: Hashable, Sendable {
    /// Index into the layout's font chain.
    public var fontIndex: Int
    /// The glyph id in that font.
    public var id: UInt32
    /// The origin (pen position plus offsets) on the baseline, block coordinates.
    public var x: Double
    /// The baseline's y.
    public var y: Double
    /// The point size.
    public var size: Double
}
