import Foundation

/// A style saved as JSON stays loadable as styles grow: every key may be missing and takes
/// the value of `Style.default` (Strong), unknown keys are ignored, and a `version` newer
/// than this reader's is an error. Colours are written `#rrggbb(aa)` and read in any form
/// `StyleColor(css:)` takes. `linefit --style-file FILE` loads one.
extension Style: Codable {
    enum CodingKeys: String, CodingKey {
        case version, name, font, fallbacks, fit, alignment, tracking, lineSpacing, transform, background
        case textColor, backgroundColor, glow, backdrop, margin, variations, lineFill
    }

    /// The version `encode(to:)` writes. Decoding accepts any version up to this one.
    public static let codingVersion = 1

    /// Decodes a style; missing keys take `Style.default`'s values.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        try c.checkVersion(at: .version, readable: Self.codingVersion, what: "style")
        var style = Style.default
        style.name = try c.decodeIfPresent(String.self, forKey: .name) ?? "custom"
        style.font = try c.decode(.font, or: style.font)
        style.fallbacks = try c.decode(.fallbacks, or: style.fallbacks)
        style.fit = try c.decode(.fit, or: style.fit)
        style.alignment = try c.decode(.alignment, or: style.alignment)
        style.tracking = try c.decode(.tracking, or: style.tracking)
        style.lineSpacing = try c.decode(.lineSpacing, or: style.lineSpacing)
        style.transform = try c.decode(.transform, or: style.transform)
        style.background = try c.decode(.background, or: style.background)
        style.textColor = try c.decodeIfPresent(CSSColor.self, forKey: .textColor)?.color ?? style.textColor
        style.backgroundColor = try c.decodeIfPresent(CSSColor.self, forKey: .backgroundColor)?.color
            ?? style.backgroundColor
        if c.contains(.glow) { style.glow = try c.decodeIfPresent(Glow.self, forKey: .glow) }
        style.backdrop = try c.decode(.backdrop, or: style.backdrop)
        style.margin = try c.decode(.margin, or: style.margin)
        style.variations = try c.decode(.variations, or: style.variations)
        style.lineFill = try c.decode(.lineFill, or: style.lineFill)
        self = style
    }

    /// Encodes every field, with `version`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(Self.codingVersion, forKey: .version)
        try c.encode(name, forKey: .name)
        try c.encode(font, forKey: .font)
        try c.encode(fallbacks, forKey: .fallbacks)
        try c.encode(fit, forKey: .fit)
        try c.encode(alignment, forKey: .alignment)
        try c.encode(tracking, forKey: .tracking)
        try c.encode(lineSpacing, forKey: .lineSpacing)
        try c.encode(transform, forKey: .transform)
        try c.encode(background, forKey: .background)
        try c.encode(textColor.hex, forKey: .textColor)
        try c.encode(backgroundColor.hex, forKey: .backgroundColor)
        try c.encodeIfPresent(glow, forKey: .glow)
        try c.encode(backdrop, forKey: .backdrop)
        try c.encode(margin, forKey: .margin)
        try c.encode(variations, forKey: .variations)
        try c.encode(lineFill, forKey: .lineFill)
    }

    /// Loads a style from a JSON file; errors are `invalidOption(name: "style file", …)`.
    public static func load(contentsOf url: URL) throws -> Style {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw LineFitError.invalidOption(name: "style file", reason: "cannot read \(url.path)")
        }
        do {
            return try JSONDecoder().decode(Style.self, from: data)
        } catch let DecodingError.dataCorrupted(context) {
            throw LineFitError.invalidOption(name: "style file", reason: "\(url.path): \(context.debugDescription)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw LineFitError.invalidOption(name: "style file", reason: "\(url.path): bad value for '\(key)'")
        } catch let DecodingError.keyNotFound(key, _) {
            throw LineFitError.invalidOption(name: "style file", reason: "\(url.path): '\(key.stringValue)' is missing")
        } catch {
            throw LineFitError.invalidOption(name: "style file", reason: "\(url.path) is not a style (JSON)")
        }
    }
}

