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
}
