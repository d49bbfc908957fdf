/// Filling lines by a variable font's width axis (`lineFill`: `width-axis` and `mixed`).
///
/// `width-axis`: the block has one size s, the largest grid size at which the text, broken
/// greedily at s with the narrowest `wdth`, has every line that is not the last of its
/// paragraph able to reach the width within the axis range (its width at the widest `wdth`
/// is at least the width), and no word broken inside (unless s is the minimum). Each line
/// then gets the largest `wdth` on a 0.1 grid at which it fits: without shaping (a last line
/// only where the paragraph at the widest puts it clearly past the width) where its
/// glyphs at the narrowest, re-advanced by their exact changes, decide it within their bound
/// (`readvancedFill`, the tolerance `WidthTolerance` states), else by a start re-advanced
/// from the narrowest (`ReadvancedLine`) and the measured grid search. It is never wider
/// than the width, and it misses the width by less than one 0.1 step of the axis (the test
/// measures that step's width change) plus, unshaped, twice its bound. A line the range cannot fill (a short last line) falls back
/// to its size, at the widest `wdth`, and is flagged `widthAxisFallback`.
///
/// The condition is checked on the paragraph measured at the narrowest `wdth` and that
/// measurement re-advanced to the widest (`ReadvancedWidths`; prefix sums: linear in s),
/// by bisection of the size grid; it is not strictly monotone in
/// s (re-breaking), so the size returned is one at which it was checked to hold. With
/// optical sizing each s is judged at its own opsz. From the size where opsz reaches the
/// axis's top (144 for Roboto Flex) up, that is one measurement (the paragraphs given are
/// measured there, `widthAxisMeasuredSize`): the search starts there, and above the size its
/// bisection finds it checks each interval of equal breaks (`largestAtTopOpticalSize`), so the
/// size is the largest that holds there (within `widthAxisScanChecks` intervals). Only when no size there holds is the search repeated
/// on measurements at the size found until opsz stops moving (at most `opticalRounds` times).
/// The lines are broken at s on the measurement at s's own opsz, so each fits there exactly.
///
/// `mixed`: lines are broken and fitted by size as in Type Mode; the band is
/// [median / 1.2, median × 1.2] around the median of the block's non-empty line sizes (the
/// lower middle one for an even count). A line outside the band gets the band's edge as its
/// size and the largest `wdth` that fits there: long lines condensed, short lines widened.
/// A line the range cannot bring to the width keeps its own size, flagged.
extension LayoutEngine {
    /// How far a mixed-fill line's size may stray from the block's median, as a factor.
    static let mixedBand = 1.2
    /// The width axis is searched on this grid (axis units).
    static let widthAxisStep = 0.1
    /// Re-measurements allowed for the block's opsz to settle (it moves less each time).
    static let opticalRounds = 3
    /// Intervals of equal breaks the top-`opsz` scan checks above its bisection's size.
    static let widthAxisScanChecks = 48

    /// The size whose `opsz` a width-axis layout's paragraphs are measured at: the options'
    /// maximum, where the block-size search starts (`largestAtTopOpticalSize`). A box that
    /// shrinks the sizes keeps the options, so every layout it tries reads this one.
    static func widthAxisMeasuredSize(_ options: LayoutOptions) -> Double { options.maxSize }

