/// Everything that decides a layout besides the text and the fonts. Units are points.
public struct LayoutOptions: Hashable, Sendable {
    /// How a line's width at a size is measured.
    public enum WidthMode: String, Hashable, Sendable, Codable, CaseIterable {
        /// Shape once in design units and scale linearly (`units × size / unitsPerEm`):
        /// exact for unhinted outlines, O(1) per size probe. The default.
        case linear
        /// Reshape with FreeType hinting at each probed size: pixel-exact widths for small
        /// text on screens that hint. Slower, and widths are only nearly monotone in size.
        case hinted
    }

    /// Where a line sits when it is narrower than the width (only lines held at `maxSize`
    /// are visibly narrower; fitted lines are within one size step of the width).
    public enum Alignment: String, Hashable, Sendable, Codable, CaseIterable {
        /// Flush left.
        case left
        /// Centred (the default).
        case center
        /// Flush right.
        case right
    }

    /// The base direction of each paragraph (UAX #9 rules P2–P3, or an override).
    public enum BaseDirection: String, Hashable, Sendable, Codable, CaseIterable {
        /// From the first strong character; left-to-right when there is none.
        case auto
        /// Left to right, whatever the text.
        case leftToRight
        /// Right to left, whatever the text.
        case rightToLeft
    }

    /// How a paragraph is broken into lines (see docs/OPTIONS.md).
    public enum BreakStrategy: String, Hashable, Sendable, Codable, CaseIterable {
        /// As much text per line as fits at the minimum size: the Type Mode contract.
        case greedy
        /// The breaks whose fitted sizes look best: the largest smallest-line size, then
        /// even size steps between neighbouring lines (an exact optimisation per paragraph).
        case balanced
    }

    /// The box the block is set in, if any.
    public enum Box: Hashable, Sendable {
        /// No height: the block is as tall as its lines.
        case none
        /// Shrink only: a block taller than `height` shrinks min and max by one factor until
        /// it fits (never below `minimumFloor`); a shorter block is left as it is.
        case limit(height: Double)
        /// A box to fill: the block grows (or shrinks) to the largest minimum whose block
        /// still fits `height`.
        case fill(height: Double)

        /// The box's height, whatever its kind; nil for `.none`.
        public var height: Double? {
            switch self {
            case .none: nil
            case .limit(let height), .fill(let height): height
            }
        }
    }

    /// Where the block sits inside its box (only meaningful with a box).
    public enum VerticalAlignment: String, Hashable, Sendable, Codable, CaseIterable {
        /// At the top of its box.
        case top
        /// Centred in its box (the default).
        case center
        /// At the bottom of its box.
        case bottom
    }

    /// How a line is made to fill the width.
    public enum LineFill: String, Hashable, Sendable, Codable, CaseIterable {
        /// By its point size (Type Mode). The default.
        case size
        /// One size for the block; each line filled by the font's `wdth` axis: the largest
        /// value on a 0.1 grid that fits, never overflowing, within the tolerance
        /// docs/VARIABLE-FONTS.md states (a line taken without shaping, `Line.probes` 0, may
        /// be below it by what its bound leaves undecided, and is drawn re-advanced).
        case widthAxis = "width-axis"
        /// Sizes within a band around the block's median, `wdth` for the rest.
        case mixed
    }

