import Testing

@testable import LineFit

/// The first Hangul typed into Chinese text makes the text Korean: every paragraph is shaped
/// again in Korean, with the Korean face first among the CJK fallbacks. A balanced session
/// must not keep, for a paragraph the edit did not touch, what it built in the old language
/// (the cached paragraph, its fitted-line pool): the session equals a fresh layout after
/// every edit, with and without a fill box. (Fails without the restart's reset of the
/// balanced state: the unedited paragraph's lines stay as shaped in Chinese.)
@Suite struct BalancedLanguageRestartTests {
    @Test(arguments: [false, true])
    func unEditedParagraphsFollowTheNewLanguage(fillsBox: Bool) throws {
        let fonts = try CJKLanguageTests.defaultChain()
        let options = LayoutOptions(
            width: 520, minSize: 14, maxSize: 90, breakStrategy: .balanced,
            box: fillsBox ? .fill(height: 900) : LayoutOptions.Box.none)
        let first = "「你好」今天天气很好，我们去公园散步吧。「再见」"
        let session = try EditorSession(text: first + "\n「今天」天气很好，我们去公园。", fonts: fonts, options: options)
        func expectFresh(_ step: String) throws {
            let fresh = try layOut(session.text, fonts: fonts, options: options)
            #expect(session.layout == fresh, "\(step): \(session.text.debugDescription)")
        }
        // Chinese typed at the end of the second paragraph: lines fitted (and pooled) in Chinese.
        for character in "散步吧「好」" {
            try session.insert(String(character), at: session.utf16Count)
            try expectFresh("typing \(character)")
        }
        // Korean: the first paragraph, unedited, is shaped in Korean now.
        try session.insert("안", at: session.utf16Count)
        try expectFresh("first Hangul")
        for character in "녕「好」" {
            try session.insert(String(character), at: session.utf16Count)
            try expectFresh("typing \(character) in Korean")
        }
        // Back to Chinese: nothing fitted in Korean may stay.
        let hangul = session.text.utf16.count - 5
        try session.delete(hangul..<(hangul + 2))
        try expectFresh("Hangul deleted")
        for character in "你好" {
            try session.insert(String(character), at: first.utf16.count)
            try expectFresh("typing \(character) in the first paragraph")
        }
    }
}
