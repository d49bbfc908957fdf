import Foundation
import LineFit
@testable import LineFitRender
import Testing

/// Variable fonts drawn at their axis values: outlines come from the instance the line was
/// shaped at, in the PNG (pixels) and in the SVG (one definition per glyph and instance).
@Suite("Variable fonts, drawn")
struct VariableFontRenderTests {
    static let ink = StyleColor(red: 1, green: 1, blue: 1)

    /// Roboto Flex at one fixed size (60 on the reference canvas: 30 on this one), white on
    /// black, at `weight`.
    static func styled(weight: Double) throws -> StyledLayout {
        var style = RenderFixtures.flat(Style.poster, StyleColor(red: 0, green: 0, blue: 0))
        style.textColor = ink
        style.fit = .fixed(60)
        style.lineFill = .size
        style.variations = [FontVariation("wght", weight)]
        return try RenderFixtures.styled("Heavy or light", style: style, canvas: RenderFixtures.medium)
    }

    /// Total coverage: the sum of one channel over the picture (white on black: 255 per
    /// fully covered pixel).
    static func inkSum(_ image: RGBAImage) -> Double {
        var total = 0.0
        for y in 0..<image.height {
            for x in 0..<image.width { total += Double(image.pixel(x: x, y: y).red) }
        }
        return total / 255
    }

    @Test("a heavy wght draws visibly more ink than a light one, at the same size and advance")
    func heavyDrawsMoreInk() throws {
        let light = try Self.styled(weight: 100)
        let heavy = try Self.styled(weight: 1000)
        #expect(light.layout.lines.map(\.size) == [30] && heavy.layout.lines.map(\.size) == [30])
        let lightInk = try Self.inkSum(PNGRenderer(canvas: RenderFixtures.medium).render(light))
        let heavyInk = try Self.inkSum(PNGRenderer(canvas: RenderFixtures.medium).render(heavy))
        // Roboto Flex's stems go from about 30 to about 190 units between wght 100 and 1000:
        // well over twice the ink (a renderer that ignored the axis would draw the same).
        #expect(lightInk > 500)
        #expect(heavyInk > 2.5 * lightInk, "light \(lightInk), heavy \(heavyInk) covered pixels")
    }

    @Test("the SVG defines a glyph once per instance it is drawn at")
    func svgPerInstance() throws {
        let styled = try RenderFixtures.styled("Good morning\nBIG day", style: .poster, canvas: RenderFixtures.small)
        let svg = try SVGRenderer(canvas: RenderFixtures.small).render(styled)
        let widths = Set(styled.layout.lines.compactMap { $0.axisValues.first { $0.tag == "wdth" }?.value })
        #expect(widths.count == 2)
        // "G" is in both lines, at two widths: two definitions of the same glyph id.
        let gIDs = svg.components(separatedBy: "<path id=\"g0v").count - 1
        #expect(gIDs >= 2)
        #expect(svg.contains("id=\"g0v1-") && svg.contains("id=\"g0v2-"))
    }
}
