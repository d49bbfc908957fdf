import Testing

@testable import LineFit

/// `EditResult.changedLines` skips comparing the lines an update kept; it must still name
/// exactly the lines that differ, as a comparison of every line of the two layouts finds.
@Suite struct ChangedLinesTests {
    /// The range a full comparison gives: the longest equal prefix, then the longest equal
    /// suffix of what is left (the contract `EditResult` documents).
    static func compared(_ old: LineList, _ new: LineList) -> Range<Int> {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return prefix..<(new.count - suffix)
    }

    /// Texts with several paragraphs, an empty paragraph on top (its line takes the size of
    /// the first line with content, which an edit below it can change), and one long paragraph.
    static let texts = [
        "Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu.\nNu xi omicron pi rho sigma "
            + "tau upsilon phi chi psi omega, and then some more words to wrap.\n\nThe end of it all.",
        "\n\nShort\nwords here and there, typed in by someone who likes long lines of text.",
        String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 12),
    ]

    @Test(arguments: 0..<texts.count)
    func changedLinesEqualAFullComparison(textIndex: Int) throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let options = LayoutOptions(width: 260, minSize: 8, maxSize: 60)
        let session = try EditorSession(text: Self.texts[textIndex], fonts: fonts, options: options)
        var generator = SplitMix64(seed: UInt64(textIndex) + 17)
        let insertions = ["e", " ", "word ", "\n", "W", "longerpieceofnewtext "]
        for step in 0..<60 {
            let old = session.layout.lines
            let count = session.utf16Count
            let result: EditResult
            if count > 0, generator.next() % 3 == 0 {
                let start = Int(generator.next() % UInt64(count))
                let end = min(count, start + 1 + Int(generator.next() % 6))
                result = try session.delete(start..<end)
            } else {
                let caret = count == 0 ? 0 : Int(generator.next() % UInt64(count + 1))
                result = try session.insert(insertions[Int(generator.next() % UInt64(insertions.count))], at: caret)
            }
            let expected = Self.compared(old, result.layout.lines)
            #expect(result.changedLines == expected, "text \(textIndex), edit \(step): \(result.changedLines) vs \(expected)")
            #expect(result.layout == (try layOut(session.text, fonts: fonts, options: options)))
        }
    }

    /// Typing into the empty paragraph's neighbour changes the size the empty line on top
    /// takes, although the update kept that paragraph: the first line counts as changed.
    @Test func anEmptyLineOnTopFollowsTheFirstLineWithContent() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let options = LayoutOptions(width: 260, minSize: 8, maxSize: 60)
        let session = try EditorSession(text: "\nab", fonts: fonts, options: options)
        let before = session.layout.lines
        let result = try session.insert(" and a good many more words", at: 3)
        let after = result.layout.lines
        // The second line's size fell (more text at the same width), so the empty line's did.
        #expect(after[1].size < before[1].size)
        #expect(after[0].size == after[1].size && before[0].size == before[1].size)
        #expect(result.changedLines.lowerBound == 0)
    }
}

/// The session edits the old measurement's units in place; when the window re-measure gives
/// up (Thai: ICU segments it with a dictionary), the old measurement must get its own text
/// back, because the fresh measurement is compared with it to find where re-breaking starts.
@Suite struct InPlaceUnitsTests {
    @Test func fullMeasuresAfterInPlaceEditsMatchFreshLayouts() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans, "NotoSansThai-Regular.ttf")
        let options = LayoutOptions(width: 240, minSize: 8, maxSize: 60)
        let thai = "ภาษาไทยเขียนติดกันโดยไม่เว้นวรรคระหว่างคำ "
        let latin = "Latin words between them, typed and deleted. "
        let session = try EditorSession(text: String(repeating: latin + thai, count: 6), fonts: fonts, options: options)
        // (offset of the edit within the text, UTF-16 units removed, text inserted)
        let edits: [(Int, Int, String)] = [
            (50, 0, "ก"), (52, 3, ""), (60, 2, "ไทย"), (10, 0, "x"), (200, 5, "สวัสดี "), (320, 0, "word "),
            (11, 1, ""), (0, 4, "ภาษา"),
        ]
        for (offset, removed, inserted) in edits {
            try session.replace(offset..<(offset + removed), with: inserted)
            #expect(session.layout == (try layOut(session.text, fonts: fonts, options: options)), "edit at \(offset)")
        }
        // Edits in the Thai text were measured afresh (the path under test), the Latin ones in a window.
        #expect(session.statistics.paragraphMeasures >= 5)
        #expect(session.statistics.windowMeasures >= 1)
        // The session's text is the edits applied to the original, worked out here by hand on units.
        var expected = Array(String(repeating: latin + thai, count: 6).utf16)
        for (offset, removed, inserted) in edits {
            expected.replaceSubrange(offset..<(offset + removed), with: Array(inserted.utf16))
        }
        #expect(Array(session.text.utf16) == expected)
    }
}
