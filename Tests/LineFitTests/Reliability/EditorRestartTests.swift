import Testing

@testable import LineFit

/// Regression tests for issue 13, defect 1: edits that change how text *before* the line
/// holding the edit breaks (a break opportunity added or removed at the edit, a word broken
/// inside). Each case is the reproducer from the issue, with the bundled fallback chain; the
/// session must equal a fresh layout after the edit.
@Suite struct EditorRestartTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var font: String
        var text: String
        var options: LayoutOptions
        var edit: Range<Int>
        var replacement: String
        var description: String { name }
    }

    static func options(
        width: Double, min: Double, max: Double, step: Double = 0.01, hinted: Bool = false, tracking: Double = 0,
        direction: LayoutOptions.BaseDirection = .auto
    ) -> LayoutOptions {
        var options = LayoutOptions(width: width, minSize: min, maxSize: max)
        options.step = step
        options.widthMode = hinted ? .hinted : .linear
        options.tracking = tracking
        options.baseDirection = direction
        return options
    }

    static let cases: [Case] = [
        // A break opportunity added at the edit (before the emoji) lets the soft hyphen's line,
        // two lines before the edit's line in the old layout, take one more letter.
        Case(name: "soft hyphen gains a following letter", font: "Fonts/CourierPrime-Regular.otf",
             text: "word \u{00AD}Super", options: options(width: 40, min: 40, max: 40, direction: .leftToRight),
             edit: 7..<7, replacement: "🫠"),
        // The combining mark removes the opportunity after 天 and moves the cluster to another
        // font: the first line, which ended before the edit, now holds everything.
        Case(name: "combining mark joins the line before", font: "Fonts/NotoSans-Regular.ttf",
             text: "今天", options: options(width: 40, min: 24, max: 300, step: 0.5, hinted: true, tracking: -0.1,
                                            direction: .leftToRight),
             edit: 2..<2, replacement: "\u{0301}👩‍❤️‍💋‍👨"),
        Case(name: "one-letter-lines fonts, mark and ZWJ", font: "Fonts/LeagueSpartan-Bold.otf",
             text: "中文字", options: options(width: 40, min: 24, max: 300, hinted: true),
             edit: 3..<3, replacement: "\u{0301}\u{200D}"),
        Case(name: "Devanagari deletion in RTL", font: "Fonts/KaushanScript-Regular.otf",
             text: "नमस्ते\u{FE0F}🏻", options: options(width: 40, min: 40, max: 90, direction: .rightToLeft),
             edit: 2..<7, replacement: ""),
        // From the fuzzer (FuzzEditor timeout under ASan): a long word broken into overflowing
        // clusters, hinted, on a 0.001 pt grid.
        Case(name: "fuzz: hinted emergency breaks on a fine grid", font: "Fonts/CourierPrime-Regular.otf",
             text: "supercalifragilisticexpialidocious",
             options: options(width: 41.6875, min: 121, max: 221, step: 0.001, hinted: true, tracking: 0.04),
             edit: 9..<9, replacement: "\u{0301}"),
        Case(name: "Thai vowel after a variation selector", font: "Fonts/BebasNeue-Regular.otf",
             text: "aaaaa\u{FE0F}", options: options(width: 40, min: 40, max: 40, tracking: -0.1),
             edit: 6..<6, replacement: "\u{0E31}Super"),
    ]

    @Test(arguments: cases)
    func sessionEqualsFreshLayoutAfterTheEdit(_ example: Case) throws {
        let fonts = try EditorFixtures.chain(primary: example.font)
        let session = try EditorSession(text: example.text, fonts: fonts, options: example.options)
        let engine = try LayoutEngine()
        #expect(session.layout == (try engine.layout(example.text, fonts: fonts, options: example.options)))
        try session.replace(example.edit, with: example.replacement)
        let fresh = try engine.layout(session.text, fonts: fonts, options: example.options)
        #expect(session.layout.lines.map { $0.start..<$0.end } == fresh.lines.map { $0.start..<$0.end })
        #expect(session.layout.lines.map(\.size) == fresh.lines.map(\.size))
        #expect(session.layout == fresh)
    }

    /// The first reproducer worked by hand: Courier Prime is monospaced at 0.6 em, so one
    /// letter at 40 pt is 24 pt and two are 48 pt, over the 40 pt width; the soft hyphen is
    /// invisible (no advance). The opportunity before the inserted emoji lets the line that
    /// starts at the soft hyphen take "S" with it: lines 5..<7, then the emoji alone.
    @Test func softHyphenLineWorkedByHand() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/CourierPrime-Regular.otf")
        let options = Self.options(width: 40, min: 40, max: 40, direction: .leftToRight)
        let session = try EditorSession(text: "word \u{00AD}Super", fonts: fonts, options: options)
        try session.insert("🫠", at: 7)
        let ranges = session.layout.lines.map { $0.start..<$0.end }
        #expect(ranges.contains(5..<7))
        #expect(!ranges.contains(5..<6))
    }
}
