/// Pairs of glyphs whose `GPOS` delta set (`PositioningVariations.pairItem`) was read, kept
/// with a `ReadvancedSweep.Reading`: a text's lines form a few hundred distinct pairs again
/// and again, and each lookup searches the pair tables (a hundred-odd instructions) where a
/// remembered one is a probe. Open addressing: the table is made at the first pair
/// remembered, small (512 slots, 6 KB: a layout of a 280-unit story meets ~150 pairs), and
/// doubles at half full up to its bound (a source read for one layout pays for the pairs it
/// met, not for the bound); once half full at the bound it takes no more pairs (`isFull`: a
/// lookup not remembered is read from the tables, the same answer).
struct ReadvancedPairMemo {
    private static let firstBits = 9
    private static let largestBits = 12
    private var keys: [UInt64] = []
    private var items: [Int32] = []
    private var count = 0

    /// No pair will be taken any more (lines need not collect theirs).
    var isFull: Bool { count >= 1 << (Self.largestBits - 1) }

    /// The key of a pair for one lookup; nil where the numbers do not fit it (never for
    /// `OpenType`'s 16-bit glyph ids and a lookup count below 2^16 − 1). The lookup's bound
    /// keeps every key below `empty`.
    static func key(_ lookup: Int, _ first: Int, _ second: Int) -> UInt64? {
        guard lookup >= 0, lookup < (1 << 16) - 1, first >= 0, first < 1 << 24, second >= 0, second < 1 << 24 else {
            return nil
        }
        return UInt64(lookup) << 48 | UInt64(first) << 24 | UInt64(second)
    }

    private static let empty = UInt64.max

    private static func slot(_ key: UInt64, bits: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    func item(_ key: UInt64) -> Int32? {
        guard !keys.isEmpty else { return nil }
        let mask = keys.count - 1
        var slot = Self.slot(key, bits: keys.count.trailingZeroBitCount)
        while keys[slot] != Self.empty {
            if keys[slot] == key { return items[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    mutating func remember(_ key: UInt64, _ item: Int32) {
        guard !isFull, key != Self.empty else { return }
        if keys.isEmpty {
            keys = [UInt64](repeating: Self.empty, count: 1 << Self.firstBits)
            items = [Int32](repeating: 0, count: 1 << Self.firstBits)
        } else if count >= keys.count / 2 {
            grow()
        }
        if insert(key, item) { count += 1 }
    }

    /// Places `key` unless it is there; whether it was placed.
    private mutating func insert(_ key: UInt64, _ item: Int32) -> Bool {
        let mask = keys.count - 1
        var slot = Self.slot(key, bits: keys.count.trailingZeroBitCount)
        while keys[slot] != Self.empty {
            if keys[slot] == key { return false }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        items[slot] = item
        return true
    }

    private mutating func grow() {
        let old = (keys: keys, items: items)
        keys = [UInt64](repeating: Self.empty, count: old.keys.count * 2)
        items = [Int32](repeating: 0, count: old.keys.count * 2)
        for (key, item) in zip(old.keys, old.items) where key != Self.empty { _ = insert(key, item) }
    }
}
