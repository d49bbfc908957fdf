import Testing
@testable import LineFit

/// Paragraphs of Han ideographs skip ICU's grapheme and line-break passes and the script
/// look-up per character (`SimpleText.isHanIdeographs`); they must measure and lay out as
/// the general path does.
@Suite("Han fast path equals the general path")
struct HanTextTests {
    static let blocks: [ClosedRange<UInt16>] = [0x3400...0x4DBF, 0x4E00...0x9FFF]

    @Test("every ideograph of both blocks, with and without a terminator: ICU's breaks, clusters and scripts")
    func everyIdeograph() throws {
        let fonts = try TestFonts.chain("DroidSansFallbackFull.ttf")
        let options = LayoutOptions(width: 400, minSize: 10, maxSize: 90)
        let fast = try LayoutEngine(), general = try LayoutEngine()
        general.simpleTextPath = false
        let ideographs = Self.blocks.flatMap { Array($0) }
        #expect(ideographs.count == 6_592 + 20_992)
        for terminator in [[], [0x0A], [0x0D, 0x0A], [0x2029]] as [[UInt16]] {
            let units = ideographs + terminator
            let a = fast.measure(units: units, contentLength: ideographs.count, fonts: fonts, options: options)
            let b = general.measure(units: units, contentLength: ideographs.count, fonts: fonts, options: options)
            #expect(a.breaks == b.breaks, "terminator \(terminator)")
            #expect(a.isGraphemeStart == b.isGraphemeStart)
            #expect(a.scripts == b.scripts)
            #expect(a.runs.map(\.range) == b.runs.map(\.range))
            // No ideograph is white space; every terminator unit is.
            #expect(a.isWhitespace == b.isWhitespace)
            #expect(Array(a.isWhitespace) == Array(repeating: false, count: ideographs.count) + terminator.map { _ in true })
            // Independently of ICU: a break after every ideograph but the last, then the end.
            #expect(a.breaks == Array(1..<ideographs.count) + [units.count])
        }
    }

    @Test("random Han texts, sometimes with kana, punctuation, spaces or line breaks: the same layouts")
    func sameLayouts() throws {
        let fonts = try TestFonts.chain("DroidSansFallbackFull.ttf", TestFonts.notoSans)
        let pieces = ["今", "天", "气", "很", "好", "㐀", "䶿", "一", "鿿", "我们", "去公园", "。", "、", "「", "」",
                      "ぁ", "っ", "カ", "ー", " ", "a", "\n", "\r\n", "\u{2029}", "々", "〇"]
        let fast = try LayoutEngine(), general = try LayoutEngine()
        general.simpleTextPath = false
        var random = SplitMix64(seed: 2026)
        var hanOnly = 0
        for round in 0..<200 {
            var text = ""
            for _ in 0..<random.int(below: 30) {
                // Mostly ideographs; one draw in five may pick anything.
                text += pieces[random.int(below: random.int(below: 5) == 0 ? pieces.count : 11)]
            }
            if text.unicodeScalars.allSatisfy({ (0x3400...0x4DBF).contains($0.value) || (0x4E00...0x9FFF).contains($0.value) }),
               !text.isEmpty { hanOnly += 1 }
            let options = LayoutOptions(width: [1, 100, 400, 960][round % 4], minSize: 10, maxSize: 90)
            #expect(try fast.layout(text, fonts: fonts, options: options) == general.layout(text, fonts: fonts, options: options),
                    "round \(round): \(text.debugDescription)")
        }
        #expect(hanOnly > 20)
    }

    @Test("the blocks' edges")
    func edges() {
        func han(_ unit: UInt16) -> Bool { SimpleText.isHanIdeographs([unit], 0..<1) }
        #expect([0x3400, 0x4DBF, 0x4E00, 0x9FFF].allSatisfy(han))
        #expect(![0x33FF, 0x4DC0, 0x4DFF, 0xA000, 0x3042, 0x3002, 0x20].contains(where: han))
        #expect(!SimpleText.isHanIdeographs([], 0..<0))
        #expect(SimpleText.hanScript == UnicodeProperties.script(0x9FFF))
    }
}
