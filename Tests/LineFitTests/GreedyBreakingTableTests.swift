import Testing
@testable import LineFit

/// Greedy breaking at the minimum size, hard breaks and trailing whitespace, as tables.
///
/// Most tables use Courier Prime, a monospace face: every character advances 1228 of its
/// 2048 units per em, so a line of n visible characters is n × 0.599609375 em wide and the
/// expectations are arithmetic. With width 600 and min 50 a line holds 20 characters
/// (20 × 0.5996 × 50 = 599.6 ≤ 600; 21 would be 629.6), and a line of n characters gets
/// the largest size on the 0.01 grid with n × 0.599609375 × size ≤ 600:
///
///     size(n) = ⌊600 × 2048 × 100 / (1228 × n)⌋ / 100, clamped to [50, 200]
///     n:    1..5     6      7      8      9      10     11     12     13     14     16     19     20
///     size: 200   166.77 142.95 125.08 111.18 100.06  90.96  83.38  76.97  71.47  62.54  52.66  50.03
@Suite("Greedy line breaking at the minimum size")
struct GreedyBreakingTableTests {
    static let courierAdvance = 1228.0 / 2048.0
    static let options = LayoutOptions(width: 600, minSize: 50, maxSize: 200)

    func courierLayout(_ text: String) throws -> Layout {
        let layout = try layOut(text, fonts: TestFonts.chain(TestFonts.courier), options: Self.options)
        expectTiling(layout)
        // Every width is (visible characters) × advance × size, trailing whitespace excluded.
        for line in layout.lines {
            let visible = layout.substring(line.start, line.contentEnd)
            #expect(visible == visible.trimmingTrailingWhitespace, "contentEnd leaves whitespace: \(visible)")
            let expected = Double(visible.utf16.count) * Self.courierAdvance * line.size
            #expect(widthsAgree(line.width, expected), "\(visible): width \(line.width), expected \(expected)")
            #expect(line.width <= Self.options.width * (1 + WidthTolerance.relative))
        }
        return layout
    }

    @Test("a line takes every word that fits at the minimum size")
    func greedyAtMinimum() throws {
        expectRows(try courierLayout("the quick brown fox jumps over the lazy dog"), [
            LineRow("the quick brown fox ",         52.66),
            LineRow("jumps over the lazy ",         52.66),
            LineRow("dog",                          200, [.heldAtMax]),
        ])
    }

    @Test("a word that ends exactly at 20 characters stays; one character more moves it down")
    func wordThatJustFits() throws {
        expectRows(try courierLayout("exactly twenty chars then more"), [
            LineRow("exactly twenty chars ",        50.03),
            LineRow("then more",                    111.18),
        ])
        expectRows(try courierLayout("exactly twenty charsX then"), [
            LineRow("exactly twenty ",              71.47),
            LineRow("charsX then",                  90.96),
        ])
    }

    @Test("trailing spaces neither count toward the width nor push a word down")
    func trailingWhitespace() throws {
        // 20 visible characters and 6 spaces: 26 characters, yet the line fits at min.
        let layout = try courierLayout("exactly twenty chars      then")
        expectRows(layout, [
            LineRow("exactly twenty chars      ",   50.03),
            LineRow("then",                         200, [.heldAtMax]),
        ])
        #expect(layout.lines[0].contentEnd == 20)
        expectRows(try courierLayout("spaces after   \nand before"), [
            LineRow("spaces after   \n",            83.38, [.endsParagraph]),
            LineRow("and before",                   100.06),
        ])
    }

    @Test("\\n, \\r\\n, U+2028 and U+2029 end a line and belong to its range")
    func hardBreaks() throws {
        let layout = try courierLayout("hard line\nbreaks end\r\nlines and\u{2028}belong to\u{2029}their line")
        expectRows(layout, [
            LineRow("hard line\n",                  111.18, [.endsParagraph]),
            LineRow("breaks end\r\n",               100.06, [.endsParagraph]),
            LineRow("lines and\u{2028}",            111.18, [.endsParagraph]),
            LineRow("belong to\u{2029}",            111.18, [.endsParagraph]),
            LineRow("their line",                   100.06),
        ])
        // UTF-16 ranges: the break is inside the range, after contentEnd; \r\n is two units.
        let ranges = layout.lines.map { [$0.start, $0.contentEnd, $0.end] }
        #expect(ranges == [[0, 9, 10], [10, 20, 22], [22, 31, 32], [32, 41, 42], [42, 52, 52]])
        // The other mandatory breaks of UAX #14 (BK, CR, NL classes): CR alone, VT, FF, NEL.
        expectRows(try courierLayout("lone cr\rvertical\u{0B}form feed\u{0C}next line\u{85}end"), [
            LineRow("lone cr\r",                    142.95, [.endsParagraph]),
            LineRow("vertical\u{0B}",               125.08, [.endsParagraph]),
            LineRow("form feed\u{0C}",              111.18, [.endsParagraph]),
            LineRow("next line\u{85}",              111.18, [.endsParagraph]),
            LineRow("end",                          200, [.heldAtMax]),
        ])
    }

    @Test("a hard break ends a line even where the next word would fit")
    func hardBreakBeforeRoom() throws {
        expectRows(try courierLayout("one\ntwo three"), [
            LineRow("one\n",                        200, [.heldAtMax, .endsParagraph]),
            LineRow("two three",                    111.18),
        ])
    }

    /// A proportional face, with widths in design units measured by hb-shape (Noto Sans,
    /// 1000 units per em). Width 506 at min 40 is 12,650 units: "We packed the car at dawn"
    /// (12,642) fits by 8 units and "… dawn and" (14,696) does not; "and drove north
    /// before" (10,939) fits and "… before the" does not. Sizes: ⌊506 × 1000 × 100 / units⌋ / 100.
    @Test("breaks and sizes in a proportional face agree with hb-shape's widths")
    func proportionalFace() throws {
        let font = try TestPaths.font(TestFonts.notoSans)
        let options = LayoutOptions(width: 506, minSize: 40, maxSize: 120)
        let text = "We packed the car at dawn and drove north before the rain"
        let layout = try layOut(text, fonts: TestFonts.chain(TestFonts.notoSans), options: options)
        let table: [(row: LineRow, units: Int)] = [
            (LineRow("We packed the car at dawn ",  40.02),                 12642),
            (LineRow("and drove north before ",     46.25),                 10939),
            (LineRow("the rain",                    120, [.heldAtMax]),     3633),
        ]
        expectRows(layout, table.map(\.row))
        expectTiling(layout)
        guard layout.lines.count == table.count else { return }
        let words = text.split(separator: " ").map(String.init)
        var wordIndex = 0
        for (line, expected) in zip(layout.lines, table) {
            let content = layout.substring(line.start, line.contentEnd)
            // The table's units are hb-shape's, and the engine's width is units × size / 1000.
            #expect(try HBShape.units(fontPath: font, text: content) == expected.units)
            #expect(widthsAgree(line.width, Double(expected.units) * line.size / 1000))
            // Greedy: the next word would not have fit at the minimum size.
            wordIndex += content.split(separator: " ").count
            if wordIndex < words.count {
                let longer = try HBShape.units(fontPath: font, text: content + " " + words[wordIndex])
                #expect(Double(longer) * options.minSize / 1000 > options.width, "\(content) + \(words[wordIndex])")
            }
        }
    }
}

extension String {
    var trimmingTrailingWhitespace: String {
        var scalars = Array(unicodeScalars)
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
