/// A string's UTF-16 code units, transcoded straight from its UTF-8 storage.
///
/// `Array(text.utf16)` walks the UTF-16 view one index at a time, ~100 instructions a
/// unit (callgrind, `bench-driver loop fresh samples/cjk`: 1.4 K of a 14-character layout);
/// this loop decodes the UTF-8 bytes directly. A Swift string's UTF-8 is always valid, so
/// the lead byte alone says how long each scalar is.
enum UTF16Units {
    static func of(_ text: String) -> [UInt16] {
        let copied = text.utf8.withContiguousStorageIfAvailable { bytes -> [UInt16] in
            // At most one unit per byte: 1–3 bytes make one unit, 4 bytes make two.
            [UInt16](unsafeUninitializedCapacity: bytes.count) { units, count in
                var written = 0
                var i = 0
                while i < bytes.count {
                    let lead = UInt32(bytes[i])
                    if lead < 0x80 {
                        units[written] = UInt16(lead)
                        written += 1
                        i += 1
                    } else if lead < 0xE0 {
                        units[written] = UInt16(((lead & 0x1F) << 6) | (UInt32(bytes[i + 1]) & 0x3F))
                        written += 1
                        i += 2
                    } else if lead < 0xF0 {
                        units[written] = UInt16(
                            ((lead & 0x0F) << 12) | ((UInt32(bytes[i + 1]) & 0x3F) << 6) | (UInt32(bytes[i + 2]) & 0x3F))
                        written += 1
                        i += 3
                    } else {
                        let scalar = ((lead & 0x07) << 18) | ((UInt32(bytes[i + 1]) & 0x3F) << 12)
                            | ((UInt32(bytes[i + 2]) & 0x3F) << 6) | (UInt32(bytes[i + 3]) & 0x3F)
                        let offset = scalar - 0x10000
                        units[written] = UInt16(0xD800 + (offset >> 10))
                        units[written + 1] = UInt16(0xDC00 + (offset & 0x3FF))
                        written += 2
                        i += 4
                    }
                }
                count = written
            }
        }
        return copied ?? Array(text.utf16)
    }
}
