import Testing

@testable import LineFit

/// The keystroke benchmarks' honest edits as editor properties: typing new text into the
/// middle of a text one character at a time (every keystroke new to the session's caches),
/// pasting a phrase and deleting words. After each edit the session equals a fresh layout.
@Suite struct NewTextReplayTests {
    static let corpus: [CorpusJob] = CorpusJob.all()

    @Test(arguments: corpus)
    func typingNewTextMatchesFreshLayouts(job: CorpusJob) throws {
        let fonts = try EditorFixtures.chain(primary: job.font)
        let options = job.options
        let characters = Array(job.text)
        // The middle third of the text is left out, then typed back in character by character.
        let from = characters.count / 3, to = max(from, 2 * characters.count / 3)
        let typed = characters[from..<to]
        let before = String(characters[..<from]), after = String(characters[to...])
        let session = try EditorSession(text: before + after, fonts: fonts, options: options)
        let engine = try LayoutEngine()
        var caret = before.utf16.count
        for (step, character) in typed.enumerated() {
            try session.insert(String(character), at: caret)
            caret += character.utf16.count
            let expected = try engine.layout(session.text, fonts: fonts, options: options)
            if session.layout != expected {
                Issue.record("\(job.name): typing \(String(character).debugDescription) (keystroke \(step)) at \(caret) differs from a fresh layout of \(session.text.debugDescription)")
                return
            }
        }
        #expect(session.text == job.text)
    }

    @Test(arguments: corpus)
    func pastingAndDeletingWordsMatchFreshLayouts(job: CorpusJob) throws {
        let fonts = try EditorFixtures.chain(primary: job.font)
        let options = job.options
        let session = try EditorSession(text: job.text, fonts: fonts, options: options)
        let engine = try LayoutEngine()
        let phrases = ["pasted words, new to it ", "日本語のテキスト", "مرحبا بالعالم ", "emoji 🎉 too "]
        for (step, phrase) in phrases.enumerated() {
            let caret = session.utf16Count / 2
            // Paste on a character boundary: the start of the character holding `caret`.
            var offset = 0
            for character in session.text {
                if offset + character.utf16.count > caret { break }
                offset += character.utf16.count
            }
            try session.insert(phrase, at: offset)
            #expect(session.layout == (try engine.layout(session.text, fonts: fonts, options: options)), "\(job.name): paste \(step)")
            // Delete the first word (letters and the space after them) after the paste.
            let units = Array(session.text.utf16)
            var start = offset + phrase.utf16.count
            while start < units.count, units[start] == 0x20 { start += 1 }
            var end = start
            while end < units.count, units[end] != 0x20, units[end] != 0x0A, units[end] & 0xFC00 != 0xD800 { end += 1 }
            if end < units.count, units[end] == 0x20 { end += 1 }
            guard end > start, end <= units.count else { continue }
            try session.replace(start..<end, with: "")
            #expect(session.layout == (try engine.layout(session.text, fonts: fonts, options: options)), "\(job.name): delete \(step)")
        }
    }
}
