import Testing
@testable import LineFit

@Suite("Remembered GPOS pairs")
struct ReadvancedPairMemoTests {
    @Test("a remembered pair gives back its delta set, others none, through the table's growth, and it stops taking pairs once half full at its bound")
    func remembersUntilHalfFull() throws {
        var memo = ReadvancedPairMemo()
        #expect(memo.item(try #require(ReadvancedPairMemo.key(0, 1, 1))) == nil && !memo.isFull)
        var keys: [UInt64] = []
        // Pairs of every lookup, first and second glyph; neighbouring keys probe into each other.
        for first in 0..<80 {
            for second in 0..<40 {
                keys.append(try #require(ReadvancedPairMemo.key(first % 3, first, second)))
            }
        }
        for (index, key) in keys.enumerated() {
            memo.remember(key, Int32(index % 7) - 1)
            // Through each doubling (512 slots first), every pair taken so far is still found.
            if [255, 256, 257, 511, 512, 1023, 1024].contains(index) {
                #expect(keys.prefix(index + 1).allSatisfy { memo.item($0) != nil }, "after \(index + 1)")
            }
        }
        #expect(memo.isFull)
        var kept = 0
        for (index, key) in keys.enumerated() {
            if let item = memo.item(key) {
                #expect(item == Int32(index % 7) - 1)
                kept += 1
            }
        }
        // 3,200 offered to a table of at most 4,096: the first 2,048 kept, in order.
        #expect(kept == 2048)
        #expect(keys.prefix(2048).allSatisfy { memo.item($0) != nil })
        #expect(memo.item(try #require(ReadvancedPairMemo.key(5, 1, 1))) == nil)
        // Remembering a kept pair again changes nothing.
        memo.remember(keys[0], 99)
        #expect(memo.item(keys[0]) == -1)
        #expect(ReadvancedPairMemo.key(0, 1 << 24, 0) == nil && ReadvancedPairMemo.key(1 << 16, 0, 0) == nil)
        // The largest numbers would make the empty slot's marker.
        #expect(ReadvancedPairMemo.key((1 << 16) - 1, (1 << 24) - 1, (1 << 24) - 1) == nil)
        #expect(ReadvancedPairMemo.key((1 << 16) - 2, (1 << 24) - 1, (1 << 24) - 1) != nil)
    }
}
