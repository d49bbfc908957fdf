import CHarfBuzz
import Testing
@testable import LineFit

/// A static font's design font remembers advances and nominal glyphs (`GlyphMemoFont`): what
/// it answers, first time and from memory, must be what plain hb-ft says for the same face.
@Suite("Glyph memo font")
struct GlyphMemoFontTests {
    static let staticFonts = [
        "NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf", "NotoSansDevanagari-Bold.ttf",
        "LeagueSpartan-Bold.otf", "CourierPrime-Regular.otf", "NotoSansCJKkr-Hangul-Regular.otf",
        "DroidSansFallbackFull.ttf",
    ]

    /// Code points to ask about: Latin, Greek, Cyrillic, Arabic, Devanagari, general
    /// punctuation, CJK symbols, kana, some ideographs and Hangul, emoji (plane 1), and
    /// characters past plane 1 (not kept by the memo).
    static let characters: [UInt32] = Array(0...0x6FF) + Array(0x900...0x97F) + Array(0x2000...0x206F)
        + Array(0x3000...0x30FF) + Array(stride(from: 0x4E00, to: 0x9FFF, by: 7)) + Array(0xAC00...0xAD00)
        + Array(0x1F600...0x1F64F) + [0x20000, 0x2A6D6, 0x10FFFF]

    /// hb-ft over its own FreeType face, set up as the design font is (ppem = upem, no hinting).
    final class PlainFont {
        var library: FT_Library?
        var face: FT_Face?
        let font: OpaquePointer

        init(path: String) throws {
            guard FT_Init_FreeType(&library) == 0, FT_New_Face(library, path, 0, &face) == 0, let face else {
                throw MissingPrerequisite(description: "FreeType could not open \(path)")
            }
            FT_Set_Char_Size(face, 0, FT_F26Dot6(face.pointee.units_per_EM) * 64, 72, 72)
            font = hb_ft_font_create_referenced(face)!
            hb_ft_font_set_load_flags(font, Int32(FT_LOAD_NO_HINTING))
        }

        deinit {
            hb_font_destroy(font)
            FT_Done_Face(face)
            FT_Done_FreeType(library)
        }
    }

    @Test("advances and nominal glyphs equal plain hb-ft's, asked once and again", arguments: staticFonts)
    func sameAsHarfBuzzFreeType(fileName: String) throws {
        let path = try TestPaths.font(fileName)
        let font = try Font(path: path)
        let plain = try PlainFont(path: path)
        #expect(!font.isVariable)
        let glyphCount = hb_face_get_glyph_count(hb_font_get_face(plain.font))
        #expect(glyphCount > 100)
        font.withDesignFont { design in
            var advanceMismatches: [UInt32] = []
            for round in 0..<2 {
                // Backwards the second time, so memory is read in another order than written.
                let order = round == 0 ? Array(0..<glyphCount + 2) : Array((0..<glyphCount + 2).reversed())
                for glyph in order where hb_font_get_glyph_h_advance(design, glyph)
                    != hb_font_get_glyph_h_advance(plain.font, glyph) {
                    advanceMismatches.append(glyph)
                }
            }
            #expect(advanceMismatches.isEmpty, "\(fileName): advances differ for glyphs \(advanceMismatches.prefix(10))")

            var glyphMismatches: [UInt32] = []
            var found = 0
            for _ in 0..<2 {
                for character in Self.characters {
                    var mine: hb_codepoint_t = 0, theirs: hb_codepoint_t = 0
                    let hasMine = hb_font_get_nominal_glyph(design, character, &mine) != 0
                    let hasTheirs = hb_font_get_nominal_glyph(plain.font, character, &theirs) != 0
                    if hasMine != hasTheirs || (hasMine && mine != theirs) { glyphMismatches.append(character) }
                    if hasTheirs { found += 1 }
                }
            }
            #expect(glyphMismatches.isEmpty, "\(fileName): glyphs differ for \(glyphMismatches.prefix(10))")
            // The comparison means something only if the font has some of the characters.
            #expect(found > 100, "\(fileName): only \(found) characters found")
        }
    }
}
