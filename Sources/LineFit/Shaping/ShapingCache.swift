import CHarfBuzz

/// Shaped runs kept for reuse, least recently used first out.
///
/// Shaping is a pure function of the text, the context HarfBuzz may look at, the font, its
/// axis values, the features, the direction, the script and the language: the key holds all of them, so a hit
/// returns exactly what HarfBuzz would. It pays off when the same text is shaped again: an
/// editor reshaping the window around each keystroke (typing a word and deleting it again
/// revisits the same windows), a story laid out again at another width, size or style.
/// Bounded by entry count and by the glyphs held, so memory stays small.
final class ShapingCache {
    struct Key: Hashable {
        let units: [UInt16]
        /// Where the item starts and ends inside `units` (the rest is context).
        let itemStart: Int
        let itemEnd: Int
        let font: Font
        let isRightToLeft: Bool
        let script: Int32
        let language: UInt
        let features: [FeatureKey]
        /// The axis values the font applies (none for a static font).
        let variations: VariationSettings
        /// Hash of every field, computed once: the dictionary hashes a key on each lookup,
        /// insertion and eviction, and hashing the units one `combine` at a time was a tenth
        /// of a keystroke that types new text (callgrind, `bench-driver loop type story-00280`).
        private let digest: Int

        init(
            units: [UInt16], itemStart: Int, itemEnd: Int, font: Font, isRightToLeft: Bool, script: Int32,
            language: UInt, features: [FeatureKey], variations: VariationSettings = .none
        ) {
            self.units = units
            self.itemStart = itemStart
            self.itemEnd = itemEnd
            self.font = font
            self.isRightToLeft = isRightToLeft
            self.script = script
            self.language = language
            self.features = features
            self.variations = variations
            var hasher = Hasher()
            hasher.combine(units.count)
            units.withUnsafeBytes { hasher.combine(bytes: $0) }
            hasher.combine(itemStart)
            hasher.combine(itemEnd)
            hasher.combine(font)
            hasher.combine(isRightToLeft)
            hasher.combine(script)
            hasher.combine(language)
            hasher.combine(features)
            hasher.combine(variations)
            digest = hasher.finalize()
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.digest == rhs.digest && lhs.units == rhs.units && lhs.itemStart == rhs.itemStart
                && lhs.itemEnd == rhs.itemEnd && lhs.font == rhs.font && lhs.isRightToLeft == rhs.isRightToLeft
                && lhs.script == rhs.script && lhs.language == rhs.language && lhs.features == rhs.features
                && lhs.variations == rhs.variations
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    }

    struct FeatureKey: Hashable {
        var tag: UInt32
        var value: UInt32
    }

    /// HarfBuzz reads at most this many characters of context on each side
    /// (HB_BUFFER_CONTEXT_LENGTH); two units each, for surrogate pairs.
    static let contextUnits = 10

    /// The glyph budget per entry an engine gives its cache: a paragraph of a story, on average.
    static let glyphsPerEntry = 128
    /// The capacity an editor session's engine uses: the windows of a few hundred keystrokes.
    static let editorCapacity = 256

    let capacity: Int
    let glyphBudget: Int
    private var entries: [Key: Int] = [:]
    private var keys: [Key?] = []
    private var values: [[ShapedGlyph]] = []
    private var previous: [Int] = []
    private var next: [Int] = []
    private var head = -1  // most recently used
    private var tail = -1  // least recently used
    private var free: [Int] = []
    private var glyphsHeld = 0
    private(set) var hits = 0
    private(set) var misses = 0

    init(capacity: Int, glyphBudget: Int) {
        self.capacity = capacity
        self.glyphBudget = glyphBudget
        // Sized for the capacity at once: growing rehashed every key (and copied the slot
        // arrays) on the keystrokes that crossed a power of two, for an editor's first
        // few hundred keystrokes.
        let slots = min(capacity, 4_096)
        entries.reserveCapacity(slots)
        keys.reserveCapacity(slots)
        values.reserveCapacity(slots)
        previous.reserveCapacity(slots)
        next.reserveCapacity(slots)
    }

    /// The glyphs for `key` (clusters relative to the item's start), marking them recently used.
    func lookup(_ key: Key) -> [ShapedGlyph]? {
        guard let slot = entries[key] else {
            misses += 1
            return nil
        }
        hits += 1
        moveToFront(slot)
        return values[slot]
    }

    func insert(_ key: Key, _ glyphs: [ShapedGlyph]) {
        guard capacity > 0, glyphs.count <= glyphBudget, entries[key] == nil else { return }
        while entries.count >= capacity || glyphsHeld + glyphs.count > glyphBudget { evictLeastRecent() }
        let slot: Int
        if let reused = free.popLast() {
            slot = reused
            keys[slot] = key
            values[slot] = glyphs
        } else {
            slot = keys.count
            keys.append(key)
            values.append(glyphs)
            previous.append(-1)
            next.append(-1)
        }
        entries[key] = slot
        glyphsHeld += glyphs.count
        link(slot)
    }

    private func evictLeastRecent() {
        guard tail >= 0, let key = keys[tail] else { return }
        let slot = tail
        unlink(slot)
        entries[key] = nil
        glyphsHeld -= values[slot].count
        keys[slot] = nil
        values[slot] = []
        free.append(slot)
    }

    private func moveToFront(_ slot: Int) {
        guard head != slot else { return }
        unlink(slot)
        link(slot)
    }

    private func link(_ slot: Int) {
        previous[slot] = -1
        next[slot] = head
        if head >= 0 { previous[head] = slot }
        head = slot
        if tail < 0 { tail = slot }
    }

    private func unlink(_ slot: Int) {
        let before = previous[slot], after = next[slot]
        if before >= 0 { next[before] = after } else { head = after }
        if after >= 0 { previous[after] = before } else { tail = before }
        previous[slot] = -1
        next[slot] = -1
    }
}
