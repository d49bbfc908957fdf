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
    /// The only kept text of its length (not hashed), by length.
    private var single: [Int: (units: [UInt16], entry: Entry)] = [:]
    /// The texts of the lengths that more than one kept text had, by full text, and how
    /// many of them each such length has here. Plain dictionaries changed through their own
    /// subscripts: one nested in an enum payload is changed in place only if the optimiser
    /// frees the copy bound out of it first, else copied whole on every store.
    private var shared: [ParagraphText: Entry] = [:]
    private var sharedCount: [Int: Int] = [:]

    /// Lets every entry go, keeping the storage.
    mutating func removeAll() {
        single.removeAll(keepingCapacity: true)
        shared.removeAll(keepingCapacity: true)
        sharedCount.removeAll(keepingCapacity: true)
    }

    subscript(units: [UInt16]) -> Entry? {
        get {
            if let kept = single[units.count] { return Self.same(kept.units, units) ? kept.entry : nil }
            guard !shared.isEmpty, sharedCount[units.count] != nil else { return nil }
            return shared[ParagraphText(units: units)]
        }
        set {
            let length = units.count
            if let kept = single[length] {
                if Self.same(kept.units, units) {
                    single[length] = newValue.map { (units, $0) }
                } else if let newValue {
                    single[length] = nil
                    shared[ParagraphText(units: kept.units)] = kept.entry
                    shared[ParagraphText(units: units)] = newValue
                    sharedCount[length] = 2
                }
            } else if let count = sharedCount[length] {
                let key = ParagraphText(units: units)
                if let newValue {
                    if shared.updateValue(newValue, forKey: key) == nil { sharedCount[length] = count + 1 }
                } else if shared.removeValue(forKey: key) != nil {
                    sharedCount[length] = count > 1 ? count - 1 : nil
                }
            } else if let newValue {
                single[length] = (units, newValue)
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