    /// The available width for every line.
    public var width: Double
    /// The size lines are broken at, and the smallest size any line gets.
    public var minSize: Double
    /// The largest size any line gets; lines that would grow past it are held here.
    public var maxSize: Double
    /// Sizes are multiples of this step (and `minSize`/`maxSize` themselves). 0.01 pt by
    /// default; 1 pt gives integer sizes, as Instagram's Android write-up does.
    public var step: Double
    /// How widths are measured: linear (design units scaled) or hinted.
    public var widthMode: WidthMode
    /// Extra space between grapheme clusters, in em: it scales with the size.
    public var tracking: Double
    /// Multiplies each line's own height (ascent + descent at its size).
    public var lineSpacing: Double
    /// Where lines held at the maximum size sit in the width.
    public var alignment: Alignment
    /// The box the block is set in: none, a shrink-only height limit, or a box to fill.
    public var box: Box
    /// Where the block sits in its box.
    public var verticalAlignment: VerticalAlignment
    /// The smallest `minSize` the height limit may shrink to.
    public var minimumFloor: Double
    /// OpenType features; HarfBuzz's defaults (kern, liga, …) stay on unless turned off here.
    public var features: [FontFeature]
    /// The paragraphs' base direction (UAX #9), or auto from the first strong character.
    public var baseDirection: BaseDirection
    /// BCP 47 language tag for shaping (language-specific forms) and for choosing a CJK face;
    /// nil chooses one from the text's scripts, never from the process locale.
    public var language: String?
    /// How paragraphs are broken into lines.
    public var breakStrategy: BreakStrategy
    /// In an editor session: keep the breaks before the caret unless moving them is clearly
    /// better, so lines do not jump while someone types. A one-off layout ignores it.
    public var stableBreaks: Bool
    /// Variable-font axis values applied to every font that has the axis (`wght`, `wdth`,
    /// `opsz`, ...). Values outside a font's range are clamped and reported as warnings.
    public var variations: [FontVariation]
    /// A named instance of the primary font (`fvar`), applied before `variations`.
    public var namedInstance: String?
    /// Shape each line at `opsz` = its own size, for fonts with an optical size axis (CSS
    /// `font-optical-sizing: auto`). An explicit `opsz` in `variations` turns it off.
    public var opticalSizing: Bool
    /// How lines fill the width: by size, or by the width axis of a variable font.
    public var lineFill: LineFill

    /// The shrink-only height limit, if the box is one (`box = .limit(height:)`).
    public var maxHeight: Double? {
        get {
            if case .limit(let height) = box { return height }
            return nil
        }
        set { box = newValue.map { .limit(height: $0) } ?? .none }
    }

    /// Options for a width and size range; every other option takes its default (docs/OPTIONS.md).
    public init(
        width: Double, minSize: Double, maxSize: Double, step: Double = 0.01,
        widthMode: WidthMode = .linear, tracking: Double = 0, lineSpacing: Double = 1,
        alignment: Alignment = .center, maxHeight: Double? = nil, minimumFloor: Double = 6,
        features: [FontFeature] = [], baseDirection: BaseDirection = .auto, language: String? = nil,
        breakStrategy: BreakStrategy = .greedy, box: Box? = nil, verticalAlignment: VerticalAlignment = .center,
        stableBreaks: Bool = false, variations: [FontVariation] = [], namedInstance: String? = nil,
        opticalSizing: Bool = true, lineFill: LineFill = .size
    ) {
        self.width = width
        self.minSize = minSize
        self.maxSize = maxSize
        self.step = step
        self.widthMode = widthMode
        self.tracking = tracking
        self.lineSpacing = lineSpacing
        self.alignment = alignment
        self.box = box ?? maxHeight.map { .limit(height: $0) } ?? .none
        self.minimumFloor = minimumFloor
        self.features = features
        self.baseDirection = baseDirection
        self.language = language
        self.breakStrategy = breakStrategy
        self.verticalAlignment = verticalAlignment
        self.stableBreaks = stableBreaks
        self.variations = variations
        self.namedInstance = namedInstance
        self.opticalSizing = opticalSizing
        self.lineFill = lineFill
    }

