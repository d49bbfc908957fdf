import CGIF
import CWebP
import Foundation
import LineFit
@testable import LineFitRender
import Testing

// Typing animations: frame counts from the documented formula, the last frame equal to the
// still picture, and both files read back by the libraries' own decoders (and webpinfo).

@Suite("Typing animations")
struct AnimationEncodingTests {
    static let canvas = RenderFixtures.small
    /// "Hi!" is 3 graphemes: ceil(10 fps × (3 × 100 ms + 200 ms)) = 5 frames.
    static let timing = TypingAnimation.Timing(fps: 10, keystrokeMilliseconds: 100, transitionMilliseconds: 150, holdMilliseconds: 200)
    static let expectedFrames = 5

    static func animation(_ text: String = "Hi!") throws -> (TypingAnimation, Style, FontChain) {
        let style = Style.Preset.strong.style.scaled(by: Double(canvas.width) / Style.referenceCanvasWidth)
        let fonts = try style.fontChain()
        let options = style.layoutOptions(width: Double(canvas.width) - 2 * style.margin, maxHeight: Double(canvas.height) - 4 * style.margin)
        return (try TypingAnimation(text: text, style: style, options: options, fonts: fonts, timing: timing), style, fonts)
    }

    @Test func frameCountFollowsTheFormula() throws {
        let (animation, _, _) = try Self.animation()
        #expect(animation.keystrokes == 3)
        #expect(animation.frameCount == Self.expectedFrames)
        var count = 0
        animation.forEachFrame { _, _ in count += 1 }
        #expect(count == Self.expectedFrames)
        // Graphemes, not code points or UTF-16 units: a family emoji is one keystroke.
        let (family, _, _) = try Self.animation("a👩‍👩‍👧b")
        #expect(family.keystrokes == 3)
    }

    @Test func theLastFrameIsTheStill() throws {
        let (animation, style, fonts) = try Self.animation()
        var last: RGBAImage?
        _ = try AnimationRenderer(canvas: Self.canvas).render(animation, style: style, fonts: fonts, format: nil) { _, image in
            last = image
        }
        let still = try PNGRenderer(canvas: Self.canvas).render(StyledLayout(style: style, fonts: fonts, layout: animation.layouts.last!))
        #expect(last?.straightRGBA == still.straightRGBA)
        // And the typed layout is the fresh layout of the whole text.
        let fresh = try style.layout("Hi!", options: animation.layouts.last.map { _ in
            style.layoutOptions(width: Double(Self.canvas.width) - 2 * style.margin, maxHeight: Double(Self.canvas.height) - 4 * style.margin)
        }!, fonts: fonts)
        #expect(fresh.layout == animation.layouts.last)
    }

    @Test func webpDecodesWithTheExpectedFrames() throws {
        let (animation, style, fonts) = try Self.animation()
        let data = try #require(try AnimationRenderer(canvas: Self.canvas).render(animation, style: style, fonts: fonts, format: .webp(quality: 80)))
        // libwebp's demuxing decoder: canvas size, frame count, and every frame decodes.
        var frames = 0
        var info = WebPAnimInfo()
        data.withUnsafeBytes { raw in
            var webpData = WebPData(bytes: raw.bindMemory(to: UInt8.self).baseAddress, size: raw.count)
            var options = WebPAnimDecoderOptions()
            _ = WebPAnimDecoderOptionsInit(&options)
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&webpData, &options) else { return }
            defer { WebPAnimDecoderDelete(decoder) }
            _ = WebPAnimDecoderGetInfo(decoder, &info)
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var buffer: UnsafeMutablePointer<UInt8>?
                var timestamp: Int32 = 0
                guard WebPAnimDecoderGetNext(decoder, &buffer, &timestamp) != 0 else { break }
                frames += 1
            }
        }
        #expect(info.canvas_width == 270 && info.canvas_height == 480)
        #expect(info.frame_count == UInt32(Self.expectedFrames))
        #expect(frames == Self.expectedFrames)
        // webpinfo, libwebp's own checker, finds nothing wrong with the file.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-\(UUID().uuidString).webp")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let webpinfo = try #require(
            ["/usr/bin/webpinfo", "/usr/local/bin/webpinfo"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "webpinfo is missing: install the Debian package webp (.ci/install-deps does)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: webpinfo)
        process.arguments = ["-summary", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(text.contains("Number of frames: \(Self.expectedFrames)"))
        #expect(text.contains("No error detected."))
    }

    @Test func gifDecodesWithTheExpectedFramesAndPicture() throws {
        let (animation, style, fonts) = try Self.animation()
        var last: RGBAImage?
        let data = try #require(try AnimationRenderer(canvas: Self.canvas).render(animation, style: style, fonts: fonts, format: .gif) { _, image in
            last = image
        })
        let reader = GIFReader(data)
        var error: Int32 = 0
        let file = try #require(DGifOpen(Unmanaged.passUnretained(reader).toOpaque(), { file, buffer, length in
            guard let file, let buffer, let user = file.pointee.UserData else { return 0 }
            return Unmanaged<GIFReader>.fromOpaque(user).takeUnretainedValue().read(into: buffer, count: Int(length))
        }, &error))
        defer { DGifCloseFile(file, &error) }
        #expect(DGifSlurp(file) == GIF_OK)
        #expect(file.pointee.SWidth == 270 && file.pointee.SHeight == 480)
        #expect(file.pointee.ImageCount == Int32(Self.expectedFrames))
        // Compose the frames as a viewer does (each is a rectangle drawn over the last) and
        // compare with the last rendered picture: giflib's median cut works on 5 bits per
        // channel, so a channel is off by up to 4 steps (about 2 on average) plus the palette's
        // own error where a rectangle holds more than 256 such colours.
        var canvas = [UInt8](repeating: 0, count: 270 * 480 * 3)
        for index in 0..<Int(file.pointee.ImageCount) {
            let image = file.pointee.SavedImages[index]
            let desc = image.ImageDesc
            let map = try #require(desc.ColorMap ?? file.pointee.SColorMap)
            for row in 0..<Int(desc.Height) {
                for column in 0..<Int(desc.Width) {
                    let color = map.pointee.Colors[Int(image.RasterBits[row * Int(desc.Width) + column])]
                    let offset = ((Int(desc.Top) + row) * 270 + Int(desc.Left) + column) * 3
                    canvas[offset] = color.Red; canvas[offset + 1] = color.Green; canvas[offset + 2] = color.Blue
                }
            }
        }
        let expected = try #require(last).straightRGBA
        var total = 0
        for pixel in 0..<(270 * 480) {
            for channel in 0..<3 { total += abs(Int(canvas[pixel * 3 + channel]) - Int(expected[pixel * 4 + channel])) }
        }
        let mean = Double(total) / Double(270 * 480 * 3)
        #expect(mean < 5, "mean channel error \(mean)")
    }
}

/// Feeds a GIF's bytes to giflib's read callback.
private final class GIFReader {
    let bytes: [UInt8]
    var position = 0
    init(_ data: Data) { bytes = [UInt8](data) }

    func read(into buffer: UnsafeMutablePointer<GifByteType>, count: Int) -> Int32 {
        let n = min(count, bytes.count - position)
        for index in 0..<n { buffer[index] = bytes[position + index] }
        position += n
        return Int32(n)
    }
}
