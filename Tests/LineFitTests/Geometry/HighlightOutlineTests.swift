import Foundation
import Testing

@testable import LineFit

/// The shapes around a range: one merged outline over consecutive lines, one shape per
/// separate piece of a line, and glyph outlines of exactly the range's glyphs.
@Suite struct HighlightOutlineTests {
    static func layout(_ text: String, transform: TextTransform = .none) throws -> (Layout, FontChain) {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        var style = Style.strong
        style.font = try TestPaths.font(TestFonts.notoSans)
        style.fallbacks = []
        style.transform = transform
        let styled = try style.layout(text, options: LayoutOptions(width: 600, minSize: 20, maxSize: 120), fonts: fonts)
        return (styled.layout, fonts)
    }

    /// The polygon corners of a path: the end points of its elements.
    static func points(_ path: OutlinePath) -> [LayoutPoint] {
        path.elements.compactMap {
            switch $0 {
            case .move(let p), .line(let p), .curve(_, _, let p): p
            case .close: nil
            }
        }
    }

    @Test func aRangeOverTwoLinesIsOneShape() throws {
        let (layout, _) = try Self.layout("first line\nsecond line")
        #expect(layout.lines.count == 2)
        // "line\nsecond": the end of line 1 and the start of line 2 overlap horizontally
        // (both lines are centred and wide), so they merge.
        let paths = layout.highlightOutline(for: [6..<17], padding: 4, cornerRadius: 6)
        #expect(paths.count == 1)
        let bounds = Self.points(paths[0])
        let rects = layout.rects(for: 6..<17)
        #expect(rects.count == 2)
        #expect(abs(bounds.map(\.y).min()! - (rects[0].minY - 4)) < 1e-9)
        #expect(abs(bounds.map(\.y).max()! - (rects[1].maxY + 4)) < 1e-9)
    }

    @Test func twoWordsApartOnOneLineAreTwoShapes() throws {
        let (layout, _) = try Self.layout("one two three")
        #expect(layout.lines.count == 1)
        #expect(layout.highlightOutline(for: [0..<3, 8..<13], padding: 2, cornerRadius: 4).count == 2)
        // Touching ranges join into one.
        #expect(layout.highlightOutline(for: [0..<4, 4..<7], padding: 2, cornerRadius: 4).count == 1)
        #expect(layout.highlightOutline(for: [], padding: 2, cornerRadius: 4).isEmpty)
    }

    @Test func glyphsOfARangeUnderATransform() throws {
        // "ß" uppercases to "SS": offset 4..<5 of the text as given is both S glyphs.
        let (layout, fonts) = try Self.layout("Straße", transform: .uppercase)
        #expect(layout.substring(0, layout.text.utf16.count) == "Straße")
        let glyphs = layout.glyphs(in: 4..<5)
        #expect(glyphs.count == 2)
        let s = try #require(fonts.fonts[0].glyph(for: "S"))
        #expect(glyphs.allSatisfy { $0.id == s })
        let outline = layout.glyphOutlines(for: 4..<5, fonts: fonts)
        let xs = Self.points(outline).map(\.x)
        // Inside the two glyphs' advances.
        let rects = layout.rects(for: 4..<5)
        #expect(xs.min()! >= rects[0].minX - 1 && xs.max()! <= rects[0].maxX + 1)
    }
}
