import CWebP
import Foundation

/// WebP files through libwebp's advanced API (lossy VP8 at a quality; RGB or RGBA).
public enum WebPCodec {
    /// libwebp's compression method (0 fastest … 6 smallest). The simple API's 4 spends most
    /// of its time searching modes that a flat story picture does not need; measured on the
    /// pinned story, 1 is several times faster for a few percent more bytes.
    static let method: Int32 = 1

    /// Decodes a WebP file's bytes into straight RGBA.
    public static func decode(_ data: Data) throws -> (rgba: [UInt8], width: Int, height: Int) {
        var width: Int32 = 0, height: Int32 = 0
        let pixels = data.withUnsafeBytes { buffer in
            WebPDecodeRGBA(buffer.bindMemory(to: UInt8.self).baseAddress, buffer.count, &width, &height)
        }
        guard let pixels else { throw PNGCodec.Failure(description: "cannot read WebP") }
        defer { WebPFree(pixels) }
        return (Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)), Int(width), Int(height))
    }
}

extension RGBAImage {
    /// The picture as a lossy WebP file's bytes at `quality` (0–100); RGB when opaque.
    ///
    /// libwebp takes the whole picture, so this makes one 8-bit copy (a story is
    /// 6 MB as RGB); the encoder's own buffers are larger.
    public func webpData(quality: Int = ImageEncoding.defaultQuality) throws -> Data {
        // WebP's limit: 16383 pixels a side.
        guard width <= 16_383, height <= 16_383 else {
            throw PNGCodec.Failure(description: "WebP pictures are at most 16383 pixels a side, not \(width)x\(height)")
        }
        let channels = isOpaque ? 3 : 4
        let bytes = straightBytes(channels: channels)
        var output: UnsafeMutablePointer<UInt8>?
        let factor = Float(Swift.max(0, Swift.min(100, quality)))
        let size = bytes.withUnsafeBufferPointer { buffer in
            cwebp_encode(
                buffer.baseAddress, Int32(width), Int32(height), Int32(width * channels), channels == 4 ? 1 : 0,
                factor, WebPCodec.method, &output)
        }
        guard size > 0, let output else { throw PNGCodec.Failure(description: "libwebp could not encode the picture") }
        defer { WebPFree(output) }
        return Data(bytes: output, count: size)
    }
}
