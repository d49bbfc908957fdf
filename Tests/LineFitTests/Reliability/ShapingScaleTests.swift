import Testing

@testable import LineFit

/// Issue 13, defect 2: greedy breaking shapes O(n) UTF-16 units whatever the text. The work is
/// counted in units handed to HarfBuzz (`HarfBuzzShaper.shapedUnits`), not in seconds: each
/// adversarial text is laid out at two lengths, four times apart, and the units shaped per unit
/// of text must not grow with the length (quadratic work would multiply them by four).
@Suite struct ShapingScaleTests {
    struct Adversary: CustomStringConvertible, Sendable {
        var name: String
        /// The text at about `units` UTF-16 units.
        var make: @Sendable (Int) -> String
        var description: String { name }
    }

    static let adversaries: [Adversary] = [
        Adversary(name: "emoji modifier run") { String(repeating: "\u{1F3FF}", count: $0 / 2) },
        Adversary(name: "one long word") { String(String(repeating: "abcdefghij", count: $0 / 10 + 1).prefix($0)) },
        Adversary(name: "combining marks on one base") { "a" + String(repeating: "\u{0301}", count: $0 - 1) },
        Adversary(name: "script change every character") { String(repeating: "aα", count: $0 / 2) },
        Adversary(name: "Latin and Han alternating") { String(repeating: "a中", count: $0 / 2) },
        Adversary(name: "bidi change every character") { String(repeating: "aא", count: $0 / 2) },
        Adversary(name: "bidi controls between letters") { String(repeating: "a\u{202E}b\u{202C}", count: $0 / 4) },
        Adversary(name: "short words") { String(repeating: "ab ", count: $0 / 3) },
        Adversary(name: "ZWJ family emoji") { String(repeating: "👩‍👩‍👧‍👦", count: $0 / 11) },
        Adversary(name: "soft hyphens") { String(repeating: "ab\u{00AD}", count: $0 / 3) },
        // Opportunities after hyphens between kerned capitals, and Arabic joining across a
        // ZWJ: line edges HarfBuzz may flag unsafe, so lines are reshaped to be measured.
        Adversary(name: "hyphens between kerned pairs") { String(repeating: "AV-", count: $0 / 3) },
        Adversary(name: "Arabic joined through ZWJ") { String(repeating: "بب\u{200D} ", count: $0 / 4) },
    ]

    static let small = 2_500
    static let large = 10_000

    /// Shaped units per unit of text, for one layout of `text`.
    func shapedPerUnit(_ text: String, width: Double, mode: LayoutOptions.WidthMode) throws -> Double {
        let fonts = try EditorFixtures.chain(primary: "Fonts/NotoSans-Regular.ttf")
        var options = LayoutOptions(width: width, minSize: 24, maxSize: 300)
        options.widthMode = mode
        let engine = try LayoutEngine()
        let layout = try engine.layout(text, fonts: fonts, options: options)
        #expect(layout.lines.first?.start == 0 && layout.lines.last?.end == text.utf16.count)
        return Double(engine.shapedUnits) / Double(text.utf16.count)
    }

    @Test(arguments: adversaries, [5.0, 100.0])
    func greedyShapesLinearly(_ adversary: Adversary, width: Double) throws {
        let smallText = adversary.make(Self.small)
        let largeText = adversary.make(Self.large)
        let perUnitSmall = try shapedPerUnit(smallText, width: width, mode: .linear)
        let perUnitLarge = try shapedPerUnit(largeText, width: width, mode: .linear)
        // Linear work keeps the per-unit cost flat; allow 25% for line edges that fall
        // differently at the two lengths. A measurement shapes every unit once, so at least 1.
        #expect(perUnitSmall >= 1)
        #expect(perUnitLarge <= perUnitSmall * 1.25 + 0.5,
                "\(adversary.name) at width \(width): \(perUnitSmall) then \(perUnitLarge) units shaped per unit")
        #expect(perUnitLarge <= 16, "\(adversary.name) at width \(width): \(perUnitLarge) units shaped per unit")
    }

    /// Hinted mode measures every line exactly (reshaping it with hinting at each size the
    /// fitter tries, about log2 of the size grid): linear too, with a larger constant. Short
    /// texts, because hinting at a new size costs far more per unit than shaping.
    @Test(arguments: adversaries)
    func hintedGreedyShapesLinearly(_ adversary: Adversary) throws {
        let perUnitSmall = try shapedPerUnit(adversary.make(40), width: 100, mode: .hinted)
        let perUnitLarge = try shapedPerUnit(adversary.make(160), width: 100, mode: .hinted)
        #expect(perUnitLarge <= perUnitSmall * 1.25 + 0.5,
                "\(adversary.name) hinted: \(perUnitSmall) then \(perUnitLarge) units shaped per unit")
    }
}
