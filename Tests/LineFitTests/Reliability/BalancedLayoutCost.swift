@testable import LineFit

/// The stability rule's cost oracle: the shape cost (`BalancedLineBreaker.cost(of:)`) of a
/// layout's breaks, summed over its paragraphs, on the candidate lines a fresh balanced layout
/// of the same text and settings would choose among (the writer's-line rule and empty lines at
/// the layout's own chosen minimum). The rule promises a kept layout costs at most
/// (1 + `BalancedCost.stabilityMargin`) × a fresh layout's cost on this oracle.
/// `BalancedEditorTests` and the `FuzzBalancedEditor` target (which compiles this same file
/// through a symbolic link) both check it with this one function.
enum BalancedLayoutCost {
    /// nil when a line is not one of the oracle's candidate lines (a repaired or reshaped
    /// line, or lines made for other settings, as after a fill's floor retry).
    static func of(_ layout: Layout, fonts: FontChain, options: LayoutOptions, fillHeight: Double?) throws -> Double? {
        let engine = try LayoutEngine()
        let units = Array(layout.text.utf16)
        let (chain, resolved) = engine.forLayout(units, fonts: fonts, options: options)
        let paragraphs = engine.measureParagraphs(units, fonts: chain, options: resolved)
        let metrics = FontChainMetrics(chain)
        let settings = engine.balancedSettings(
            options: resolved, minSize: resolved.minSize, maxSize: resolved.maxSize, fillHeight: fillHeight,
            paragraphs: paragraphs.map(\.1), metrics: metrics)
        let t = layout.chosenMinimum
        // As the engine: the writer's-line rule applies to a text the writer broke into lines.
        let writerTyped = paragraphs.filter { $0.0.content.count > 0 }.count >= 2
        var total = 0.0
        for (range, measured) in paragraphs {
            let candidates = engine.balancedParagraph(measured, settings: settings, metrics: metrics).candidates
            var breaker = BalancedLineBreaker(candidates, writerThreshold: writerTyped ? t : .infinity, fixedSize: settings.fixedSize)
            breaker.emptySize = t
            var path: [Int] = []
            let bounds = range.range
            for line in layout.lines where bounds.contains(line.start) || (bounds.isEmpty && line.start == bounds.lowerBound) {
                let a = candidates.positions.firstIndex(of: line.start - bounds.lowerBound)
                let b = candidates.positions.firstIndex(of: line.end - bounds.lowerBound)
                guard let a, let b, let edge = breaker.edge(from: a, to: b) else { return nil }
                path.append(edge)
            }
            total += breaker.cost(of: path)
        }
        return total
    }
}
