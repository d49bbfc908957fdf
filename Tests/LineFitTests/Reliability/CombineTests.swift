import Testing

@testable import LineFit

/// `BalancedPlan.combine` answers one paragraph in one pass; the knapsack it skips is the
/// oracle: a second paragraph with one empty entry (height 0, cost 0) leaves every sum as it
/// is, so the knapsack's choice over the two must be the one-pass choice.
@Suite struct CombineTests {
    @Test func oneParagraphChoosesWhatTheKnapsackChooses() {
        var random = SplitMix64(seed: 0xC0_4B1E)
        var tiedChoices = 0
        for trial in 0..<400 {
            // Few distinct heights and costs: ties on both, the case the order decides.
            let count = 1 + random.int(below: 12)
            let front = (0..<count).map { k in
                (height: Double(40 + 10 * random.int(below: 8)), cost: Double(random.int(below: 4)) / 4, path: [trial, k])
            }
            let box = Double(40 + 10 * random.int(below: 9))
            let quantum = [1.0, 15, 50][random.int(below: 3)]
            let one = BalancedPlan.combine([front], height: box, quantum: quantum)
            let knapsack = BalancedPlan.combine([front, [(height: 0, cost: 0, path: [])]], height: box, quantum: quantum)
            #expect(one?.cost == knapsack?.cost && one?.paths.first == knapsack?.paths.first, "trial \(trial): \(front) in \(box)")
            if let chosen = one, front.filter({ $0.cost == chosen.cost && $0.height <= box }).count > 1 { tiedChoices += 1 }
        }
        // Not vacuous: many trials choose among tied costs.
        #expect(tiedChoices >= 50, "\(tiedChoices)")
    }
}
