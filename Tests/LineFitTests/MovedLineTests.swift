import Foundation
import Testing

@testable import LineFit

/// Lines after an edit are moved by adjusting one offset (`Line.runShift`) instead of copying
/// their runs; every public reading of such a line must still give its true offsets.
@Suite struct MovedLineTests {
    static let text = "A first paragraph typed ahead of the rest.\nThe second paragraph, long enough to take "
        + "several lines at this width, which the edit moves without refitting."

    /// The session's layout after typing at the very start: the second paragraph's lines
    /// are moved, not refitted, so their runs are stored short of their true offsets.
    private func movedAndFresh() throws -> (moved: Layout, fresh: Layout) {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let options = LayoutOptions(width: 300, minSize: 8, maxSize: 60)
        let session = try EditorSession(text: Self.text, fonts: fonts, options: options)
        try session.insert("Yes. ", at: 0)
        try session.insert("🙂", at: 0)  // a surrogate pair: offsets move by 2
        return (session.layout, try layOut(session.text, fonts: fonts, options: options))
    }

    @Test func movedLinesReadTheirTrueOffsets() throws {
        let (moved, fresh) = try movedAndFresh()
        let shifted = moved.lines.filter { $0.runShift != 0 }
        // 5 + 2 units typed before every line of the second paragraph.
        #expect(shifted.count >= 2 && shifted.allSatisfy { $0.runShift == 7 })
        #expect(moved.lines.count == fresh.lines.count)
        for (line, expected) in zip(moved.lines, fresh.lines) {
            #expect(line.runs == expected.runs)
            #expect(line.runCount == expected.runs.count)
            for index in 0..<line.runCount { #expect(line.run(at: index) == expected.runs[index]) }
            // Independently of the fresh layout: every glyph's cluster lies in its run, and
            // every run in its line.
            for run in line.runs {
                #expect(run.start >= line.start && run.end <= line.end)
                #expect(run.glyphs.allSatisfy { $0.cluster >= run.start && $0.cluster < run.end })
            }
        }
        #expect(moved == fresh)
        #expect(moved.hashValue == fresh.hashValue)
        #expect(Set(moved.lines + fresh.lines).count == fresh.lines.count)
    }

    @Test func movedLinesDifferWhenAGlyphDoes() throws {
        let (moved, fresh) = try movedAndFresh()
        let index = try #require(moved.lines.firstIndex { $0.runShift != 0 })
        #expect(moved.lines[index] == fresh.lines[index])
        var otherCluster = fresh.lines[index]
        otherCluster.runs[0].glyphs[0].cluster += 1
        #expect(moved.lines[index] != otherCluster)
        var otherGlyph = fresh.lines[index]
        otherGlyph.runs[0].glyphs[0].id += 1
        #expect(moved.lines[index] != otherGlyph)
        // A line moved by a different amount is a different line, whatever its range says.
        var movedAgain = moved.lines[index].shifted(by: 1)
        movedAgain.start -= 1
        movedAgain.end -= 1
        movedAgain.contentEnd -= 1
        #expect(movedAgain != fresh.lines[index])
        // Setting the runs stores them at their true offsets.
        var reset = moved.lines[index]
        reset.runs = reset.runs
        #expect(reset.runShift == 0 && reset == fresh.lines[index])
    }
}
