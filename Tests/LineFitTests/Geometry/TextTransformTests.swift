import Foundation
@testable import LineFit
import Testing

@Suite("Text transform")
struct TextTransformTests {
    @Test("uppercasing maps every transformed offset back to its original character")
    func offsetMap() {
        let transformed = TextTransform.uppercase.apply(to: "straße")
        #expect(transformed.transformed == "STRASSE")
        // s t r a ß e → S T R A S S E: both S of the expansion point at the ß (offset 4).
        #expect((0...7).map(transformed.originalOffset) == [0, 1, 2, 3, 4, 4, 5, 6])
        #expect(TextTransform.none.apply(to: "straße").isIdentity)
    }

    @Test("a Modern layout of 'ß' indexes the original text")
    func layoutIndexesOriginal() throws {
        let text = "Große Straße\nfuß"
        let styled = try Style.modern.layout(text, width: 960)
        let layout = styled.layout
        #expect(layout.text == text)
        #expect(layout.lines.first?.start == 0)
        #expect(layout.lines.last?.end == text.utf16.count)
        for (upper, lower) in zip(layout.lines, layout.lines.dropFirst()) {
            #expect(upper.end == lower.start)
        }
        #expect(layout.substring(layout.lines[0].start, layout.lines[0].contentEnd) == "Große Straße")
        let length = text.utf16.count
        for line in layout.lines {
            for run in line.runs {
                #expect(run.start >= line.start && run.end <= line.end)
                for glyph in run.glyphs { #expect(glyph.cluster >= 0 && glyph.cluster < length) }
            }
        }
        // The ß of "Große" (offset 3) is drawn as two glyphs, and its range covers both.
        let ssGlyphs = layout.lines[0].runs.flatMap(\.glyphs).filter { $0.cluster == 3 }
        #expect(ssGlyphs.count == 2)
        let rects = layout.rects(for: 3..<4)
        #expect(rects.count == 1)
        // Modern tracks its letters, so the two S are apart by one tracking gap.
        let first = try #require(ssGlyphs.first), last = try #require(ssGlyphs.last)
        #expect(abs((rects.first?.width ?? 0) - (last.x + last.advance - first.x)) < 1e-6)
    }

    @Test("uppercasing follows the locale (Turkish dotted capital I)")
    func locale() {
        #expect(TextTransform.uppercase.apply(to: "istanbul", locale: "tr").transformed == "İSTANBUL")
        #expect(TextTransform.uppercase.apply(to: "istanbul").transformed == "ISTANBUL")
    }
}

@Suite("Styles")
struct StyleTests {
    @Test("the six presets carry their fonts and looks")
    func presets() {
        #expect(Style.Preset.allCases.map(\.style.name) == ["classic", "modern", "neon", "typewriter", "strong", "poster"])
        #expect(Style.poster.font == "RobotoFlex-VF.ttf" && Style.poster.lineFill == .widthAxis)
        #expect(Style.poster.variations == [FontVariation("wght", 900)] && Style.poster.transform == .uppercase)
        #expect(Style.classic.fit == .fixed(80) && Style.typewriter.fit.minSize == Style.typewriter.fit.maxSize)
        #expect(Style.modern.font == "BebasNeue-Regular.otf" && Style.modern.transform == .uppercase)
        #expect(Style.neon.font == "KaushanScript-Regular.otf" && Style.neon.glow != nil)
        #expect(Style.typewriter.font == "CourierPrime-Regular.otf")
        if case .merged = Style.strong.background {} else { Issue.record("Strong has a merged outline") }
        if case .perLine = Style.classic.background {} else { Issue.record("Classic has line bubbles") }
        for preset in Style.Preset.allCases { #expect(preset.style.fallbacks == BundledFonts.defaultFallbackNames) }
        #expect(Style.named("NEON") == Style.neon && Style.named("nope") == nil)
    }

    @Test("a style is a value: a changed copy leaves the preset alone")
    func valueSemantics() {
        var mine = Style.strong
        mine.textColor = .black
        mine.fit = .fixed(50)
        #expect(Style.strong.textColor == .white && Style.strong.fit == .fill(min: 24, max: 300))
        #expect(mine != Style.strong)
    }

    @Test("Neon derives the interior and the glow from one colour")
    func neonPalette() throws {
        let green = try #require(StyleColor(hex: "#00FF66"))
        let neon = Style.neon.recolored(green)
        #expect(neon.glow?.color == green)
        #expect(neon.textColor == green.mixed(with: .white, amount: 0.72))
        #expect(Style.classic.recolored(green).textColor == green)
        #expect(StyleColor(hex: "#zzzzzz") == nil && StyleColor(hex: "12345") == nil)
        #expect(green.hex == "#00ff66")
    }

    @Test("scaling a style scales its lengths, not its factors")
    func scaling() {
        let small = Style.strong.scaled(by: 0.25)
        #expect(small.fit == .fill(min: 6, max: 75))
        #expect(small.background == .merged(padding: 4.5, cornerRadius: 5.5))
        #expect(small.margin == 15 && small.tracking == Style.strong.tracking)
    }
}