/// A colour read from any CSS form and written as hex.
struct CSSColor: Codable {
    var color: StyleColor

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            guard let parsed = StyleColor(css: text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a colour")
            }
            color = parsed
        } else {
            color = try container.decode(StyleColor.self)
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(color.hex)
    }
}

/// `{"min": 24, "max": 300}` fills; `{"size": 80}` is fixed.
extension Style.Fit: Codable {
    enum CodingKeys: String, CodingKey { case min, max, size }

    /// Decodes `{"size": S}` as fixed and `{"min": A, "max": B}` as fill.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        if let size = try c.decodeIfPresent(Double.self, forKey: .size) {
            self = .fixed(size)
        } else {
            self = .fill(min: try c.decode(Double.self, forKey: .min), max: try c.decode(Double.self, forKey: .max))
        }
    }

    /// Encodes as `{"size"}` or `{"min", "max"}`.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .fixed(let size): try c.encode(size, forKey: .size)
        case .fill(let min, let max):
            try c.encode(min, forKey: .min)
            try c.encode(max, forKey: .max)
        }
    }
}

/// `{"kind": "none" | "perLine" | "merged", "padding": P, "cornerRadius": R}`.
extension Style.Background: Codable {
    enum CodingKeys: String, CodingKey { case kind, padding, cornerRadius }

    /// Decodes a background; padding and radius default to 0.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decodeIfPresent(String.self, forKey: .kind) ?? "none"
        let padding = try c.decodeIfPresent(Double.self, forKey: .padding) ?? 0
        let radius = try c.decodeIfPresent(Double.self, forKey: .cornerRadius) ?? 0
        switch kind {
        case "none": self = .none
        case "perLine": self = .perLine(padding: padding, cornerRadius: radius)
        case "merged": self = .merged(padding: padding, cornerRadius: radius)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: c, debugDescription: "background kind '\(kind)' is not none, perLine or merged")
        }
    }

    /// Encodes the kind and, unless none, its padding and radius.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .none: try c.encode("none", forKey: .kind)
        case .perLine(let padding, let radius):
            try c.encode("perLine", forKey: .kind)
            try c.encode(padding, forKey: .padding)
            try c.encode(radius, forKey: .cornerRadius)
        case .merged(let padding, let radius):
            try c.encode("merged", forKey: .kind)
            try c.encode(padding, forKey: .padding)
            try c.encode(radius, forKey: .cornerRadius)
        }
    }
}

/// `{"color": "#ff00ff", "radius": 40, "strength": 1.6}`.
extension Style.Glow: Codable {
    enum CodingKeys: String, CodingKey { case color, radius, strength }

    /// Decodes a glow; `strength` defaults to 1.6.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            color: try c.decode(CSSColor.self, forKey: .color).color,
            radius: try c.decode(Double.self, forKey: .radius),
            strength: try c.decodeIfPresent(Double.self, forKey: .strength) ?? 1.6)
    }

    /// Encodes colour (hex), radius and strength.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(color.hex, forKey: .color)
        try c.encode(radius, forKey: .radius)
        try c.encode(strength, forKey: .strength)
    }
}

/// `{"top": "#…", "bottom": "#…"}`; one of them alone makes a flat backdrop.
extension Style.Backdrop: Codable {
    enum CodingKeys: String, CodingKey { case top, bottom }

    /// Decodes a backdrop; a missing end takes the other's colour.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let top = try c.decodeIfPresent(CSSColor.self, forKey: .top)?.color
        let bottom = try c.decodeIfPresent(CSSColor.self, forKey: .bottom)?.color
        guard let any = top ?? bottom else {
            throw DecodingError.dataCorruptedError(forKey: .top, in: c, debugDescription: "a backdrop needs top or bottom")
        }
        self.init(top: top ?? any, bottom: bottom ?? any)
    }

    /// Encodes both ends as hex.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(top.hex, forKey: .top)
        try c.encode(bottom.hex, forKey: .bottom)
    }
}
