import LineFit

/// Paints a styled layout into pixels: backdrop, background shapes, glow, text, emoji.
///
/// Glyph outlines come from FreeType in design units (`Font.outline(glyph:)`), scaled to the
/// line's size and filled by `CoverageRasterizer` with exact-area antialiasing; all glyphs
/// join one text mask first, so overlapping strokes of a script face do not darken where
/// they cross. Colour emoji are the font's bitmaps scaled to the line's size.
public struct PNGRenderer: Sendable, Hashable {
    /// The canvas to centre the block on; nil makes a picture just large enough, transparent.
    public var canvas: RenderCanvas?
    /// Range highlights and spotlights, drawn in order (fills under the text, spotlights
    /// over everything).
    public var highlights: [RangeHighlight]

    /// A renderer for `canvas` (nil: a picture just around the text) with range decorations.
    public init(canvas: RenderCanvas? = .story, highlights: [RangeHighlight] = []) {
        self.canvas = canvas
        self.highlights = highlights
    }

    /// The picture of `styled`. Throws before painting anything: `fontInvalid` when a glyph's outline cannot be loaded from its font (a damaged font
    /// would otherwise leave it blank), `invalidOption(name: "canvas", …)` for a picture over
    /// `RenderCanvas`' limits.
    public func render(_ styled: StyledLayout) throws -> RGBAImage {
        let scene = StoryScene(styled, canvas: canvas)
        try scene.checkDrawable()
        var fills: [(StyleColor, OutlinePath)] = []
        var spotlights: [(Double, OutlinePath)] = []
        for highlight in highlights {
            let path = highlightPaths(highlight, styled: styled, scene: scene)
            switch highlight.look {
            case .fill(let color): fills.append((color, path))
            case .spotlight(let dim): spotlights.append((dim, path))
            }
        }
        return render(scene, fills: fills, spotlights: spotlights)
    }

    /// The picture of one frame of a `LayoutTransition` in `style`, on the canvas (the story
    /// canvas when there is none). `fonts` is the chain the transition's layouts were made
    /// with. At a transition's ends it is the same picture as `render(_:)` of the layout.
    /// Throws as `render(_:)` does.
    public func render(_ frame: TransitionFrame, style: Style, fonts: FontChain) throws -> RGBAImage {
        let scene = StoryScene(frame: frame, style: style, fonts: fonts, canvas: canvas ?? .story)
        try scene.checkDrawable()
        return render(scene)
    }

    func render(
        _ scene: StoryScene, fills: [(StyleColor, OutlinePath)] = [], spotlights: [(Double, OutlinePath)] = []
    ) -> RGBAImage {
        var image = scene.backdrop.map { RGBAImage(width: scene.width, height: scene.height, backdrop: $0) }
            ?? RGBAImage(width: scene.width, height: scene.height)

        if !scene.backgrounds.isEmpty {
            let shapes = OutlinePath(elements: scene.backgroundPaths.flatMap(\.elements))
            image.paint(scene.style.backgroundColor, through: CoverageMask(path: shapes, clipWidth: image.width, clipHeight: image.height))
        }
        for (color, path) in fills {
            image.paint(color, through: CoverageMask(path: path, clipWidth: image.width, clipHeight: image.height))
        }

        let text = textMask(scene)
        if let glow = scene.style.glow, glow.radius > 0 {
            // A wide soft halo and a tight bright one: a lit tube's light falls off fast near
            // the glass and slowly into the room.
            let wide = GlowBlur.blurred(text, sigma: glow.radius, strength: glow.strength, clipWidth: image.width, clipHeight: image.height)
            let tight = GlowBlur.blurred(text, sigma: glow.radius / 3, strength: glow.strength, clipWidth: image.width, clipHeight: image.height)
            image.paint(glow.color, through: wide)
            image.paint(glow.color, through: tight)
        }
        image.paint(scene.style.textColor, through: text)

        for glyph in scene.glyphs {
            let font = scene.fonts.fonts[glyph.font]
            guard font.isBitmapOnly, let bitmap = font.colorBitmap(glyph: glyph.id) else { continue }
            ColorGlyphPainter.paint(bitmap, x: glyph.x, y: glyph.y, size: glyph.size, opacity: glyph.opacity, into: &image)
        }
        for (dim, path) in spotlights {
            image.spotlight(dim: dim, cutOut: CoverageMask(path: path, clipWidth: image.width, clipHeight: image.height))
        }
        return image
    }

    /// The union of every outline glyph's coverage, over the text's bounds.
    func textMask(_ scene: StoryScene) -> CoverageMask {
        var outlines: [GlyphKey: OutlinePath] = [:]
        var masks: [CoverageMask] = []
        for glyph in scene.glyphs {
            let font = scene.fonts.fonts[glyph.font]
            guard !font.isBitmapOnly else { continue }
            let key = GlyphKey(font: glyph.font, id: glyph.id, variation: glyph.variation)
            let outline: OutlinePath
            if let cached = outlines[key] {
                outline = cached
            } else {
                outline = scene.outline(glyph) ?? OutlinePath()
                outlines[key] = outline
            }
            guard !outline.isEmpty else { continue }
            let scale = scene.unitScale(font: glyph.font, size: glyph.size)
            let placed = outline.transformed(scale: scale, flipY: true, dx: glyph.x, dy: glyph.y)
            var mask = CoverageMask(path: placed, clipWidth: scene.width, clipHeight: scene.height)
            if glyph.opacity < 1 {
                for index in mask.values.indices { mask.values[index] *= glyph.opacity }
            }
            if mask.width > 0 { masks.append(mask) }
        }
        return CoverageMask.union(masks)
    }
}

/// A glyph of one font of the chain, the key of a render's outline cache.
struct GlyphKey: Hashable {
    var font: Int
    var id: UInt32
    /// The line's axis values (`StoryScene.variations`).
    var variation: Int
}

extension CoverageMask {
    /// The masks combined as alpha "over" alpha (a + b − ab) on their common bounds.
    static func union(_ masks: [CoverageMask]) -> CoverageMask {
        guard let first = masks.first else { return CoverageMask(x: 0, y: 0, width: 0, height: 0, values: []) }
        var left = first.x, top = first.y, right = first.x + first.width, bottom = first.y + first.height
        for mask in masks.dropFirst() {
            left = min(left, mask.x); top = min(top, mask.y)
            right = max(right, mask.x + mask.width); bottom = max(bottom, mask.y + mask.height)
        }
        let width = right - left
        var values = [Float](repeating: 0, count: width * (bottom - top))
        // Every mask lies inside the common bounds by construction, so the loops index
        // through pointers: the text of a story is hundreds of glyph masks.
        values.withUnsafeMutableBufferPointer { values in
            for mask in masks where mask.width > 0 && mask.height > 0 {
                mask.values.withUnsafeBufferPointer { coverages in
                    for row in 0..<mask.height {
                        let target = values.baseAddress! + (mask.y - top + row) * width + mask.x - left
                        let source = coverages.baseAddress! + row * mask.width
                        for column in 0..<mask.width {
                            let a = target[column], b = source[column]
                            target[column] = a + b - a * b
                        }
                    }
                }
            }
        }
        return CoverageMask(x: left, y: top, width: width, height: bottom - top, values: values)
    }
}
