import Foundation

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
        guard let language else { return self }
        let subtags = language.lowercased().split(separator: "-").map(String.init)
        guard let primaryTag = subtags.first, ["ko", "ja", "zh"].contains(primaryTag) else { return self }
        let marker = FontChain.familyMarker(primaryTag: primaryTag, subtags: subtags)
        // A CJK collection (Noto Sans CJK's .ttc) holds a face per language: use the one the
        // language names, unless the caller chose a face with FILE#N.
        var fonts = self.fonts
        if fonts.contains(where: { $0.faceCount > 1 }) {
            fonts = fonts.map { $0.faceCount > 1 ? CollectionFaces.shared.face(of: $0, marker: marker) : $0 }
        }
        let slots = fonts.indices.dropFirst().filter { FontChain.isCJK(fonts[$0]) }
        guard slots.count > 1 else { return FontChain(fonts[0], fallbacks: Array(fonts.dropFirst())) }
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

    /// Whether `prioritized(forLanguage:)` can change a chain for `language`: only for
    /// Chinese, Japanese and Korean.
    static func mayReorder(forLanguage language: String) -> Bool {
        // Byte by byte: every layout asks, and a lowercased String cost ~700 instructions.
        var bytes = language.utf8.makeIterator()
        guard let first = bytes.next(), let second = bytes.next() else { return false }
        if let third = bytes.next(), third != UInt8(ascii: "-") { return false }
        // ASCII case folding; no other byte folds onto these letters.
        let tag = (first | 0x20, second | 0x20)
        return tag == (UInt8(ascii: "k"), UInt8(ascii: "o")) || tag == (UInt8(ascii: "j"), UInt8(ascii: "a"))
            || tag == (UInt8(ascii: "z"), UInt8(ascii: "h"))
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
}

/// The faces of collections, loaded once per process, by the language each one names.
final class CollectionFaces: @unchecked Sendable {
    static let shared = CollectionFaces()
    private let lock = NSLock()
    private var chosen: [String: Font] = [:]

    /// The face of `font`'s collection whose family ends in `marker` (`KR`, `JP`, ...), or
    /// `font` itself when it was chosen by `FILE#N`, cannot be reopened, or no face matches.
    func face(of font: Font, marker: String) -> Font {
        if font.familyName.uppercased().hasSuffix(" " + marker) { return font }
        if font.name.range(of: "#[0-9]+$", options: .regularExpression) != nil { return font }
        let key = "\(font.name)\u{0}\(marker)"
        lock.lock()
        defer { lock.unlock() }
        if let known = chosen[key] { return known }
        var result = font
        if let location = try? FontLocator.locate(font.name) {
            for index in 0..<font.faceCount where index != font.faceIndex {
                guard let face = try? Font(path: location.path, faceIndex: index, name: "\(font.name)#\(index)") else { continue }
                if face.familyName.uppercased().hasSuffix(" " + marker) {
                    result = face
                    break
                }
            }
        }
        chosen[key] = result
        return result
    }
}
