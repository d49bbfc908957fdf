import CJPEG
import Foundation

/// JPEG files through libjpeg-turbo (8-bit RGB, baseline, 4:2:0 as libjpeg's defaults).
public enum JPEGCodec {
    /// Decodes a JPEG file's bytes into RGB.
    public static func decode(_ data: Data) throws -> (rgb: [UInt8], width: Int, height: Int) {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let ok = data.withUnsafeBytes { buffer in
            cjpeg_decompress(
                buffer.bindMemory(to: UInt8.self).baseAddress, UInt(buffer.count), &pixels, &width, &height,
                &message, message.count)
        }
        guard ok != 0, let pixels else { throw PNGCodec.Failure(description: "cannot read JPEG: " + text(message)) }
        defer { free(pixels) }
        let count = Int(width) * Int(height) * 3
        return (Array(UnsafeBufferPointer(start: pixels, count: count)), Int(width), Int(height))
    }

    static func text(_ message: [CChar]) -> String {
        let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return bytes.isEmpty ? "unknown error" : String(decoding: bytes, as: UTF8.self)
    }
}

/// The row source handed through libjpeg's C loop: the picture whose rows it converts.
private final class JPEGRowSource {
    let image: RGBAImage
    init(_ image: RGBAImage) { self.image = image }
}

extension RGBAImage {
    /// The picture as a JPEG file's bytes at `quality` (0–100; libjpeg treats 0 as 1), rows streamed to libjpeg.
    public func jpegData(quality: Int = ImageEncoding.defaultQuality) throws -> Data {
        let source = JPEGRowSource(self)
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var message = [CChar](repeating: 0, count: 256)
        let ok = withExtendedLifetime(source) {
            cjpeg_compress(
                Int32(width), Int32(height), Int32(Swift.max(1, Swift.min(100, quality))),
                { context, row, buffer in
                    let source = Unmanaged<JPEGRowSource>.fromOpaque(context!).takeUnretainedValue()
                    source.image.writeRow(Int(row), channels: 3, into: buffer!)
                },
                Unmanaged.passUnretained(source).toOpaque(), &output, &size, &message, message.count)
        }
        guard ok != 0, let output else { throw PNGCodec.Failure(description: "libjpeg: " + JPEGCodec.text(message)) }
        defer { free(output) }
        return Data(bytes: output, count: Int(size))
    }
}
