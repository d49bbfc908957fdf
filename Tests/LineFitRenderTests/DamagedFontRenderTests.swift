import Foundation
import LineFit
import LineFitRender
import LineFitTestSupport
import Testing

/// Issue 13, defect 6, through the library's own render calls: a glyph that its (damaged)
/// font cannot load is `fontInvalid` from every renderer, SVG, PNG, a transition frame and a
/// typing animation, before anything is drawn; never a picture with the glyph left blank.
@Suite struct DamagedFontRenderTests {
    /// FreeType's code for the too-large contour array is its own (Array_Too_Large, 10).
    static let expected = LineFitError.fontInvalid(
        path: "damaged-hebrew", faceIndex: 0, reason: "glyph 96 cannot be loaded (FreeType error 10): the font is damaged")
    static let canvas = RenderFixtures.small

    static func fonts() throws -> (damaged: FontChain, intact: FontChain) {
        let damaged = try Font(data: try DamagedFonts.hebrewWithBrokenGlyph(), name: "damaged-hebrew")
        let intact = try Font(path: try Style.fontPath("NotoSansHebrew-Regular.ttf"))
        return (FontChain(damaged), FontChain(intact))
    }

    static func story(_ text: String, fonts: FontChain) throws -> StyledLayout {
        let layout = try LayoutEngine().layout(text, fonts: fonts, options: LayoutOptions(width: 200, minSize: 24, maxSize: 120))
        return StyledLayout(style: .strong, fonts: fonts, layout: layout)
    }

    @Test func everyRendererThrowsForAGlyphItsFontCannotLoad() throws {
        let (damaged, _) = try Self.fonts()
        let story = try Self.story("שלום", fonts: damaged)
        #expect(story.layout.lines.flatMap(\.runs).flatMap(\.glyphs).contains { $0.id == DamagedFonts.brokenHebrewGlyph })
        #expect(throws: Self.expected) { try SVGRenderer(canvas: Self.canvas).render(story) }
        #expect(throws: Self.expected) { try SVGRenderer(canvas: nil).render(story) }
        #expect(throws: Self.expected) { try PNGRenderer(canvas: Self.canvas).render(story) }
        #expect(throws: Self.expected) { try PNGRenderer(canvas: nil).render(story) }
        #expect(throws: Self.expected) {
            try PNGRenderer(canvas: Self.canvas).render(TransitionFrame(story.layout), style: story.style, fonts: damaged)
        }
        let timing = TypingAnimation.Timing(fps: 10, keystrokeMilliseconds: 100, transitionMilliseconds: 100, holdMilliseconds: 100)
        let animation = try TypingAnimation(
            text: "שלום", style: .strong, options: LayoutOptions(width: 200, minSize: 24, maxSize: 120), fonts: damaged,
            timing: timing)
        var frames = 0
        #expect(throws: Self.expected) {
            try AnimationRenderer(canvas: Self.canvas).render(animation, style: .strong, fonts: damaged, format: .gif) { _, _ in
                frames += 1
            }
        }
        #expect(frames == 0, "frames were drawn before the error")
    }

    /// The check is about the glyphs drawn: text without the damaged glyph draws exactly as
    /// with the intact font (the control that the error above is the glyph's, not the font's).
    @Test func textWithoutTheDamagedGlyphDrawsAsTheIntactFont() throws {
        let (damaged, intact) = try Self.fonts()
        let fromDamaged = try PNGRenderer(canvas: Self.canvas).render(try Self.story("לום", fonts: damaged))
        let fromIntact = try PNGRenderer(canvas: Self.canvas).render(try Self.story("לום", fonts: intact))
        #expect(fromDamaged.straightRGBA == fromIntact.straightRGBA)
        #expect(fromIntact.straightRGBA.enumerated().contains { $0.offset % 4 == 3 && $0.element > 0 }, "a blank picture")
        let svg = try SVGRenderer(canvas: Self.canvas).render(try Self.story("לום", fonts: damaged))
        #expect(svg.contains("<use href=\"#g0-"))
    }

    /// The library's renderers apply the CLI's picture limits too: nothing is allocated for a
    /// canvas over 40 megapixels.
    @Test func aCanvasOverTheLimitIsAnError() throws {
        let (_, intact) = try Self.fonts()
        let story = try Self.story("לום", fonts: intact)
        let huge = RenderCanvas(width: 16_384, height: 16_384)
        let expected = LineFitError.invalidOption(
            name: "canvas", reason: "16384x16384 is 268435456 pixels, over the limit of 40000000 (40 megapixels)")
        #expect(throws: expected) { try PNGRenderer(canvas: huge).render(story) }
        #expect(throws: expected) { try SVGRenderer(canvas: huge).render(story) }
    }
}
