import LineFit

/// The size of a story canvas in pixels (one pixel per layout point).
public struct RenderCanvas: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels (1 pixel = 1 point).
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A canvas of `width × height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The 1080 × 1920 story canvas.
    public static let story = RenderCanvas(width: 1080, height: 1920)

    /// The longest side a picture may have: 16,384 px is a 4× story side.
    public static let largestSide = 16_384
    /// The most pixels a picture may have: 40 megapixels, about 20 story canvases. The PNG
    /// painter keeps 16 bytes a pixel while painting (premultiplied RGBA floats) plus a text
    /// mask and, for glowing styles, two blurred masks of 4 bytes a pixel each, so the limit
    /// bounds a picture's memory near 1 GB.
    public static let largestPixelCount = 40_000_000

    /// Throws `LineFitError.invalidOption(name: "canvas", …)` unless both sides are between 1
    /// and `largestSide` and the area is at most `largestPixelCount`.
    public func validate() throws {
        guard (1...Self.largestSide).contains(width), (1...Self.largestSide).contains(height) else {
            throw LineFitError.invalidOption(
                name: "canvas", reason: "\(width)x\(height): each side must be from 1 to \(Self.largestSide) pixels")
        }
        guard width * height <= Self.largestPixelCount else {
            throw LineFitError.invalidOption(
                name: "canvas",
                reason: "\(width)x\(height) is \(width * height) pixels, over the limit of \(Self.largestPixelCount) (40 megapixels)")
        }
    }

    /// The size of the picture a renderer makes of `styled`: `canvas` itself, or without one
    /// the box around the text's ink, backgrounds and glow (so a caller can check it first).
    public static func picture(of styled: StyledLayout, canvas: RenderCanvas?) -> RenderCanvas {
        let scene = StoryScene(styled, canvas: canvas)
        return RenderCanvas(width: scene.width, height: scene.height)
    }

    public var description: String { "\(width)x\(height)" }
}

/// What both renderers draw, in drawing order, with every position in picture pixels:
/// the backdrop, the background shapes, the glyphs (outline or colour bitmap) and the glow.
///
/// Building it once keeps the SVG and the PNG of a layout identical in geometry: they differ
/// only in how they paint.
struct StoryScene {
    /// One glyph to draw: `font` and `id` into the layout's chain; its origin (pen position
    /// plus offsets, on the baseline) in picture pixels; points per design unit.
    struct GlyphDraw {
        var font: Int
        var id: UInt32
        var x: Double
        var y: Double
        var size: Double
        /// 1 for a layout at rest; a transition's fading glyphs are between 0 and 1.
        var opacity: Float = 1
        /// Index into `variations`: the axis values of the glyph's line (0: none).
        var variation: Int = 0
    }

    let width: Int
    let height: Int
    /// Where the block's (0, 0) lands in the picture.
    let originX: Double
    let originY: Double
    /// Nil for a picture without a canvas: a transparent background.
    let backdrop: Style.Backdrop?
    /// Background shapes in block coordinates.
    let backgrounds: [OutlinePath]
    let glyphs: [GlyphDraw]
    let style: Style
    let fonts: FontChain
    /// The distinct axis values of the lines, first the empty set (static fonts, defaults).
    let variations: [[FontVariation]]

    /// Places the block centred on `canvas`, or, without a canvas, in a picture just large
    /// enough for its ink, backgrounds and glow.
    init(_ styled: StyledLayout, canvas: RenderCanvas?) {
        style = styled.style
        fonts = styled.fonts
        let layout = styled.layout
        switch styled.style.background {
        case .none: backgrounds = []
        case .perLine(let padding, let radius): backgrounds = layout.lineBackgrounds(padding: padding, cornerRadius: radius)
        case .merged(let padding, let radius): backgrounds = layout.mergedOutline(padding: padding, cornerRadius: radius)
        }
        var glyphs: [GlyphDraw] = []
        var variations: [[FontVariation]] = [[]]
        for line in layout.lines {
            let variation: Int
            if let known = variations.firstIndex(of: line.axisValues) {
                variation = known
            } else {
                variation = variations.count
                variations.append(line.axisValues)
            }
            for run in line.runs {
                for glyph in run.glyphs {
                    glyphs.append(GlyphDraw(
                        font: run.fontIndex, id: glyph.id, x: line.x + run.x + glyph.x + glyph.xOffset,
                        // HarfBuzz offsets are y up; the picture's y grows downward.
                        y: line.baseline - glyph.yOffset, size: line.size, variation: variation))
                }
            }
        }
        if let canvas {
            width = canvas.width
            height = canvas.height
            originX = ((Double(canvas.width) - layout.width) / 2).rounded()
            // The box (the canvas' text area) is centred on the canvas; the block sits in it
            // where `verticalAlignment` put it (centred: the canvas' centre either way).
            if let box = layout.box.height {
                originY = ((Double(canvas.height) - box) / 2 + layout.blockTop).rounded()
            } else {
                originY = ((Double(canvas.height) - layout.height) / 2).rounded()
            }
            backdrop = styled.style.backdrop
        } else {
            let bounds = StoryScene.contentBounds(styled, backgrounds: backgrounds)
            width = StoryScene.pixels(bounds.width)
            height = StoryScene.pixels(bounds.height)
            originX = -bounds.minX.rounded(.down)
            originY = -bounds.minY.rounded(.down)
            backdrop = nil
        }
        let (dx, dy) = (originX, originY)
        self.variations = variations
        self.glyphs = glyphs.map {
            GlyphDraw(font: $0.font, id: $0.id, x: $0.x + dx, y: $0.y + dy, size: $0.size, variation: $0.variation)
        }
    }

    /// A side in whole pixels, at least 1; past any sane size (or not a number) it stops one
    /// over the largest side, which `RenderCanvas.validate` rejects, instead of trapping.
    static func pixels(_ length: Double) -> Int {
        let cap = Double(RenderCanvas.largestSide + 1)
        guard length.isFinite else { return Int(cap) }
        return max(1, Int(min(length, cap).rounded(.up)))
    }

    /// A frame of a transition, placed on `canvas` as a layout of the frame's height (or box)
    /// would be, so that its ends are drawn exactly as the two layouts' stills; glyphs are
    /// drawn at the frame's (interpolated) axis values.
    init(frame: TransitionFrame, style: Style, fonts: FontChain, canvas: RenderCanvas) {
        self.style = style
        self.fonts = fonts
        variations = frame.axisSets.isEmpty ? [[]] : frame.axisSets
        switch style.background {
        case .none: backgrounds = []
        case .perLine(let padding, let radius): backgrounds = frame.lineBackgrounds(padding: padding, cornerRadius: radius)
        case .merged(let padding, let radius): backgrounds = frame.mergedOutline(padding: padding, cornerRadius: radius)
        }
        width = canvas.width
        height = canvas.height
        originX = ((Double(canvas.width) - frame.width) / 2).rounded()
        if let box = frame.boxHeight {
            originY = ((Double(canvas.height) - box) / 2 + frame.blockTop).rounded()
        } else {
            originY = ((Double(canvas.height) - frame.height) / 2).rounded()
        }
        backdrop = style.backdrop
        let (dx, dy) = (originX, originY)
        let sets = variations.count
        glyphs = frame.glyphs.map {
            GlyphDraw(
                font: $0.fontIndex, id: $0.id, x: $0.x + dx, y: $0.y + dy, size: $0.size, opacity: Float($0.opacity),
                variation: $0.axes < sets ? $0.axes : 0)
        }
    }

    /// Everything that paints, in block coordinates: ink, backgrounds and three glow radii.
    static func contentBounds(_ styled: StyledLayout, backgrounds: [OutlinePath]) -> LayoutRect {
        var box = LayoutRect(x: 0, y: 0, width: styled.layout.width, height: max(1, styled.layout.height))
        for ink in styled.layout.inkBoxes(fonts: styled.fonts) {
            if let ink { box = box.union(ink) }
        }
        for path in backgrounds {
            for element in path.elements {
                if case .line(let p) = element { box = box.union(LayoutRect(x: p.x, y: p.y, width: 0, height: 0)) }
                if case .curve(_, _, let p) = element { box = box.union(LayoutRect(x: p.x, y: p.y, width: 0, height: 0)) }
            }
        }
        let glowReach = (styled.style.glow?.radius ?? 0) * StoryScene.glowReach
        return box.outset(by: glowReach + 2)
    }

    /// A Gaussian's tail beyond three standard deviations is under 0.3 %: invisible in 8 bits.
    static let glowReach = 3.0

    /// Throws what would make the picture wrong rather than draw it: a size over
    /// `RenderCanvas`' limits, or a glyph whose outline its font cannot load (`checkGlyphsLoad`:
    /// a damaged glyph inside intact tables, which the check at open cannot see and which
    /// would be drawn as nothing). Each distinct glyph is loaded once, unscaled: far less than
    /// painting it.
    func checkDrawable() throws {
        try RenderCanvas(width: width, height: height).validate()
        var used: [Int: Set<UInt32>] = [:]
        for glyph in glyphs { used[glyph.font, default: []].insert(glyph.id) }
        for (font, ids) in used.sorted(by: { $0.key < $1.key }) where fonts.fonts.indices.contains(font) {
            try fonts.fonts[font].checkGlyphsLoad(ids)
        }
    }

    /// The glyph's outline in design units at its line's axis values.
    func outline(_ glyph: GlyphDraw) -> OutlinePath? {
        fonts.fonts[glyph.font].outline(glyph: glyph.id, variations: variations[glyph.variation])
    }

    /// The scale from a font's design units to picture pixels at `size`.
    func unitScale(font: Int, size: Double) -> Double {
        size / Double(fonts.fonts[font].unitsPerEm)
    }

    /// The background shapes in picture coordinates.
    var backgroundPaths: [OutlinePath] {
        backgrounds.map { $0.transformed(scale: 1, flipY: false, dx: originX, dy: originY) }
    }
}

extension OutlinePath {
    /// The path scaled, optionally flipped (font y up to picture y down), then moved.
    func transformed(scale: Double, flipY: Bool, dx: Double, dy: Double) -> OutlinePath {
        let sy = flipY ? -scale : scale
        func map(_ p: LayoutPoint) -> LayoutPoint { LayoutPoint(x: p.x * scale + dx, y: p.y * sy + dy) }
        return OutlinePath(elements: elements.map { element in
            switch element {
            case .move(let p): .move(map(p))
            case .line(let p): .line(map(p))
            case .curve(let a, let b, let c): .curve(map(a), map(b), map(c))
            case .close: .close
            }
        })
    }
}
