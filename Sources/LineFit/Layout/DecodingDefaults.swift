/// Saved options and styles share one reading rule: a missing key takes a default, and a
/// `version` newer than the reader's is refused rather than half-understood.
extension KeyedDecodingContainer {
    /// The value at `key`, or `fallback` when the key is absent or null.
    func decode<T: Decodable>(_ key: Key, or fallback: @autoclosure () -> T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback()
    }

    /// Throws when the `version` at `key` is newer than `readable`; `what` names the document.
    func checkVersion(at key: Key, readable: Int, what: String) throws {
        if let version = try decodeIfPresent(Int.self, forKey: key), version > readable {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "\(what) version \(version) is newer than this LineFit reads (\(readable))")
        }
    }
}