    /// Checks every option's domain; layout calls this before doing any work.
    public func validate() throws {
        func finite(_ value: Double, _ name: String) throws {
            guard value.isFinite else {
                throw LineFitError.invalidOption(name: name, reason: "\(value) is not a finite number")
            }
        }
        try finite(width, "width")
        try finite(minSize, "min")
        try finite(maxSize, "max")
        try finite(step, "step")
        try finite(tracking, "tracking")
        try finite(lineSpacing, "line spacing")
        try finite(minimumFloor, "minimum floor")
        guard width > 0 else { throw LineFitError.invalidOption(name: "width", reason: "must be greater than 0, got \(width)") }
        guard minSize > 0 else { throw LineFitError.invalidOption(name: "min", reason: "must be greater than 0, got \(minSize)") }
        guard minSize <= maxSize else {
            throw LineFitError.invalidOption(name: "min", reason: "min (\(minSize)) is greater than max (\(maxSize))")
        }
        guard maxSize <= LayoutOptions.largestSize else {
            throw LineFitError.invalidOption(name: "max", reason: "must be at most \(LayoutOptions.largestSize) pt, got \(maxSize)")
        }
        guard step >= LayoutOptions.smallestStep else {
            throw LineFitError.invalidOption(name: "step", reason: "must be at least \(LayoutOptions.smallestStep), got \(step)")
        }
        guard tracking > -0.5, tracking <= 10 else {
            throw LineFitError.invalidOption(name: "tracking", reason: "must be in (-0.5, 10] em, got \(tracking)")
        }
        guard lineSpacing > 0, lineSpacing <= 10 else {
            throw LineFitError.invalidOption(name: "line spacing", reason: "must be in (0, 10], got \(lineSpacing)")
        }
        guard minimumFloor >= LayoutOptions.smallestFloor, minimumFloor <= LayoutOptions.largestSize else {
            throw LineFitError.invalidOption(
                name: "minimum floor",
                reason: "must be from \(LayoutOptions.smallestFloor) to \(LayoutOptions.largestSize) pt, got \(minimumFloor)")
        }
        if let height = box.height {
            try finite(height, "height")
            let smallest = smallestHeight
            guard height >= smallest else {
                throw LineFitError.invalidOption(
                    name: "height", reason: "must be at least one line at the minimum floor (\(smallest) pt), got \(height)")
            }
        }
        for variation in variations {
            guard variation.tag.utf8.count == 4, variation.tag.allSatisfy({ $0.isASCII }) else {
                throw LineFitError.invalidOption(name: "axis", reason: "'\(variation.tag)' is not a four-letter axis tag")
            }
            try finite(variation.value, "axis \(variation.tag)")
        }
        // Declared for the issues in flight (docs/OPTIONS.md); each check goes when its
        // option is implemented, so no option is silently ignored.
        try validateVariableFontOptions()
        for feature in features where feature.tag.utf8.count != 4 || !feature.tag.allSatisfy({ $0.isASCII }) {
            throw LineFitError.invalidOption(name: "feature", reason: "'\(feature.tag)' is not a four-letter OpenType tag")
        }
    }

    /// FreeType sizes are 26.6 fixed point and HarfBuzz positions 32-bit: 16,000 pt keeps
    /// every product of a size and an advance far inside both.
    public static let largestSize = 16_000.0
    /// Below this a step no longer changes what a screen shows and the grid gets huge.
    public static let smallestStep = 0.001
    /// The smallest `minimumFloor`: a point is the least size anyone can read, and below it
    /// sizes reach 0 in floating point (a floor of 5e-324 made every line 0 pt).
    public static let smallestFloor = 1.0

    /// The smallest height a box may have: one line at the floor, taken as one em at
    /// `minimumFloor` times `lineSpacing` when that is below 1. The exact line height needs
    /// the fonts (ascent + descent, about 1.2 em for most), which options do not know; this
    /// font-independent bound rules out heights no line can ever meet, and a limit a real
    /// line still overflows gives a layout with `overflowsHeight` set.
    public var smallestHeight: Double { minimumFloor * Swift.min(1, lineSpacing) }
}

/// An OpenType feature setting, such as `liga` off or `ss01` on.
public struct FontFeature: Hashable, Sendable, Codable {
    /// The four-letter OpenType feature tag, such as `liga` or `smcp`.
    public var tag: String
    /// The feature's value: 0 turns it off, 1 on, higher values pick an alternate.
    public var value: UInt32
    /// A feature `tag` set to `value` (on by default).
    public init(_ tag: String, _ value: UInt32 = 1) {
        self.tag = tag
        self.value = value
    }
}

/// A variable-font axis value, such as `wght` 800 or `wdth` 75 (design coordinates, as in
/// `fvar` and CSS `font-variation-settings`).
public struct FontVariation: Hashable, Sendable, Codable {
    /// The four-letter axis tag, such as `wght` or `opsz`.
    public var tag: String
    /// The axis value in the axis's own units (clamped to the font's range).
    public var value: Double
    /// An axis `tag` at `value`.
    public init(_ tag: String, _ value: Double) {
        self.tag = tag
        self.value = value
    }
}
