/// A Type Mode look as data: fonts, fitting, spacing, transform, background and colours.
///
/// A style is a value: copy a preset (`Style.classic`, ...) and change what you like. Sizes,
/// paddings and radii are points on the reference story canvas, 1080 points wide
/// (`Style.referenceCanvasWidth`); `scaled(by:)` makes the same look for another canvas.
public struct Style: Hashable, Sendable {
    /// How the line sizes are chosen.
    public enum Fit: Hashable, Sendable {
        /// Every line grows to fill the width, between `min` (where lines break) and `max`.
        case fill(min: Double, max: Double)
        /// Every line has this size (a fit with min == max); lines break where it fits.
        case fixed(Double)

        /// The size lines break at: the fill's minimum, or the fixed size.
        public var minSize: Double {
            switch self {
            case .fill(let min, _): min
            case .fixed(let size): size
            }
        }

        /// The largest size a line may grow to: the fill's maximum, or the fixed size.
        public var maxSize: Double {
            switch self {
            case .fill(_, let max): max
            case .fixed(let size): size
            }
        }
    }

    /// What is drawn behind the text.
    public enum Background: Hashable, Sendable {
        /// Nothing behind the glyphs but the backdrop.
        case none
        /// A rounded rectangle around each line's advance box (Classic's bubbles,
        /// Typewriter's label strips).
        case perLine(padding: Double, cornerRadius: Double)
        /// One outline around all lines, merged where they overlap (Strong).
        case merged(padding: Double, cornerRadius: Double)
    }

    /// A soft light behind the glyphs: their shape blurred and tinted (Neon).
    public struct Glow: Hashable, Sendable {
        /// The colour of the light.
        public var color: StyleColor
        /// Standard deviation of the blur, in points.
        public var radius: Double
        /// Multiplies the blurred alpha; above 1 makes the halo denser near the glyphs.
        public var strength: Double

        /// A glow of `color` blurred by `radius` points, its alpha multiplied by `strength`.
        public init(color: StyleColor, radius: Double, strength: Double = 1.6) {
            self.color = color
            self.radius = radius
            self.strength = strength
        }
    }

    /// The story's backdrop: a vertical gradient from `top` to `bottom` (equal for a flat one).
    public struct Backdrop: Hashable, Sendable {
        /// The colour at the top of the canvas.
        public var top: StyleColor
        /// The colour at the bottom of the canvas.
        public var bottom: StyleColor

        /// A gradient from `top` to `bottom`.
        public init(top: StyleColor, bottom: StyleColor) {
            self.top = top
            self.bottom = bottom
        }

        /// A flat backdrop of one colour.
        public init(_ color: StyleColor) {
            self.init(top: color, bottom: color)
        }
    }

    /// The style's name, such as "strong" (a preset's name, or any name of yours).
    public var name: String
    /// The primary font: a bundled font's file name (see `BundledFonts`) or a path.
    public var font: String
    /// Fallback fonts in order, as file names or paths.
    public var fallbacks: [String]
    /// How line sizes are chosen: filling between a min and a max, or one fixed size.
    public var fit: Fit
    /// Where lines held at the maximum size sit.
    public var alignment: LayoutOptions.Alignment
    /// Letter spacing in em.
    public var tracking: Double
    /// Factor on each line's own height (1: lines touch at ascent and descent).
    public var lineSpacing: Double
    /// A change of the text before layout (uppercase), mapped back so ranges index the original.
    public var transform: TextTransform
    /// What is drawn behind the glyphs: nothing, a box per line, or one merged outline.
    public var background: Background
    /// The glyphs' colour.
    public var textColor: StyleColor
    /// The colour of `background`'s boxes.
    public var backgroundColor: StyleColor
    /// A light behind the glyphs (Neon), or nil.
    public var glow: Glow?
    /// The canvas behind everything: a vertical gradient.
    public var backdrop: Backdrop
    /// The space left and right of the text on the canvas: the layout width is the canvas
    /// width minus twice this.
    public var margin: Double
    /// Variable-font axis values the style sets (such as a heavy `wght`); see
    /// `LayoutOptions.variations`.
    public var variations: [FontVariation] = []
    /// How the style's lines fill the width: by size (Type Mode) or by a width axis.
    public var lineFill: LayoutOptions.LineFill = .size

    /// A style from its parts; every part but the name, font and fit has a plain default.
    public init(
        name: String, font: String, fallbacks: [String] = BundledFonts.defaultFallbackNames, fit: Fit,
        alignment: LayoutOptions.Alignment = .center, tracking: Double = 0, lineSpacing: Double = 1,
        transform: TextTransform = .none, background: Background = .none, textColor: StyleColor = .white,
        backgroundColor: StyleColor = .black, glow: Glow? = nil,
        backdrop: Backdrop = Backdrop(StyleColor(red: 0.1, green: 0.1, blue: 0.12)), margin: Double = 60
    ) {
        self.name = name
        self.font = font
        self.fallbacks = fallbacks
        self.fit = fit
        self.alignment = alignment
        self.tracking = tracking
        self.lineSpacing = lineSpacing
        self.transform = transform
        self.background = background
        self.textColor = textColor
        self.backgroundColor = backgroundColor
        self.glow = glow
        self.backdrop = backdrop
        self.margin = margin
    }

    /// Story canvases are 1080 × 1920 points (a 9:16 phone screen at 1080p); style sizes are
    /// chosen for that width.
    public static let referenceCanvasWidth = 1080.0
    /// The reference canvas height in points (see `referenceCanvasWidth`).
    public static let referenceCanvasHeight = 1920.0

    /// The same look for a canvas `factor` times the reference width: every length (sizes,
    /// margin, padding, radii, glow) is multiplied; em-based tracking and factors are not.
    public func scaled(by factor: Double) -> Style {
        var style = self
        switch fit {
        case .fill(let min, let max): style.fit = .fill(min: min * factor, max: max * factor)
        case .fixed(let size): style.fit = .fixed(size * factor)
        }
        switch background {
        case .none: break
        case .perLine(let padding, let radius): style.background = .perLine(padding: padding * factor, cornerRadius: radius * factor)
        case .merged(let padding, let radius): style.background = .merged(padding: padding * factor, cornerRadius: radius * factor)
        }
        style.glow?.radius *= factor
        style.margin *= factor
        return style
    }

    /// The style with `color` as its one palette colour. A glowing style derives both the
    /// glyphs' interior and the glow from it (`Style.neonColors`); others use it for the text.
    public func recolored(_ color: StyleColor) -> Style {
        var style = self
        if var glow {
            let colors = Style.neonColors(palette: color)
            style.textColor = colors.interior
            glow.color = colors.glow
            style.glow = glow
        } else {
            style.textColor = color
        }
        return style
    }

    /// A neon tube's colours from one palette colour: the glyphs' interior is the colour
    /// washed almost to white (a lit tube looks white-hot at its core) and the halo is the
    /// colour itself.
    public static func neonColors(palette: StyleColor) -> (interior: StyleColor, glow: StyleColor) {
        (palette.mixed(with: .white, amount: 0.72).withAlpha(1), palette.withAlpha(1))
    }

    /// The layout options of this style for a width (usually the canvas width minus twice the
    /// margin) and an optional height limit.
    public func layoutOptions(width: Double, maxHeight: Double? = nil) -> LayoutOptions {
        LayoutOptions(
            width: width, minSize: fit.minSize, maxSize: fit.maxSize, tracking: tracking,
            lineSpacing: lineSpacing, alignment: alignment, maxHeight: maxHeight, variations: variations,
            lineFill: lineFill)
    }
}
