import Foundation
import LineFit
@testable import LineFitRender
import Testing

/// A layout drawn as a transition frame is the same picture as its still: glyphs at the
/// line's axis values (variable fonts) and the block placed in its box.
@Suite("Transition frames, drawn")
struct TransitionFrameRenderTests {
    static let canvas = RenderFixtures.small

    static func samePicture(_ styled: StyledLayout) throws {
        let renderer = PNGRenderer(canvas: canvas)
        let still = try renderer.render(styled)
        let frame = try renderer.render(TransitionFrame(styled.layout), style: styled.style, fonts: styled.fonts)
        #expect(frame.straightRGBA == still.straightRGBA)
    }

    /// Poster: Roboto Flex with each line's own wdth and opsz; drawn at the default axis
    /// values instead, the letters would be another width and weight.
    @Test func aVariableFontIsDrawnAtEachLinesAxisValues() throws {
        let styled = try RenderFixtures.styled("Nothing beats a quiet walk by the lake", style: .poster, canvas: Self.canvas)
        #expect(styled.layout.lines.contains { $0.axisValues.contains { $0.tag == "wdth" && $0.value != 100 } })
        try Self.samePicture(styled)
        // The check can fail: the frame's axis values dropped, the picture changes.
        var bare = TransitionFrame(styled.layout)
        bare.axisSets = [[]]
        for index in bare.glyphs.indices { bare.glyphs[index].axes = 0 }
        let renderer = PNGRenderer(canvas: Self.canvas)
        #expect(try renderer.render(bare, style: styled.style, fonts: styled.fonts).straightRGBA
            != renderer.render(styled).straightRGBA)
    }

    /// A block filling a box and set at its bottom sits where the still puts it, not centred.
    @Test func aBlockInABoxIsPlacedAsTheStill() throws {
        let style = Style.Preset.strong.style.scaled(by: Double(Self.canvas.width) / Style.referenceCanvasWidth)
        var options = style.layoutOptions(width: Double(Self.canvas.width) - 2 * style.margin)
        options.breakStrategy = .balanced
        options.box = .fill(height: Double(Self.canvas.height) - 4 * style.margin)
        options.verticalAlignment = .bottom
        let styled = try style.layout("Summer nights and city lights", options: options, fonts: try style.fontChain())
        #expect(styled.layout.blockTop > 4)
        try Self.samePicture(styled)
    }
}
