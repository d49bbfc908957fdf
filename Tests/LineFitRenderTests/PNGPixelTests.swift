import Foundation
import LineFit
@testable import LineFitRender
import Testing

// Checks on the painted pixels of whole stories: where ink may be, where the background
// colour is, that emoji are in colour and that Neon glows.

@Suite("PNG pixels")
struct PNGPixelTests {
    static let backdrop = StyleColor(red: 0.2, green: 0.3, blue: 0.4)

    @Test("ink only inside the lines' ink boxes", arguments: [Style.Preset.modern, .classic, .typewriter])
    func inkInsideLineBoxes(preset: Style.Preset) throws {
        var style = RenderFixtures.flat(preset.style, Self.backdrop)
        style.background = .none
        let canvas = RenderFixtures.medium
        let styled = try RenderFixtures.styled("Hello world\nBIG\nsmall words here", style: style, canvas: canvas)
        let image = try PNGRenderer(canvas: canvas).render(styled)
        let scene = StoryScene(styled, canvas: canvas)
        let boxes = styled.layout.inkBoxes(fonts: styled.fonts, padding: 1.5).compactMap { $0 }
            .map { LayoutRect(x: $0.x + scene.originX, y: $0.y + scene.originY, width: $0.width, height: $0.height) }
        var inkPerBox = [Int](repeating: 0, count: boxes.count)
        for y in 0..<image.height {
            for x in 0..<image.width where !image.pixel(x: x, y: y, is: Self.backdrop) {
                let centre = LayoutPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                let inside = boxes.indices.filter { boxes[$0].contains(centre) }
                #expect(!inside.isEmpty, "ink at \(x),\(y) outside every line's ink box")
                for index in inside { inkPerBox[index] += 1 }
                if inside.isEmpty { return }  // one report is enough
            }
        }
        #expect(inkPerBox.allSatisfy { $0 > 50 }, "every line has ink: \(inkPerBox)")
    }

    @Test("the background colour fills the merged outline and nothing outside it")
    func backgroundInsideOutline() throws {
        var style = RenderFixtures.flat(.strong, Self.backdrop)
        style.textColor = style.backgroundColor  // hide the text: only the shape is seen
        let canvas = RenderFixtures.small
        let styled = try RenderFixtures.styled("Good morning\nBIG\nand small words", style: style, canvas: canvas)
        let image = try PNGRenderer(canvas: canvas).render(styled)
        let scene = StoryScene(styled, canvas: canvas)
        let polygons = scene.backgroundPaths.flatMap { Flattened.polygons($0) }
        #expect(!polygons.isEmpty)
        var inside = 0, outside = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let centre = LayoutPoint(x: Double(x) + 0.5, y: Double(y) + 0.5)
                // Antialiased edge pixels may be either; a pixel's centre a pixel away is not.
                guard polygons.allSatisfy({ Flattened.distance(from: centre, to: $0) > 1 }) else { continue }
                if polygons.contains(where: { Flattened.contains($0, centre) }) {
                    inside += 1
                    #expect(image.pixel(x: x, y: y, is: style.backgroundColor), "\(x),\(y) inside the outline")
                } else {
                    outside += 1
                    #expect(image.pixel(x: x, y: y, is: Self.backdrop), "\(x),\(y) outside the outline")
                }
            }
        }
        #expect(inside > 1000 && outside > 1000)
    }

    @Test("an emoji's pixels are in colour, at the line's size")
    func emojiInColour() throws {
        var style = RenderFixtures.flat(.strong, Self.backdrop)
        style.background = .none
        let canvas = RenderFixtures.small
        let styled = try RenderFixtures.styled("🎉", style: style, canvas: canvas)
        let image = try PNGRenderer(canvas: canvas).render(styled)
        let scene = StoryScene(styled, canvas: canvas)
        let ink = try #require(styled.layout.inkBoxes(fonts: styled.fonts)[0])
        var coloured = 0, changed = 0
        for y in 0..<image.height {
            for x in 0..<image.width where !image.pixel(x: x, y: y, is: Self.backdrop) {
                changed += 1
                let p = image.pixel(x: x, y: y)
                let channels = [Int(p.red), Int(p.green), Int(p.blue)]
                if channels.max()! - channels.min()! > 80 { coloured += 1 }
                let centre = LayoutPoint(x: Double(x) + 0.5 - scene.originX, y: Double(y) + 0.5 - scene.originY)
                #expect(ink.outset(by: 1.5).contains(centre), "emoji pixel \(x),\(y) outside its ink box")
                if !ink.outset(by: 1.5).contains(centre) { return }
            }
        }
        #expect(coloured > changed / 4, "\(coloured) coloured of \(changed)")
        // Scaled to the line: the painted area is most of the ink box's area.
        #expect(Double(changed) > 0.4 * ink.width * ink.height)
    }

    @Test("Neon glows in its glow colour around the text and not far away")
    func neonGlow() throws {
        let style = RenderFixtures.flat(.neon, StyleColor(red: 0.05, green: 0.05, blue: 0.1))
        let canvas = RenderFixtures.medium
        let styled = try RenderFixtures.styled("Neon", style: style, canvas: canvas)
        let image = try PNGRenderer(canvas: canvas).render(styled)
        let scene = StoryScene(styled, canvas: canvas)
        let radius = try #require(styled.style.glow).radius
        // Pixels the glyphs do not touch but that lie within half the glow's standard
        // deviation of a glyph pixel are lit: pink over the near-black backdrop.
        let text = PNGRenderer(canvas: canvas).textMask(scene)
        func ink(_ x: Int, _ y: Int) -> Bool {
            let column = x - text.x, row = y - text.y
            guard column >= 0, row >= 0, column < text.width, row < text.height else { return false }
            return text.values[row * text.width + column] > 0.5
        }
        let reach = max(1, Int(radius / 2))
        var glowing = 0, near = 0
        for y in (text.y - reach)..<(text.y + text.height + reach) {
            for x in (text.x - reach)..<(text.x + text.width + reach) {
                let column = x - text.x, row = y - text.y
                let inside = column >= 0 && row >= 0 && column < text.width && row < text.height
                guard !inside || text.values[row * text.width + column] == 0 else { continue }
                guard (-reach...reach).contains(where: { dy in (-reach...reach).contains { dx in ink(x + dx, y + dy) } }) else { continue }
                near += 1
                let p = image.pixel(x: x, y: y)
                if Int(p.red) > 13 + 40 && p.red > p.green { glowing += 1 }
            }
        }
        #expect(near > 500 && glowing * 10 > near * 9, "\(glowing) of \(near) pixels near the glyphs glow")
        // Far from the text the backdrop is untouched.
        #expect(image.pixel(x: 2, y: 2, is: style.backdrop.top))
        #expect(image.pixel(x: image.width - 3, y: image.height - 3, is: style.backdrop.top))
    }

    @Test("the PNG file round-trips through libpng")
    func pngRoundTrip() throws {
        let styled = try RenderFixtures.styled("Hello", style: .classic, canvas: RenderFixtures.small)
        let image = try PNGRenderer(canvas: RenderFixtures.small).render(styled)
        let data = try image.pngData()
        #expect(data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let decoded = try PNGCodec.decode(data)
        #expect(decoded.width == 270 && decoded.height == 480)
        #expect(decoded.rgba == image.straightRGBA)
        #expect(throws: PNGCodec.Failure.self) { try PNGCodec.decode(Data("not a png".utf8)) }
    }
}

