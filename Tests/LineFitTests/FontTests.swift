import Foundation
import Testing
@testable import LineFit

/// Font loading and metrics, checked against the font files' own tables (`OpenTypeTables`
/// reads `head`, `hhea` and `OS/2` from the bytes) and against hb-shape's glyph lookup.
@Suite("Fonts")
struct FontTests {
    static let bundled = [
        "BebasNeue-Regular.otf", "CourierPrime-Regular.otf", "DroidSansFallbackFull.ttf", "KaushanScript-Regular.otf",
        "LeagueSpartan-Bold.otf", "NotoColorEmoji.ttf", "NotoSans-Regular.ttf", "NotoSansArabic-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf", "NotoSansHebrew-Regular.ttf", "NotoSansThai-Regular.ttf",
        "NotoSans-Bold.ttf", "NotoSansArabic-Bold.ttf", "NotoSansDevanagari-Bold.ttf", "NotoSansHebrew-Bold.ttf",
        "NotoSansThai-Bold.ttf", "RobotoFlex-VF.ttf", "NotoSansCJKkr-Hangul-Regular.otf", "NotoSansCJKkr-Hangul-Bold.otf",
    ]

    @Test("the list names every bundled font")
    func everyBundledFont() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: TestPaths.fontsDirectory.path)
            .filter { $0.hasSuffix(".ttf") || $0.hasSuffix(".otf") }
        #expect(Set(files) == Set(Self.bundled))
    }

    @Test("units per em, line metrics and their source follow the font's own tables", arguments: bundled)
    func metrics(_ fileName: String) throws {
        let path = try TestPaths.font(fileName)
        let tables = try OpenTypeTables(path: path)
        let font = try Font(path: path)
        #expect(font.unitsPerEm == tables.unitsPerEm)
        // OpenType: OS/2 fsSelection bit 7 (USE_TYPO_METRICS) picks sTypo*, otherwise hhea.
        let expected = tables.lineMetrics
        #expect(font.metrics.source == (expected.fromTypo ? .typo : .hhea))
        #expect(font.metrics.ascender == expected.ascender)
        #expect(font.metrics.descender == expected.descender)
        #expect(font.metrics.lineGap == expected.lineGap)
        #expect(font.metrics.capHeight > 0)
        if let capHeight = tables.os2?.capHeight, capHeight > 0 {
            #expect(font.metrics.capHeight == capHeight)
        }
        #expect(font.isBitmapOnly == (fileName == TestFonts.emoji))
        #expect(font.hasColor == (fileName == TestFonts.emoji))
        #expect(!font.familyName.isEmpty)
    }

    /// Of the bundled fonts only League Spartan sets USE_TYPO_METRICS, and its typo and hhea
    /// values are equal; Courier Prime's differ (typo 1638/-410, hhea 1827/-838). Setting
    /// bit 7 in a copy of Courier Prime's bytes must switch the engine to the typo values.
    @Test("setting USE_TYPO_METRICS in the bytes switches to the OS/2 typo metrics")
    func typoMetricsBit() throws {
        let path = try TestPaths.font(TestFonts.courier)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tableCount = Int(bytes[4]) << 8 | Int(bytes[5])
        let record = try #require((0..<tableCount).map { 12 + 16 * $0 }.first { bytes[$0..<($0 + 4)].elementsEqual("OS/2".utf8) })
        let os2 = bytes[(record + 8)..<(record + 12)].reduce(0) { $0 << 8 | Int($1) }
        bytes[os2 + 63] |= 1 << 7  // fsSelection, low byte
        let patched = try Font(data: Data(bytes), name: "courier-typo")
        let original = try Font(path: path)
        #expect(original.metrics.source == .hhea)
        #expect(original.metrics.ascender == 1827 && original.metrics.descender == 838)
        #expect(patched.metrics.source == .typo)
        #expect(patched.metrics.ascender == 1638 && patched.metrics.descender == 410 && patched.metrics.lineGap == 0)
    }

    @Test("a font loaded from bytes equals the same font loaded from its path", arguments: bundled)
    func bytesEqualPath(_ fileName: String) throws {
        let path = try TestPaths.font(fileName)
        let fromPath = try Font(path: path)
        let fromBytes = try Font(data: Data(contentsOf: URL(fileURLWithPath: path)), name: path)
        #expect(fromBytes.name == fromPath.name)
        #expect(fromBytes.unitsPerEm == fromPath.unitsPerEm)
        #expect(fromBytes.metrics == fromPath.metrics)
        #expect(fromBytes.familyName == fromPath.familyName && fromBytes.styleName == fromPath.styleName)
        #expect(fromBytes.isBitmapOnly == fromPath.isBitmapOnly && fromBytes.hasColor == fromPath.hasColor)
        for scalar in "Aé1ש中🎉".unicodeScalars {
            #expect(fromBytes.glyph(for: scalar) == fromPath.glyph(for: scalar))
        }
        let options = LayoutOptions(width: 500, minSize: 20, maxSize: 90)
        let text = "Good morning, שלום, 中文 🎉"
        #expect(try layOut(text, fonts: FontChain(fromBytes), options: options)
                == layOut(text, fonts: FontChain(fromPath), options: options))
    }

    /// hb-shape reports glyph 0 (.notdef) for a character the font does not map.
    @Test("coverage agrees with hb-shape's glyph lookup", arguments: bundled)
    func coverage(_ fileName: String) throws {
        let path = try TestPaths.font(fileName)
        let font = try Font(path: path)
        for character in ["A", "é", "—", "ش", "א", "क", "ก", "中", "🎉"] {
            let scalar = character.unicodeScalars.first!
            let result = try ProcessRunner.run(
                HBShape.path, ["--output-format=text", "--no-glyph-names", "--no-positions", "--no-clusters", path, "--",
                               character])
            // Text output is "[gid]" or "[gid|gid...]"; the first glyph decides.
            let first = result.stdoutText.dropFirst().prefix { $0.isNumber }
            let glyph = try #require(UInt32(first), "hb-shape said \(result.stdoutText) \(result.stderr)")
            #expect(font.covers(scalar) == (glyph != 0), "\(fileName) \(TestPaths.codePoints(character)): hb-shape glyph \(glyph)")
        }
        // The Latin faces cover what the tables above lay out with them.
        if RandomJob.fonts.contains(fileName) {
            #expect("AZaz09 .,!?'\"-%$()".unicodeScalars.allSatisfy(font.covers))
        }
    }
}
