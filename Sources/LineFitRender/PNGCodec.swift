import CPNG
import Foundation

/// PNG files through libpng's simplified API (8-bit sRGB RGBA, straight alpha).
public enum PNGCodec {
    /// What can go wrong turning pixels into a file or back.
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// Encodes straight RGBA bytes, rows top to bottom, as a PNG file's bytes.
    public static func encode(rgba: [UInt8], width: Int, height: Int) throws -> Data {
        guard width > 0, height > 0, rgba.count == width * height * 4 else {
            throw Failure(description: "cannot encode a \(width)x\(height) PNG from \(rgba.count) bytes")
        }
        var image = makeImage(width: width, height: height)
        var size: png_alloc_size_t = 0
        // A first call without memory asks libpng how large the file will be.
        guard png_image_write_to_memory(&image, nil, &size, 0, rgba, png_int_32(width * 4), nil) != 0, size > 0 else {
            throw Failure(description: "libpng: " + message(&image))
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let written = bytes.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, rgba, png_int_32(width * 4), nil)
        }
        guard written != 0 else { throw Failure(description: "libpng: " + message(&image)) }
        return Data(bytes.prefix(Int(size)))
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

    private static func makeImage(width: Int, height: Int) -> png_image {
        var image = png_image()
        image.version = cpng_image_version()
        image.width = png_uint_32(width)
        image.height = png_uint_32(height)
        image.format = cpng_format_rgba()
        return image
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
    /// The picture as a PNG file's bytes.
    public func pngData() throws -> Data {
        try PNGCodec.encode(rgba: straightRGBA, width: width, height: height)
    }
}
