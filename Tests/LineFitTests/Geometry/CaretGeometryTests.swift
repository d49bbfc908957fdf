import Foundation
import Testing
@testable import LineFit

/// Editor geometry: the line of an offset, the caret's x (affinity at line breaks and bidi
/// boundaries; ligatures split evenly or at their GDEF carets), the offset at a point; and
/// editing by `String.Index`.
@Suite("Caret geometry and String.Index editing")
struct CaretGeometryTests {
    static let fixed = LayoutOptions(width: 2000, minSize: 100, maxSize: 100)

    @Test("caret x walks the glyph advances of a left-to-right line")
    func leftToRight() throws {
        let layout = try layOut("hello", fonts: try TestFonts.chain(TestFonts.notoSans), options: Self.fixed)
        let line = layout.lines[0]
        let glyphs = line.runs[0].glyphs
        var expected = line.x + line.runs[0].x
        for offset in 0...5 {
            #expect(abs(layout.caretX(at: offset) - expected) < 1e-9, "offset \(offset)")
            if offset < 5 { expected += glyphs[offset].advance }
        }
        #expect(abs(layout.caretX(at: 5) - (line.x + line.width)) < 1e-9)
    }

    @Test("inside a ligature the caret splits it evenly, or at the font's GDEF carets")
    func ligature() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let layout = try layOut("ffi", fonts: fonts, options: Self.fixed)
        let run = layout.lines[0].runs[0]
        // Noto Sans: f_f_i is one glyph of 946 units, GDEF carets at 315 and 631 (hb-shape and
        // fontTools' LigCaretList); at 100 pt on a 1000-unit em that is 94.6, 31.5 and 63.1 pt.
        try #require(run.glyphs.count == 1)
        let left = layout.lines[0].x + run.x
        #expect(abs(run.glyphs[0].advance - 94.6) < 1e-9)
        #expect(abs(layout.caretX(at: 1) - (left + 94.6 / 3)) < 1e-9)
        #expect(abs(layout.caretX(at: 2) - (left + 2 * 94.6 / 3)) < 1e-9)
        #expect(abs(layout.caretX(at: 1, fonts: fonts) - (left + 31.5)) < 1e-9)
        #expect(abs(layout.caretX(at: 2, fonts: fonts) - (left + 63.1)) < 1e-9)
        #expect(layout.offset(at: LayoutPoint(x: left + 30, y: 10), fonts: fonts) == 1)
        #expect(layout.offset(at: LayoutPoint(x: left + 66, y: 10), fonts: fonts) == 2)
    }

    @Test("at a bidi boundary upstream and downstream carets are apart, each at its run's edge")
    func bidiAffinity() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans, "NotoSansHebrew-Regular.ttf")
        let text = "abc אבג"  // offsets: a b c space (3) א (4) ב ג, 7 in all
        let layout = try layOut(text, fonts: fonts, options: Self.fixed)
        let line = layout.lines[0]
        let hebrew = try #require(line.runs.first { $0.isRightToLeft })
        let hebrewLeft = line.x + hebrew.x
        let hebrewRight = hebrewLeft + hebrew.width
        // Offset 4: downstream is before א, the Hebrew run's right edge; upstream is after the
        // space, which ends the Latin run where the Hebrew run begins on its left.
        #expect(abs(layout.caretX(at: 4, affinity: .downstream) - hebrewRight) < 1e-9)
        #expect(abs(layout.caretX(at: 4, affinity: .upstream) - hebrewLeft) < 1e-9)
        // The end of the text is after ג, the Hebrew run's left edge.
        #expect(abs(layout.caretX(at: 7, affinity: .upstream) - hebrewLeft) < 1e-9)
        // A tap at the Hebrew run's right edge is offset 4 downstream.
        #expect(layout.caretPosition(at: LayoutPoint(x: hebrewRight + 0.01, y: 10)) == CaretPosition(offset: 4, affinity: .downstream))
    }

    @Test("the line of an offset, with affinity at a soft break; taps map back to offsets")
    func linesAndTaps() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let layout = try layOut("one two three four", fonts: fonts, options: LayoutOptions(width: 200, minSize: 40, maxSize: 40))
        try #require(layout.lines.count > 1)
        let second = layout.lines[1]
        #expect(layout.lineIndex(at: second.start) == 1)
        #expect(layout.lineIndex(at: second.start, affinity: .upstream) == 0)
        #expect(layout.lineIndex(at: 0) == 0)
        #expect(layout.lineIndex(at: 10_000) == layout.lines.count - 1)
        for (index, line) in layout.lines.enumerated() {
            for offset in line.start...line.contentEnd {
                let x = layout.caretX(at: offset, affinity: offset == line.contentEnd ? .upstream : .downstream)
                let tapped = layout.caretPosition(at: LayoutPoint(x: x, y: line.top + line.height / 2))
                #expect(tapped.offset == offset, "line \(index) offset \(offset)")
                #expect(layout.lineIndex(at: tapped.offset, affinity: tapped.affinity) == index)
            }
        }
    }

    @Test("an editor session edits by String.Index of its text as by UTF-16 offsets")
    func stringIndexEditing() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans, TestFonts.emoji)
        let session = try EditorSession(text: "hi 😀 there", fonts: fonts, options: Self.fixed)
        let text = session.text
        let there = text.range(of: "there")!
        try session.replace(there, with: "you")
        #expect(session.text == "hi 😀 you")
        try session.insert("!", at: session.text.endIndex)
        try session.delete(session.text.range(of: "😀 ")!)
        #expect(session.text == "hi you!")
        #expect(session.layout == (try layOut("hi you!", fonts: fonts, options: Self.fixed)))
        // A UTF-8 index in the middle of a scalar names no character boundary.
        let accented = try EditorSession(text: "é", fonts: fonts, options: Self.fixed)
        let inside = accented.text.utf8.index(after: accented.text.utf8.startIndex)
        #expect(throws: LineFitError.self) { try accented.insert("x", at: inside) }
        #expect(throws: LineFitError.invalidRange(start: 2, end: 2, length: 1)) {
            try accented.insert("x", at: "éé".endIndex)
        }
        #expect(accented.text == "é")
    }

    @Test("line flags read by name; edit results compare by value")
    func flagsAndResults() throws {
        #expect(Line.Flags([.heldAtMax, .endsParagraph]).description == "[heldAtMax, endsParagraph]")
        #expect(Line.Flags().description == "[]")
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let a = try EditorSession(text: "ab", fonts: fonts, options: Self.fixed)
        let b = try EditorSession(text: "ab", fonts: fonts, options: Self.fixed)
        #expect(try a.insert("c", at: 2) == (try b.insert("c", at: 2)))
    }
}
