extension FontChain {
    /// The chain with its CJK fallbacks reordered for `language`, the primary font and every
    /// other fallback kept in place.
    ///
    /// Characters such as Han ideographs and CJK punctuation are covered by fonts made for
    /// different languages, each drawing them in its own way; the first covering font wins,
    /// so the language decides which comes first: a font whose family names the language
    /// (`… KR`, `… JP`, `… SC`, `… TC`, `… HK`) before one that does not, and for Korean a
    /// font with Hangul before one without (for Chinese and Japanese, the reverse).
    public func prioritized(forLanguage language: String?) -> FontChain {
        guard let language, fonts.count > 2 else { return self }
        let subtags = language.lowercased().split(separator: "-").map(String.init)
        guard let primaryTag = subtags.first, ["ko", "ja", "zh"].contains(primaryTag) else { return self }
        let slots = fonts.indices.dropFirst().filter { FontChain.isCJK(fonts[$0]) }
        guard slots.count > 1 else { return self }
        let marker = FontChain.familyMarker(primaryTag: primaryTag, subtags: subtags)
        func score(_ font: Font) -> Int {
            let family = font.familyName.uppercased()
            let namesLanguage = family.hasSuffix(" " + marker) ? 2 : 0
            let hasHangul = font.covers("\u{AC00}")
            return namesLanguage + (hasHangul == (primaryTag == "ko") ? 1 : 0)
        }
        // A stable sort by score: equal fonts keep the caller's order.
        let ordered = slots.map { fonts[$0] }.enumerated()
            .sorted { a, b in
                let sa = score(a.element), sb = score(b.element)
                return sa != sb ? sa > sb : a.offset < b.offset
            }
            .map(\.element)
        var reordered = fonts
        for (slot, font) in zip(slots, ordered) { reordered[slot] = font }
        return FontChain(reordered[0], fallbacks: Array(reordered.dropFirst()))
    }

    /// A font for CJK text: it has Han, kana or Hangul.
    static func isCJK(_ font: Font) -> Bool {
        font.covers("\u{4E00}") || font.covers("\u{3042}") || font.covers("\u{AC00}")
    }

    /// The suffix Noto and Source Han families use for a language: KR, JP, SC, TC or HK.
    static func familyMarker(primaryTag: String, subtags: [String]) -> String {
        switch primaryTag {
        case "ko": return "KR"
        case "ja": return "JP"
        default:
            if subtags.contains("hk") { return "HK" }
            if subtags.contains("hant") || subtags.contains("tw") || subtags.contains("mo") { return "TC" }
            return "SC"
        }
    }

    /// The chain and options a layout of `units` is made with: the caller's language, or
    /// the one the text's scripts give (`ScriptLanguage`), and the chain ordered for it.
    static func forLayout(_ units: [UInt16], fonts: FontChain, options: LayoutOptions) -> (FontChain, LayoutOptions) {
        var options = options
        if options.language == nil || options.language?.isEmpty == true {
            options.language = ScriptLanguage.language(of: units)
        }
        return (fonts.prioritized(forLanguage: options.language), options)
    }
}
