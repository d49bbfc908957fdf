import CICU

/// A change a style makes to the text before layout, such as uppercasing.
public enum TextTransform: String, Hashable, Sendable, Codable, CaseIterable {
    /// The text as it is.
    case none
    /// Full Unicode uppercasing through ICU (`u_strToUpper`): "ß" becomes "SS", so the text
    /// can grow, which is why a transformed layout maps its offsets back (`TransformedText`).
    case uppercase

    /// The transformed text with its offset map. `locale` is a BCP 47 tag ("tr" uppercases
    /// "i" to "İ"); nil or "" uses the root locale's rules.
    public func apply(to text: String, locale: String? = nil) -> TransformedText {
        switch self {
        case .none:
            return TransformedText(identity: text)
        case .uppercase:
            return TransformedText(text, locale: locale ?? "") { unit, locale in
                TextTransform.uppercase(unit, locale: locale)
            }
        }
    }

    private static func uppercase(_ units: [UInt16], locale: String) -> [UInt16] {
        // Full case mapping grows a string at most threefold (SpecialCasing.txt).
        var output = [UInt16](repeating: 0, count: units.count * 3 + 4)
        let count = units.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { dest in
                lficu_to_upper(source.baseAddress, Int32(source.count), locale, dest.baseAddress, Int32(dest.count))
            }
        }
        // On an ICU error or a surprise overflow keep the cluster unchanged: never drop text.
        guard count >= 0, Int(count) <= output.count else { return units }
        return Array(output.prefix(Int(count)))
    }
}

/// A text after a transform, and the map from its UTF-16 offsets back to the original's.
///
/// The transform runs on each grapheme cluster (UAX #29) on its own, so every cluster of the
/// result comes from exactly one cluster of the original. `originalOffset(_:)` sends an
/// offset inside an expanded cluster (between the two S of "SS" from "ß") to that cluster's
/// start. The map is monotone, so ranges that tile the transformed text still tile the
/// original, and a glyph of the expansion points at the character it came from.
public struct TransformedText: Hashable, Sendable {
    /// The text as given.
    public let original: String
    /// The text after the transform, which is what gets laid out.
    public let transformed: String
    /// `map[t]` is the original offset for transformed offset `t`, for t in 0...count.
    private let map: [Int]

    init(identity text: String) {
        original = text
        transformed = text
        map = []
    }

    init(_ text: String, locale: String, transform: ([UInt16], String) -> [UInt16]) {
        original = text
        var units: [UInt16] = []
        var offsets: [Int] = []
        var originalOffset = 0
        for character in text {
            let source = Array(character.utf16)
            let result = transform(source, locale)
            units.append(contentsOf: result)
            offsets.append(contentsOf: repeatElement(originalOffset, count: result.count))
            originalOffset += source.count
        }
        offsets.append(originalOffset)
        transformed = String(decoding: units, as: UTF16.self)
        map = offsets
    }

    /// Whether the transform changed nothing (offsets are the same in both texts).
    public var isIdentity: Bool { map.isEmpty }

    /// The original UTF-16 offset of a transformed one.
    public func originalOffset(_ offset: Int) -> Int {
        guard !map.isEmpty else { return offset }
        return map[min(max(0, offset), map.count - 1)]
    }

    /// Re-indexes a layout of `transformed` so that its text is `original` and every range
    /// and glyph cluster is an offset of the original.
    public func mapBack(_ layout: Layout) -> Layout {
        guard !isIdentity else { return layout }
        var mapped = layout
        mapped.text = original
        mapped.lines = LineList(layout.lines.map { line in
            var line = line
            line.start = originalOffset(line.start)
            line.end = originalOffset(line.end)
            line.contentEnd = originalOffset(line.contentEnd)
            line.runs = line.runs.map { run in
                var run = run
                run.start = originalOffset(run.start)
                run.end = originalOffset(run.end)
                run.glyphs = run.glyphs.map { glyph in
                    var glyph = glyph
                    glyph.cluster = originalOffset(glyph.cluster)
                    return glyph
                }
                return run
            }
            return line
        })
        mapped.missing = layout.missing.map {
            MissingCharacters(start: originalOffset($0.start), end: originalOffset($0.end), codePoints: $0.codePoints)
        }
        mapped.limitingRange = layout.limitingRange.map { originalOffset($0.lowerBound)..<originalOffset($0.upperBound) }
        return mapped
    }
}
