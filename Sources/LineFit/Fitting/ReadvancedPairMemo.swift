/// Pairs of glyphs whose `GPOS` delta set (`PositioningVariations.pairItem`) was read, kept
/// with a `ReadvancedSweep.Reading`: a text's lines form a few hundred distinct pairs again
/// and again, and each lookup searches the pair tables (a hundred-odd instructions) where a
/// remembered one is a probe. Open addressing on a fixed table: once half full it stops
/// taking pairs (a lookup not remembered is read from the tables, the same answer).
struct ReadvancedPairMemo {
    private static let bits = 12
    private var keys = [UInt64](repeating: .max, count: 1 << bits)
    private var items = [Int32](repeating: 0, count: 1 << bits)
    private var count = 0

    /// The key of a pair for one lookup; nil where the numbers do not fit it (never for
    /// `OpenType`'s 16-bit glyph ids and a lookup count below 2^16 − 1). The lookup's bound
    /// keeps every key below the empty slot's marker (`.max`).
    static func key(_ lookup: Int, _ first: Int, _ second: Int) -> UInt64? {
        guard lookup >= 0, lookup < (1 << 16) - 1, first >= 0, first < 1 << 24, second >= 0, second < 1 << 24 else {
            return nil
        }
        return UInt64(lookup) << 48 | UInt64(first) << 24 | UInt64(second)
    }

    private static func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - bits))
    }

    func item(_ key: UInt64) -> Int32? {
        var slot = Self.slot(key)
        while keys[slot] != .max {
            if keys[slot] == key { return items[slot] }
            slot = (slot + 1) & (keys.count - 1)
        }
        return nil
    }

    mutating func remember(_ key: UInt64, _ item: Int32) {
        guard count < keys.count / 2 else { return }
        var slot = Self.slot(key)
        while keys[slot] != .max {
            if keys[slot] == key { return }
            slot = (slot + 1) & (keys.count - 1)
        }
        keys[slot] = key
        items[slot] = item
        count += 1
    }
}
