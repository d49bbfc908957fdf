import CHarfBuzz

/// A glyph as HarfBuzz placed it. Positions are in em (design units / unitsPerEm) when shaped
/// for the linear width mode, so multiplying by a size gives points.
public struct ShapedGlyph: Hashable, Sendable {
    /// The glyph id in its font.
    public var id: UInt32
    /// UTF-16 offset in the whole text of the first character of the glyph's cluster.
    public var cluster: Int
    /// How far the pen moves after the glyph.
    public var advance: Double
    /// HarfBuzz's horizontal offset from the pen position.
    public var xOffset: Double
    /// HarfBuzz's vertical offset, y up.
    public var yOffset: Double
    /// HarfBuzz's HB_GLYPH_FLAG_UNSAFE_TO_BREAK: breaking the text before this glyph's cluster
    /// and shaping the two sides separately would not reproduce these glyphs.
    public var unsafeToBreak: Bool
}

/// What one HarfBuzz call needs besides the text.
struct ShapingStyle {
    var isRightToLeft: Bool
    var script: Int32
    var language: hb_language_t?
    var features: [hb_feature_t]
    /// Axis values for variable fonts; a static font ignores them.
    var variations = VariationSettings.none
}

/// Owns one reusable HarfBuzz buffer. Not thread-safe: it belongs to its engine.
final class HarfBuzzShaper {
    private let buffer: OpaquePointer
    private var scriptCache: [Int32: hb_script_t] = [:]
    /// UTF-16 units handed to `hb_shape` so far (the items, not their context): the measure
    /// of shaping work that the scaling tests hold linear in the text's length.
    private(set) var shapedUnits = 0

    init() {
        buffer = hb_buffer_create()
    }

    deinit { hb_buffer_destroy(buffer) }

    /// Shapes `text[item]` with `text[context]` around it as pre- and post-context (so that
    /// joining and contextual forms see their neighbours), in the font's design units.
    func shape(
        _ text: [UInt16], item: Range<Int>, context: Range<Int>, font: Font, style: ShapingStyle,
        into glyphs: inout [ShapedGlyph]
    ) {
        var key: ShapingCache.Key?
        if let cache, !item.isEmpty {
            // Only the context HarfBuzz can see belongs in the key.
            let from = max(context.lowerBound, item.lowerBound - ShapingCache.contextUnits)
            let to = min(context.upperBound, item.upperBound + ShapingCache.contextUnits)
            let candidate = ShapingCache.Key(
                units: Array(text[from..<to]), itemStart: item.lowerBound - from, itemEnd: item.upperBound - from,
                font: font, isRightToLeft: style.isRightToLeft, script: style.script,
                language: style.language.map { UInt(bitPattern: $0) } ?? 0,
                features: style.features.map { ShapingCache.FeatureKey(tag: $0.tag, value: $0.value) },
                variations: font.effectiveVariations(style.variations))
            if let cached = cache.lookup(candidate) {
                glyphs.removeAll(keepingCapacity: true)
                glyphs.append(contentsOf: cached.lazy.map { $0.shifted(by: item.lowerBound) })
                return
            }
            key = candidate
        }
        let scale = 1.0 / Double(font.unitsPerEm * 64)
        // Read before the font's lock is taken (it may open the font).
        let isVariable = font.isVariable
        if isVariable {
            font.withDesignFontAndAdvances(style.variations) { hbFont, advances in
                RepeatedAdvances.withFont(over: hbFont, advances: advances) { memoized in
                    run(text, item: item, context: context, hbFont: memoized, style: style, scale: scale, into: &glyphs)
                }
            }
        } else {
            font.withDesignFont(style.variations) { hbFont in
                run(text, item: item, context: context, hbFont: hbFont, style: style, scale: scale, into: &glyphs)
            }
        }
        if let key, let cache {
            cache.insert(key, glyphs.map { $0.shifted(by: -item.lowerBound) })
        }
    }

