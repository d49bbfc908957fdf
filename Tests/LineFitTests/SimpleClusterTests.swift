import CICU
import Testing
@testable import LineFit

/// The itemizer's one-lookup path for single-unit clusters (`UnicodeProperties.isSimpleCluster`)
/// must choose the font the full rules (`FontSelection.font(for:)`) choose.
@Suite("Single-unit clusters chosen by one cmap lookup per font")
struct SimpleClusterTests {
    static let ranges: [ClosedRange<UInt16>] = [0x0000...0x2319, 0x2E80...0xD7FF, 0xFF00...0xFFEF]

    @Test("the ranges hold no emoji-presentation, regional-indicator or default-ignorable unit (ICU)")
    func rangesAgreeWithICU() {
        var wrong: [String] = []
        for range in Self.ranges.dropFirst() {
            for unit in range where UnicodeProperties.isSimpleCluster(unit) {
                let scalar = UInt32(unit)
                if lficu_has_property(scalar, LFICU_PROP_EMOJI_PRESENTATION) != 0
                    || lficu_has_property(scalar, LFICU_PROP_REGIONAL_INDICATOR) != 0
                    || UnicodeProperties.isDefaultIgnorable(scalar) {
                    wrong.append(String(unit, radix: 16))
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong)")
        // The two Hangul fillers are default-ignorable: they take the full rules.
        #expect(!UnicodeProperties.isSimpleCluster(0x3164) && !UnicodeProperties.isSimpleCluster(0xFFA0))
        #expect(UnicodeProperties.isDefaultIgnorable(0x3164) && UnicodeProperties.isDefaultIgnorable(0xFFA0))
        // Between U+231A and the CJK radicals lie emoji (U+231A WATCH, U+2B50 STAR): full rules.
        #expect(!UnicodeProperties.isSimpleCluster(0x231A) && !UnicodeProperties.isSimpleCluster(0x2B50))
        #expect(!UnicodeProperties.isSimpleCluster(0xD800) && !UnicodeProperties.isSimpleCluster(0xFE0F))
    }

    @Test("the one-lookup path picks the full rules' font for CJK and fullwidth units, after any previous font")
    func sameFontAsFullRules() throws {
        let chain = try CJKLanguageTests.defaultChain()
        var differences: [String] = []
        for range in Self.ranges.dropFirst() {
            // Every 5th unit of the ranges (about 9,000), after each of three previous fonts.
            for unit in stride(from: Int(range.lowerBound), through: Int(range.upperBound), by: 5)
            where UnicodeProperties.isSimpleCluster(UInt16(unit)) {
                for previous in [nil, 0, chain.fonts.count - 2] as [Int?] {
                    let full = FontSelection.font(for: [UInt32(unit)][...], chain: chain, previous: previous)
                    // The fast path answers nil when it cannot decide; the itemizer then asks the full rules.
                    if let simple = FontSelection.font(forSimple: UInt32(unit), chain: chain, previous: previous),
                       simple != full {
                        differences.append("U+\(String(unit, radix: 16)) after \(String(describing: previous)): \(simple) vs \(String(describing: full))")
                    }
                }
            }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }
}

/// One engine remembers the last chain it ordered for a language (`LayoutEngine.forLayout`):
/// layouts through it must be those of a new engine whatever came before.
@Suite("The engine's remembered language-ordered chain")
struct OrderedChainMemoTests {
    @Test("one engine over alternating languages and chains lays out as a new engine each time")
    func sameAsNewEngine() throws {
        let chain = try CJKLanguageTests.defaultChain()
        // The same fonts with the two CJK fallbacks swapped: another chain, equal font set.
        var swappedFonts = chain.fonts
        let cjk = swappedFonts.indices.filter { FontChain.isCJK(swappedFonts[$0]) && $0 > 0 }
        #expect(cjk.count == 2)
        swappedFonts.swapAt(cjk[0], cjk[1])
        let swapped = try FontChain(fonts: swappedFonts)
        let options = CJKLanguageTests.options
        var korean = options
        korean.language = "ko"
        let engine = try LayoutEngine()
        let texts = ["「你好」。", CJKLanguageTests.korean, "「你好」。", CJKLanguageTests.japanese, "Hello", "「你好」。"]
        for (index, text) in (texts + texts).enumerated() {
            let fonts = index % 3 == 2 ? swapped : chain
            let layoutOptions = index % 4 == 3 ? korean : options
            let reused = try engine.layout(text, fonts: fonts, options: layoutOptions)
            let fresh = try LayoutEngine().layout(text, fonts: fonts, options: layoutOptions)
            #expect(reused == fresh, "text \(index): \(text)")
        }
        // The memo changes nothing the chain decides: the language's face still wins.
        let (ordered, resolved) = engine.forLayout(Array("「안녕」".utf16), fonts: swapped, options: options)
        #expect(resolved.language == "ko")
        #expect(ordered == swapped.prioritized(forLanguage: "ko"))
    }

    @Test("only Chinese, Japanese and Korean tags can reorder a chain", arguments: [
        ("zh-Hans", true), ("ZH", true), ("ja", true), ("ko-KR", true), ("en", false), ("zho", false),
        ("", false), ("zh_Hans", false),
    ] as [(String, Bool)])
    func reorderingTags(tag: String, reorders: Bool) {
        #expect(FontChain.mayReorder(forLanguage: tag) == reorders)
    }
}
