import Foundation

/// `BalancedParagraphs`' entries by paragraph text, found by the text's length first: a text
/// is hashed only when another text of its length is kept.
///
/// The cache holds the last layout's paragraphs. Typing changes the edited paragraph's
/// length, so its new text usually finds no kept text of that length and misses without
/// being read; hashing every key in full (`ParagraphText`) cost about 6 instructions a unit
/// on each keystroke, ~1.7 K at 280 characters, where the lookup by length costs a hash of one
/// integer. Texts that share a length go to a dictionary by full text, so a lookup stays
/// O(length) expected however many texts share one length.
struct ParagraphTextCache<Entry> {
    private enum Slot {
        /// The only kept text of its length (not hashed).
        case one([UInt16], Entry)
        case many([ParagraphText: Entry])
    }

    private var slots: [Int: Slot] = [:]

    /// Lets every entry go, keeping the storage.
    mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
    }

    subscript(units: [UInt16]) -> Entry? {
        get {
            switch slots[units.count] {
            case nil: return nil
            case .one(let kept, let entry): return Self.same(kept, units) ? entry : nil
            case .many(let texts): return texts[ParagraphText(units: units)]
            }
        }
        set {
            switch slots[units.count] {
            case nil:
                if let newValue { slots[units.count] = .one(units, newValue) }
            case .one(let kept, let entry):
                if Self.same(kept, units) {
                    slots[units.count] = newValue.map { .one(units, $0) }
                } else if let newValue {
                    slots[units.count] = .many([ParagraphText(units: kept): entry, ParagraphText(units: units): newValue])
                }
            case .many(var texts):
                // Taken out first, so that the dictionary is changed in place, not copied.
                slots[units.count] = nil
                texts[ParagraphText(units: units)] = newValue
                slots[units.count] = .many(texts)
            }
        }
    }

    /// Byte-wise equality (memcmp): the generic comparison reads the units one by one.
    private static func same(_ a: [UInt16], _ b: [UInt16]) -> Bool {
        guard a.count == b.count else { return false }
        guard !a.isEmpty else { return true }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 } }
    }
}

/// A paragraph's text as the key of `ParagraphTextCache`'s texts that share a length, hashed
/// as one block of bytes (hashed unit by unit, the lookup and the store of a long
/// paragraph's key cost about 30 instructions a unit), once.
struct ParagraphText: Hashable {
    let units: [UInt16]
    private let digest: Int

    init(units: [UInt16]) {
        self.units = units
        var hasher = Hasher()
        units.withUnsafeBytes { hasher.combine(bytes: $0) }
        digest = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.units == rhs.units }
}
