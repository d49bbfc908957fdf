import Testing

@testable import LineFit

/// A balanced session without a box keeps the lines it fitted for a paragraph's earlier
/// versions (`FittedLinePool`) and takes one again when the breaks come back to it, as long as
/// the text it reads agreed at every keystroke since. A reused line must be the line a fresh
/// fit gives: the session equals a fresh layout after every edit, also after edits inside the
/// paragraph (lines past them read other text at the same offsets) and replacements of one
/// letter by another (the same offsets, other glyphs).
@Suite struct FittedLinePoolTests {
    @Test(arguments: [0xF17_7ED as UInt64, 0xB0_0C])
    func reusedLinesEqualFreshlyFittedOnes(seed: UInt64) throws {
        let fonts = try TestFonts.chain(TestFonts.spartan)
        let options = LayoutOptions(width: 700, minSize: 24, maxSize: 260, breakStrategy: .balanced)
        var random = SplitMix64(seed: seed)
        let words = ["a", "sun", "day", "summer", "WOW", "coffee", "morning", "together", "it", "Tonight", "office"]
        let session = try EditorSession(fonts: fonts, options: options)
        // Lines that were not in the layout before the keystroke and were not fitted on it:
        // taken from the pool (typing at the end moves no earlier line).
        var fromPool = 0
        for step in 0..<260 {
            let count = session.utf16Count
            var atEnd = true
            switch random.int(below: 20) {
            case 0 where count > 10:
                try session.insert(random.pick(words) + " ", at: random.int(below: count - 5))
                atEnd = false
            case 1 where count > 10:
                let from = random.int(below: count - 5)
                try session.delete(from..<(from + 1 + random.int(below: 4)))
                atEnd = false
            case 2 where count > 10:
                // The same offsets, another letter.
                let at = random.int(below: count - 1)
                try session.replace(at..<(at + 1), with: random.chance(50) ? "m" : "i")
                atEnd = false
            default:
                // Typing at the end, a letter at a time.
                let word = random.pick(words) + " "
                for character in word {
                    let before = Set(session.layout.lines.map { [$0.start, $0.end] })
                    try session.insert(String(character), at: session.utf16Count)
                    let fresh = try layOut(session.text, fonts: fonts, options: options)
                    #expect(session.layout == fresh, "step \(step): \(session.text.debugDescription)")
                    let new = session.layout.lines.filter { !before.contains([$0.start, $0.end]) }.count
                    fromPool += max(0, new - session.balancedWork.fittedLines)
                }
                continue
            }
            #expect(!atEnd)
            let fresh = try layOut(session.text, fonts: fonts, options: options)
            #expect(session.layout == fresh, "step \(step): \(session.text.debugDescription)")
        }
        #expect(fromPool > 200, "\(fromPool) lines taken from the pool")
    }
}
