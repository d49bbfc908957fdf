import CWebP
import Foundation

/// Writes an animated WebP with libwebp's `WebPAnimEncoder`: frames are added with the time
/// they appear, and the encoder keeps only what changed between frames (sub-frames and
/// blending are its choice), so a typing animation costs little more than its last frame.
public final class WebPAnimationEncoder {
    private let encoder: OpaquePointer
    private var config = WebPConfig()
    /// The frames' width in pixels.
    public let width: Int
    /// The frames' height in pixels.
    public let height: Int

    /// An encoder for `width` × `height` frames. `quality` 0–100 is libwebp's lossy quality
    /// (its file-size/fidelity trade-off); `lossless` keeps every pixel.
    public init(width: Int, height: Int, quality: Double = 80, lossless: Bool = false) throws {
        guard width > 0, height > 0, width <= 16_383, height <= 16_383 else {
            throw PNGCodec.Failure(description: "cannot encode a \(width)x\(height) WebP: sides must be 1 to 16383 pixels")
        }
        var options = WebPAnimEncoderOptions()
        guard WebPAnimEncoderOptionsInit(&options) != 0 else {
            throw PNGCodec.Failure(description: "libwebp: the mux library's version does not match its headers")
        }
        // Loop forever, as stories and GIFs do.
        options.anim_params.loop_count = 0
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw PNGCodec.Failure(description: "libwebp: cannot create an animation encoder")
        }
        self.encoder = encoder
        self.width = width
        self.height = height
        guard WebPConfigInit(&config) != 0 else {
            throw PNGCodec.Failure(description: "libwebp: the library's version does not match its headers")
        }
        config.quality = Float(min(100, max(0, quality)))
        config.lossless = lossless ? 1 : 0
    }

    deinit {
        WebPAnimEncoderDelete(encoder)
    }

    /// Adds a frame shown from `milliseconds` after the start until the next frame's time.
    public func add(_ image: RGBAImage, milliseconds: Int) throws {
        guard image.width == width, image.height == height else {
            throw PNGCodec.Failure(description: "a \(image.width)x\(image.height) frame in a \(width)x\(height) animation")
        }
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw PNGCodec.Failure(description: "libwebp: cannot set up a picture") }
        picture.width = Int32(width)
        picture.height = Int32(height)
        picture.use_argb = 1
        defer { WebPPictureFree(&picture) }
        let rgba = image.straightRGBA
        let imported = rgba.withUnsafeBufferPointer { WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(width * 4)) }
        guard imported != 0 else { throw PNGCodec.Failure(description: "libwebp: out of memory importing a frame") }
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else {
            throw PNGCodec.Failure(description: "libwebp: " + lastError)
        }
    }

    /// The file's bytes; `milliseconds` is when the last frame ends (the animation's length).
    public func finish(milliseconds: Int) throws -> Data {
        guard WebPAnimEncoderAdd(encoder, nil, Int32(milliseconds), nil) != 0 else {
            throw PNGCodec.Failure(description: "libwebp: " + lastError)
        }
        var data = WebPData()
        guard WebPAnimEncoderAssemble(encoder, &data) != 0 else { throw PNGCodec.Failure(description: "libwebp: " + lastError) }
        defer { WebPDataClear(&data) }
        return Data(bytes: data.bytes, count: data.size)
    }

    private var lastError: String {
        WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? "unknown error"
    }
}
