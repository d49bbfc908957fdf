import CHarfBuzz

/// A font table's bytes, kept alive with its blob, read big-endian with bounds checks
/// (a read past the end is nil): what LineFit's own readers of variation tables use.
final class OpenTypeTableBytes {
    let blob: OpaquePointer
    let bytes: UnsafeRawBufferPointer
    var count: Int { bytes.count }

    init?(_ face: OpaquePointer, _ tag: String) {
        blob = hb_face_reference_table(face, FontVariationTable.packedTag(tag))
        var length: UInt32 = 0
        guard let data = hb_blob_get_data(blob, &length), length > 0 else {
            hb_blob_destroy(blob)
            return nil
        }
        bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: Int(length))
    }

    deinit { hb_blob_destroy(blob) }

    func u8(_ offset: Int) -> UInt8? {
        offset >= 0 && offset < bytes.count ? bytes[offset] : nil
    }

    func u16(_ offset: Int) -> UInt16? {
        guard offset >= 0, offset + 2 <= bytes.count else { return nil }
        return UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
    }

    func i16(_ offset: Int) -> Int16? { u16(offset).map { Int16(bitPattern: $0) } }

    func u32(_ offset: Int) -> UInt32? {
        guard offset >= 0, offset + 4 <= bytes.count else { return nil }
        return (0..<4).reduce(0) { $0 << 8 | UInt32(bytes[offset + $1]) }
    }

    /// The ItemVariationData at `offset` (OpenType ItemVariationStore): its region indices
    /// (each below `regionCount`), its rows of deltas (`itemCount` rows of one delta per
    /// region index) and row count; nil when malformed, with 32-bit deltas (LONG_WORDS)
    /// unless `longWords` allows them, or when `budget` runs out (a store may point many
    /// times at one block of deltas).
    func itemVariationData(
        at offset: Int, regionCount: Int, longWords allowed: Bool, budget: TableReadBudget
    ) -> (regionIndices: [Int], deltas: [Int32], itemCount: Int)? {
        guard let itemCount = u16(offset).map(Int.init), let wordField = u16(offset + 2),
              let indexCount = u16(offset + 4).map(Int.init)
        else { return nil }
        let longWords = wordField & 0x8000 != 0
        let wordCount = Int(wordField & 0x7FFF)
        guard allowed || !longWords, wordCount <= indexCount, budget.spend(indexCount + itemCount * indexCount) else { return nil }
        var indices: [Int] = []
        for slot in 0..<indexCount {
            guard let region = u16(offset + 6 + slot * 2).map(Int.init), region < regionCount else { return nil }
            indices.append(region)
        }
        guard let deltas = deltaRows(
            at: offset + 6 + indexCount * 2, itemCount: itemCount, indexCount: indexCount, wordCount: wordCount,
            longWords: longWords)
        else { return nil }
        return (indices, deltas, itemCount)
    }

    /// An ItemVariationData's rows of deltas at `rows` (`itemCount` rows of `indexCount`
    /// deltas, the first `wordCount` of each 16-bit, or 32-bit with `longWords`, the rest
    /// 8-bit, or 16-bit with `longWords`), row after row; nil when the table ends first.
    private func deltaRows(at rows: Int, itemCount: Int, indexCount: Int, wordCount: Int, longWords: Bool) -> [Int32]? {
        let (wide, narrow) = longWords ? (4, 2) : (2, 1)
        let rowSize = wordCount * wide + (indexCount - wordCount) * narrow
        guard rows + itemCount * rowSize <= count else { return nil }
        var deltas = [Int32](repeating: 0, count: itemCount * indexCount)
        for item in 0..<itemCount {
            var cursor = rows + item * rowSize
            for slot in 0..<indexCount {
                let size = slot < wordCount ? wide : narrow
                switch size {
                case 4: deltas[item * indexCount + slot] = Int32(bitPattern: u32(cursor) ?? 0)
                case 2: deltas[item * indexCount + slot] = Int32(i16(cursor) ?? 0)
                default: deltas[item * indexCount + slot] = Int32(Int8(bitPattern: bytes[cursor]))
                }
                cursor += size
            }
        }
        return deltas
    }
}
