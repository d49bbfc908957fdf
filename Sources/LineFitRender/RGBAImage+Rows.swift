/// 8-bit rows of a picture for the encoders, one row at a time, so no encoder needs a second
/// copy of the whole picture.
///
/// Painting keeps premultiplied floats; files store straight 8-bit values. Opaque pixels (all
/// of them on a story canvas) need no division at all. Translucent ones are quantised to 16
/// bits and divided as integers, rounding to nearest: exact to within one 8-bit step of
/// `round(c / a × 255)`, at a fraction of the cost of a float division and `roundf` per
/// channel.
extension RGBAImage {
    /// Whether every pixel is fully opaque, so a file can drop the alpha channel.
    public var isOpaque: Bool {
        if knownOpaque { return true }
        return pixels.withUnsafeBufferPointer { pixels in
            var index = 3
            while index < pixels.count {
                if pixels[index] < 1 { return false }
                index += 4
            }
            return true
        }
    }

    /// Writes row `row` as straight 8-bit values into `output`: RGB when `channels` is 3
    /// (premultiplied colour, which is the picture composited over black), RGBA when it is 4.
    func writeRow(_ row: Int, channels: Int, into output: UnsafeMutablePointer<UInt8>) {
        precondition(channels == 3 || channels == 4, "rows are RGB or RGBA")
        let width = self.width
        pixels.withUnsafeBufferPointer { pixels in
            let source = pixels.baseAddress! + row * width * 4
            if channels == 3 {
                for column in 0..<width {
                    let pixel = source + column * 4, target = output + column * 3
                    target[0] = RGBAImage.byte(pixel[0])
                    target[1] = RGBAImage.byte(pixel[1])
                    target[2] = RGBAImage.byte(pixel[2])
                }
                return
            }
            for column in 0..<width {
                let pixel = source + column * 4, target = output + column * 4
                if pixel[3] >= 1 {
                    target[0] = RGBAImage.byte(pixel[0])
                    target[1] = RGBAImage.byte(pixel[1])
                    target[2] = RGBAImage.byte(pixel[2])
                    target[3] = 255
                } else {
                    RGBAImage.unpremultiply(pixel, into: target)
                }
            }
        }
    }

    /// A translucent pixel: quantised to 16 bits, divided as integers, rounded to nearest.
    private static func unpremultiply(_ pixel: UnsafePointer<Float>, into target: UnsafeMutablePointer<UInt8>) {
        let alpha16 = UInt32(clamped(pixel[3]) * 65535 + 0.5)
        guard alpha16 > 0 else {
            target[0] = 0; target[1] = 0; target[2] = 0; target[3] = 0
            return
        }
        for channel in 0..<3 {
            // Premultiplied can exceed alpha by rounding only; clamp to keep ≤ 255.
            let value = UInt32(clamped(pixel[channel]) * 65535 + 0.5)
            target[channel] = UInt8(truncatingIfNeeded: (Swift.min(value, alpha16) * 255 + alpha16 / 2) / alpha16)
        }
        target[3] = UInt8(truncatingIfNeeded: (alpha16 * 255 + 32767) / 65535)
    }

    /// The whole picture as straight 8-bit rows, for encoders that take a buffer.
    func straightBytes(channels: Int) -> [UInt8] {
        let stride = width * channels
        return [UInt8](unsafeUninitializedCapacity: stride * height) { buffer, count in
            for row in 0..<height { writeRow(row, channels: channels, into: buffer.baseAddress! + row * stride) }
            count = stride * height
        }
    }

    @inline(__always)
    private static func clamped(_ value: Float) -> Float {
        // NaN (never painted, but never trusted) becomes 0.
        value > 0 ? (value < 1 ? value : 1) : 0
    }

    /// 1.5 × 2²³: added to a float in [0, 255], it leaves the value rounded to the nearest
    /// integer in the low mantissa bits, a conversion without the range checks (and traps)
    /// of `UInt8(_:)`, so the row loops stay branch-free.
    private static let roundingBias: Float = 12_582_912

    @inline(__always)
    private static func byte(_ value: Float) -> UInt8 {
        UInt8(truncatingIfNeeded: (Swift.min(Swift.max(value, 0), 1) * 255 + roundingBias).bitPattern)
    }
}