    func fitByWidthAxis(_ text: String, paragraphs: [(ParagraphRange, MeasuredParagraph)], context: FittingContext) -> Layout {
        let plan = context.plan
        let options = context.options
        let grid = context.fitter.grid
        guard let axis = plan.widthAxis else {  // VariationPlan guarantees one for this fill
            var none: [Line] = []
            return assemble(text, lines: &none, missing: [], context: context)
        }

        // Paragraphs at the narrowest and widest wdth, per opsz (one pair when opsz is fixed).
        var measurements: [Double: [(narrow: MeasuredParagraph, wide: ReadvancedWidths)]] = [:]
        // The paragraphs given were measured at `widthAxisMeasuredSize`'s opsz and the narrowest
        // wdth (`VariationPlan.paragraphWidth`): the first narrow measurement there is free.
        let givenKey = plan.opticalSize(for: Self.widthAxisMeasuredSize(options)) ?? -1
        // The lines of the last size found to hold, and the measurement they were broken on:
        // the block's size is the last one a search found to hold, so its lines are broken
        // once, not again for the fill.
        var held: (key: Double, size: Double, spans: [[LineSpan]])?
        func measured(atSize size: Double) -> [(narrow: MeasuredParagraph, wide: ReadvancedWidths)] {
            let key = plan.opticalSize(for: size) ?? -1
            if let known = measurements[key] { return known }
            let narrowest = plan.settings(size: size, width: axis.minValue)
            let widest = plan.settings(size: size, width: axis.maxValue)
            let pairs = paragraphs.map { _, paragraph in
                let narrow = key == givenKey ? paragraph : remeasured(paragraph, context: context, variations: narrowest)
                // The widest is only read for estimates (`ReadvancedParagraph`): re-advanced,
                // not shaped, unless the font's HVAR cannot say how its glyphs move.
                let wide = ReadvancedWidths(narrow, fonts: context.fonts, from: narrowest, to: widest)
                    ?? ReadvancedWidths(remeasured(paragraph, context: context, variations: widest))
                return (narrow: narrow, wide: wide)
            }
            measurements[key] = pairs
            return pairs
        }
        func spans(_ narrow: MeasuredParagraph, at size: Double) -> [LineSpan] {
            let shaper = lineShaper(narrow, context: context, variations: plan.settings(size: size, width: axis.minValue))
            let breaker = GreedyLineBreaker(width: options.width, minSize: size, tracking: options.tracking)
            var result: [LineSpan] = []
            // About the lines the paragraph's width at s makes, reserved at once (grown from
            // empty, the list was reallocated a few times a check).
            let lines = narrow.estimatedWidth(0, narrow.contentLength, tracking: options.tracking) * size / options.width
            result.reserveCapacity(lines.isFinite ? Int(min(max(lines, 0), 1000)) + 2 : 2)
            var scratch: [LinePiece] = []
            breaker.breakLines(narrow, into: &result) { start, contentEnd in
                shaper.pieces(start, contentEnd, into: &scratch)
                return narrow.lineEmWidth(start, contentEnd, pieces: scratch, tracking: options.tracking) * size
                    <= options.width
            }
            return result
        }
        /// `pairs`: the paragraphs measured at `key`'s `opsz`.
        func everyLineCanReach(
            _ size: Double, _ pairs: [(narrow: MeasuredParagraph, wide: ReadvancedWidths)], key: Double
        ) -> Bool {
            var broken: [[LineSpan]] = []
            for pair in pairs {
                let lines = spans(pair.narrow, at: size)
                broken.append(lines)
                if !reach(lines, pair.wide, at: size) { return false }
            }
            held = (key, size, broken)
            return true
        }
        /// Whether one paragraph's `lines` meet the condition at `size`.
        func reach(_ lines: [LineSpan], _ wide: ReadvancedWidths, at size: Double) -> Bool {
            for (index, span) in lines.enumerated() {
                if span.brokenInsideWord && size > grid.minSize { return false }
                guard index < lines.count - 1, span.contentEnd > span.start else { continue }
                if wide.estimatedWidth(span.start, span.contentEnd, tracking: options.tracking) * size < options.width {
                    return false
                }
            }
            return true
        }
        /// `settledFrom`, given: a grid index from which every size has the same `opsz`; the
        /// bisection stops once the size it will return is known to be at or past it (it
        /// only ever moves up from a size that holds), returning a size of that `opsz`.
        /// The first grid index whose `opsz` is the last size's (`opsz` is the size clamped to
        /// the axis: it does not fall as the size grows).
        func topOpticalIndex() -> Int {
            let top = plan.opticalSize(for: grid.size(at: grid.count - 1))
            var low = -1, high = grid.count - 1
            while high - low > 1 {
                let middle = low + (high - low) / 2
                if plan.opticalSize(for: grid.size(at: middle)) == top { high = middle } else { low = middle }
            }
            return high
        }
        /// On the paragraphs measured at `measuredAt`'s `opsz`.
        func largestSize(measuredAt measuredSize: Double, settledFrom: Int? = nil) -> Double {
            let pairs = measured(atSize: measuredSize), key = plan.opticalSize(for: measuredSize) ?? -1
            // `SizeGrid.largestFitting`'s bisection with its two ends swapped: the largest size
            // first, since a short text often fills at the grid's maximum (then one check a
            // round, not two). Whichever end is asked first, the same size comes out.
            let last = grid.count - 1
            if everyLineCanReach(grid.size(at: last), pairs, key: key) { return grid.size(at: last) }
            guard last > 0, everyLineCanReach(grid.size(at: 0), pairs, key: key) else { return grid.minSize }
            var low = 0, high = last
            while high - low > 1 {
                if let settledFrom, low >= settledFrom { break }
                let middle = low + (high - low) / 2
                if everyLineCanReach(grid.size(at: middle), pairs, key: key) { low = middle } else { high = middle }
            }
            return grid.size(at: low)
        }

        /// The largest grid index in `start..<last` found to hold, on the paragraphs measured at
        /// `key`'s `opsz` (every size from `start` up must have that `opsz`), or nil. The sizes
        /// at which the greedy lines stay the same form intervals, and within one the condition
        /// only gets easier as the size grows (each line's widest width grows, the breaks do not
        /// move), so one check at each interval's top decides it: the scan goes interval by
        /// interval, at most `widthAxisScanChecks` of them.
        func largestHolding(
            from start: Int, _ pairs: [(narrow: MeasuredParagraph, wide: ReadvancedWidths)], key: Double
        ) -> Int? {
            let last = grid.count - 1
            var index = start, best: Int?, checks = 0
            while index < last, checks < Self.widthAxisScanChecks {
                let size = grid.size(at: index)
                // The widest line in em bounds the interval: the breaks hold while it fits.
                var em = 0.0
                var broken: [[LineSpan]] = []
                for pair in pairs {
                    let shaper = lineShaper(pair.narrow, context: context, variations: plan.settings(size: size, width: axis.minValue))
                    var scratch: [LinePiece] = []
                    let lines = spans(pair.narrow, at: size)
                    for span in lines where span.contentEnd > span.start {
                        shaper.pieces(span.start, span.contentEnd, into: &scratch)
                        em = max(em, pair.narrow.lineEmWidth(span.start, span.contentEnd, pieces: scratch, tracking: options.tracking))
                        // The breaker keeps a line only while its prefix-sum estimate also passes
                        // (it can be the wider one at an unsafe end): past that, breaks move.
                        let estimate = pair.narrow.estimatedWidth(span.start, span.contentEnd, tracking: options.tracking)
                        em = max(em, estimate / (1 + GreedyLineBreaker.estimateSlack))
                    }
                    broken.append(lines)
                }
                var top = last - 1
                if em > 0 {
                    top = min(max(index, grid.index(atOrBelow: options.width / em)), last - 1)
                    while top + 1 < last, em * grid.size(at: top + 1) <= options.width { top += 1 }
                    while top > index, em * grid.size(at: top) > options.width { top -= 1 }
                }
                checks += 1
                // Judged first on these lines (the interval's, so its top's): most intervals fail,
                // and cost no second breaking. One that holds is checked on its own breaking.
                let topSize = grid.size(at: top)
                if zip(broken, pairs).allSatisfy({ reach($0, $1.wide, at: topSize) }),
                   everyLineCanReach(topSize, pairs, key: key) {
                    best = top
                }
                index = top + 1
            }
            return best
        }
        /// With optical sizing each size is judged at its own `opsz`; from `topOpticalIndex()` up
        /// that is the axis's top one, so the sizes there are judged on one measurement, and any
        /// of them that holds beats every size below. The bisection makes the checks a round at
        /// that `opsz` makes below (there the minimum is checked first; here it is taken to
        /// hold), then the intervals above the size it finds are scanned, since the condition
        /// is not monotone. Nil when no size of the top `opsz` was found to hold.
        func largestAtTopOpticalSize() -> Double? {
            let top = topOpticalIndex(), last = grid.count - 1
            let pairs = measured(atSize: grid.size(at: last)), key = plan.opticalSize(for: grid.size(at: last)) ?? -1
            if everyLineCanReach(grid.size(at: last), pairs, key: key) { return grid.size(at: last) }
            guard top < last else { return nil }
            /// Bisection between `low` (taken to hold) and `high` (taken to fail): the last size
            /// found to hold, or nil.
            func bisected(_ low: Int, _ high: Int) -> Int? {
                var low = low, high = high, hit: Int?
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if everyLineCanReach(grid.size(at: middle), pairs, key: key) {
                        low = middle
                        hit = middle
                    } else {
                        high = middle
                    }
                }
                return hit
            }
            if let low = bisected(0, last), low >= top {
                return grid.size(at: largestHolding(from: low + 1, pairs, key: key) ?? low)
            }
            // The scan from the top opsz's first size may run out of checks far below the
            // maximum: the region above is also bisected (from the best size the scan found,
            // else from nothing known), and scanned up from its answer; the larger one wins.
            let fromBottom = largestHolding(from: top, pairs, key: key)
            if let hit = bisected(fromBottom ?? top - 1, last) {
                return grid.size(at: largestHolding(from: hit + 1, pairs, key: key) ?? hit)
            }
            return fromBottom.map { grid.size(at: $0) }
        }

