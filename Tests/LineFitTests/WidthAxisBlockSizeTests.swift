import Foundation
import Testing

@testable import LineFit

/// Issue 14's contract for a width-axis block: its size s is the largest grid size such that,
/// broken greedily at s with the narrowest `wdth`, every line can reach the width within the
/// axis range, each s judged at its own `opsz`. Judged here size by size, apart from the
/// search (which reaches its answer from where it starts).
@Suite("Width-axis block size")
struct WidthAxisBlockSizeTests {
    /// The benchmarks' 280-character story (`Benchmarks/Corpus/variable/story-flex-00280.json`).
    static let story = """
        Last light on the harbour wall, salt in my hair, and the ferry horn going off like it knows we are late \
        again. We made it anyway, running down the ramp with two bags, one umbrella and a paper cone of chips \
        that did not survive the sprint. Marta blames me. I blame the chips. Fair.
        """

    /// Whether `size` meets the condition: the text measured at `size`'s own `opsz` and the
    /// narrowest `wdth`, broken greedily at `size`; every line but a paragraph's last reaches
    /// the width re-advanced to the widest `wdth`; no word broken inside (above the minimum).
    /// `measured`: paragraphs already measured, by `opsz` (sizes past the axis share one).
    static func holds(
        _ text: String, size: Double, options: LayoutOptions, fonts: FontChain, engine: LayoutEngine,
        measured: inout [Double: [MeasuredParagraph]]
    ) throws -> Bool {
        let plan = VariationPlan.unchecked(options: options, fonts: fonts)
        let axis = try #require(plan.widthAxis)
        let context = LayoutEngine.FittingContext(
            fonts: fonts, options: options, minSize: options.minSize, maxSize: options.maxSize, engine: engine, plan: plan)
        let narrowest = plan.settings(size: size, width: axis.minValue)
        let widest = plan.settings(size: size, width: axis.maxValue)
        let opsz = try #require(plan.opticalSize(for: size))
        if measured[opsz] == nil {
            measured[opsz] = engine.measureParagraphs(
                UTF16Units.of(text), fonts: fonts, options: options, plan: plan, minSize: size).map(\.1)
        }
        let paragraphs = measured[opsz] ?? []
        for narrow in paragraphs {
            let shaper = engine.lineShaper(narrow, context: context, variations: narrowest)
            var lines: [LineSpan] = []
            var scratch: [LinePiece] = []
            GreedyLineBreaker(width: options.width, minSize: size, tracking: options.tracking).breakLines(narrow, into: &lines) {
                shaper.pieces($0, $1, into: &scratch)
                return narrow.lineEmWidth($0, $1, pieces: scratch, tracking: options.tracking) * size <= options.width
            }
            let wide = try #require(ReadvancedWidths(narrow, fonts: fonts, from: narrowest, to: widest))
            for (index, line) in lines.enumerated() {
                if line.brokenInsideWord && size > options.minSize { return false }
                guard index < lines.count - 1, line.contentEnd > line.start else { continue }
                if wide.estimatedWidth(line.start, line.contentEnd, tracking: options.tracking) * size < options.width {
                    return false
                }
            }
        }
        return true
    }

    @Test("the block's size holds at its own opsz, and no grid size above it up to the maximum does", arguments: [
        // The rounds that started at the minimum's opsz answered 160.13 here (25 lines), and a
        // bisection at opsz 144 alone 215.8 (38 lines): both hold, and so does 242.46 (44 lines).
        (story, 300.0, 24.0, 400.0),
        // The bisection at opsz 144 lands below 144 and the rounds answered 138.65 (opsz 138.65),
        // yet 169.85 holds: found by the scan from 144 up.
        (story, 700.0, 8.0, 800.0),
        (VariableFontTests.story, 960.0, 24.0, 800.0),
    ])
    func largestSizeHolds(text: String, width: Double, minSize: Double, weight: Double) throws {
        let fonts = try TestFonts.chain(VariableFontTests.robotoFlex)
        var options = LayoutOptions(width: width, minSize: minSize, maxSize: 300, lineFill: .widthAxis)
        options.variations = [FontVariation("wght", weight)]
        let engine = try LayoutEngine()
        let layout = try engine.layout(text, fonts: fonts, options: options)
        let size = try #require(layout.lines.first { !$0.flags.contains(.widthAxisFallback) }?.size)
        #expect(size > 144 && size < options.maxSize)
        var measured: [Double: [MeasuredParagraph]] = [:]
        #expect(try Self.holds(text, size: size, options: options, fonts: fonts, engine: engine, measured: &measured))
        let grid = SizeGrid(minSize: options.minSize, maxSize: options.maxSize, step: options.step)
        var larger: [Double] = []
        for index in (grid.index(atOrBelow: size) + 1)..<grid.count {
            let above = grid.size(at: index)
            if try Self.holds(text, size: above, options: options, fonts: fonts, engine: engine, measured: &measured) {
                larger.append(above)
            }
        }
        #expect(larger.count == 0, "larger sizes hold, from \(larger.first ?? 0) to \(larger.last ?? 0)")
    }
}
