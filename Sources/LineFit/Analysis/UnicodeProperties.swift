import CICU

/// The Unicode properties the itemizer and breaker ask about, from ICU's data so that they
/// agree with ICU's break iterators.
enum UnicodeProperties {
    static func isWhitespace(_ scalar: UInt32) -> Bool {
        lficu_has_property(scalar, LFICU_PROP_WHITE_SPACE) != 0
    }

    static func isDefaultIgnorable(_ scalar: UInt32) -> Bool {
        lficu_has_property(scalar, LFICU_PROP_DEFAULT_IGNORABLE) != 0
    }

    /// Whether a grapheme cluster should be drawn as an emoji (with the colour font):
    /// an emoji-presentation character, an emoji followed by VS16, a ZWJ sequence, a
    /// skin-tone modifier sequence, a flag (regional indicator pair) or a keycap.
    static func isEmojiCluster(_ scalars: ArraySlice<UInt32>) -> Bool {
        guard let first = scalars.first else { return false }
        let variationSelector16: UInt32 = 0xFE0F
        let variationSelector15: UInt32 = 0xFE0E
        let keycap: UInt32 = 0x20E3
        let zeroWidthJoiner: UInt32 = 0x200D
        if scalars.contains(variationSelector15) { return false }
        if lficu_has_property(first, LFICU_PROP_REGIONAL_INDICATOR) != 0 { return true }
        if scalars.contains(keycap) || scalars.contains(variationSelector16) { return true }
        if lficu_has_property(first, LFICU_PROP_EMOJI_PRESENTATION) != 0 { return true }
        let pictographic = lficu_has_property(first, LFICU_PROP_EXTENDED_PICTOGRAPHIC) != 0
        if pictographic && scalars.contains(zeroWidthJoiner) { return true }
        if scalars.dropFirst().contains(where: { lficu_has_property($0, LFICU_PROP_EMOJI_MODIFIER) != 0 }) {
            return lficu_has_property(first, LFICU_PROP_EMOJI_MODIFIER_BASE) != 0
        }
        return false
    }

    /// The ICU script of a code point (0 Common, 1 Inherited).
    static func script(_ scalar: UInt32) -> Int32 { lficu_script(scalar) }

    /// U+231A WATCH, the lowest code point with Emoji_Presentation; nothing below it can start
    /// an emoji cluster on its own.
    static let firstEmojiPresentation: UInt16 = 0x231A

    /// Whether a grapheme cluster of this one BMP unit is settled by one cmap lookup per
    /// font (`FontSelection.font(forSimple:)`) instead of the emoji and fallback rules: below
    /// U+231A (nothing there can start an emoji), and, for CJK text, from the CJK radicals up
    /// to the surrogates (Han, kana, Hangul, CJK punctuation) and the fullwidth forms, which
    /// hold no Emoji_Presentation character (U+231A–U+2B55 holds all of the BMP's) and no
    /// default-ignorable one (which the slow path counts as covered) but the two Hangul
    /// fillers. A test checks these ranges against ICU's properties.
    @inline(__always)
    static func isSimpleCluster(_ unit: UInt16) -> Bool {
        if unit < firstEmojiPresentation { return true }
        if unit >= 0x2E80 && unit < 0xD800 { return unit != 0x3164 }
        return unit >= 0xFF00 && unit <= 0xFFEF && unit != 0xFFA0
    }

    static let commonScript: Int32 = 0
    static let inheritedScript: Int32 = 1

    /// The ISO 15924 tag of an ICU script code.
    static func scriptTag(_ script: Int32) -> String {
        if script >= 0, Int(script) < scriptTags.count { return scriptTags[Int(script)] }
        return icuScriptTag(script)
    }

    /// The tags of the first 256 ICU script codes (all of them today), made once: every glyph
    /// run of every fitted line names its script, and asking ICU and making a String each
    /// time was about 500 instructions a run.
    private static let scriptTags: [String] = (0..<256).map { icuScriptTag(Int32($0)) }

    private static func icuScriptTag(_ script: Int32) -> String {
        guard let tag = lficu_script_tag(script) else { return "Zyyy" }
        return String(cString: tag)
    }
}
