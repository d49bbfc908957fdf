/// The language a text is shaped in when the caller gives none: chosen from the text's
/// scripts, never from the process locale, so a layout is the same on every machine.
///
/// Han characters are shared by Chinese, Japanese and Korean, and each writes some of them
/// differently (OpenType `locl`, and a face per language in CJK collections). The other
/// scripts of the text tell which: Hangul anywhere → Korean (`ko`); else kana anywhere →
/// Japanese (`ja`); else Han → Simplified Chinese (`zh-Hans`). Text without any of them
/// gets no language (HarfBuzz's language-neutral shaping).
enum ScriptLanguage {
    /// The language of `units` by the rule above.
    static func language(of units: some Sequence<UInt16>) -> String? {
        var hasKana = false
        var hasHan = false
        for unit in units where unit >= 0x1100 {
            switch classify(unit) {
            case .hangul: return "ko"
            case .kana: hasKana = true
            case .han: hasHan = true
            case .other: break
            }
        }
        return hasKana ? "ja" : hasHan ? "zh-Hans" : nil
    }

    /// Whether units added to or removed from a text can change its language (so an editor
    /// only looks at the whole text again when they do).
    static func canChangeLanguage(_ units: some Sequence<UInt16>) -> Bool {
        units.contains { $0 >= 0x1100 && classify($0) != .other }
    }

    private enum Kind { case hangul, kana, han, other }

    private static func classify(_ unit: UInt16) -> Kind {
        switch unit {
        case 0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7FF: .hangul
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: .kana
        // Han: Extension A, the URO, compatibility ideographs, and the lead surrogates of
        // planes 2 and 3 (Extensions B onwards).
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xD840...0xD8BF: .han
        default: .other
        }
    }
}
