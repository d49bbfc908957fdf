/// One replacement in a text: the UTF-16 `range` of the old text was replaced by
/// `insertedLength` UTF-16 units. It is what a transition needs to tell which characters of
/// the old layout are the same characters in the new one.
public struct TextEdit: Hashable, Sendable {
    /// The replaced UTF-16 range of the old text.
    public var range: Range<Int>
    /// How many UTF-16 units replaced it.
    public var insertedLength: Int

    /// An edit of `range` (old offsets) by `insertedLength` new units.
    public init(range: Range<Int>, insertedLength: Int) {
        self.range = range
        self.insertedLength = max(0, insertedLength)
    }

    /// No change at all: every offset maps to itself.
    public static let none = TextEdit(range: 0..<0, insertedLength: 0)

    /// How much the text after the edit moved.
    public var delta: Int { insertedLength - range.count }

    /// The edit between two texts that may be unrelated: everything between their common
    /// UTF-16 prefix and their common suffix is replaced. The suffix never overlaps the
    /// prefix, and neither ends between the halves of a surrogate pair.
    public static func between(_ old: String, _ new: String) -> TextEdit {
        let a = Array(old.utf16), b = Array(new.utf16)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        if prefix > 0, prefix < a.count || prefix < b.count, isLowSurrogate(a, prefix) || isLowSurrogate(b, prefix) {
            prefix -= 1
        }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        if suffix > 0, isLowSurrogate(a, a.count - suffix) || isLowSurrogate(b, b.count - suffix) { suffix -= 1 }
        return TextEdit(range: prefix..<(a.count - suffix), insertedLength: b.count - suffix - prefix)
    }

    private static func isLowSurrogate(_ units: [UInt16], _ index: Int) -> Bool {
        index < units.count && units[index] & 0xFC00 == 0xDC00
    }

    /// Where the character at an old offset is in the new text, or nil when the edit replaced
    /// it (an insertion replaces nothing: the character at its offset moves right).
    public func map(_ offset: Int) -> Int? {
        if offset < range.lowerBound { return offset }
        if offset >= range.upperBound { return offset + delta }
        return nil
    }

    /// The single edit that does `self` and then `next` (whose range is in the text after
    /// `self`): what a transition spanning several keystrokes needs. The two replaced spans
    /// merge into one, so characters between them count as replaced.
    public func followed(by next: TextEdit) -> TextEdit {
        if range.isEmpty && insertedLength == 0 { return next }
        if next.range.isEmpty && next.insertedLength == 0 { return self }
        // Both edits' changed spans, in the offsets of the text between them.
        let low = min(range.lowerBound, next.range.lowerBound)
        let high = max(range.lowerBound + insertedLength, next.range.upperBound)
        let oldHigh = high - delta
        let newHigh = high + next.delta
        return TextEdit(range: low..<oldHigh, insertedLength: newHigh - low)
    }
}

extension EditResult {
    /// The edit that made this result, for a `LayoutTransition` from the previous layout.
    public var edit: TextEdit { TextEdit(range: editedRange, insertedLength: insertedLength) }
}
