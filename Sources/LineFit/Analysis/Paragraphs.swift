/// A paragraph: text up to and including a mandatory break (UAX #14 classes BK, CR, LF, NL:
/// `\n`, `\r`, `\r\n`, U+000B, U+000C, U+0085, U+2028, U+2029) or the end of the text.
struct ParagraphRange: Hashable {
    /// The whole paragraph, its terminator included.
    var range: Range<Int>
    /// Where the terminator starts (`range.upperBound` when there is none).
    var contentEnd: Int

    var content: Range<Int> { range.lowerBound..<contentEnd }
    var hasTerminator: Bool { contentEnd < range.upperBound }
}

enum Paragraphs {
    static func isMandatoryBreak(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x000A, 0x000B, 0x000C, 0x000D, 0x0085, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// Splits UTF-16 text into paragraphs; the ranges tile the text.
    static func split(_ text: [UInt16]) -> [ParagraphRange] {
        var paragraphs: [ParagraphRange] = []
        var start = 0
        var i = 0
        while i < text.count {
            let unit = text[i]
            if isMandatoryBreak(unit) {
                var end = i + 1
                if unit == 0x000D, end < text.count, text[end] == 0x000A { end += 1 }
                paragraphs.append(ParagraphRange(range: start..<end, contentEnd: i))
                start = end
                i = end
            } else {
                i += 1
            }
        }
        if start < text.count {
            paragraphs.append(ParagraphRange(range: start..<text.count, contentEnd: text.count))
        }
        return paragraphs
    }
}

/// Decoding code points out of UTF-16, with lone surrogates read as U+FFFD (they stay in the
/// text and its ranges; only their properties are those of the replacement character).
enum UTF16Scalars {
    static let replacement: UInt32 = 0xFFFD

    /// The code point starting at `index` and how many units it takes.
    @inline(__always)
    static func decode(_ text: [UInt16], at index: Int, limit: Int) -> (UInt32, Int) {
        let unit = text[index]
        if unit & 0xFC00 == 0xD800, index + 1 < limit, text[index + 1] & 0xFC00 == 0xDC00 {
            let high = UInt32(unit - 0xD800), low = UInt32(text[index + 1] - 0xDC00)
            return (0x10000 + (high << 10) + low, 2)
        }
        if unit & 0xF800 == 0xD800 { return (replacement, 1) }
        return (UInt32(unit), 1)
    }
}