/// Paths as polygons for the pixel checks (independent of the rasterizer's flattening).
enum Flattened {
    static func polygons(_ path: OutlinePath) -> [[LayoutPoint]] {
        var result: [[LayoutPoint]] = []
        var current: [LayoutPoint] = []
        for element in path.elements {
            switch element {
            case .move(let p):
                if current.count > 2 { result.append(current) }
                current = [p]
            case .line(let p):
                current.append(p)
            case .curve(let c1, let c2, let end):
                let start = current.last ?? end
                for step in 1...24 {
                    let t = Double(step) / 24, u = 1 - t
                    current.append(LayoutPoint(
                        x: u * u * u * start.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * end.x,
                        y: u * u * u * start.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * end.y))
                }
            case .close:
                if current.count > 2 { result.append(current) }
                current = []
            }
        }
        if current.count > 2 { result.append(current) }
        return result
    }

    static func contains(_ polygon: [LayoutPoint], _ point: LayoutPoint) -> Bool {
        var inside = false
        var previous = polygon[polygon.count - 1]
        for vertex in polygon {
            if (vertex.y > point.y) != (previous.y > point.y) {
                let x = vertex.x + (point.y - vertex.y) * (previous.x - vertex.x) / (previous.y - vertex.y)
                if point.x < x { inside.toggle() }
            }
            previous = vertex
        }
        return inside
    }

    static func distance(from point: LayoutPoint, to polygon: [LayoutPoint]) -> Double {
        var best = Double.infinity
        var previous = polygon[polygon.count - 1]
        for vertex in polygon {
            let dx = vertex.x - previous.x, dy = vertex.y - previous.y
            let length = dx * dx + dy * dy
            let t = length > 0 ? max(0, min(1, ((point.x - previous.x) * dx + (point.y - previous.y) * dy) / length)) : 0
            best = min(best, hypot(point.x - (previous.x + t * dx), point.y - (previous.y + t * dy)))
            previous = vertex
        }
        return best
    }
}
