import Foundation
import Testing
@testable import LineFit

/// Korean, Chinese and Japanese through the default chain: nothing missing, the CJK face
/// chosen by the text's scripts or by the language given, never by the process locale.
@Suite("CJK text, languages and tabs")
struct CJKLanguageTests {
    static let options = LayoutOptions(width: 3000, minSize: 20, maxSize: 20)
    static let korean = "안녕하세요 여러분, 오늘 날씨가 정말 좋네요。"
    static let chinese = "今天天气很好，我们去公园散步吧。"
    static let japanese = "今日はいい天気ですね。公園へ散歩に行きましょう。"

    static func defaultChain() throws -> FontChain {
        try FontChain(fonts: ([TestFonts.notoSans] + BundledFonts.defaultFallbackNames).map { try Font(named: $0) })
    }

    /// The font file of the run holding each UTF-16 offset of `character` in the text.
    func fonts(of character: Character, in layout: Layout) -> [String] {
        let units = Array(layout.text.utf16)
        let wanted = Array(String(character).utf16)
        var result: [String] = []
        for line in layout.lines {
            for run in line.runs {
                for offset in run.start..<run.end where Array(units[offset..<min(units.count, offset + wanted.count)]) == wanted {
                    result.append(layout.fontNames[run.fontIndex])
                }
            }
        }
        return result
    }

    @Test("the language of a text comes from its scripts", arguments: [
        (korean, "ko"), (chinese, "zh-Hans"), (japanese, "ja"), ("Hello, world", nil),
        ("漢字とハングル 한글", "ko"), ("漢字 and かな", "ja"), ("𠀋 in plane 2", "zh-Hans"),
    ] as [(String, String?)])
    func scriptLanguage(text: String, language: String?) {
        #expect(ScriptLanguage.language(of: Array(text.utf16)) == language)
    }

    @Test("Korean, Chinese and Japanese sentences lose no character in the default chain", arguments: [korean, chinese, japanese])
    func nothingMissing(text: String) throws {
        let layout = try layOut(text, fonts: try Self.defaultChain(), options: Self.options)
        #expect(layout.missing.isEmpty, "\(layout.missing)")
    }

    @Test("Hangul comes from the Korean face; CJK punctuation follows the text's language")
    func faceByScript() throws {
        let chain = try Self.defaultChain()
        let korean = try layOut(Self.korean, fonts: chain, options: Self.options)
        #expect(Set(fonts(of: "안", in: korean)) == ["NotoSansCJKkr-Hangul-Regular.otf"])
        // U+3002 IDEOGRAPHIC FULL STOP is in both CJK fonts: Korean text takes the Korean face.
        #expect(fonts(of: "。", in: korean) == ["NotoSansCJKkr-Hangul-Regular.otf"])
        let japanese = try layOut(Self.japanese, fonts: chain, options: Self.options)
        #expect(Set(fonts(of: "。", in: japanese)) == ["DroidSansFallbackFull.ttf"])
        #expect(Set(fonts(of: "日", in: japanese)) == ["DroidSansFallbackFull.ttf"])
    }

    @Test("--language picks the CJK face over the text's own scripts")
    func faceByLanguage() throws {
        let chain = try Self.defaultChain()
        var options = Self.options
        // A bracket opening the text has no neighbour to follow (punctuation after a
        // character stays in that character's font): the language alone decides.
        let text = "「你好」"
        #expect(fonts(of: "「", in: try layOut(text, fonts: chain, options: options)) == ["DroidSansFallbackFull.ttf"])
        options.language = "ko"
        #expect(fonts(of: "「", in: try layOut(text, fonts: chain, options: options)) == ["NotoSansCJKkr-Hangul-Regular.otf"])
        #expect(fonts(of: "你", in: try layOut(text, fonts: chain, options: options)) == ["DroidSansFallbackFull.ttf"])
        options.language = "ja"
        #expect(fonts(of: "「", in: try layOut("「안녕」", fonts: chain, options: options)) == ["DroidSansFallbackFull.ttf"])
        options.language = nil
        #expect(fonts(of: "「", in: try layOut("「안녕」", fonts: chain, options: options)) == ["NotoSansCJKkr-Hangul-Regular.otf"])
    }

