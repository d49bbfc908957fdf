/// Saved options stay loadable as options are added: every key but `width`, `minSize` and
/// `maxSize` may be missing and takes its default, and unknown keys are ignored. The keys
/// are the Swift property names; docs/OPTIONS.md maps them to the CLI, batch and C names.
extension LayoutOptions: Codable {
    enum CodingKeys: String, CodingKey {
        case version, width, minSize, maxSize, step, widthMode, tracking, lineSpacing, alignment
        case box, verticalAlignment, minimumFloor, features, baseDirection, language
        case breakStrategy, stableBreaks, variations, namedInstance, opticalSizing, lineFill
    }

    /// The version `encode(to:)` writes. Decoding accepts any version up to this one.
    public static let codingVersion = 1

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = LayoutOptions(width: 1, minSize: 1, maxSize: 1)
        if let version = try c.decodeIfPresent(Int.self, forKey: .version), version > Self.codingVersion {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: c,
                debugDescription: "options version \(version) is newer than this LineFit reads (\(Self.codingVersion))")
        }
        self.init(
            width: try c.decode(Double.self, forKey: .width),
            minSize: try c.decode(Double.self, forKey: .minSize),
            maxSize: try c.decode(Double.self, forKey: .maxSize))
        step = try c.decodeIfPresent(Double.self, forKey: .step) ?? defaults.step
        widthMode = try c.decodeIfPresent(WidthMode.self, forKey: .widthMode) ?? defaults.widthMode
        tracking = try c.decodeIfPresent(Double.self, forKey: .tracking) ?? defaults.tracking
        lineSpacing = try c.decodeIfPresent(Double.self, forKey: .lineSpacing) ?? defaults.lineSpacing
        alignment = try c.decodeIfPresent(Alignment.self, forKey: .alignment) ?? defaults.alignment
        box = try c.decodeIfPresent(Box.self, forKey: .box) ?? defaults.box
        verticalAlignment = try c.decodeIfPresent(VerticalAlignment.self, forKey: .verticalAlignment)
            ?? defaults.verticalAlignment
        minimumFloor = try c.decodeIfPresent(Double.self, forKey: .minimumFloor) ?? defaults.minimumFloor
        features = try c.decodeIfPresent([FontFeature].self, forKey: .features) ?? defaults.features
        baseDirection = try c.decodeIfPresent(BaseDirection.self, forKey: .baseDirection) ?? defaults.baseDirection
        language = try c.decodeIfPresent(String.self, forKey: .language)
        breakStrategy = try c.decodeIfPresent(BreakStrategy.self, forKey: .breakStrategy) ?? defaults.breakStrategy
        stableBreaks = try c.decodeIfPresent(Bool.self, forKey: .stableBreaks) ?? defaults.stableBreaks
        variations = try c.decodeIfPresent([FontVariation].self, forKey: .variations) ?? defaults.variations
        namedInstance = try c.decodeIfPresent(String.self, forKey: .namedInstance)
        opticalSizing = try c.decodeIfPresent(Bool.self, forKey: .opticalSizing) ?? defaults.opticalSizing
        lineFill = try c.decodeIfPresent(LineFill.self, forKey: .lineFill) ?? defaults.lineFill
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.codingVersion, forKey: .version)
        try c.encode(width, forKey: .width)
        try c.encode(minSize, forKey: .minSize)
        try c.encode(maxSize, forKey: .maxSize)
        try c.encode(step, forKey: .step)
        try c.encode(widthMode, forKey: .widthMode)
        try c.encode(tracking, forKey: .tracking)
        try c.encode(lineSpacing, forKey: .lineSpacing)
        try c.encode(alignment, forKey: .alignment)
        try c.encode(box, forKey: .box)
        try c.encode(verticalAlignment, forKey: .verticalAlignment)
        try c.encode(minimumFloor, forKey: .minimumFloor)
        try c.encode(features, forKey: .features)
        try c.encode(baseDirection, forKey: .baseDirection)
        try c.encodeIfPresent(language, forKey: .language)
        try c.encode(breakStrategy, forKey: .breakStrategy)
        try c.encode(stableBreaks, forKey: .stableBreaks)
        try c.encode(variations, forKey: .variations)
        try c.encodeIfPresent(namedInstance, forKey: .namedInstance)
        try c.encode(opticalSizing, forKey: .opticalSizing)
        try c.encode(lineFill, forKey: .lineFill)
    }
}

/// A box is `{"kind": "none"}`, `{"kind": "limit", "height": H}` or `{"kind": "fill", "height": H}`.
extension LayoutOptions.Box: Codable {
    enum CodingKeys: String, CodingKey { case kind, height }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decodeIfPresent(String.self, forKey: .kind) ?? "none"
        switch kind {
        case "none": self = .none
        case "limit": self = .limit(height: try c.decode(Double.self, forKey: .height))
        case "fill": self = .fill(height: try c.decode(Double.self, forKey: .height))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c, debugDescription: "box kind '\(kind)' is not none, limit or fill")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .none: try c.encode("none", forKey: .kind)
        case .limit(let height):
            try c.encode("limit", forKey: .kind)
            try c.encode(height, forKey: .height)
        case .fill(let height):
            try c.encode("fill", forKey: .kind)
            try c.encode(height, forKey: .height)
        }
    }
}
