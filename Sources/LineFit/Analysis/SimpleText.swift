/// Tests for text that needs no itemizing work per character: ASCII, whose grapheme
/// clusters, scripts and whitespace are known without asking ICU (the fast path of
/// `ParagraphMeasurer.measure` and `Itemizer`).
enum SimpleText {
    /// Whether every unit of `range` is ASCII.
    static func isASCII(_ units: [UInt16], _ range: Range<Int>) -> Bool {
        units.withUnsafeBufferPointer { buffer in
            var bits: UInt16 = 0
            for i in range { bits |= buffer[i] }
            return bits < 0x80
        }
    }

    /// ASCII with no CR directly before an LF: every unit is its own grapheme cluster.
    static func isASCIIWithoutCRLF(_ units: [UInt16], _ range: Range<Int>) -> Bool {
        guard isASCII(units, range) else { return false }
        for i in range.dropLast() where units[i] == 0x0D && units[i + 1] == 0x0A { return false }
        return true
    }

    /// Unicode White_Space among ASCII characters: tab to carriage return, and space.
    @inline(__always)
    static func isASCIIWhitespace(_ unit: UInt16) -> Bool {
        unit == 0x20 || (unit >= 0x09 && unit <= 0x0D)
    }

    @inline(__always)
    static func isASCIILetter(_ unit: UInt16) -> Bool {
        (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7A
    }

    /// Whether every unit of `range` is a Han ideograph of the BMP's two main blocks
    /// (U+3400–U+4DBF, U+4E00–U+9FFF). Each is then a grapheme cluster of its own (no
    /// combining mark or selector is among them) and of line-break class ID, so UAX #14
    /// allows a break between every two of them (LB31): a paragraph of them needs neither
    /// of ICU's passes. Kana are left out: the small ones are class CJ, which ICU resolves
    /// by locale.
    static func isHanIdeographs(_ units: [UInt16], _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        return units.withUnsafeBufferPointer { buffer in
            for i in range {
                let unit = buffer[i]
                guard (unit >= 0x4E00 && unit <= 0x9FFF) || (unit >= 0x3400 && unit <= 0x4DBF) else { return false }
            }
            return true
        }
    }

    /// ICU's code for the Latin script (what `UnicodeProperties.script` gives for "A").
    static let latinScript = UnicodeProperties.script(0x41)
    /// ICU's code for the Han script.
    static let hanScript = UnicodeProperties.script(0x4E00)
}

/// Which ASCII characters a chain's primary font covers, kept for the last primary font
/// (an engine lays out many texts with the same fonts): 128 cmap lookups once instead of
/// one per character. A tab counts as covered when the space is (`TabAdvance`).
struct ASCIICoverage {
    private var font: Font?
    private var covered: (UInt64, UInt64) = (0, 0)

    mutating func coversAll(_ units: ArraySlice<UInt16>, primary: Font) -> Bool {
        if font !== primary {
            covered = (0, 0)
            for unit in 0..<128 {
                let scalar = TabAdvance.coverageScalar(UInt32(unit))
                guard let value = Unicode.Scalar(scalar), primary.covers(value) else { continue }
                if unit < 64 { covered.0 |= 1 << UInt64(unit) } else { covered.1 |= 1 << UInt64(unit - 64) }
            }
            font = primary
        }
        for unit in units {
            let bit = unit < 64 ? covered.0 >> UInt64(unit) : covered.1 >> UInt64(unit - 64)
            if bit & 1 == 0 { return false }
        }
        return true
    }
}
