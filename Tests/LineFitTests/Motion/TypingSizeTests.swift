import Foundation
import Testing

@testable import LineFit

/// The caret's size does not jump between keystrokes of a line that does not change.
@Suite struct TypingSizeTests {
    static let options = LayoutOptions(width: 960, minSize: 24, maxSize: 300)

    static func session(_ text: String = "", options: LayoutOptions = options) throws -> EditorSession {
        try EditorSession(text: text, fonts: EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf"), options: options)
    }

    @Test func emptyTextSpaceAndLetterAgree() throws {
        let session = try Self.session()
        #expect(session.typingSize(at: 0) == 300)
        try session.insert(" ", at: 0)
        // A line of only a space has no content to fit: the caret keeps the empty text's size
        // (this was 24 pt, the line's own size, before).
        #expect(session.typingSize(at: 1) == 300)
        try session.replace(0..<1, with: "a")
        #expect(session.layout.lines[0].size == 300, "a lone letter is held at the maximum")
        #expect(session.typingSize(at: 1) == 300)
    }

    @Test func aTrailingSpaceKeepsTheLinesSize() throws {
        let session = try Self.session("Hello")
        let size = session.layout.lines[0].size
        #expect(session.typingSize(at: 5) == size)
        try session.insert(" ", at: 5)
        #expect(session.layout.lines[0].size == size, "trailing whitespace is not measured")
        #expect(session.typingSize(at: 6) == size)
    }

    @Test func aNewEmptyLineTakesTheSizeItsFirstLetterGets() throws {
        let session = try Self.session("Hello world, how are you")
        try session.insert("\n", at: session.utf16Count)
        let caretSize = session.typingSize(at: session.utf16Count)
        #expect(caretSize == 300)
        try session.insert("W", at: session.utf16Count)
        #expect(session.layout.lines.last?.size == caretSize)
        // An empty paragraph in the middle, and a line of spaces, behave the same.
        let middle = try Self.session("Hello\n\nWorld")
        #expect(middle.typingSize(at: 6) == 300)
        let spaces = try Self.session("Hello\n   \nWorld")
        #expect(spaces.typingSize(at: 8) == 300)
        #expect(spaces.typingSize(at: 2) == spaces.layout.lines[0].size)
    }

    @Test func typingALineKeepsTheCaretWithItsLine() throws {
        // Every keystroke: the caret's size before it equals the size of the line that the
        // typed character lands on, unless that line's content changed size.
        let session = try Self.session()
        var checked = 0
        for character in "Sunny day\nat the beach" {
            let caret = session.utf16Count
            let before = session.typingSize(at: caret)
            let lineBefore = session.layout.lines.last
            try session.insert(String(character), at: caret)
            let lineAfter = session.layout.lines.last!
            // (A line break starts a new line: the caret moves to it, covered above.)
            if let lineBefore, !character.isNewline, lineBefore.contentEnd > lineBefore.start, lineAfter.start == lineBefore.start,
               lineAfter.size == lineBefore.size {
                #expect(session.typingSize(at: session.utf16Count) == before)
                checked += 1
            }
        }
        #expect(checked >= 3)
    }

    @Test func underAHeightLimitTheScaledMaximum() throws {
        var options = Self.options
        options.maxHeight = 400
        let session = try Self.session("Sunny\nday\nat\nthe\nbeach\n", options: options)
        #expect(session.layout.heightScale < 1)
        let caret = session.typingSize(at: session.utf16Count)
        #expect(caret == session.layout.maxSize)
        #expect(caret < 300)
    }
}