    /// Shaped runs kept for reuse; nil shapes every run afresh.
    var cache: ShapingCache?

    /// Shapes with FreeType hinting at `size` points; positions come out in points.
    /// Returns false when the font cannot be hinted (bitmap-only faces).
    func shapeHinted(
        _ text: [UInt16], item: Range<Int>, context: Range<Int>, font: Font, size: Double,
        style: ShapingStyle, into glyphs: inout [ShapedGlyph]
    ) -> Bool {
        let body = { (hbFont: OpaquePointer?) -> Bool in
            guard let hbFont else { return false }
            self.run(text, item: item, context: context, hbFont: hbFont, style: style, scale: 1.0 / 64, into: &glyphs)
            return true
        }
        if font.isVariable, !style.variations.isEmpty {
            return font.withVariedHintedFont(size: size, variations: style.variations, body)
        }
        return uncachedHinting ? font.withUncachedHintedFont(size: size, body) : font.withHintedFont(size: size, body)
    }

    /// Tests: shape hinted through a new HarfBuzz font per call (`Font.withUncachedHintedFont`).
    var uncachedHinting = false

    private func run(
        _ text: [UInt16], item: Range<Int>, context: Range<Int>, hbFont: OpaquePointer,
        style: ShapingStyle, scale: Double, into glyphs: inout [ShapedGlyph]
    ) {
        glyphs.removeAll(keepingCapacity: true)
        guard !item.isEmpty else { return }
        shapedUnits += item.count
        hb_buffer_clear_contents(buffer)
        text.withUnsafeBufferPointer { units in
            hb_buffer_add_utf16(
                buffer, units.baseAddress! + context.lowerBound, Int32(context.count),
                UInt32(item.lowerBound - context.lowerBound), Int32(item.count))
        }
        hb_buffer_set_direction(buffer, style.isRightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, hbScript(style.script))
        if let language = style.language { hb_buffer_set_language(buffer, language) }
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES)
        style.features.withUnsafeBufferPointer { features in
            hb_shape(hbFont, buffer, features.baseAddress, UInt32(features.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count),
              let positions = hb_buffer_get_glyph_positions(buffer, &count) else { return }
        glyphs.reserveCapacity(Int(count))
        let unsafeFlag = UInt32(HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue)
        for i in 0..<Int(count) {
            let info = infos[i]
            let position = positions[i]
            var id = info.codepoint
            var advance = Double(position.x_advance) * scale
            if id == 0, text[context.lowerBound + Int(info.cluster)] == TabAdvance.tab,
               let spaceGlyph = TabAdvance.spaceGlyph(hbFont, scale: scale) {
                (id, advance) = spaceGlyph
            }
            glyphs.append(ShapedGlyph(
                id: id,
                cluster: context.lowerBound + Int(info.cluster),
                advance: advance,
                xOffset: Double(position.x_offset) * scale,
                yOffset: Double(position.y_offset) * scale,
                unsafeToBreak: (hb_glyph_info_get_glyph_flags(&infos[i]).rawValue & unsafeFlag) != 0))
        }
    }

    private func hbScript(_ script: Int32) -> hb_script_t {
        if let cached = scriptCache[script] { return cached }
        let tag = UnicodeProperties.scriptTag(script)
        let value = hb_script_from_string(tag, -1)
        scriptCache[script] = value
        return value
    }

    /// HarfBuzz feature records for the options' features.
    static func features(_ features: [FontFeature]) -> [hb_feature_t] {
        features.map { feature in
            hb_feature_t(
                tag: hb_tag_from_string(feature.tag, Int32(feature.tag.utf8.count)),
                value: feature.value, start: 0, end: UInt32.max)
        }
    }

    /// No tag means no language: never HarfBuzz's default, which comes from the locale.
    static func language(_ tag: String?) -> hb_language_t? {
        guard let tag, !tag.isEmpty else { return nil }
        return hb_language_from_string(tag, -1)
    }
}
