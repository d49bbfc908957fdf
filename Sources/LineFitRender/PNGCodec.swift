import CPNG
import Foundation

/// PNG files through libpng's simplified API (8-bit sRGB RGBA, straight alpha).
public enum PNGCodec {
    /// What can go wrong turning pixels into a file or back.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// Encodes straight RGBA bytes, rows top to bottom, as a PNG file's bytes (zlib `level`).
    public static func encode(rgba: [UInt8], width: Int, height: Int, level: Int = PNGEncoder.defaultLevel) throws -> Data {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            throw Failure(description: "cannot encode a \(width)x\(height) PNG from \(rgba.count) bytes")
        }
        return try rgba.withUnsafeBufferPointer { rgba in
            try PNGEncoder(level: level, hasAlpha: true).encode(width: width, height: height) { row, output in
                output.update(from: rgba.baseAddress! + row * width * 4, count: width * 4)
            }
        }
    }

    /// Decodes a PNG file's bytes into straight RGBA, whatever colour type the file uses.
    public static func decode(_ data: Data) throws -> (rgba: [UInt8], width: Int, height: Int) {
        var image = png_image()
        image.version = cpng_image_version()
        let begun = data.withUnsafeBytes { buffer in
            png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
        }
        guard begun != 0 else { throw Failure(description: "not a PNG: " + message(&image)) }
        image.format = cpng_format_rgba()
        let width = Int(image.width), height = Int(image.height)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        let finished = rgba.withUnsafeMutableBytes { buffer in
            png_image_finish_read(&image, nil, buffer.baseAddress, png_int_32(width * 4), nil)
        }
        guard finished != 0 else { throw Failure(description: "cannot read PNG: " + message(&image)) }
        return (rgba, width, height)
    }

    /// libpng's message, then frees whatever it still holds for this image.
    private static func message(_ image: inout png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        png_image_free(&image)
        return text.isEmpty ? "unknown error" : text
    }
}

extension RGBAImage {
    /// The picture as a PNG file's bytes: RGB when every pixel is opaque, RGBA otherwise;
    /// `level` is zlib's (0–9, higher is smaller and slower).
    public func pngData(level: Int = PNGEncoder.defaultLevel) throws -> Data {
        let channels = isOpaque ? 3 : 4
        return try PNGEncoder(level: level, hasAlpha: channels == 4).encode(width: width, height: height) { row, output in
            writeRow(row, channels: channels, into: output)
        }
    }
}
