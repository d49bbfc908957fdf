import Testing

@testable import LineFit

/// A resumed front's handed-over arrays grow by doubling, and early, on keystrokes that add no
/// line: a typed paragraph copies them O(log n) times, past 512 entries never on a keystroke
/// that adds lines.
@Suite struct ResumedFrontGrowthTests {
    @Test func handedOverEntriesGrowByDoublingBetweenNewLines() {
        var capacity = 64, growths = 0
        // A word of four letters (no new line), then a space that adds about 12 lines.
        for positions in 2...3_000 {
            for typed in 0..<5 {
                let needed = 12 * positions + 16
                guard let grown = BalancedLineBreaker.grownCapacity(capacity, needed: needed, early: typed > 0) else {
                    #expect(capacity >= needed)
                    continue
                }
                // Below 512 entries (before this position) the copy is short, and growth waits.
                #expect(typed > 0 || needed - 12 < 512, "grew on the keystroke that added the lines of position \(positions)")
                #expect(grown >= 2 * capacity && grown >= needed)
                capacity = grown
                growths += 1
            }
        }
        #expect(growths <= 12)
        #expect(BalancedLineBreaker.grownCapacity(1_250, needed: 1_000, early: true) == nil)
        #expect(BalancedLineBreaker.grownCapacity(1_240, needed: 1_000, early: true) == 2_480)
        #expect(BalancedLineBreaker.grownCapacity(500, needed: 400, early: true) == nil)
        #expect(BalancedLineBreaker.grownCapacity(1_000, needed: 1_000, early: false) == nil)
        #expect(BalancedLineBreaker.grownCapacity(999, needed: 1_000, early: false) == 1_998)
    }

    @Test func aGrownPrefixKeepsItsElements() {
        let grown = BalancedLineBreaker.prefix(Array(0..<100), 40, capacity: 500)
        #expect(grown == Array(0..<40))
        #expect(grown.capacity >= 500)
    }
}
