import Testing
@testable import LineFit

/// Stage 1 answers its second look at the line sizes (`around` of the first probe's reach)
/// from the few smallest sizes its first scan kept. The oracle is the scan it replaces: over
/// every size offered, the largest at most the asked size and the smallest above it. Sizes
/// are drawn from a small set so that repeats (one size, many lines) are common.
@Suite struct SmallestSizesAboveTests {
    @Test func answersAsTheScanOfEverySize() {
        var random = SplitMix64(seed: 0x5_17E5)
        var decided = 0, undecided = 0, lastKeptDecided = 0
        for trial in 0..<3_000 {
            let levels = (0..<(1 + random.int(below: 30))).map { _ in random.double(in: 10...40).rounded() / 4 }
            let sizes = (0..<random.int(below: 60)).map { _ in random.pick(levels) }
            let bound = random.chance(30) ? random.pick(levels + [0]) : random.double(in: 1...12)
            var kept = SmallestSizesAbove(above: bound)
            for size in sizes { kept.offer(size) }
            let above = sizes.filter { $0 > bound }
            #expect(kept.smallest == above.min(), "trial \(trial)")
            guard let first = above.min() else { continue }
            // Asked at and between the sizes above the first, and past them all.
            let asking = [first] + above + above.map { $0 + 0.1 } + [first - 0.1, (above.max() ?? first) + 1]
            for asked in asking {
                let atMost = sizes.filter { $0 <= asked }.max()
                let next = sizes.filter { $0 > asked }.min()
                guard let answer = kept.around(asked) else {
                    undecided += 1
                    continue
                }
                decided += 1
                if answer.above == nil { lastKeptDecided += 1 }
                #expect(asked >= first, "trial \(trial): \(asked) below the first \(first) answered")
                #expect(answer.atMost == atMost && answer.above == next, "trial \(trial): \(sizes) above \(bound) at \(asked)")
            }
            // With room for all of them, every size at least the first is answered.
            if Set(above).count <= 4 {
                #expect(above.allSatisfy { kept.around($0) != nil }, "trial \(trial)")
            }
        }
        // Both ways are exercised: answered from the kept sizes, and left to the scan.
        #expect(decided > 10_000 && undecided > 1_000 && lastKeptDecided > 100)
    }
}
