import Testing

@testable import LineFit

/// `Layout.lines` is a `LineList`: an editor's lists hold lines in chunks shared with earlier
/// layouts. Code that edits a layout's lines must see an array's behaviour, and must never
/// reach into the storage another layout shares.
@Suite struct LineListTests {
    /// A session whose layout is held in several chunks: a long paragraph, edited in the middle.
    static func chunkedLayout() throws -> (EditorSession, Layout) {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let options = LayoutOptions(width: 260, minSize: 30, maxSize: 60)
        let text = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", count: 12)
        let session = try EditorSession(text: text, fonts: fonts, options: options)
        _ = try session.insert("new words ", at: text.utf16.count / 2)
        return (session, session.layout)
    }

    @Test("the test's layout is chunked (else the tests below would only test an array)")
    func layoutIsChunked() throws {
        let (_, layout) = try Self.chunkedLayout()
        #expect(layout.lines.count > 20)
        #expect(layout.lines.chunks.chunkCount > 1)
    }

    @Test("writing every line, appending and replacing behave as on an array; the session's layout is untouched")
    func editsBehaveAsOnAnArray() throws {
        let (session, layout) = try Self.chunkedLayout()
        let original = Array(layout.lines)
        var lines = layout.lines
        var expected = original
        for index in lines.indices {
            lines[index].x += Double(index)
            expected[index].x += Double(index)
        }
        #expect(Array(lines) == expected)
        lines.append(original[0])
        expected.append(original[0])
        lines.replaceSubrange(1..<3, with: [original[5]])
        expected.replaceSubrange(1..<3, with: [original[5]])
        lines[0].size = 1
        expected[0].size = 1
        #expect(Array(lines) == expected)
        #expect(lines == LineList(expected))
        // Value semantics: the layouts that shared the chunks still hold their own lines.
        #expect(Array(layout.lines) == original)
        #expect(Array(session.layout.lines) == original)
    }

    @Test("a list made from an array edits it in place, and a copy of it is not changed")
    func arrayListCopiesOnWrite() throws {
        let (_, layout) = try Self.chunkedLayout()
        let original = Array(layout.lines)
        var list = LineList(original)
        let copy = list
        list[2].x = -7
        #expect(list[2].x == -7)
        #expect(copy[2] == original[2])
        #expect(Array(copy) == original)
    }
}
