@testable import LineFit
import Testing

@Suite("Layout.substring")
struct LayoutSubstringTests {
    @Test("ranges on scalar boundaries give the text; one splitting a surrogate pair is repaired, never trapped")
    func substrings() throws {
        let text = "go 🎉 now"  // 🎉 is U+1F389: UTF-16 offsets 3 and 4
        let layout = try layOut(text, fonts: TestFonts.chain(TestFonts.spartan, TestFonts.emoji),
                                options: LayoutOptions(width: 600, minSize: 20, maxSize: 200))
        #expect(layout.substring(0, 2) == "go")
        #expect(layout.substring(3, 5) == "🎉")
        #expect(layout.substring(0, 100) == text)
        #expect(layout.substring(5, 3) == "")
        // Offset 4 is inside the pair: each half becomes U+FFFD.
        #expect(layout.substring(3, 4) == "\u{FFFD}")
        #expect(layout.substring(4, 9) == "\u{FFFD} now")
    }
}
