import Testing

@testable import LineFit

/// `ParagraphTextCache` finds entries by length first and hashes a text only when another of
/// its length is kept: it must answer as a dictionary keyed by the whole text would, whatever
/// the lengths the texts share.
@Suite struct ParagraphTextCacheTests {
    @Test func answersAsADictionaryByText() {
        var generator = SplitMix64(seed: 13)
        var cache = ParagraphTextCache<Int>()
        var reference: [[UInt16]: Int] = [:]
        // Short texts over two letters: many share a length, many are equal.
        func randomText() -> [UInt16] {
            (0..<Int.random(in: 0...4, using: &generator)).map { _ in UInt16.random(in: 97...98, using: &generator) }
        }
        for step in 0..<4_000 {
            let text = randomText()
            switch Int.random(in: 0..<10, using: &generator) {
            case 0:
                cache.removeAll()
                reference.removeAll()
            case 1...3:
                cache[text] = nil
                reference[text] = nil
            case 4...6:
                cache[text] = step
                reference[text] = step
            default:
                break
            }
            let probe = randomText()
            #expect(cache[probe] == reference[probe], "step \(step), text \(probe)")
            #expect(cache[text] == reference[text], "step \(step), text \(text)")
        }
    }
}