    @Test("a family that names the language comes first among CJK fallbacks")
    func familyMarker() throws {
        let kr = try Font(named: "NotoSansCJKkr-Hangul-Regular.otf")
        let droid = try Font(named: "DroidSansFallbackFull.ttf")
        let latin = try Font(named: TestFonts.notoSans)
        let chain = FontChain(latin, fallbacks: [droid, kr])
        #expect(chain.prioritized(forLanguage: "ko-KR").fonts == [latin, kr, droid])
        #expect(chain.prioritized(forLanguage: "zh-Hant").fonts == [latin, droid, kr])
        #expect(chain.prioritized(forLanguage: "en").fonts == [latin, droid, kr])
        #expect(chain.prioritized(forLanguage: nil).fonts == [latin, droid, kr])
    }

    @Test("typing Hangul into Chinese text in an editor gives the fresh layout")
    func editorLanguageChange() throws {
        let chain = try Self.defaultChain()
        let session = try EditorSession(text: "「你好」", fonts: chain, options: Self.options)
        try session.insert("안녕", at: 3)
        #expect(session.layout == (try layOut(session.text, fonts: chain, options: Self.options)))
        #expect(fonts(of: "「", in: session.layout) == ["NotoSansCJKkr-Hangul-Regular.otf"])
        try session.delete(3..<5)
        #expect(session.layout == (try layOut("「你好」", fonts: chain, options: Self.options)))
        #expect(fonts(of: "「", in: session.layout) == ["DroidSansFallbackFull.ttf"])
    }

    @Test("a tab advances like one space of its font, trails like a space and is never missing")
    func tab() throws {
        let chain = try TestFonts.chain(TestFonts.notoSans)
        let withTab = try layOut("a\tb", fonts: chain, options: Self.options)
        let withSpace = try layOut("a b", fonts: chain, options: Self.options)
        #expect(withTab.missing.isEmpty)
        let tabGlyph = withTab.lines[0].runs.flatMap(\.glyphs)[1]
        let spaceGlyph = withSpace.lines[0].runs.flatMap(\.glyphs)[1]
        #expect(tabGlyph.id == spaceGlyph.id && tabGlyph.id != 0)
        #expect(tabGlyph.advance == spaceGlyph.advance)
        #expect(withTab.lines[0].width == withSpace.lines[0].width)
        let trailing = try layOut("ab\t", fonts: chain, options: Self.options)
        #expect(trailing.lines.count == 1 && trailing.lines[0].contentEnd == 2)
        #expect(trailing.lines[0].width == (try layOut("ab", fonts: chain, options: Self.options)).lines[0].width)
    }

    @Test("a CJK collection gives each language its own face, unless FILE#N chose one")
    func collectionFaceByLanguage() throws {
        // Two faces, families "Fixture Sans CJK JP" and "... KR" (subsets of Droid Sans Fallback).
        let path = try TestPaths.fixture("CJKLanguagePair.ttc").path
        let latin = try Font(named: TestFonts.notoSans)
        let chain = FontChain(latin, fallbacks: [try Font(named: path)])
        var options = Self.options
        func fontOfHan(_ text: String) throws -> String {
            let layout = try layOut(text, fonts: chain, options: options)
            return fonts(of: "你", in: layout).first ?? "none"
        }
        #expect(try fontOfHan("你好") == path)
        options.language = "ko"
        #expect(try fontOfHan("你好") == path + "#1")
        options.language = "ja"
        #expect(try fontOfHan("你好") == path)
        // Hangul in the text makes it Korean: the KR face, though it has no Hangul itself.
        options.language = nil
        #expect(try fontOfHan("你好 한") == path + "#1")
        let chosen = FontChain(latin, fallbacks: [try Font(named: path + "#0")])
        options.language = "ko"
        let layout = try layOut("你好", fonts: chosen, options: options)
        #expect(fonts(of: "你", in: layout) == [path + "#0"])
    }
}