        var size: Double
        if plan.followsSize, let top = largestAtTopOpticalSize() {
            size = top
        } else {
            // Below the top `opsz` the rounds: the first round's size is only read for its `opsz`
            // (the next round measures there): its bisection stops once that `opsz` is the axis's top one.
            size = largestSize(measuredAt: grid.minSize, settledFrom: plan.followsSize ? topOpticalIndex() : nil)
            if plan.followsSize {
                for _ in 0..<Self.opticalRounds {
                    let next = largestSize(measuredAt: size)
                    let settled = plan.opticalSize(for: next) == plan.opticalSize(for: size)
                    size = next
                    if settled { break }
                }
            }
        }
        let final = measured(atSize: size)

        var lines: [Line] = []
        var missing: [MissingCharacters] = []
        // Every line starts from the same instance (s, the narrowest): its source (scalars,
        // each glyph's split row once read) is looked up once a layout.
        var sources: [Int: ReadvancedSweep.Source] = [:]
        let narrowest = plan.settings(size: size, width: axis.minValue)
        let reported = plan.reported(narrowest)
        let finalKey = plan.opticalSize(for: size) ?? -1
        let heldSpans = held.flatMap { $0.key == finalKey && $0.size == size ? $0.spans : nil }
        for (number, ((paragraph, original), pair)) in zip(paragraphs, final).enumerated() {
            let base = paragraph.range.lowerBound
            missing.append(contentsOf: original.missing.shifted(by: base))
            let paragraphLines = heldSpans?[number] ?? spans(pair.narrow, at: size)
            for (index, span) in paragraphLines.enumerated() {
                lines.append(fillLine(
                    span, pair: pair, endsParagraph: index == paragraphLines.count - 1, size: size,
                    narrowest: (narrowest, reported), axis: axis, base: base, sources: &sources, context: context))
            }
        }
        return assemble(text, lines: &lines, missing: missing, context: context)
    }

    /// A paragraph measured again at other axis values (its text and itemization are the same).
    func remeasured(_ paragraph: MeasuredParagraph, context: FittingContext, variations: VariationSettings) -> MeasuredParagraph {
        var style = context.style
        style.variations = variations
        return measurer.reshaped(paragraph, chain: context.fonts, style: style)
    }

    /// How far past the width a line's width at the widest `wdth`, read from the paragraph
    /// re-advanced there, must be for the line to be taken as able to reach the width without
    /// shaping it there: the estimate differs from the line's own shaping only by what
    /// HarfBuzz does at the line's two ends (kerning, contextual forms) and what varies
    /// besides advances (GPOS deltas, swapped glyphs), far below 1%. A line taken wrongly
    /// would still be caught: a search held at the widest checks its measured width.
    static let clearReachMargin = 0.01

    /// One width-axis line at the block's size: the largest `wdth` on the grid that fits, or
    /// (when even the widest cannot reach the width) its own size at the widest.
    private func fillLine(
        _ span: LineSpan, pair: (narrow: MeasuredParagraph, wide: ReadvancedWidths), endsParagraph: Bool, size: Double,
        narrowest: (settings: VariationSettings, reported: [FontVariation]), axis: VariationAxis, base: Int,
        sources: inout [Int: ReadvancedSweep.Source], context: FittingContext
    ) -> Line {
        let narrow = pair.narrow
        let line = LineInstances(
            span, shaper: lineShaper(narrow, context: context, variations: narrowest.settings),
            tracking: context.options.tracking)
        guard !line.isEmpty else {
            return placeLine(
                span, pieces: line.pieces, fit: context.fitter.fitLinear(emWidth: 0), paragraph: narrow, base: base,
                context: context)
        }
        // The paragraph was measured at this size's opsz and the narrowest wdth: free.
        let narrowEm = narrow.lineEmWidth(span.start, span.contentEnd, pieces: line.pieces, tracking: context.options.tracking)
        func fallback() -> Line {
            var placed = fitBySize(span, line: line, paragraph: narrow, width: axis.maxValue, base: base, context: context)
            placed.flags.insert(.widthAxisFallback)
            return placed
        }
        // A paragraph's last line may be one the range cannot fill (then it falls back), so it
        // is taken unshaped only where the paragraph re-advanced to the widest clearly reaches
        // the width: it fills, as every other line does (a walk that reaches the widest is
        // shaped, and a search held there checks its measured width).
        let wideEstimate = pair.wide.estimatedWidth(span.start, span.contentEnd, tracking: context.options.tracking)
        let clearlyReaches = wideEstimate * size >= context.options.width * (1 + Self.clearReachMargin)
        if !endsParagraph || clearlyReaches, let taken = readvancedFill(
            line, narrowest: (line.pieces, narrowEm), from: narrowest.settings, size: size, axis: axis, sources: &sources,
            context: context) {
            var placed = placeLine(
                span, pieces: taken.pieces, fit: LineFitter.Fit(size: size, width: taken.em * size, overflows: false, heldAtMax: false),
                paragraph: narrow, base: base, context: context)
            placed.axisValues = context.plan.reported(narrowest.reported, width: taken.width)
            placed.probes = line.probes
            return placed
        }
        // The shaped search below starts from the narrowest: known (not kept before: a line taken
        // unshaped never reads it back).
        line.remember(axis.minValue, (line.pieces, narrowEm))
        // The widest end is shaped only where the answer could be "cannot fill" (the paragraph
        // at the widest puts the line near or short of the width); elsewhere the paragraph's
        // value serves as the regula falsi's upper point, which needs no exactness.
        let wideEm = clearlyReaches
            ? wideEstimate : line.shape(axis.maxValue, at: context.plan.settings(size: size, width: axis.maxValue)).em
        if wideEm * size < context.options.width { return fallback() }
        let search = widthAxisFit(line, size: size, narrowEm: narrowEm, wideEm: wideEm, axis: axis, context: context)
        // Fitting at the widest is filling only if the widest reaches the width (measured now).
        if search.heldAtMax, search.width < context.options.width { return fallback() }
        return placeFilled(span, line: line, search: search, size: size, paragraph: narrow, base: base, context: context)
    }

    /// The most a line's `GPOS` bound (`ReadvancedWidth.bound`) may be, as a fraction of the
    /// width, for the line to be taken without shaping: about two 0.1 steps of Roboto Flex's
    /// `wdth`. A wider bound leaves too much undecided (the `wdth` taken could be far below
    /// the largest that fits), so such a line is shaped and searched as before.
    static let readvancedBoundLimit = 0.002
    /// Grid steps walked from the corrected estimate, up or down, before the line is shaped
    /// instead (each step is an exact re-advance; a start further off is rare, and the
    /// measured search handles it in a bounded number of shapes).
    static let readvancedWalk = 3

    /// A line's `wdth` and glyphs taken without shaping (`ReadvancedWidth`): the largest value
    /// on the grid at which the line re-advanced from the narrowest, plus its bound, fits,
    /// where the next value's does not. Nil where the line must be shaped: no `AxisStep` (no
    /// usable tables, or a feature variation switching between the narrowest and the value),
    /// a bound wider than `readvancedBoundLimit`, the widest value reached (it may not fill),
    /// or the corrected estimate more than `readvancedWalk` off. `from`: the settings
    /// `narrowest` was shaped at (the block's size, the narrowest `wdth`).
    func readvancedFill(
        _ line: LineInstances, narrowest: LineInstances.Shape, from: VariationSettings, size: Double, axis: VariationAxis,
        sources: inout [Int: ReadvancedSweep.Source], context: FittingContext
    ) -> (pieces: [LinePiece], em: Double, width: Double)? {
        // Read through the context, not copied: a copy of the plan or the options retains and
        // releases each of their fields, about a tenth of a line's fill.
        let available = context.options.width
        let widths = SizeGrid(minSize: axis.minValue, maxSize: axis.maxValue, step: Self.widthAxisStep)
        // The line is read once; each value then pays only for what moves with the axis.
        guard let sweep = ReadvancedSweep(
            narrowest, from: from, axis: axis.tag, fonts: context.fonts, tracking: context.options.tracking, sources: &sources)
        else { return nil }
        // Each exact value keeps its pieces: the one settled on is among them. A line measures
        // two to five values: a list searched in order, not a dictionary.
        var moved: [(index: Int, pieces: [LinePiece])] = []
        // Reserved at once: grown from empty, it was reallocated twice a line.
        moved.reserveCapacity(6)
        func readvanced(_ index: Int, keepingPieces: Bool) -> (em: Double, bound: Double)? {
            guard keepingPieces else { return sweep.width(at: widths.size(at: index)) }
            guard let made = sweep.widthAndPieces(at: widths.size(at: index)) else { return nil }
            moved.append((index, made.pieces))
            return (made.em, made.bound)
        }
        // The estimate leaves out FreeType's rounding of each glyph and HarfBuzz's of each
        // adjustment; the exact re-advance at its answer measures that error, which changes
        // little over a few steps, so the estimate moved by it usually lands on the answer.
        let first = widths.largestFitting { WidthTolerance.fits(sweep.estimatedEm(at: $0) * size, in: available) } ?? 0
        guard let calibration = readvanced(first, keepingPieces: true) else { return nil }
        let error = calibration.em + calibration.bound - sweep.estimatedEm(at: widths.size(at: first))
        var index = widths.largestFitting(hint: first) {
            WidthTolerance.fits((sweep.estimatedEm(at: $0) + error) * size, in: available)
        } ?? 0
        var known: [(index: Int, width: (em: Double, bound: Double)?)] = []
        known.reserveCapacity(6)
        known.append((first, calibration))
        func exact(_ index: Int, keepingPieces: Bool = true) -> (em: Double, bound: Double)? {
            if let kept = known.first(where: { $0.index == index }) { return kept.width }
            let made = readvanced(index, keepingPieces: keepingPieces)
            known.append((index, made))
            return made
        }
        func fitsWithBound(_ width: (em: Double, bound: Double)) -> Bool {
            WidthTolerance.fits((width.em + width.bound) * size, in: available)
        }
        func decides(_ width: (em: Double, bound: Double)) -> Bool { width.bound * size <= available * Self.readvancedBoundLimit }
        guard var taken = exact(index), decides(taken) else { return nil }
        if fitsWithBound(taken) {
            // The value taken is the largest whose bound still says "fits": the next one's
            // width plus its bound is past the width. That next value is nearly always the
            // probe that does not fit: its width alone is asked (the moved pieces would be
            // copied and freed for nothing); one taken after all is re-advanced at the end.
            var steps = 0
            while true {
                guard index < widths.count - 1, let next = exact(index + 1, keepingPieces: false), decides(next) else {
                    return nil
                }
                guard fitsWithBound(next) else { break }
                guard steps < Self.readvancedWalk else { return nil }
                index += 1
                steps += 1
                taken = next
            }
        } else {
            var steps = 0
            repeat {
                guard index > 0, steps < Self.readvancedWalk else { return nil }
                index -= 1
                steps += 1
                guard let lower = exact(index), decides(lower) else { return nil }
                taken = lower
            } while !fitsWithBound(taken)
        }
        guard let pieces = moved.first(where: { $0.index == index })?.pieces ?? sweep.pieces(at: widths.size(at: index))
        else { return nil }
        return (pieces, taken.em, widths.size(at: index))
    }

    /// The largest `wdth` on the axis's 0.1 grid at which the line fits at `size`, found by
    /// the shared measured-width search from a regula falsi estimate between the two ends
    /// (`Fit.size` is the `wdth`, `Fit.width` the line's width there in points; `overflows`
    /// when not even the narrowest fits, `heldAtMax` when the widest does).
    func widthAxisFit(
        _ line: LineInstances, size: Double, narrowEm: Double, wideEm: Double, axis: VariationAxis, context: FittingContext
    ) -> LineFitter.Fit {
        let plan = context.plan
        let widths = SizeGrid(minSize: axis.minValue, maxSize: axis.maxValue, step: Self.widthAxisStep)
        func em(_ width: Double) -> Double { line.shape(width, at: plan.settings(size: size, width: width)).em }
        let search = LineFitter(grid: widths, width: context.options.width, tracking: context.options.tracking)
        // The line at the narrowest is known (free in a width-axis fill): re-advancing its
        // glyphs estimates the others (`ReadvancedLine`), searched on the grid without shaping.
        let narrowest = line.shape(axis.minValue, at: plan.settings(size: size, width: axis.minValue))
        if let readvanced = ReadvancedLine(
            narrowest.pieces, em: narrowest.em, base: plan.settings(size: size, width: axis.minValue), axis: axis.tag,
            fonts: context.fonts) {
            func fits(_ width: Double, correction: Double) -> Bool {
                WidthTolerance.fits((readvanced.em(atAxisValue: width) + correction) * size, in: context.options.width)
            }
            let first = widths.largestFitting { fits($0, correction: 0) } ?? 0
            // The first probe measures what the estimate leaves out (GPOS that varies with
            // the axes, FreeType's rounding) at the start; that error changes little over a
            // few steps, so the start moved by it is usually the answer, a step or two away:
            // walked to, not searched again. Without it a start a few steps off costs a
            // gallop and a bisection (4 to 6 probes).
            let correction = em(widths.size(at: first)) - readvanced.em(atAxisValue: widths.size(at: first))
            var corrected = first
            if fits(widths.size(at: corrected), correction: correction) {
                while corrected < widths.count - 1, fits(widths.size(at: corrected + 1), correction: correction) { corrected += 1 }
            } else {
                while corrected > 0, !fits(widths.size(at: corrected), correction: correction) { corrected -= 1 }
            }
            return search.fitMeasured(
                estimate: widths.size(at: corrected), predicting: false,
                provenTooWide: { self.provenTooWide(line, size: size, fitting: $0, candidate: $1, context: context) }
            ) { em($0) * size }
        }
        let estimate = SecantEstimate.estimate(
            grid: widths, target: context.options.width / size, lower: (axis.minValue, narrowEm),
            upper: (axis.maxValue, wideEm), measure: em)
        // Width is not proportional to wdth: no predicted probe.
        return search.fitMeasured(estimate: estimate, predicting: false) { em($0) * size }
    }

    /// The line at `size` and the `wdth` a width-axis search found.
    private func placeFilled(
        _ span: LineSpan, line: LineInstances, search: LineFitter.Fit, size: Double, paragraph: MeasuredParagraph,
        base: Int, context: FittingContext
    ) -> Line {
        let plan = context.plan
        let settings = plan.settings(size: size, width: search.size)
        let chosen = line.shape(search.size, at: settings)
        let fit = LineFitter.Fit(size: size, width: chosen.em * size, overflows: search.overflows, heldAtMax: false)
        var placed = placeLine(span, pieces: chosen.pieces, fit: fit, paragraph: paragraph, base: base, context: context)
        placed.axisValues = plan.reported(settings)
        placed.probes = line.probes
        return placed
    }

    /// The line fitted by its size at a fixed `wdth` (opsz following the size when optical
    /// sizing is on): the fallback when the width axis cannot fill it. `line`'s probes so
    /// far are counted in; its shapes are not reused (they were at the block's size).
    func fitBySize(
        _ span: LineSpan, line filled: LineInstances, paragraph: MeasuredParagraph, width: Double, base: Int,
        context: FittingContext
    ) -> Line {
        let plan = context.plan
        let line = LineInstances(span, shaper: lineShaper(paragraph, context: context), tracking: context.options.tracking)
        let fit = plan.followsSize
            ? opticalSizeFit(line, width: width, context: context)
            : context.fitter.fitLinear(emWidth: line.shape(-1, at: plan.settings(size: context.minSize, width: width)).em)
        let pieces = opticalShape(line, size: fit.size, width: width, context: context).pieces
        var placed = placeLine(span, pieces: pieces, fit: fit, paragraph: paragraph, base: base, context: context)
        placed.axisValues = plan.reported(plan.settings(size: fit.size, width: width))
        placed.probes = filled.probes + line.probes
        return placed
    }

    /// Mixed fill: lines whose size is outside the band around the median get the band's
    /// edge and the `wdth` that fills them there.
    func fillOutsideBand(_ lines: inout [Line], paragraphs: [(ParagraphRange, MeasuredParagraph)], context: FittingContext) {
        guard let axis = context.plan.widthAxis else { return }
        let sizes = lines.filter { !$0.flags.contains(.empty) }.map(\.size).sorted()
        guard !sizes.isEmpty else { return }
        let median = sizes[(sizes.count - 1) / 2]
        let grid = context.fitter.grid
        let low = grid.size(at: grid.index(atOrBelow: median / Self.mixedBand))
        let high = grid.size(at: grid.index(atOrBelow: median * Self.mixedBand))
        var paragraphIndex = 0
        for index in lines.indices {
            let line = lines[index]
            guard !line.flags.contains(.empty), !line.flags.contains(.overflows),
                  line.size < low || line.size > high else { continue }
            while paragraphs[paragraphIndex].0.range.upperBound <= line.start { paragraphIndex += 1 }
            let (paragraph, measured) = paragraphs[paragraphIndex]
            let base = paragraph.range.lowerBound
            let span = LineSpan(
                start: line.start - base, end: line.end - base, contentEnd: line.contentEnd - base,
                brokenInsideWord: line.flags.contains(.brokenInsideWord),
                reach: line.end - base)  // only fitted here, never re-broken: the reach is not read
            let size = line.size > high ? high : low
            if let filled = fillAtSize(span, paragraph: measured, size: size, axis: axis, base: base, context: context) {
                lines[index] = filled
            } else {
                lines[index].flags.insert(.widthAxisFallback)
            }
        }
    }

    /// The line at `size` with the largest `wdth` that fits, or nil when no `wdth` brings it
    /// to the width (too wide even at the narrowest, or short of it even at the widest).
    private func fillAtSize(
        _ span: LineSpan, paragraph: MeasuredParagraph, size: Double, axis: VariationAxis, base: Int,
        context: FittingContext
    ) -> Line? {
        let plan = context.plan
        let line = LineInstances(span, shaper: lineShaper(paragraph, context: context), tracking: context.options.tracking)
        let narrowEm = line.shape(axis.minValue, at: plan.settings(size: size, width: axis.minValue)).em
        let wideEm = line.shape(axis.maxValue, at: plan.settings(size: size, width: axis.maxValue)).em
        guard narrowEm * size <= context.options.width, wideEm * size >= context.options.width else { return nil }
        let search = widthAxisFit(line, size: size, narrowEm: narrowEm, wideEm: wideEm, axis: axis, context: context)
        guard !search.overflows else { return nil }
        return placeFilled(span, line: line, search: search, size: size, paragraph: paragraph, base: base, context: context)
    }
}
