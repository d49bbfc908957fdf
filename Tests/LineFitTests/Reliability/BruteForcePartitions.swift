@testable import LineFit

/// The balanced optimiser's oracle: every way to break a small paragraph into its candidate
/// lines, enumerated (one subset of the interior positions at a time, 2^(positions − 2) of
/// them), with each partition's cost, height and smallest line. `BalancedBreakingTests` and
/// the `FuzzBalancedOptimum` target (which compiles this same file through a symbolic link)
/// compare stage 1, stage 2 and whole layouts with it.
enum BruteForcePartitions {
    struct Partition {
        /// The candidate edges, first line first.
        var path: [Int]
        /// `BalancedLineBreaker.cost(of:)` of the path.
        var cost: Double
        /// The lines' heights at the threshold summed.
        var height: Double
        /// The smallest estimated size of a line that is not forced (an unbreakable segment
        /// too wide even at the lowest size); infinity when every line is forced.
        var smallest: Double
    }

    /// Paragraphs up to this many interior positions are enumerated (65,536 partitions); more
    /// would make the oracle the slow part of a test.
    static let interiorLimit = 16

    /// Every partition into candidate lines allowed at `threshold` (nil: every candidate line).
    static func all(_ breaker: BalancedLineBreaker, threshold: Double?) -> [Partition] {
        let lines = breaker.lines
        let last = lines.positions.count - 1
        let interior = last - 1
        precondition(interior <= interiorLimit, "brute force over \(interior) interior positions")
        var result: [Partition] = []
        for mask in 0..<(1 << max(0, interior)) {
            var path: [Int] = []
            var from = 0
            var valid = true
            for b in 1...last where b == last || mask & (1 << (b - 1)) != 0 {
                guard let edge = breaker.edge(from: from, to: b),
                      threshold.map({ breaker.allowed(edge, threshold: $0) }) ?? true else {
                    valid = false
                    break
                }
                path.append(edge)
                from = b
            }
            guard valid else { continue }
            let height = path.reduce(0) { $0 + breaker.height($1, threshold: threshold ?? 0) }
            let smallest = path.filter { !lines.forced[$0] }.map { lines.size[$0] }.min() ?? .infinity
            result.append(Partition(path: path, cost: breaker.cost(of: path), height: height, smallest: smallest))
        }
        return result
    }

    /// Over the partitions allowed at `threshold`: the least cost, the least cost with a
    /// height at most `budget`, and the least height (infinity where there is none).
    static func optimum(
        _ breaker: BalancedLineBreaker, threshold: Double, budget: Double
    ) -> (cost: Double, boundedCost: Double, leastHeight: Double) {
        var best = Double.infinity, bounded = Double.infinity, least = Double.infinity
        for partition in all(breaker, threshold: threshold) {
            best = min(best, partition.cost)
            least = min(least, partition.height)
            if partition.height <= budget { bounded = min(bounded, partition.cost) }
        }
        return (best, bounded, least)
    }

    /// Costs summed in another order differ in the last bits.
    static func sameCost(_ a: Double, _ b: Double) -> Bool {
        a == b || abs(a - b) <= 1e-9 * max(abs(a), abs(b))
    }
}
