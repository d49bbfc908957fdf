import Foundation
import LineFit
@testable import LineFitRender
import Testing

@Suite("SVG snapshots")
struct SVGSnapshotTests {
    @Test("every style's SVG matches its golden", arguments: Style.Preset.allCases)
    func styleGolden(preset: Style.Preset) throws {
        let styled = try RenderFixtures.styled("Good morning\nBIG day", style: preset.style, canvas: RenderFixtures.small)
        try Golden.check(SVGRenderer(canvas: RenderFixtures.small).render(styled), named: "\(preset.rawValue).svg")
    }

    @Test("without a canvas the picture is just around the text, transparent")
    func noCanvasGolden() throws {
        let styled = try Style.strong.layout("Hi\nthere", width: 400)
        let svg = try SVGRenderer(canvas: nil).render(styled)
        #expect(!svg.contains("backdrop"))
        try Golden.check(svg, named: "strong-no-canvas.svg")
    }

    @Test("glyphs are outlines, backgrounds come first, emoji are embedded PNGs")
    func structure() throws {
        let styled = try RenderFixtures.styled("Party 🎉", style: .strong, canvas: RenderFixtures.small)
        let svg = try SVGRenderer(canvas: RenderFixtures.small).render(styled)
        #expect(!svg.contains("<text"))
        let background = try #require(svg.range(of: "class=\"background\""))
        let text = try #require(svg.range(of: "class=\"text\""))
        #expect(background.lowerBound < text.lowerBound)
        let image = try #require(svg.range(of: "href=\"data:image/png;base64,"))
        // The embedded image decodes and is in colour.
        let rest = svg[image.upperBound...]
        let base64 = String(rest[..<rest.firstIndex(of: "\"")!])
        let png = try PNGCodec.decode(try #require(Data(base64Encoded: base64)))
        #expect(colouredPixels(png.rgba) > 100)
        #expect(svg.contains("<use href=\"#e"))
    }

    @Test("Neon's SVG blurs a copy of the glyphs in the glow colour under them")
    func neonGlow() throws {
        let styled = try RenderFixtures.styled("Neon", style: .neon, canvas: RenderFixtures.small)
        let svg = try SVGRenderer(canvas: RenderFixtures.small).render(styled)
        let glow = try #require(svg.range(of: "<g class=\"glow\" fill=\"\(Style.neon.glow!.color.hex)\" filter=\"url(#glow)\">"))
        let text = try #require(svg.range(of: "<g class=\"text\" fill=\"\(Style.neon.textColor.hex)\">"))
        #expect(glow.lowerBound < text.lowerBound)
        #expect(svg.contains("<feGaussianBlur"))
    }

    @Test("SVG numbers are locale-free and stable")
    func numbers() {
        #expect(SVGNumber.point(12.345) == "12.35")
        #expect(SVGNumber.point(-0.001) == "0")
        #expect(SVGNumber.point(3) == "3")
        #expect(SVGNumber.scale(0.0292969) == "0.029297")
        #expect(SVGNumber.scale(-0.5) == "-0.5")
    }
}

/// Pixels whose channels differ by more than 60: clearly not grey.
func colouredPixels(_ rgba: [UInt8]) -> Int {
    stride(from: 0, to: rgba.count, by: 4).filter { offset in
        let channels = [rgba[offset], rgba[offset + 1], rgba[offset + 2]].map(Int.init)
        return rgba[offset + 3] > 128 && channels.max()! - channels.min()! > 60
    }.count
}

@Suite("Docs")
struct DocsSnippetTests {
    @Test("the docs/STYLES.md Swift example runs")
    func stylesSnippet() throws {
        var style = Style.neon.recolored(StyleColor(hex: "#00E5FF")!)
        style.lineSpacing = 0.95
        let story = try style.layout("Summer nights\nand city lights", width: 1080 - 2 * style.margin)
        let svg = try SVGRenderer(canvas: .story).render(story)
        let png = try PNGRenderer(canvas: .story).render(story).pngData()
        let link = story.layout.rects(for: 7..<13)
        #expect(svg.contains("#00e5ff") && !png.isEmpty && link.count == 1)
    }
}
