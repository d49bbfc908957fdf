import Foundation
import Testing

@testable import LineFit
import LineFitTestSupport

/// Issue 13, defect 6: a font whose table directory and required tables are intact (so it
/// opens) but one glyph's data is broken. Shaping reads only the glyph's advance, so the
/// layout is made; the outline cannot be loaded, and a picture would show nothing where the
/// glyph is. `Layout.checkGlyphsLoad(fonts:)` (which the renderers call before drawing:
/// `DamagedFontRenderTests`) throws.
@Suite struct FontDamageTests {
    @Test func aGlyphThatCannotBeLoadedIsATypedErrorNotABlank() throws {
        let intact = FontChain(try TestFonts.font("NotoSansHebrew-Regular.ttf"))
        let options = LayoutOptions(width: 400, minSize: 24, maxSize: 120)
        let intactLayout = try layOut("שלום", fonts: intact, options: options)
        #expect(intactLayout.lines.flatMap(\.runs).flatMap(\.glyphs).map(\.id).contains(96))
        try intactLayout.checkGlyphsLoad(fonts: intact)

        // It opens (the damage is inside one glyph) and lays out exactly as the intact font:
        // advances come from hmtx.
        let font = try Font(data: try DamagedFonts.hebrewWithBrokenGlyph(), name: "damaged-hebrew")
        let damaged = FontChain(font)
        let layout = try layOut("שלום", fonts: damaged, options: options)
        #expect(layout.lines.map(\.size) == intactLayout.lines.map(\.size))
        #expect(font.outline(glyph: 96) == nil)
        do {
            try layout.checkGlyphsLoad(fonts: damaged)
            Issue.record("a glyph that cannot be loaded passed the check")
        } catch let LineFitError.fontInvalid(path, faceIndex, reason) {
            #expect(path == "damaged-hebrew")
            #expect(faceIndex == 0)
            // FreeType's code for the too-large contour array is its own (Array_Too_Large, 10).
            #expect(reason == "glyph 96 cannot be loaded (FreeType error 10): the font is damaged")
        }
        // Text without the damaged glyph still draws.
        let other = try layOut("לום", fonts: damaged, options: options)
        try other.checkGlyphsLoad(fonts: damaged)
    }
}
