import CGIF
import Foundation

/// Writes an animated GIF with giflib. GIF allows 256 colours per frame, so each frame is
/// written as the rectangle that changed since the previous one, with its own palette
/// (giflib's median-cut `GifQuantizeBuffer` over just that rectangle): text in motion over a
/// still backdrop keeps its colours, and the file holds little more than what moves.
public final class GIFAnimationEncoder {
    /// The frames' width in pixels.
    public let width: Int
    /// The frames' height in pixels.
    public let height: Int
    private var bytes = ByteSink()
    private var file: UnsafeMutablePointer<GifFileType>?
    private var previous: [UInt8]?

    /// An encoder for `width` × `height` frames, looping forever.
    public init(width: Int, height: Int) throws {
        guard width > 0, height > 0, width <= 65_535, height <= 65_535 else {
            throw PNGCodec.Failure(description: "cannot encode a \(width)x\(height) GIF: sides must be 1 to 65535 pixels")
        }
        self.width = width
        self.height = height
        var error: Int32 = 0
        let sink = Unmanaged.passUnretained(bytes).toOpaque()
        guard let file = EGifOpen(sink, { file, data, length in
            guard let file, let data, let user = file.pointee.UserData else { return 0 }
            Unmanaged<ByteSink>.fromOpaque(user).takeUnretainedValue().data.append(data, count: Int(length))
            return length
        }, &error) else {
            throw PNGCodec.Failure(description: "giflib: " + Self.message(error))
        }
        self.file = file
        EGifSetGifVersion(file, true)
        try check(EGifPutScreenDesc(file, Int32(width), Int32(height), 8, 0, nil))
        // The NETSCAPE2.0 application extension: loop count 0 repeats forever.
        try check(EGifPutExtensionLeader(file, APPLICATION_EXT_FUNC_CODE))
        try check(Array("NETSCAPE2.0".utf8).withUnsafeBytes { EGifPutExtensionBlock(file, 11, $0.baseAddress) })
        try check([UInt8]([1, 0, 0]).withUnsafeBytes { EGifPutExtensionBlock(file, 3, $0.baseAddress) })
        try check(EGifPutExtensionTrailer(file))
    }

    deinit {
        if let file {
            var error: Int32 = 0
            EGifCloseFile(file, &error)
        }
    }

    /// Adds a frame shown for `centiseconds` (GIF's unit of time). Pixels are drawn opaque.
    public func add(_ image: RGBAImage, centiseconds: Int) throws {
        guard let file else { throw PNGCodec.Failure(description: "the GIF is already finished") }
        guard image.width == width, image.height == height else {
            throw PNGCodec.Failure(description: "a \(image.width)x\(image.height) frame in a \(width)x\(height) animation")
        }
        let rgba = image.straightRGBA
        let box = changedBox(rgba) ?? (x: 0, y: 0, width: 1, height: 1)
        previous = rgba
        let count = box.width * box.height
        var red = [GifByteType](repeating: 0, count: count)
        var green = red, blue = red
        for row in 0..<box.height {
            for column in 0..<box.width {
                let source = ((box.y + row) * width + box.x + column) * 4
                let target = row * box.width + column
                red[target] = rgba[source]
                green[target] = rgba[source + 1]
                blue[target] = rgba[source + 2]
            }
        }
        var indices = [GifByteType](repeating: 0, count: count)
        var colorCount: Int32 = 256
        var palette = [GifColorType](repeating: GifColorType(), count: 256)
        try check(GifQuantizeBuffer(
            UInt32(box.width), UInt32(box.height), &colorCount, &red, &green, &blue, &indices, &palette))
        // A colour map's size must be a power of two.
        var mapSize: Int32 = 2
        while mapSize < colorCount { mapSize *= 2 }
        guard let map = GifMakeMapObject(mapSize, palette) else { throw PNGCodec.Failure(description: "giflib: out of memory") }
        defer { GifFreeMapObject(map) }

        var control = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false, DelayTime: Int32(max(0, centiseconds)), TransparentColor: -1)
        var extensionBytes = [GifByteType](repeating: 0, count: 4)
        let length = EGifGCBToExtension(&control, &extensionBytes)
        try check(EGifPutExtension(file, GRAPHICS_EXT_FUNC_CODE, Int32(length), extensionBytes))
        try check(EGifPutImageDesc(file, Int32(box.x), Int32(box.y), Int32(box.width), Int32(box.height), false, map))
        for row in 0..<box.height {
            try check(indices.withUnsafeMutableBufferPointer {
                EGifPutLine(file, $0.baseAddress! + row * box.width, Int32(box.width))
            })
        }
    }

    /// Ends the file and returns its bytes.
    public func finish() throws -> Data {
        guard let file else { return bytes.data }
        self.file = nil
        var error: Int32 = 0
        guard EGifCloseFile(file, &error) == GIF_OK else { throw PNGCodec.Failure(description: "giflib: " + Self.message(error)) }
        return bytes.data
    }

    /// The smallest rectangle holding every pixel that differs from the previous frame (the
    /// whole frame for the first one); nil when nothing changed.
    private func changedBox(_ rgba: [UInt8]) -> (x: Int, y: Int, width: Int, height: Int)? {
        guard let previous else { return (0, 0, width, height) }
        var left = width, right = -1, top = height, bottom = -1
        rgba.withUnsafeBufferPointer { now in
            previous.withUnsafeBufferPointer { before in
                for row in 0..<height {
                    var first = -1, last = -1
                    for column in 0..<width {
                        let offset = (row * width + column) * 4
                        if now[offset] != before[offset] || now[offset + 1] != before[offset + 1] || now[offset + 2] != before[offset + 2] {
                            if first < 0 { first = column }
                            last = column
                        }
                    }
                    guard first >= 0 else { continue }
                    left = min(left, first); right = max(right, last)
                    top = min(top, row); bottom = max(bottom, row)
                }
            }
        }
        guard right >= 0 else { return nil }
        return (left, top, right - left + 1, bottom - top + 1)
    }

    private func check(_ status: Int32) throws {
        guard status == GIF_OK else {
            throw PNGCodec.Failure(description: "giflib: " + Self.message(file?.pointee.Error ?? status))
        }
    }

    private static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "error \(code)"
    }
}

/// Where giflib's output callback appends the file's bytes.
private final class ByteSink {
    var data = Data()
}
