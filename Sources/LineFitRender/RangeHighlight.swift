import LineFit

/// A range decoration drawn into a picture: a highlight under the words, or a spotlight that
/// dims everything except the words.
public struct RangeHighlight: Hashable, Sendable {
    /// How the ranges are shown.
    public enum Look: Hashable, Sendable {
        /// The merged rounded outline of the ranges' line rects, filled under the text.
        case fill(StyleColor)
        /// The whole canvas under a black veil of opacity `dim` (so a pixel keeps 1 − dim of
        /// its colour), except rounded cut-outs around the ranges, where the veil is removed
        /// (destination-out). Drawn over everything else.
        case spotlight(dim: Double)
    }

    /// Half-open UTF-16 ranges of the text as given.
    public var ranges: [Range<Int>]
    /// Filled under the text, or spotlit.
    public var look: Look
    /// How far the shape reaches past the words' rects, in picture pixels.
    public var padding: Double
    /// The radius of the shape's corners, in picture pixels.
    public var cornerRadius: Double

    /// Padding and radius on the 1080-pixel story canvas; scale them with the canvas.
    public static let referencePadding = 14.0
    /// The corner radius on the 1080-pixel story canvas.
    public static let referenceCornerRadius = 22.0
    /// The default spotlight veil: 60 % black.
    public static let defaultDim = 0.6

    /// A decoration of `ranges` (UTF-16 offsets of the text as given).
    public init(ranges: [Range<Int>], look: Look, padding: Double = referencePadding, cornerRadius: Double = referenceCornerRadius) {
        self.ranges = ranges
        self.look = look
        self.padding = padding
        self.cornerRadius = cornerRadius
    }
}

/// The coverage of some glyphs over a whole picture, 0...1 per pixel: what a preview
/// snapshot of a range is masked to, so that neighbouring words do not bleed in.
public struct GlyphMask: Sendable {
    /// The picture's width in pixels.
    public let width: Int
    /// The picture's height in pixels.
    public let height: Int
    /// Row-major coverage.
    public let values: [Float]

    /// The coverage at (x, y).
    public func coverage(x: Int, y: Int) -> Float { values[y * width + x] }
}

extension PNGRenderer {
    /// The mask of the glyphs of `range` (outline glyphs by exact coverage, colour emoji by
    /// their bitmaps' alpha), placed as `render(_:)` places them.
    public func glyphMask(for range: Range<Int>, of styled: StyledLayout) -> GlyphMask {
        let scene = StoryScene(styled, canvas: canvas)
        var image = RGBAImage(width: scene.width, height: scene.height)
        let outlines = styled.layout.glyphOutlines(for: range, fonts: styled.fonts)
            .transformed(scale: 1, flipY: false, dx: scene.originX, dy: scene.originY)
        image.paint(.white, through: CoverageMask(path: outlines, clipWidth: image.width, clipHeight: image.height))
        for glyph in styled.layout.glyphs(in: range) where glyph.fontIndex < styled.fonts.fonts.count {
            let font = styled.fonts.fonts[glyph.fontIndex]
            guard font.isBitmapOnly, let bitmap = font.colorBitmap(glyph: glyph.id) else { continue }
            ColorGlyphPainter.paint(bitmap, x: glyph.x + scene.originX, y: glyph.y + scene.originY, size: glyph.size, into: &image)
        }
        return GlyphMask(width: image.width, height: image.height, values: (0..<(image.width * image.height)).map { image.pixels[$0 * 4 + 3] })
    }

    /// The highlight shapes of `styled` in picture coordinates.
    func highlightPaths(_ highlight: RangeHighlight, styled: StyledLayout, scene: StoryScene) -> OutlinePath {
        Self.highlightPath(highlight, layout: styled.layout, scene: scene)
    }

    /// The one definition both renderers draw: the layout's merged outline of the ranges,
    /// moved to where the scene puts the block.
    static func highlightPath(_ highlight: RangeHighlight, layout: Layout, scene: StoryScene) -> OutlinePath {
        let paths = layout.highlightOutline(for: highlight.ranges, padding: highlight.padding, cornerRadius: highlight.cornerRadius)
        return OutlinePath(elements: paths.flatMap { $0.transformed(scale: 1, flipY: false, dx: scene.originX, dy: scene.originY).elements })
    }
}

extension RGBAImage {
    /// The picture with every pixel's alpha multiplied by the mask: only the masked glyphs'
    /// part of it remains.
    public func masked(by mask: GlyphMask) -> RGBAImage {
        var result = self
        guard mask.width == width, mask.height == height else { return result }
        for index in 0..<(width * height) {
            for channel in 0..<4 { result.pixels[index * 4 + channel] *= mask.values[index] }
        }
        return result
    }

    /// Dims everything by a veil of opacity `dim` except where `cutOut` covers (the veil is
    /// removed there in proportion to the coverage: destination-out).
    mutating func spotlight(dim: Double, cutOut: CoverageMask) {
        var veil = [Float](repeating: 1, count: width * height)
        for row in 0..<cutOut.height where cutOut.y + row >= 0 && cutOut.y + row < height {
            for column in 0..<cutOut.width where cutOut.x + column >= 0 && cutOut.x + column < width {
                veil[(cutOut.y + row) * width + cutOut.x + column] = 1 - cutOut.values[row * cutOut.width + column]
            }
        }
        paint(StyleColor(red: 0, green: 0, blue: 0, alpha: min(1, max(0, dim))), through: CoverageMask(x: 0, y: 0, width: width, height: height, values: veil))
    }
}
