import CHarfBuzz

/// One axis of a variable font, as its `fvar` table declares it (design coordinates).
public struct VariationAxis: Hashable, Sendable {
    /// The four-letter axis tag, such as `wght`, `wdth` or `opsz`.
    public var tag: String
    /// The smallest value the axis takes.
    public var minValue: Double
    /// The value of the default instance (what a static rendering of the font shows).
    public var defaultValue: Double
    /// The largest value the axis takes.
    public var maxValue: Double

    /// `value` brought into the axis range (a value outside it is clamped, as CSS and
    /// HarfBuzz do).
    public func clamped(_ value: Double) -> Double {
        min(max(value, minValue), maxValue)
    }
}

/// A named instance of a variable font (`fvar`), such as "Bold" or "Condensed Black".
public struct NamedInstance: Hashable, Sendable {
    /// The instance's subfamily name from the `name` table.
    public var name: String
    /// A value for every axis of the font, in `fvar` order.
    public var coordinates: [FontVariation]
}

/// Axis values to shape and draw at: one value per tag, sorted by tag, so that two equal
/// settings compare and hash equal (the shaping cache keys on them). Tags a font does not
/// have are ignored by that font; values outside its range are clamped by it.
struct VariationSettings: Hashable, Sendable {
    private(set) var values: [FontVariation] = []

    /// No axis set: every font at its default instance.
    static let none = VariationSettings()

    init(_ values: [FontVariation] = []) {
        for value in values { self[value.tag] = value.value }
    }

    var isEmpty: Bool { values.isEmpty }

    subscript(tag: String) -> Double? {
        get { values.first { $0.tag == tag }?.value }
        set {
            values.removeAll { $0.tag == tag }
            if let newValue {
                values.append(FontVariation(tag, newValue))
                values.sort { $0.tag < $1.tag }
            }
        }
    }

    /// These settings with `tag` set to `value` (or removed when nil).
    func setting(_ tag: String, _ value: Double?) -> VariationSettings {
        var copy = self
        copy[tag] = value
        return copy
    }
}

extension Font {
    /// Whether the font has an `fvar` table with at least one axis.
    public var isVariable: Bool { !variationAxes.isEmpty }

    /// The axis with `tag`, if the font has it.
    public func axis(_ tag: String) -> VariationAxis? {
        variationAxes.first { $0.tag == tag }
    }

    /// The named instance called `name` (case-insensitive, spaces ignored: "ExtraBold" and
    /// "extra bold" both name the same instance).
    public func namedInstance(_ name: String) -> NamedInstance? {
        func key(_ text: String) -> String { text.lowercased().filter { !$0.isWhitespace } }
        let wanted = key(name)
        return namedInstances.first { key($0.name) == wanted }
    }

    /// The settings this font actually applies: only its own axes, clamped to their ranges;
    /// none at all for a font that is not variable (so its shapes are shared by every
    /// setting, in the shaping cache too).
    func effectiveVariations(_ settings: VariationSettings) -> VariationSettings {
        guard isVariable, !settings.isEmpty else { return .none }
        var result = VariationSettings()
        for axis in variationAxes {
            if let value = settings[axis.tag] { result[axis.tag] = axis.clamped(value) }
        }
        return result
    }

    /// FreeType design coordinates (16.16) for every axis in `fvar` order: the setting's
    /// value where there is one (clamped), the axis default elsewhere.
    func designCoordinates(_ settings: VariationSettings) -> [FT_Fixed] {
        variationAxes.map { axis in
            FixedPoint.f16Dot16(axis.clamped(settings[axis.tag] ?? axis.defaultValue))
        }
    }
}

/// Reading `fvar` through HarfBuzz's OpenType API (thread-safe, no FreeType face needed).
enum FontVariationTable {
    static func axes(_ face: OpaquePointer?) -> [VariationAxis] {
        var count = hb_ot_var_get_axis_count(face)
        guard count > 0 else { return [] }
        var infos = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: Int(count))
        _ = hb_ot_var_get_axis_infos(face, 0, &count, &infos)
        return infos.prefix(Int(count)).map { info in
            VariationAxis(
                tag: tagString(info.tag), minValue: Double(info.min_value), defaultValue: Double(info.default_value),
                maxValue: Double(info.max_value))
        }
    }

    static func namedInstances(_ face: OpaquePointer?, axes: [VariationAxis]) -> [NamedInstance] {
        let count = hb_ot_var_get_named_instance_count(face)
        guard count > 0, !axes.isEmpty else { return [] }
        return (0..<count).compactMap { index in
            let nameID = hb_ot_var_named_instance_get_subfamily_name_id(face, index)
            var length: UInt32 = 128
            var buffer = [CChar](repeating: 0, count: Int(length))
            _ = hb_ot_name_get_utf8(face, nameID, hb_language_from_string("en", -1), &length, &buffer)
            let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            var coordinateCount = UInt32(axes.count)
            var coordinates = [Float](repeating: 0, count: axes.count)
            _ = hb_ot_var_named_instance_get_design_coords(face, index, &coordinateCount, &coordinates)
            guard !name.isEmpty else { return nil }
            return NamedInstance(
                name: name,
                coordinates: zip(axes, coordinates).map { FontVariation($0.tag, Double($1)) })
        }
    }

    static func tagString(_ tag: hb_tag_t) -> String {
        let bytes = [24, 16, 8, 0].map { UInt8((tag >> UInt32($0)) & 0xFF) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Sets the axis values on the design-unit HarfBuzz font and lets hb-ft push them to the
    /// FreeType face (`FT_Set_Var_Blend_Coordinates` with HarfBuzz's normalized coordinates,
    /// avar applied once). This is the path `hb-shape --font-funcs=ft --variations=…` takes,
    /// so advances agree with it to the bit, and the outlines read from the same face are
    /// the shaped instance's. Every axis is given a value, its default where the settings
    /// have none: with no values at all HarfBuzz drops its coordinates without telling the
    /// FreeType face, which would keep the previous instance.
    static func apply(_ settings: VariationSettings, axes: [VariationAxis], tags: [hb_tag_t], hbFont: OpaquePointer) {
        // Runs once per probe of an optical-size or width-axis search: the tags are packed
        // once per font (`FontFace.variationTags`), not per call.
        let variations = zip(axes, tags).map { axis, tag in
            hb_variation_t(tag: tag, value: Float(axis.clamped(settings[axis.tag] ?? axis.defaultValue)))
        }
        hb_font_set_variations(hbFont, variations, UInt32(variations.count))
        _ = hb_ft_hb_font_changed(hbFont)
    }

    /// An OpenType tag as HarfBuzz packs it: four bytes, big-endian, padded with spaces.
    static func packedTag(_ tag: String) -> hb_tag_t {
        var packed: hb_tag_t = 0
        var count = 0
        for byte in tag.utf8.prefix(4) {
            packed = packed << 8 | hb_tag_t(byte)
            count += 1
        }
        for _ in count..<4 { packed = packed << 8 | 0x20 }
        return packed
    }

    /// The hinted face has no long-lived HarfBuzz font (one is made per use, and reads the
    /// face's coordinates when it is made), so its coordinates are set on FreeType directly.
    static func apply(_ coordinates: [FT_Fixed], face: FT_Face) {
        var values = coordinates
        _ = FT_Set_Var_Design_Coordinates(face, FT_UInt(values.count), &values)
    }
}
