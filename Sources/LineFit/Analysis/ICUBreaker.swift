import CICU

/// Owns one ICU break iterator. Opening one loads rules (and, for line breaks, the
/// Thai/Lao/Khmer/Burmese dictionaries on first use), so a `LayoutEngine` opens each kind
/// once and reuses it. Not thread-safe: it belongs to its engine's thread.
final class ICUBreaker {
    private let iterator: UnsafeMutableRawPointer
    private let kind: LFICUBreakKind
    private var positions: [Int32] = []
    private var hardFlags: [UInt8] = []

    init(kind: LFICUBreakKind, locale: String = "") throws {
        var error: Int32 = 0
        guard let it = lficu_breaker_open(kind, locale, &error) else {
            throw LineFitError.library(name: "ubrk_open", code: error)
        }
        iterator = it
        self.kind = kind
    }

    deinit { lficu_breaker_close(iterator) }

    /// Calls `body` with every boundary after the start of `text[range]` (offsets relative to
    /// the range start, the end included) and whether it is a mandatory break.
    func boundaries(in text: [UInt16], range: Range<Int>, _ body: (Int, Bool) -> Void) {
        guard !range.isEmpty else { return }
        let count = range.count
        if positions.count < count + 1 {
            // Grow geometrically: an editor asks for a slightly longer text on every keystroke.
            let capacity = max(count + 1, positions.count * 2, 64)
            positions = Array(repeating: 0, count: capacity)
            hardFlags = Array(repeating: 0, count: capacity)
        }
        let found: Int32 = text.withUnsafeBufferPointer { buffer in
            let start = buffer.baseAddress! + range.lowerBound
            guard lficu_breaker_set_text(iterator, start, Int32(count)) <= 0 else { return -1 }
            return positions.withUnsafeMutableBufferPointer { pos in
                hardFlags.withUnsafeMutableBufferPointer { hard in
                    lficu_breaker_boundaries(
                        iterator, pos.baseAddress!, kind == LFICU_BREAK_LINE ? hard.baseAddress! : nil,
                        Int32(pos.count))
                }
            }
        }
        guard found >= 0 else {
            // ICU refused the text (it never does for valid UTF-16 buffers); treat the whole
            // range as one unbreakable piece rather than lose it.
            body(count, false)
            return
        }
        for i in 0..<Int(found) {
            body(Int(positions[i]), kind == LFICU_BREAK_LINE && hardFlags[i] != 0)
        }
    }
}

/// Owns one reusable ICU bidi object.
final class BidiResolver {
    private let bidi: UnsafeMutableRawPointer

    init() throws {
        guard let b = lficu_bidi_open() else { throw LineFitError.library(name: "ubidi_open", code: -1) }
        bidi = b
    }

    deinit { lficu_bidi_close(bidi) }

    /// Resolves UAX #9 levels for one paragraph into `levels` (one per UTF-16 unit of `range`)
    /// and returns the paragraph level.
    func resolve(
        _ text: [UInt16], range: Range<Int>, direction: LayoutOptions.BaseDirection, into levels: inout [UInt8]
    ) -> UInt8 {
        let requested: UInt8
        switch direction {
        case .auto: requested = 0xFE  // UBIDI_DEFAULT_LTR
        case .leftToRight: requested = 0
        case .rightToLeft: requested = 1
        }
        levels.removeAll(keepingCapacity: true)
        levels.append(contentsOf: repeatElement(requested == 1 ? 1 : 0, count: range.count))
        guard !range.isEmpty else { return requested == 1 ? 1 : 0 }
        // Without right-to-left letters, Arabic digits or bidi controls, every character of a
        // left-to-right paragraph resolves to level 0 (UAX #9: no R, AL or AN to raise it), so
        // ICU need not run; most stories are such text, and an editor asks on every keystroke.
        if requested != 1, !Self.mayRaiseLevels(text, range) { return 0 }
        return runICU(text, range: range, requested: requested, into: &levels)
    }

    /// ICU's levels without the shortcut, for tests that check the shortcut against ICU.
    func resolveWithICU(_ text: [UInt16], direction: LayoutOptions.BaseDirection, into levels: inout [UInt8]) -> UInt8 {
        levels = Array(repeating: 0, count: text.count)
        return runICU(text, range: 0..<text.count, requested: direction == .rightToLeft ? 1 : (direction == .leftToRight ? 0 : 0xFE), into: &levels)
    }

    private func runICU(_ text: [UInt16], range: Range<Int>, requested: UInt8, into levels: inout [UInt8]) -> UInt8 {
        var resolved: UInt8 = 0
        let status = text.withUnsafeBufferPointer { buffer in
            levels.withUnsafeMutableBufferPointer { out in
                lficu_bidi_levels(
                    bidi, buffer.baseAddress! + range.lowerBound, Int32(range.count), requested,
                    out.baseAddress!, &resolved)
            }
        }
        // On failure every unit keeps the requested base level: text stays in logical order.
        return status > 0 ? (requested == 1 ? 1 : 0) : resolved
    }

    /// Whether `text[range]` has a character whose bidi class can give it or its neighbours a
    /// level above 0: right-to-left scripts (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
    /// Mandaic and their presentation forms; the supplementary right-to-left blocks), Arabic
    /// digits, and the explicit marks and embeddings (ALM, RLM, RLE, RLO, RLI, and LRE, LRO,
    /// LRI, FSI, which raise levels too).
    static func mayRaiseLevels(_ text: [UInt16], _ range: Range<Int>) -> Bool {
        text.withUnsafeBufferPointer { units in
            for index in range {
                let unit = units[index]
                // Everything below Hebrew is left-to-right or neutral: the common case, first.
                if unit < 0x0590 { continue }
                if isRightToLeftOrControl(unit) { return true }
            }
            return false
        }
    }

    private static func isRightToLeftOrControl(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x061C, 0x200F,
             0x202A...0x202E, 0x2066...0x2069:
            return true
        // High surrogates of U+10800–U+10FFF and U+1E800–U+1EFFF (right-to-left blocks).
        case 0xD802, 0xD803, 0xD83A, 0xD83B:
            return true
        default:
            return false
        }
    }
}
