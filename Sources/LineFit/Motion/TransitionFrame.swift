/// One still of a `LayoutTransition`: where every visible glyph is, how large and how opaque,
/// and every line's background rect. A `Layout` is a frame too (`init(_:)`), which is how a
/// transition begins and ends, and a frame can begin another transition (a retarget).
///
/// Coordinates are the layout's: points, y down from the block's top.
public struct TransitionFrame: Hashable, Sendable {
    /// The visible glyphs (opacity above zero).
    public var glyphs: [AnimatedGlyph]
    /// The lines' advance boxes, top to bottom: what backgrounds are drawn around.
    public var lines: [AnimatedLine]
    /// The width the lines were fitted to.
    public var width: Double
    /// The block's height.
    public var height: Double
    /// The fonts `AnimatedGlyph.fontIndex` refers to: the target layout's chain, followed by
    /// any font only a leaving glyph still uses.
    public var fontNames: [String]
    /// The variable-font axis values glyphs are drawn at; `AnimatedGlyph.axes` indexes it.
    /// The first set is always empty (static fonts, or the fonts' defaults). Mid-transition a
    /// line whose `opsz` or `wdth` changes has interpolated values here.
    public var axisSets: [[FontVariation]] = [[]]
    /// Where the block's top sits in its box (`Layout.blockTop`); 0 without a box.
    public var blockTop: Double = 0
    /// The height of the box the block is set in (`Layout.box`), or nil without one: a
    /// picture places the box, not the block, on the canvas, as it does for a still.
    public var boxHeight: Double?

    /// The frame of a layout at rest: every glyph where the layout puts it, fully opaque.
    public init(_ layout: Layout) {
        var glyphs: [AnimatedGlyph] = []
        var counts: [Int: Int] = [:]
        var axisSets: [[FontVariation]] = [[]]
        for (lineIndex, line) in layout.lines.enumerated() {
            var axes = 0
            if !line.axisValues.isEmpty {
                if let known = axisSets.firstIndex(of: line.axisValues) {
                    axes = known
                } else {
                    axes = axisSets.count
                    axisSets.append(line.axisValues)
                }
            }
            for run in line.runs {
                for glyph in run.glyphs {
                    let index = counts[glyph.cluster, default: 0]
                    counts[glyph.cluster] = index + 1
                    glyphs.append(AnimatedGlyph(
                        fontIndex: run.fontIndex, id: glyph.id, cluster: glyph.cluster, indexInCluster: index,
                        // HarfBuzz offsets are y up; the block's y grows downward.
                        x: line.x + run.x + glyph.x + glyph.xOffset, y: line.baseline - glyph.yOffset,
                        size: line.size, opacity: 1, line: lineIndex, advance: glyph.advance, axes: axes))
                }
            }
        }
        self.glyphs = glyphs
        lines = layout.lines.map {
            AnimatedLine(rect: LayoutRect(x: $0.x, y: $0.top, width: max(0, $0.width), height: $0.height), size: $0.size, presence: 1)
        }
        width = layout.width
        height = layout.height
        fontNames = layout.fontNames
        self.axisSets = axisSets
        blockTop = layout.blockTop
        boxHeight = layout.box.height
    }

    /// A frame from its parts.
    public init(
        glyphs: [AnimatedGlyph], lines: [AnimatedLine], width: Double, height: Double, fontNames: [String],
        axisSets: [[FontVariation]] = [[]], blockTop: Double = 0, boxHeight: Double? = nil
    ) {
        self.glyphs = glyphs
        self.lines = lines
        self.width = width
        self.height = height
        self.fontNames = fontNames
        self.axisSets = axisSets
        self.blockTop = blockTop
        self.boxHeight = boxHeight
    }

    /// The lines' rects for a background, each grown by `padding` in proportion to how far
    /// the line has appeared, so that a line growing from zero height grows its padding too
    /// and the outline does not jump when it starts. Empty lines keep zero width (they split
    /// a merged background, as in a layout).
    public func backgroundRects(padding: Double) -> [LayoutRect] {
        lines.compactMap { line in
            guard line.rect.height > 0 || line.presence >= 1 else { return nil }
            return line.rect.width > 0 ? line.rect.outset(by: padding * line.presence) : line.rect
        }
    }

    /// The merged rounded outline around the frame's line rects (the Strong look), rebuilt
    /// from this frame's rects. At a transition's ends it equals the layout's own
    /// `mergedOutline(padding:cornerRadius:)`.
    public func mergedOutline(padding: Double, cornerRadius: Double) -> [OutlinePath] {
        MergedOutline.paths(around: backgroundRects(padding: padding), padding: 0, cornerRadius: cornerRadius)
    }

    /// One rounded rectangle per non-empty line (the Classic and Typewriter looks).
    public func lineBackgrounds(padding: Double, cornerRadius: Double) -> [OutlinePath] {
        backgroundRects(padding: padding).filter { $0.width > 0 && $0.height > 0 }.compactMap {
            MergedOutline.paths(around: [$0], padding: 0, cornerRadius: cornerRadius).first
        }
    }
}

/// A glyph of a frame.
public struct AnimatedGlyph: Hashable, Sendable {
    /// Index into the frame's `fontNames` (the font chain the layouts were made with).
    public var fontIndex: Int
    /// The glyph id in that font.
    public var id: UInt32
    /// UTF-16 offset of the glyph's cluster in the target text; nil for a glyph that is
    /// fading out, which belongs to no character of it.
    public var cluster: Int?
    /// The glyph's place among its cluster's glyphs (a cluster can shape to several).
    public var indexInCluster: Int
    /// The glyph's origin: pen position plus HarfBuzz's offsets, on its baseline.
    public var x: Double
    /// The baseline's y (block coordinates, y down).
    public var y: Double
    /// The point size it is drawn at.
    public var size: Double
    /// 0 (invisible) to 1 (opaque).
    public var opacity: Double
    /// Index of its line in the frame's `lines`.
    public var line: Int
    /// How far the pen moves after it at its drawn size, in points: its box is
    /// `x ..< x + advance` (less HarfBuzz's x offset).
    public var advance: Double
    /// Index into the frame's `axisSets`: the axis values it is drawn at.
    public var axes: Int

    /// A glyph from its parts.
    public init(
        fontIndex: Int, id: UInt32, cluster: Int?, indexInCluster: Int, x: Double, y: Double, size: Double,
        opacity: Double, line: Int, advance: Double = 0, axes: Int = 0
    ) {
        self.advance = advance
        self.axes = axes
        self.fontIndex = fontIndex
        self.id = id
        self.cluster = cluster
        self.indexInCluster = indexInCluster
        self.x = x
        self.y = y
        self.size = size
        self.opacity = opacity
        self.line = line
    }
}

/// A line of a frame: its advance box (as `Layout.advanceBoxes()` gives it) and size.
public struct AnimatedLine: Hashable, Sendable {
    /// The advance box: the content's advances horizontally, the line's box vertically.
    public var rect: LayoutRect
    /// The size its glyphs are drawn at (for a matched line; the target's for a new one).
    public var size: Double
    /// 1 for a line of both layouts; from 0 to 1 for a line appearing, 1 to 0 for one leaving.
    public var presence: Double

    /// A line from its parts.
    public init(rect: LayoutRect, size: Double, presence: Double) {
        self.rect = rect
        self.size = size
        self.presence = presence
    }
}
