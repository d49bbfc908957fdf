import Testing
@testable import LineFit

/// ASCII text skips ICU's grapheme pass and the per-character script, font and whitespace
/// lookups (`SimpleText`); layouts must equal those of the general path.
@Suite("ASCII fast path equals the general itemizing path")
struct SimpleTextTests {
    /// A small deterministic generator (SplitMix64), so a failure names its seed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Words, digits, punctuation, tabs, controls and line breaks (LF, CR, CR LF), and
    /// sometimes one non-ASCII character so both paths meet in one text.
    static func text(_ random: inout SplitMix) -> String {
        let pieces = ["word", "Type", "MODE", "a", "12", "3.5", "!", "?", "(x)", " ", " ", "  ", "\t", "-", "#", "%",
                      "\n", "\r", "\r\n", "\u{01}", "\u{7F}", "é", "—", "שלום", "😀"]
        var text = ""
        for _ in 0..<Int.random(in: 0...40, using: &random) {
            text += pieces[Int.random(in: 0..<pieces.count, using: &random) % (random.next() % 4 == 0 ? pieces.count : 20)]
        }
        return text
    }

    @Test("random ASCII-heavy texts in five chains: the same layouts both ways")
    func sameLayouts() throws {
        let chains = [
            try TestFonts.chain(TestFonts.notoSans),
            try TestFonts.chain(TestFonts.notoSans, "NotoSansHebrew-Regular.ttf", TestFonts.emoji),
            try TestFonts.chain("NotoSansArabic-Regular.ttf", TestFonts.notoSans),
            try TestFonts.chain(TestFonts.emoji, TestFonts.notoSans),
            try TestFonts.chain(TestFonts.bebas, TestFonts.notoSans),
        ]
        let fast = try LayoutEngine(), general = try LayoutEngine()
        general.simpleTextPath = false
        var random = SplitMix(state: 12)
        var compared = 0
        for round in 0..<300 {
            let text = Self.text(&random)
            let chain = chains[round % chains.count]
            let options = LayoutOptions(width: [1, 120, 400, 960][round % 4], minSize: 10, maxSize: 90)
            let a = try fast.layout(text, fonts: chain, options: options)
            let b = try general.layout(text, fonts: chain, options: options)
            #expect(a == b, "round \(round): \(text.debugDescription)")
            compared += 1
        }
        #expect(compared == 300)
    }

    @Test("ASCII tests: letters, whitespace and CR LF")
    func classes() {
        let letters = (0..<128).filter { SimpleText.isASCIILetter(UInt16($0)) }
        #expect(letters == Array(65...90) + Array(97...122))
        let white = (0..<128).filter { SimpleText.isASCIIWhitespace(UInt16($0)) }
        #expect(white == (0..<128).filter { UnicodeProperties.isWhitespace(UInt32($0)) })
        #expect(SimpleText.latinScript != UnicodeProperties.commonScript)
        #expect((0..<128).allSatisfy { unit in
            let script = UnicodeProperties.script(UInt32(unit))
            return SimpleText.isASCIILetter(UInt16(unit)) ? script == SimpleText.latinScript : script == UnicodeProperties.commonScript
        })
        #expect(!SimpleText.isASCIIWithoutCRLF(Array("a\r\nb".utf16), 0..<4))
        #expect(SimpleText.isASCIIWithoutCRLF(Array("a\n\rb".utf16), 0..<4))
        #expect(!SimpleText.isASCII(Array("abcé".utf16), 0..<4))
        #expect(SimpleText.isASCII(Array("abcé".utf16), 0..<3))
    }
}
