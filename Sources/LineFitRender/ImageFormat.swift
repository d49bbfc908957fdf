import Foundation

/// The picture file formats, chosen by a file's extension or by name.
public enum ImageFormat: String, CaseIterable, Sendable {
    /// PNG (lossless; RGB when opaque, else RGBA).
    case png
    /// JPEG through libjpeg-turbo (lossy, no alpha).
    case jpeg
    /// WebP through libwebp (lossy).
    case webp

    /// The format of a file name's extension (`.png`, `.jpg`/`.jpeg`, `.webp`, any case), or
    /// nil for any other.
    public init?(path: String) {
        let ext = (path as NSString).pathExtension.lowercased()
        self.init(name: ext)
    }

    /// The format by name as a user types it: `png`, `jpeg` or `jpg`, `webp`.
    public init?(name: String) {
        switch name.lowercased() {
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        default: return nil
        }
    }
}

/// How pictures are encoded: zlib level for PNG, quality for the lossy formats.
public struct ImageEncoding: Hashable, Sendable {
    /// zlib level 0–9 for PNG (`--png-compression`).
    public var pngCompression: Int
    /// 0–100 for JPEG and WebP (`--quality`).
    public var quality: Int

    /// The defaults: fast PNG, quality 90.
    public init(pngCompression: Int = PNGEncoder.defaultLevel, quality: Int = ImageEncoding.defaultQuality) {
        self.pngCompression = pngCompression
        self.quality = quality
    }

    /// Quality 90: no visible blocking around glyph edges on a story, a third of the bytes of 100.
    public static let defaultQuality = 90
}

extension RGBAImage {
    /// The picture as a file's bytes in `format`. JPEG has no alpha: translucent pixels are
    /// composited over black (a story canvas is opaque, so this only concerns `--canvas none`).
    public func encoded(as format: ImageFormat, _ encoding: ImageEncoding = ImageEncoding()) throws -> Data {
        switch format {
        case .png: return try pngData(level: encoding.pngCompression)
        case .jpeg: return try jpegData(quality: encoding.quality)
        case .webp: return try webpData(quality: encoding.quality)
        }
    }
}
