import LineFit

/// A picture being painted: premultiplied RGBA floats, rows top to bottom.
///
/// Premultiplied alpha makes Porter–Duff "over" one multiply-add per channel,
/// `result = source + destination × (1 − source alpha)`, which is correct for translucent
/// destinations too (a picture without a canvas starts transparent). Colours blend in sRGB
/// values, as browsers blend SVG, so the PNG and SVG of a story match.
public struct RGBAImage: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` premultiplied components in 0...1. Any change made other than by
    /// `paint` forgets that the picture is known to be opaque.
    var pixels: [Float] { didSet { knownOpaque = false } }
    /// True when every alpha is known to be at least 1 without looking: set by an opaque
    /// backdrop, kept by `paint` while it writes no alpha under 1. `isOpaque` answers from it
    /// instead of reading the whole picture again (33 MB for a story canvas).
    private(set) var knownOpaque = false

    /// A transparent picture. Negative sides count as 0; sides whose product overflows give
    /// an empty picture (check a size with `RenderCanvas.validate` first: memory is 16 bytes
    /// a pixel).
    public init(width: Int, height: Int) {
        let (area, overflow) = max(0, width).multipliedReportingOverflow(by: max(0, height))
        let fits = !overflow && area <= Int.max / 4
        self.width = fits ? max(0, width) : 0
        self.height = fits ? max(0, height) : 0
        pixels = [Float](repeating: 0, count: self.width * self.height * 4)
    }

    /// The pixel at (x, y) as straight (not premultiplied) 8-bit R, G, B, A; outside the
    /// picture, transparent black.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return (0, 0, 0, 0) }
        let bytes = RGBAImage.straightBytes(pixels, at: (y * width + x) * 4)
        return (bytes.0, bytes.1, bytes.2, bytes.3)
    }

    /// The whole picture as straight 8-bit RGBA.
    public var straightRGBA: [UInt8] { straightBytes(channels: 4) }

    private static func straightBytes(_ pixels: [Float], at offset: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let alpha = pixels[offset + 3]
        guard alpha > 0 else { return (0, 0, 0, 0) }
        func byte(_ value: Float) -> UInt8 { UInt8((min(1, max(0, value)) * 255).rounded()) }
        return (byte(pixels[offset] / alpha), byte(pixels[offset + 1] / alpha), byte(pixels[offset + 2] / alpha), byte(alpha))
    }

    /// A picture filled with a vertical gradient (the opaque backdrop of a story), written
    /// once: no zeroing first, one four-float store per pixel.
    init(width: Int, height: Int, backdrop: Style.Backdrop) {
        self.width = width
        self.height = height
        let count = width * height * 4
        var opaque = true
        pixels = [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            for row in 0..<height {
                let t = height > 1 ? Double(row) / Double(height - 1) : 0
                let colour = RGBAImage.premultiplied(backdrop.top.mixed(with: backdrop.bottom, amount: t))
                if colour[3] < 1 { opaque = false }
                let pixel = SIMD4<Float>(colour[0], colour[1], colour[2], colour[3])
                let start = raw + row * width * 16
                for column in 0..<width { start.storeBytes(of: pixel, toByteOffset: column * 16, as: SIMD4<Float>.self) }
            }
            initialized = count
        }
        knownOpaque = opaque
    }

    /// Replaces every pixel with the backdrop's gradient.
    mutating func fill(_ backdrop: Style.Backdrop) {
        self = RGBAImage(width: width, height: height, backdrop: backdrop)
    }

    /// Paints `color` through a coverage mask: at each pixel, the colour with alpha scaled by
    /// the coverage, over what is there.
    ///
    /// The clip to the picture is worked out once per mask, not per pixel, and a pixel's four
    /// channels blend as one SIMD value (the same two multiplies and one add per channel as
    /// channel by channel, so the picture is bit for bit the same): background shapes and the
    /// text mask cover millions of pixels of a story.
    mutating func paint(_ color: StyleColor, through mask: CoverageMask) {
        let components = RGBAImage.premultiplied(color)
        let source = SIMD4<Float>(components[0], components[1], components[2], components[3])
        let firstRow = Swift.max(0, -mask.y), endRow = Swift.min(mask.height, height - mask.y)
        let firstColumn = Swift.max(0, -mask.x), endColumn = Swift.min(mask.width, width - mask.x)
        guard firstRow < endRow, firstColumn < endColumn else { return }
        let imageWidth = width, maskWidth = mask.width
        let wasOpaque = knownOpaque
        // The smallest alpha written (NaN is skipped by `min`, as `isOpaque`'s `< 1` skips it).
        var smallestAlpha: Float = 1
        defer { knownOpaque = wasOpaque && smallestAlpha >= 1 }
        pixels.withUnsafeMutableBufferPointer { pixels in
            let picture = UnsafeMutableRawPointer(pixels.baseAddress!)
            mask.values.withUnsafeBufferPointer { values in
                let coverages = values.baseAddress!
                for row in firstRow..<endRow {
                    let maskRow = coverages + row * maskWidth
                    let imageRow = picture + ((mask.y + row) * imageWidth + mask.x) * 16
                    for column in firstColumn..<endColumn {
                        let coverage = maskRow[column]
                        guard coverage > 0 else { continue }
                        let keep = 1 - source[3] * coverage
                        let under = imageRow.loadUnaligned(fromByteOffset: column * 16, as: SIMD4<Float>.self)
                        let blended = source * coverage + under * keep
                        smallestAlpha = Swift.min(smallestAlpha, blended[3])
                        imageRow.storeBytes(of: blended, toByteOffset: column * 16, as: SIMD4<Float>.self)
                    }
                }
            }
        }
    }

    /// Draws a premultiplied RGBA pixel over the one at (x, y).
    mutating func blend(x: Int, y: Int, premultiplied source: (Float, Float, Float, Float)) {
        guard x >= 0, y >= 0, x < width, y < height, source.3 > 0 else { return }
        let offset = (y * width + x) * 4
        let keep = 1 - source.3
        pixels[offset] = source.0 + pixels[offset] * keep
        pixels[offset + 1] = source.1 + pixels[offset + 1] * keep
        pixels[offset + 2] = source.2 + pixels[offset + 2] * keep
        pixels[offset + 3] = source.3 + pixels[offset + 3] * keep
    }

    static func premultiplied(_ color: StyleColor) -> [Float] {
        let alpha = Float(min(1, max(0, color.alpha)))
        return [Float(color.red) * alpha, Float(color.green) * alpha, Float(color.blue) * alpha, alpha]
    }
}
