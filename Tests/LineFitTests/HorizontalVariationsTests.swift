import CHarfBuzz
import Testing

@testable import LineFit

/// Advances computed from `HVAR` (`HorizontalVariations`) against FreeType's own, glyph by
/// glyph, over a grid of Roboto Flex instances: they replace FreeType's in shaping, so any
/// difference would move a width away from `hb-shape --font-funcs=ft`.
@Suite("HVAR advances")
struct HorizontalVariationsTests {
    /// Every glyph's advance (HarfBuzz design-font units) at `settings`: computed, and FreeType's.
    static func advances(_ font: Font, _ settings: VariationSettings) -> (computed: [hb_position_t?], freeType: [hb_position_t], used: Bool) {
        font.withDesignFontAndAdvances(settings) { hbFont, instance in
            let count = Int(hb_face_get_glyph_count(hb_font_get_face(hbFont)))
            let freeType = (0..<count).map { hb_font_get_glyph_h_advance(hbFont, hb_codepoint_t($0)) }
            let computed = (0..<count).map { instance?.designAdvance(UInt32($0)) }
            return (computed, freeType, instance != nil)
        }
    }

    @Test("every glyph's advance equals FreeType's over a grid of opsz × wdth × wght")
    func gridOfInstances() throws {
        let font = try TestFonts.font(VariableFontTests.robotoFlex)
        var compared = 0
        var instances = 0
        for opsz in [8, 9.37, 14, 17.3, 36.01, 72.25, 143.99, 144] {
            for wdth in [25, 61.7, 100, 151] {
                for wght in [100, 400, 733.3, 1000] {
                    let settings = VariationSettings([
                        FontVariation("opsz", opsz), FontVariation("wdth", wdth), FontVariation("wght", wght),
                    ])
                    let result = Self.advances(font, settings)
                    #expect(result.used, "no computed advances at \(settings)")
                    for (glyph, pair) in zip(result.computed, result.freeType).enumerated() {
                        guard let computed = pair.0 else { continue }
                        compared += 1
                        if computed != pair.1 {
                            Issue.record("glyph \(glyph) at \(settings): computed \(computed), FreeType \(pair.1)")
                            return
                        }
                    }
                    instances += 1
                }
            }
        }
        // Roboto Flex maps every glyph through HVAR: nearly all of them must have been compared.
        #expect(instances == 128 && compared > 128 * 800)
    }

    @Test("every axis at seeded random values, and the default instance")
    func randomInstances() throws {
        let font = try TestFonts.font(VariableFontTests.robotoFlex)
        var generator = SplitMix64(seed: 14)
        var settingsList = [VariationSettings.none]
        for _ in 0..<40 {
            settingsList.append(VariationSettings(font.variationAxes.map { axis in
                FontVariation(axis.tag, Double.random(in: axis.minValue...axis.maxValue, using: &generator))
            }))
        }
        for settings in settingsList {
            let result = Self.advances(font, settings)
            #expect(result.used)
            let differing = zip(result.computed, result.freeType).filter { $0.0 != nil && $0.0 != $0.1 }.count
            #expect(differing == 0, "\(differing) glyphs differ at \(settings)")
            #expect(result.computed.filter { $0 != nil }.count > 800)
        }
    }

    @Test("a static font has no HVAR table to compute from")
    func staticFont() throws {
        let font = try TestFonts.font(TestFonts.notoSans)
        let result = Self.advances(font, .none)
        #expect(!result.used)
    }
}
