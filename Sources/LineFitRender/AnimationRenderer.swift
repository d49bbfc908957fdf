import Foundation
import LineFit

/// Renders a `TypingAnimation` with the same rasterizer as a still (`PNGRenderer`) and
/// encodes it: animated WebP, GIF, or one PNG per frame.
public struct AnimationRenderer {
    /// The file an animation becomes.
    public enum Format: Hashable, Sendable {
        /// Animated WebP, lossy at `quality` 0–100 (libwebp's scale).
        case webp(quality: Double)
        /// Animated GIF, one palette per changed rectangle.
        case gif

        /// The format for a file name's extension (.webp, .gif), or nil.
        public init?(path: String, quality: Double) {
            switch URL(fileURLWithPath: path).pathExtension.lowercased() {
            case "webp": self = .webp(quality: quality)
            case "gif": self = .gif
            default: return nil
            }
        }
    }

    /// The frames' size; the block is centred on it as on a still.
    public var canvas: RenderCanvas

    /// A renderer for frames of `canvas`'s size.
    public init(canvas: RenderCanvas = .story) {
        self.canvas = canvas
    }

    /// Renders every frame, hands each picture to `frame` (for PNG frames), and returns the
    /// encoded file when a `format` is given. Throws before the first frame, as
    /// `PNGRenderer.render(_:)` does, for a canvas over `RenderCanvas`' limits or a glyph of
    /// the animation that its font cannot load.
    public func render(
        _ animation: TypingAnimation, style: Style, fonts: FontChain, format: Format?,
        frame: ((Int, RGBAImage) throws -> Void)? = nil
    ) throws -> Data? {
        let renderer = PNGRenderer(canvas: canvas)
        // Every frame draws glyphs of the typed layouts: checked once here, not per frame.
        try canvas.validate()
        for layout in animation.layouts { try layout.checkGlyphsLoad(fonts: fonts) }
        let fps = animation.timing.fps
        var webp: WebPAnimationEncoder?
        var gif: GIFAnimationEncoder?
        switch format {
        case .webp(let quality)?: webp = try WebPAnimationEncoder(width: canvas.width, height: canvas.height, quality: quality)
        case .gif?: gif = try GIFAnimationEncoder(width: canvas.width, height: canvas.height)
        case nil: break
        }
        try animation.forEachFrame { index, still in
            let image = renderer.render(StoryScene(frame: still, style: style, fonts: fonts, canvas: canvas))
            try frame?(index, image)
            try webp?.add(image, milliseconds: animation.milliseconds(ofFrame: index))
            // GIF counts in hundredths: rounding each frame's end keeps the total exact.
            let centiseconds = ((index + 1) * 100 + fps / 2) / fps - (index * 100 + fps / 2) / fps
            try gif?.add(image, centiseconds: centiseconds)
        }
        if let webp { return try webp.finish(milliseconds: animation.frameCount * 1000 / fps) }
        if let gif { return try gif.finish() }
        return nil
    }
}
