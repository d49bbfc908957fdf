/// Everything that decides a layout besides the text and the fonts. Units are points.
public struct LayoutOptions: Hashable, Sendable, Codable {
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
        case left, center, right
    }

    /// The base direction of each paragraph (UAX #9 rules P2–P3, or an override).
    public enum BaseDirection: String, Hashable, Sendable, Codable, CaseIterable {
        /// From the first strong character; left-to-right when there is none.
        case auto
        case leftToRight
        case rightToLeft
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
    public var widthMode: WidthMode
    /// Extra space between grapheme clusters, in em: it scales with the size.
    public var tracking: Double
    /// Multiplies each line's own height (ascent + descent at its size).
    public var lineSpacing: Double
    public var alignment: Alignment
    /// If set, a block taller than this shrinks as a whole (see `LayoutOptions.minimumFloor`).
    public var maxHeight: Double?
    /// The smallest `minSize` the height limit may shrink to.
    public var minimumFloor: Double
    /// OpenType features; HarfBuzz's defaults (kern, liga, …) stay on unless turned off here.
    public var features: [FontFeature]
    public var baseDirection: BaseDirection
    /// BCP 47 language tag for shaping (language-specific forms); nil guesses from the locale.
    public var language: String?

    public init(
        width: Double, minSize: Double, maxSize: Double, step: Double = 0.01,
        widthMode: WidthMode = .linear, tracking: Double = 0, lineSpacing: Double = 1,
        alignment: Alignment = .center, maxHeight: Double? = nil, minimumFloor: Double = 6,
        features: [FontFeature] = [], baseDirection: BaseDirection = .auto, language: String? = nil
    ) {
        self.width = width
        self.minSize = minSize
        self.maxSize = maxSize
        self.step = step
        self.widthMode = widthMode
        self.tracking = tracking
        self.lineSpacing = lineSpacing
        self.alignment = alignment
        self.maxHeight = maxHeight
        self.minimumFloor = minimumFloor
        self.features = features
        self.baseDirection = baseDirection
        self.language = language
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
        guard minimumFloor > 0 else {
            throw LineFitError.invalidOption(name: "minimum floor", reason: "must be greater than 0, got \(minimumFloor)")
        }
        if let maxHeight {
            try finite(maxHeight, "height")
            guard maxHeight > 0 else { throw LineFitError.invalidOption(name: "height", reason: "must be greater than 0, got \(maxHeight)") }
        }
        for feature in features where feature.tag.utf8.count != 4 || !feature.tag.allSatisfy({ $0.isASCII }) {
            throw LineFitError.invalidOption(name: "feature", reason: "'\(feature.tag)' is not a four-letter OpenType tag")
        }
    }

    /// FreeType sizes are 26.6 fixed point and HarfBuzz positions 32-bit: 16,000 pt keeps
    /// every product of a size and an advance far inside both.
    public static let largestSize = 16_000.0
    /// Below this a step no longer changes what a screen shows and the grid gets huge.
    public static let smallestStep = 0.001
}

/// An OpenType feature setting, such as `liga` off or `ss01` on.
public struct FontFeature: Hashable, Sendable, Codable {
    public var tag: String
    public var value: UInt32
    public init(_ tag: String, _ value: UInt32 = 1) {
        self.tag = tag
        self.value = value
    }
}
