import Foundation
import LineFit
@testable import LineFitRender
import Testing

// Picture files as a reader sees them: each format decodes (with its own library) to the
// canvas size, with the text colour inside the glyphs' ink boxes and the backdrop far from
// them. Lossy formats get a tolerance; PNG must match the painted pixels exactly.

@Suite("Encoded pictures")
struct EncodedPictureTests {
    static let backdrop = StyleColor(red: 0.1, green: 0.2, blue: 0.5)
    static let ink = StyleColor(red: 1, green: 0.9, blue: 0.2)

    /// A decoded file as RGB rows, whatever its format.
    struct Decoded {
        var width: Int
        var height: Int
        var rgb: [UInt8]

        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let offset = (y * width + x) * 3
            return (Int(rgb[offset]), Int(rgb[offset + 1]), Int(rgb[offset + 2]))
        }

        func isNear(_ x: Int, _ y: Int, _ color: StyleColor, within tolerance: Int) -> Bool {
            let (r, g, b) = pixel(x, y)
            func near(_ value: Int, _ target: Double) -> Bool { abs(value - Int((target * 255).rounded())) <= tolerance }
            return near(r, color.red) && near(g, color.green) && near(b, color.blue)
        }
    }

    static func decode(_ data: Data, as format: ImageFormat) throws -> Decoded {
        switch format {
        case .png:
            let (rgba, width, height) = try PNGCodec.decode(data)
            return Decoded(width: width, height: height, rgb: dropAlpha(rgba))
        case .jpeg:
            let (rgb, width, height) = try JPEGCodec.decode(data)
            return Decoded(width: width, height: height, rgb: rgb)
        case .webp:
            let (rgba, width, height) = try WebPCodec.decode(data)
            return Decoded(width: width, height: height, rgb: dropAlpha(rgba))
        }
    }

    static func dropAlpha(_ rgba: [UInt8]) -> [UInt8] {
        var rgb: [UInt8] = []
        rgb.reserveCapacity(rgba.count / 4 * 3)
        for index in stride(from: 0, to: rgba.count, by: 4) { rgb += rgba[index..<(index + 3)] }
        return rgb
    }

    /// Sizes that make the file's own header, not only the decoder, say the right thing.
    static let canvas = RenderCanvas(width: 300, height: 500)

    static func story() throws -> (StyledLayout, RGBAImage, [LayoutRect]) {
        var style = RenderFixtures.flat(.strong, backdrop)
        style.background = .none
        style.textColor = ink
        let styled = try RenderFixtures.styled("HELLO\nBIG WORLD", style: style, canvas: canvas)
        let image = try PNGRenderer(canvas: canvas).render(styled)
        let scene = StoryScene(styled, canvas: canvas)
        let boxes = styled.layout.inkBoxes(fonts: styled.fonts).compactMap { $0 }
            .map { LayoutRect(x: $0.x + scene.originX, y: $0.y + scene.originY, width: $0.width, height: $0.height) }
        return (styled, image, boxes)
    }

    @Test("each format decodes to the canvas size with ink in the glyph boxes and backdrop away from them",
          arguments: ImageFormat.allCases)
    func decodesWithInk(format: ImageFormat) throws {
        let (_, image, boxes) = try Self.story()
        #expect(boxes.count == 2)
        let data = try image.encoded(as: format)
        let decoded = try Self.decode(data, as: format)
        #expect(decoded.width == Self.canvas.width && decoded.height == Self.canvas.height)
        // PNG is lossless; JPEG at quality 90 and lossy WebP move flat colours by a few steps
        // and ring near edges, hence the margin around the boxes.
        let tolerance = format == .png ? 1 : 24
        let margin = format == .png ? 1.0 : 6.0
        var inkPerBox = [Int](repeating: 0, count: boxes.count)
        var backdropPixels = 0
        for y in 0..<decoded.height {
            for x in 0..<decoded.width {
                let centre = LayoutPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                if let box = boxes.firstIndex(where: { $0.contains(centre) }) {
                    if decoded.isNear(x, y, Self.ink, within: tolerance) { inkPerBox[box] += 1 }
                } else if boxes.allSatisfy({ !$0.insetBy(-margin).contains(centre) }) {
                    backdropPixels += 1
                    #expect(decoded.isNear(x, y, Self.backdrop, within: tolerance), "\(format) \(x),\(y) is not backdrop")
                    if !decoded.isNear(x, y, Self.backdrop, within: tolerance) { return }
                }
            }
        }
        // Solid glyph interiors: a good part of each box is the text colour.
        for (index, box) in boxes.enumerated() {
            #expect(Double(inkPerBox[index]) > 0.15 * box.width * box.height, "\(format) line \(index): \(inkPerBox[index]) ink pixels")
        }
        #expect(backdropPixels > Self.canvas.width * Self.canvas.height / 2)
    }

    @Test("PNG: opaque pictures are RGB, transparent ones RGBA, and both decode to the painted pixels")
    func pngColourTypes() throws {
        let (styled, opaque, _) = try Self.story()
        let rgb = try opaque.pngData()
        // Byte 25 is IHDR's colour type: 2 is RGB, 6 is RGBA.
        #expect(rgb[25] == 2)
        #expect(try PNGCodec.decode(rgb).rgba == opaque.straightRGBA)

        let transparent = try PNGRenderer(canvas: nil).render(styled)
        #expect(!transparent.isOpaque)
        let rgba = try transparent.pngData()
        #expect(rgba[25] == 6)
        let decoded = try PNGCodec.decode(rgba)
        #expect(decoded.width == transparent.width && decoded.height == transparent.height)
        #expect(decoded.rgba == transparent.straightRGBA)
        #expect(decoded.rgba.enumerated().contains { $0.offset % 4 == 3 && $0.element == 0 }, "some pixels are transparent")
    }

    @Test("translucent pixels un-premultiply to within one step of the exact value")
    func unpremultiplying() {
        var image = RGBAImage(width: 64, height: 1)
        for x in 0..<64 {
            let alpha = Float(x + 1) / 64
            image.blend(x: x, y: 0, premultiplied: (0.8 * alpha, 0.5 * alpha, 0.1 * alpha, alpha))
        }
        let bytes = image.straightRGBA
        for x in 0..<64 {
            let alpha = Double(x + 1) / 64
            #expect(abs(Int(bytes[x * 4]) - Int((0.8 * 255).rounded())) <= 1)
            #expect(abs(Int(bytes[x * 4 + 1]) - Int((0.5 * 255).rounded())) <= 1)
            #expect(abs(Int(bytes[x * 4 + 2]) - Int((0.1 * 255).rounded())) <= 1)
            #expect(abs(Int(bytes[x * 4 + 3]) - Int((alpha * 255).rounded())) <= 1)
        }
    }

    @Test("a higher PNG level gives a smaller file of the same pixels")
    func pngLevels() throws {
        let (_, image, _) = try Self.story()
        let fast = try image.pngData(level: 1), small = try image.pngData(level: 9), stored = try image.pngData(level: 0)
        #expect(small.count < fast.count && fast.count < stored.count)
        // Level 0 stores: the rows plus a filter byte each, and little else.
        #expect(stored.count > image.width * image.height * 3)
        #expect(try PNGCodec.decode(small).rgba == PNGCodec.decode(fast).rgba)
    }

    @Test("formats by extension and by name")
    func formatNames() {
        #expect(ImageFormat(path: "a/b.PNG") == .png)
        #expect(ImageFormat(path: "x.jpg") == .jpeg && ImageFormat(path: "x.jpeg") == .jpeg)
        #expect(ImageFormat(path: "x.webp") == .webp)
        #expect(ImageFormat(path: "x.gif") == nil && ImageFormat(path: "noextension") == nil)
        #expect(ImageFormat(name: "JPG") == .jpeg)
    }

    @Test("broken files are errors, not crashes")
    func brokenFiles() {
        let junk = Data("not a picture at all".utf8)
        #expect(throws: (any Error).self) { try JPEGCodec.decode(junk) }
        #expect(throws: (any Error).self) { try WebPCodec.decode(junk) }
        #expect(throws: (any Error).self) { try PNGCodec.decode(junk) }
    }
}

extension LayoutRect {
    fileprivate func insetBy(_ amount: Double) -> LayoutRect {
        LayoutRect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}
