import Testing

@testable import LineFit

/// The height bucket of the budgeted front's pruning (`bucketIndex`) is the floor of the
/// scaled height, as the conversion to an `Int` it replaced found it, on both sides of whole
/// numbers, of 2⁵² (where its shortcut stops) and far beyond.
@Suite struct BucketIndexTests {
    static func truncatedFloor(_ scaled: Double) -> Double {
        var index = Int(scaled)
        if Double(index) > scaled { index -= 1 }
        return Double(index)
    }

    @Test func theBucketIsTheFloor() {
        var random = SplitMix64(seed: 0xB0C4_E7F1)
        var values: [Double] = [0, 0.5, 1, 2.5, 0x1p52 - 1, 0x1p52 - 0.5, 0x1p52, 0x1p52 + 2, 0x1p60, -0.5, -1, -3.25]
        for whole in [1.0, 3, 17, 1_000, 123_456_789, 0x1p40, 0x1p51, 0x1p52 - 1] {
            values += [whole, whole.nextDown, whole.nextUp, whole - 0.5, whole + 0.5]
        }
        for _ in 0..<20_000 {
            let scale = [1.0, 100, 1e6, 1e12, 0x1p52][random.int(below: 5)]
            values.append(random.double(in: 0...1) * scale)
        }
        for value in values {
            #expect(BalancedLineBreaker.bucketIndex(value) == Self.truncatedFloor(value), "\(value)")
            #expect(BalancedLineBreaker.bucketIndex(value) == value.rounded(.down), "\(value)")
        }
    }

    /// Values an `Int` conversion would trap on, which the Double floor takes: a bucket of
    /// −∞ (a height of −∞ stored first) must not be taken for the "none yet" of NaN.
    @Test func specialValuesFloorWithoutTrapping() {
        #expect(BalancedLineBreaker.bucketIndex(-0.0) == 0)
        #expect(BalancedLineBreaker.bucketIndex(.infinity) == .infinity)
        #expect(BalancedLineBreaker.bucketIndex(-.infinity) == -.infinity)
        #expect(BalancedLineBreaker.bucketIndex(.nan).isNaN)
        #expect(BalancedLineBreaker.bucketIndex(0x1p70) == 0x1p70)
        #expect(BalancedLineBreaker.bucketIndex(-0x1p70 - 0x1p18) == -0x1p70 - 0x1p18)
        #expect(BalancedLineBreaker.bucketIndex(.greatestFiniteMagnitude) == .greatestFiniteMagnitude)
    }

    /// The pruning's first kept entry goes to slot 0 whatever its bucket: with the "none yet"
    /// bucket a −∞ one (as before `357e0b6`), a −∞ height matched it and was written one slot
    /// before the buffer. Here that slot holds a sentinel the pruning must not touch.
    @Test func aMinusInfinityHeightIsKeptInsideTheBuffer() {
        typealias Entry = BalancedLineBreaker.Entry
        var storage = [Entry(height: 42, cost: 42, previousEdge: 7, previousEntry: 7),
                       Entry(height: -.infinity, cost: 3, previousEdge: 0, previousEntry: 0),
                       Entry(height: -.infinity, cost: 2, previousEdge: 1, previousEntry: 1),
                       Entry(height: 5, cost: 1, previousEdge: 2, previousEntry: 2)]
        let kept = storage.withUnsafeMutableBufferPointer { all in
            BalancedLineBreaker.pruneFormed(UnsafeMutableBufferPointer(rebasing: all[1...]), count: 3, quantum: 1)
        }
        #expect(storage[0].height == 42 && storage[0].cost == 42 && storage[0].previousEdge == 7 && storage[0].previousEntry == 7)
        // By height then cost: (−∞, 2) kept, (−∞, 3) beaten by it, (5, 1) cheaper: kept.
        #expect(kept == 2)
        #expect(storage[1].height == -.infinity && storage[1].cost == 2)
        #expect(storage[2].height == 5 && storage[2].cost == 1)
    }
}
