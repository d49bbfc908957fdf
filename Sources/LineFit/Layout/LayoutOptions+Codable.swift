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
        try c.checkVersion(at: .version, readable: Self.codingVersion, what: "options")
        self.init(
            width: try c.decode(Double.self, forKey: .width),
            minSize: try c.decode(Double.self, forKey: .minSize),
            maxSize: try c.decode(Double.self, forKey: .maxSize))
        step = try c.decode(.step, or: defaults.step)
        widthMode = try c.decode(.widthMode, or: defaults.widthMode)
        tracking = try c.decode(.tracking, or: defaults.tracking)
        lineSpacing = try c.decode(.lineSpacing, or: defaults.lineSpacing)
        alignment = try c.decode(.alignment, or: defaults.alignment)
        box = try c.decode(.box, or: defaults.box)
        verticalAlignment = try c.decode(.verticalAlignment, or: defaults.verticalAlignment)
        minimumFloor = try c.decode(.minimumFloor, or: defaults.minimumFloor)
        features = try c.decode(.features, or: defaults.features)
        baseDirection = try c.decode(.baseDirection, or: defaults.baseDirection)
        language = try c.decodeIfPresent(String.self, forKey: .language)
        breakStrategy = try c.decode(.breakStrategy, or: defaults.breakStrategy)
        stableBreaks = try c.decode(.stableBreaks, or: defaults.stableBreaks)
        variations = try c.decode(.variations, or: defaults.variations)
        namedInstance = try c.decodeIfPresent(String.self, forKey: .namedInstance)
        opticalSizing = try c.decode(.opticalSizing, or: defaults.opticalSizing)
        lineFill = try c.decode(.lineFill, or: defaults.lineFill)
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
