extension EditorSession {
    /// The UTF-16 offset of an index of `text`; throws `invalidRange` for an index past the
    /// text or inside a character's encoding (an index of another string, or a UTF-8 index
    /// in the middle of a scalar).
    public func utf16Offset(of index: String.Index) throws -> Int {
        let text = self.text
        let length = utf16Count
        guard index <= text.endIndex else {
            // Past the end: no offset of this text names it; report the first one outside.
            throw LineFitError.invalidRange(start: length + 1, end: length + 1, length: length)
        }
        guard index.samePosition(in: text.unicodeScalars) != nil else {
            let inside = text.utf16.distance(from: text.utf16.startIndex, to: index)
            throw LineFitError.invalidRange(start: inside, end: inside, length: length)
        }
        return text.utf16.distance(from: text.utf16.startIndex, to: index)
    }

    /// Replaces a range of `text` given as string indices with `replacement`.
    @discardableResult
    public func replace(_ range: Range<String.Index>, with replacement: String) throws -> EditResult {
        try replace(utf16Offset(of: range.lowerBound)..<utf16Offset(of: range.upperBound), with: replacement)
    }

    /// Inserts `text` at an index of the session's text.
    @discardableResult
    public func insert(_ text: String, at index: String.Index) throws -> EditResult {
        let offset = try utf16Offset(of: index)
        return try replace(offset..<offset, with: text)
    }

    /// Deletes a range of the session's text given as string indices.
    @discardableResult
    public func delete(_ range: Range<String.Index>) throws -> EditResult {
        try replace(range, with: "")
    }
}
