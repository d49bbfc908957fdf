import Testing

@testable import LineFit

/// `BidiResolver` skips ICU for paragraphs that cannot hold a level above 0. Checked against
/// ICU itself for every code point of the BMP and the supplementary right-to-left blocks: any
/// character the shortcut lets through resolves to level 0 in a left-to-right paragraph, both
/// alone and between letters and digits.
@Suite struct BidiShortcutTests {
    @Test func everyCharacterTheShortcutSkipsResolvesToLevelZero() throws {
        let resolver = try BidiResolver()
        var levels: [UInt8] = []
        var skipped = 0
        for value in UInt32(0)...0x1_FFFF where !(0xD800...0xDFFF).contains(value) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let units = Array("a\(Character(scalar))1 ".utf16)
            guard !BidiResolver.mayRaiseLevels(units, 0..<units.count) else { continue }
            skipped += 1
            // Ask ICU directly, as the shortcut would not.
            let level = resolver.resolveWithICU(units, direction: .auto, into: &levels)
            if level != 0 || levels.contains(where: { $0 != 0 }) {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)) gets levels \(levels) from ICU")
                return
            }
        }
        #expect(skipped > 100_000)
        // And the shortcut does let ICU run for right-to-left text.
        let hebrew = Array("abc שלום".utf16)
        #expect(BidiResolver.mayRaiseLevels(hebrew, 0..<hebrew.count))
        #expect(resolver.resolve(hebrew, range: 0..<hebrew.count, direction: .auto, into: &levels) == 0)
        #expect(levels.suffix(4).allSatisfy { $0 == 1 })
    }
}
