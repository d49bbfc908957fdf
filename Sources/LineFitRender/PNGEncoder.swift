import CZlib
import Foundation

/// A PNG writer over zlib that compresses once, row by row.
///
/// libpng's simplified API compresses the whole picture twice (once to learn the size) and
/// needs the full 8-bit copy first; its full API reports errors by longjmp. The format itself
/// is small (PNG 1.2 / ISO 15948: a signature, `IHDR`, the zlib stream of filtered rows in
/// `IDAT`, `IEND`, each chunk with a CRC-32), so it is written here directly: each row is
/// converted into one reused buffer, filtered and fed to deflate, and only the compressed
/// bytes are kept.
public struct PNGEncoder {
    /// zlib level 0–9. Story pictures are large flat areas: level 1 is within a few percent of
    /// level 9 in size and several times faster.
    var level: Int
    /// Whether the file keeps an alpha channel (colour type 6) or not (type 2).
    var hasAlpha: Bool

    /// The zlib level pictures are written at unless asked otherwise (`--png-compression`).
    public static let defaultLevel = 1

    /// PNG filter type 0 (none) on every row. On story pictures (flat or gradient areas,
    /// antialiased glyph edges) it gives the smallest files at every zlib level we tried
    /// (none 84 KB, Up 93 KB, Sub 96 KB for the pinned story at level 1), and it costs nothing.
    private static let noFilter: UInt8 = 0

    /// Encodes a `width × height` picture whose rows `fill(row, buffer)` writes as 8-bit RGB
    /// or RGBA (by `hasAlpha`).
    func encode(width: Int, height: Int, fill: (Int, UnsafeMutablePointer<UInt8>) -> Void) throws -> Data {
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, height <= Int(Int32.max) else {
            throw PNGCodec.Failure(description: "cannot encode a \(width)x\(height) PNG")
        }
        let channels = hasAlpha ? 4 : 3
        let stride = width * channels
        var stream = z_stream()
        guard czlib_deflate_init(&stream, Int32(Swift.max(0, Swift.min(9, level))), Z_DEFAULT_STRATEGY) == Z_OK else {
            throw PNGCodec.Failure(description: "zlib: cannot start deflate")
        }
        defer { deflateEnd(&stream) }

        var compressed = [UInt8]()
        compressed.reserveCapacity(64 * 1024)
        let chunkSize = 64 * 1024
        var out = [UInt8](repeating: 0, count: chunkSize)
        // The filter byte, then the row.
        var filtered = [UInt8](repeating: 0, count: stride + 1)
        filtered[0] = Self.noFilter

        func pump(flush: Int32) throws {
            repeat {
                let status = out.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = UInt32(chunkSize)
                    return deflate(&stream, flush)
                }
                guard status != Z_STREAM_ERROR else { throw PNGCodec.Failure(description: "zlib: stream error") }
                compressed.append(contentsOf: out[0..<(chunkSize - Int(stream.avail_out))])
                if flush == Z_FINISH && status == Z_STREAM_END { return }
            } while stream.avail_out == 0 || flush == Z_FINISH
        }

        for row in 0..<height {
            filtered.withUnsafeMutableBufferPointer { fill(row, $0.baseAddress! + 1) }
            try filtered.withUnsafeMutableBufferPointer { buffer in
                stream.next_in = buffer.baseAddress
                stream.avail_in = UInt32(stride + 1)
                try pump(flush: Z_NO_FLUSH)
            }
        }
        stream.next_in = nil
        stream.avail_in = 0
        try pump(flush: Z_FINISH)

        var file = Data(capacity: compressed.count + 64)
        file.append(contentsOf: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = [UInt8]()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        // Bit depth 8; colour type 6 (RGBA) or 2 (RGB); deflate; adaptive filtering; no interlace.
        header.append(contentsOf: [8, hasAlpha ? 6 : 2, 0, 0, 0])
        Self.appendChunk("IHDR", header, to: &file)
        Self.appendChunk("IDAT", compressed, to: &file)
        Self.appendChunk("IEND", [], to: &file)
        return file
    }

    private static func appendChunk(_ type: String, _ body: [UInt8], to file: inout Data) {
        var lengthAndType = [UInt8]()
        lengthAndType.appendBigEndian(UInt32(body.count))
        let typeBytes = Array(type.utf8)
        lengthAndType.append(contentsOf: typeBytes)
        file.append(contentsOf: lengthAndType)
        file.append(contentsOf: body)
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
        crc = body.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, UInt32($0.count)) }
        var trailer = [UInt8]()
        trailer.appendBigEndian(UInt32(truncatingIfNeeded: crc))
        file.append(contentsOf: trailer)
    }
}

extension Array where Element == UInt8 {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(UInt8(value >> 24)); append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF)); append(UInt8(value & 0xFF))
    }
}
