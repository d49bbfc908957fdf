/// Per-line boxes: what a background is drawn around and what a renderer's ink must stay in.
///
/// Each line has its own size, so each box is measured at that line's size: the advance box
/// spans the line's glyph advances horizontally (`x` to `x + width`, trailing whitespace left
/// out, as the fitter measured it) and the line's box vertically (`top` to `top + height`,
/// the fonts' ascent and descent times the line spacing); the ink box is the union of the
/// glyphs' own outline or bitmap boxes, which may reach past the advances (a script face's
/// swashes, accents above the ascender).
extension Layout {
    /// The advance box of every line, grown by `padding` on all sides. An empty line keeps
    /// its height and gets zero width (before padding) at its `x`, so a background skips it.
    public func advanceBoxes(padding: Double = 0) -> [LayoutRect] {
        lines.map { line in
            let box = LayoutRect(x: line.x, y: line.top, width: max(0, line.width), height: line.height)
            return line.width > 0 ? box.outset(by: padding) : box
        }
    }

    /// The ink box of every line (nil for a line with no ink, such as an empty line or one of
    /// spaces), grown by `padding`. `fonts` must be the chain the layout was made with.
    public func inkBoxes(fonts: FontChain, padding: Double = 0) -> [LayoutRect?] {
        // Per axis values: a variable font's ink differs between lines at other values.
        var caches: [[FontVariation]: [GlyphKey: GlyphBounds?]] = [:]
        return lines.map { line in
            var cache = caches[line.axisValues] ?? [:]
            defer { caches[line.axisValues] = cache }
            var box: LayoutRect?
            for run in line.runs where run.fontIndex < fonts.fonts.count {
                let font = fonts.fonts[run.fontIndex]
                let scale = line.size / Double(font.unitsPerEm)
                for glyph in run.glyphs {
                    let key = GlyphKey(font: run.fontIndex, id: glyph.id)
                    let bounds: GlyphBounds?
                    if let cached = cache[key] {
                        bounds = cached
                    } else {
                        bounds = font.inkBounds(glyph: glyph.id, variations: line.axisValues)
                        cache[key] = bounds
                    }
                    guard let bounds else { continue }
                    // Glyph offsets are y up, like the font; the layout's y grows downward.
                    let originX = line.x + run.x + glyph.x + glyph.xOffset
                    let originY = line.baseline - glyph.yOffset
                    let ink = LayoutRect(
                        minX: originX + bounds.xMin * scale, minY: originY - bounds.yMax * scale,
                        maxX: originX + bounds.xMax * scale, maxY: originY - bounds.yMin * scale)
                    box = box.map { $0.union(ink) } ?? ink
                }
            }
            return box?.outset(by: padding)
        }
    }

    /// The one merged background outline around the lines' advance boxes (the Strong look):
    /// consecutive lines that overlap horizontally join into one shape with rounded convex
    /// and concave corners; an empty line splits the shapes. See `MergedOutline`.
    public func mergedOutline(padding: Double, cornerRadius: Double) -> [OutlinePath] {
        MergedOutline.paths(around: advanceBoxes(), padding: padding, cornerRadius: cornerRadius)
    }

    /// One rounded rectangle per non-empty line around its advance box (the Classic bubble
    /// and Typewriter looks). The radius is clamped to half the shorter side.
    public func lineBackgrounds(padding: Double, cornerRadius: Double) -> [OutlinePath] {
        advanceBoxes().filter { $0.width > 0 }.compactMap { box in
            MergedOutline.paths(around: [box], padding: padding, cornerRadius: cornerRadius).first
        }
    }
}

extension LayoutRect {
    /// The smallest rectangle holding both.
    public func union(_ other: LayoutRect) -> LayoutRect {
        LayoutRect(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// Whether the two rectangles share interior area (touching edges do not count).
    public func intersects(_ other: LayoutRect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }
}

/// A glyph of one font of the chain: the key of per-call glyph caches.
struct GlyphKey: Hashable {
    var font: Int
    var id: UInt32
}
