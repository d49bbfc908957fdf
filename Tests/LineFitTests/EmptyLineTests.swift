import Testing
@testable import LineFit

/// Empty lines (two line breaks in a row). `BlockStacking.stack` documents their size: the
/// size of the line before, or of the first non-empty line after when the text starts with
/// them, or the minimum when every line is empty; their height is the primary font's
/// ascent + descent at that size (× line spacing), so a blank line looks like a gap of one
/// line of the text around it.
///
/// Courier Prime, width 600, min 50, max 200 (see `GreedyBreakingTableTests` for the sizes).
/// Its ascent and descent are read from the font file by `OpenTypeTables`, not from the engine.
@Suite("Empty lines")
struct EmptyLineTests {
    static let options = LayoutOptions(width: 600, minSize: 50, maxSize: 200)

    /// (ascender + descender) / unitsPerEm of Courier Prime, from its own tables.
    static func courierLineHeightPerPoint() throws -> Double {
        let tables = try OpenTypeTables(path: TestPaths.font(TestFonts.courier))
        let metrics = tables.lineMetrics
        return Double(metrics.ascender + metrics.descender) / Double(tables.unitsPerEm)
    }

    func layout(_ text: String, options: LayoutOptions = Self.options) throws -> Layout {
        let layout = try layOut(text, fonts: TestFonts.chain(TestFonts.courier), options: options)
        expectTiling(layout)
        return layout
    }

    func expectEmptyLine(_ line: Line, size: Double, lineSpacing: Double = 1, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(line.flags.contains(.empty), sourceLocation: sourceLocation)
        #expect(line.runs.isEmpty, sourceLocation: sourceLocation)
        #expect(line.width == 0, sourceLocation: sourceLocation)
        #expect(line.size == size, sourceLocation: sourceLocation)
        let height = try Self.courierLineHeightPerPoint() * size * lineSpacing
        #expect(widthsAgree(line.height, height), "height \(line.height), expected \(height)", sourceLocation: sourceLocation)
    }

    @Test("an empty line between two lines takes the size of the line before it")
    func betweenLines() throws {
        let layout = try layout("first line\n\nthird")
        expectRows(layout, [
            LineRow("first line\n",                 100.06, [.endsParagraph]),
            LineRow("\n",                           100.06, [.empty, .endsParagraph]),
            LineRow("third",                        200, [.heldAtMax]),
        ])
        guard layout.lines.count == 3 else { return }
        try expectEmptyLine(layout.lines[1], size: 100.06)
        // The blank line sits between its neighbours and the block is the sum of the lines.
        #expect(layout.lines[1].top == layout.lines[0].top + layout.lines[0].height)
        #expect(widthsAgree(layout.height, layout.lines.reduce(0) { $0 + $1.height }))
    }

    @Test("an empty line after a line held at max takes the max, without the held flag")
    func afterHeldLine() throws {
        let layout = try layout("hi\n\nthere you are")
        expectRows(layout, [
            LineRow("hi\n",                         200, [.heldAtMax, .endsParagraph]),
            LineRow("\n",                           200, [.empty, .endsParagraph]),
            LineRow("there you are",                76.97),
        ])
        guard layout.lines.count == 3 else { return }
        try expectEmptyLine(layout.lines[1], size: 200)
    }

    @Test("empty lines at the start take the size of the first non-empty line")
    func leadingEmptyLines() throws {
        let layout = try layout("\n\nhello there")
        expectRows(layout, [
            LineRow("\n",                           90.96, [.empty, .endsParagraph]),
            LineRow("\n",                           90.96, [.empty, .endsParagraph]),
            LineRow("hello there",                  90.96),
        ])
        for line in layout.lines.prefix(2) { try expectEmptyLine(line, size: 90.96) }
    }

    @Test("a text of only line breaks gets lines at the minimum size")
    func onlyEmptyLines() throws {
        let layout = try layout("\n\n")
        expectRows(layout, [
            LineRow("\n",                           50, [.empty, .endsParagraph]),
            LineRow("\n",                           50, [.empty, .endsParagraph]),
        ])
        for line in layout.lines { try expectEmptyLine(line, size: 50) }
        #expect(widthsAgree(layout.height, 2 * (try Self.courierLineHeightPerPoint()) * 50))
    }

    @Test("several empty lines in a row and \\r\\n line breaks, with line spacing")
    func severalWithSpacing() throws {
        var options = Self.options
        options.lineSpacing = 1.5
        let layout = try layout("one two three\r\n\r\n\u{2029}four five", options: options)
        expectRows(layout, [
            LineRow("one two three\r\n",            76.97, [.endsParagraph]),
            LineRow("\r\n",                         76.97, [.empty, .endsParagraph]),
            LineRow("\u{2029}",                     76.97, [.empty, .endsParagraph]),
            LineRow("four five",                    111.18),
        ])
        guard layout.lines.count == 4 else { return }
        try expectEmptyLine(layout.lines[1], size: 76.97, lineSpacing: 1.5)
        try expectEmptyLine(layout.lines[2], size: 76.97, lineSpacing: 1.5)
    }

    @Test("the empty text has no lines and no height")
    func emptyText() throws {
        let layout = try layout("")
        #expect(layout.lines.isEmpty)
        #expect(layout.height == 0)
    }
}
