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
    func shapedPerUnit(
        _ text: String, width: Double, mode: LayoutOptions.WidthMode, strategy: LayoutOptions.BreakStrategy = .greedy,
        box: LayoutOptions.Box = .none
    ) throws -> Double {
        let fonts = try EditorFixtures.chain(primary: "Fonts/NotoSans-Regular.ttf")
        var options = LayoutOptions(width: width, minSize: 24, maxSize: 300)
        options.widthMode = mode
        options.breakStrategy = strategy
        options.box = box
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

    /// Balanced breaking and filling a box measure each paragraph once (one shaping per unit)
    /// and then fit the chosen lines, reshaping only lines whose edges are unsafe or whose
    /// estimate proved wrong: shaped units are linear too. The box is tall enough for the
    /// smaller text and too short for the larger, so filling shrinks it to the floor.
    @Test(arguments: adversaries, [5.0, 100.0])
    func balancedAndFillShapeLinearly(_ adversary: Adversary, width: Double) throws {
        for (strategy, box) in [(LayoutOptions.BreakStrategy.balanced, LayoutOptions.Box.none),
                                (.balanced, .fill(height: 1_000)), (.greedy, .fill(height: 1_000))] {
            let perUnitSmall = try shapedPerUnit(adversary.make(500), width: width, mode: .linear, strategy: strategy, box: box)
            let perUnitLarge = try shapedPerUnit(adversary.make(2_000), width: width, mode: .linear, strategy: strategy, box: box)
            #expect(perUnitSmall >= 1)
            #expect(perUnitLarge <= perUnitSmall * 1.25 + 0.5,
                    "\(adversary.name), \(strategy), \(box), width \(width): \(perUnitSmall) then \(perUnitLarge) units shaped per unit")
        }
    }

    /// Balanced breaking's other work is stage 1's candidate lines and stage 2 over them: its
    /// bound is (candidate lines) × (front size), and the candidate lines from one position are
    /// those that fit the width at the smallest size. A line never ends inside a HarfBuzz
    /// cluster, so a cluster of any length is one position: candidates per unit of text stay
    /// flat on every adversary (a run of emoji modifiers, one cluster, gave n² zero-width
    /// candidates before, and stage 2 took 13 s at 200 modifiers).
    @Test(arguments: adversaries, [5.0, 100.0])
    func balancedCandidateLinesAreLinear(_ adversary: Adversary, width: Double) throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/NotoSans-Regular.ttf")
        let options = LayoutOptions(width: width, minSize: 24, maxSize: 300, breakStrategy: .balanced)
        let engine = try LayoutEngine()
        func candidatesPerUnit(_ text: String) -> Double {
            let measured = engine.measureParagraphs(Array(text.utf16), fonts: fonts, options: options)
            let settings = engine.balancedSettings(options: options, minSize: 24, maxSize: 300, fillHeight: nil)
            let edges = measured.reduce(0) {
                $0 + engine.balancedParagraph($1.1, settings: settings, metrics: FontChainMetrics(fonts)).candidates.edgeCount
            }
            return Double(edges) / Double(text.utf16.count)
        }
        let small = candidatesPerUnit(adversary.make(1_000))
        let large = candidatesPerUnit(adversary.make(4_000))
        #expect(large <= small * 1.25 + 0.5, "\(adversary.name), width \(width): \(small) then \(large) candidate lines per unit")
    }
}
