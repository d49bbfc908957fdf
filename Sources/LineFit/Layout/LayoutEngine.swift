import CHarfBuzz

/// Lays out text: the long-lived context that owns ICU iterators, the HarfBuzz buffer and
/// scratch memory, and reuses them across calls.
///
/// An engine belongs to one thread at a time (it is not `Sendable`); make one per thread or
/// per editor. Fonts are shared freely between engines and threads.
///
/// ```swift
/// let fonts = FontChain(try Font(named: "BebasNeue-Regular.otf"))
/// let engine = try LayoutEngine()
/// let layout = try engine.layout("GOOD MORNING", fonts: fonts,
///                                options: LayoutOptions(width: 960, minSize: 24, maxSize: 300))
/// for line in layout.lines { print(line.size, layout.text(of: line)) }
/// ```
public final class LayoutEngine {
    let measurer: ParagraphMeasurer
    // Scratch passed `inout` from the engine's own methods, one thread at a time: unchecked,
    // since each dynamic exclusivity check costs ~75 instructions and a short CJK layout
    // made ten (callgrind: 1.4% of `bench-driver loop fresh samples/cjk`).
    @exclusivity(unchecked) private var pieces: [LinePiece] = []
    @exclusivity(unchecked) private var breakScratch: [LinePiece] = []
    @exclusivity(unchecked) private var candidateScratch: [Int] = []
    /// Hinted mode searches from the linear size (`LineFitter.fitMeasured(estimate:)`);
    /// false: a binary search over the whole grid, as before (for tests that compare them).
    var hintedSearchFromEstimate = true
    /// Tests: hinted shaping through a new HarfBuzz font at every probe, as before `HintedSizes`.
    var uncachedHinting: Bool {
        get { measurer.shaper.uncachedHinting }
        set { measurer.shaper.uncachedHinting = newValue }
    }
    /// Tests: false measures ASCII text through the general itemizing path (`SimpleText`).
    var simpleTextPath: Bool {
        get { measurer.itemizer.simpleTextPath }
        set { measurer.itemizer.simpleTextPath = newValue }
    }
    /// Sizes the last hinted line fit measured (for tests and the benchmark driver).
    var lastHintedProbes = 0
    /// The last chain ordered for a language (see `forLayout`).
    var orderedChain: OrderedChain?
    /// The last variable-font plan made and what it was made from (`variationPlan`).
    @exclusivity(unchecked) var lastVariationPlan: VariationPlanMemo?
    /// The last font chain a balanced layout read the metrics of, with them (`chainMetrics`).
    @exclusivity(unchecked) var lastChainMetrics: (fonts: FontChain, metrics: FontChainMetrics)?
    /// Stage 2's working arrays from a finished box layout, for the next one's fresh paragraph
    /// (`BoxFitting.layout`, `fitBalanced`).
    @exclusivity(unchecked) var spareFrontScratch: BalancedLineBreaker.FrontScratch?
    /// Stage 1's search arrays, kept between layouts (`BalancedPlan.make`; each probe sets
    /// what it reads of them).
    @exclusivity(unchecked) var stage1Scratch = BalancedLineBreaker.LeastHeightScratch()
    /// The last language tag converted for HarfBuzz (`hbLanguage`).
    @exclusivity(unchecked) var lastLanguage: (tag: String, language: hb_language_t?)?
    /// The last balanced layout's fitting context and the maximum size it was made for
    /// (`balancedFittingContext`).
    @exclusivity(unchecked) var lastBalancedContext: (maxSize: Double, context: FittingContext)?
    /// Balanced candidate lines this engine has measured, every box search's layouts
    /// included (for tests that bound the work without a clock).
    var balancedCandidateLines = 0
    /// Estimated widths the balanced candidate scans read, every box search's layouts included.
    var balancedWidthsRead = 0
    /// Paragraphs whose balanced candidate lines a box search re-sized from its previous
    /// layout's instead of finding them again (`CandidateLines.rescaled`).
    var balancedRescaledParagraphs = 0
    /// Stage 2's candidate entries formed by this engine (`BalancedLineBreaker.Front.transitions`),
    /// every box search's layouts included: stage 2's work, for tests that bound it without a clock.
    var balancedTransitions = 0

    /// - Parameter shapingCacheCapacity: How many shaped runs to keep for reuse (least
    ///   recently used out, see `ShapingCache`). 0, the default, shapes everything afresh:
    ///   right for one layout of each text. An editor, or a caller laying the same story out
    ///   again at other widths, sizes or styles, gains from a cache.
    public init(shapingCacheCapacity: Int = 0) throws {
        measurer = try ParagraphMeasurer()
        if shapingCacheCapacity > 0 {
            measurer.shaper.cache = ShapingCache(
                capacity: shapingCacheCapacity, glyphBudget: shapingCacheCapacity * ShapingCache.glyphsPerEntry)
        }
    }

    /// Hits and misses of the shaping cache (for tests and benchmarks).
    var shapingCacheStatistics: (hits: Int, misses: Int) {
        (measurer.shaper.cache?.hits ?? 0, measurer.shaper.cache?.misses ?? 0)
    }

    /// UTF-16 units this engine has shaped with HarfBuzz (for the scaling tests).
    var shapedUnits: Int { measurer.shaper.shapedUnits }

    /// Fits `text` with `fonts` under `options`. Throws only for invalid options; an empty
    /// text gives a layout without lines.
    public func layout(_ text: String, fonts: FontChain, options: LayoutOptions) throws -> Layout {
        try options.validate()
        let units = UTF16Units.of(text)
        let (fonts, options) = forLayout(units, fonts: fonts, options: options)
        let plan = try variationPlan(options: options, fonts: fonts)
        var paragraphs = measureParagraphs(units, fonts: fonts, options: options, plan: plan)
        let layout = BoxFitting(engine: self, text: text, paragraphs: paragraphs, fonts: fonts, options: options).layout()
        // The last paragraph's storage serves the next layout's first measurement.
        if let (_, last) = paragraphs.popLast() { measurer.recycle(last) }
        return layout
    }

    // MARK: - Stages

    /// Paragraphs → itemize (bidi, scripts, fonts) → shape, once per paragraph.
    /// `plan` (made from options and fonts when nil) sets the axis values paragraphs are
    /// measured at: opsz = `minSize` (the options' own by default) with optical sizing, or,
    /// filling by the width axis, `Self.widthAxisMeasuredSize` (the options' maximum).
    func measureParagraphs(
        _ units: [UInt16], fonts: FontChain, options: LayoutOptions, plan: VariationPlan? = nil, minSize: Double? = nil
    ) -> [(ParagraphRange, MeasuredParagraph)] {
        let plan = plan ?? VariationPlan.unchecked(options: options, fonts: fonts)
        let style = measuringStyle(options, plan: plan, size: minSize)
        return Paragraphs.split(units).map { paragraph in
            let measured = measure(
                units: Array(units[paragraph.range]), contentLength: paragraph.contentEnd - paragraph.range.lowerBound,
                fonts: fonts, options: options, style: style)
            return (paragraph, measured)
        }
    }

    /// The style `measureParagraphs` shapes at: its axis values at `size` (nil: the minimum, or
    /// the width axis's measuring size). An editor session measures at the same one, so the
    /// layout it asks for finds the edited paragraph in the shaping cache.
    func measuringStyle(_ options: LayoutOptions, plan: VariationPlan, size: Double? = nil) -> ParagraphShapingStyle {
        var style = shapingStyle(options)
        let size = size ?? (plan.lineFill == .widthAxis ? Self.widthAxisMeasuredSize(options) : options.minSize)
        style.variations = plan.settings(size: size, width: plan.paragraphWidth)
        return style
    }

    /// Measures one paragraph given as its own units (terminator included).
    /// `style` is `shapingStyle(options)`, passed in by callers that measure repeatedly.
    func measure(
        units: [UInt16], contentLength: Int, fonts: FontChain, options: LayoutOptions,
        style: ParagraphShapingStyle? = nil
    ) -> MeasuredParagraph {
        measurer.measure(
            units: units, contentLength: contentLength, chain: fonts, options: options,
            style: style ?? shapingStyle(options))
    }

    /// Re-measures an edited paragraph in place from its old measurement; nil when only a
    /// fresh measurement is sure to be right (see `ParagraphMeasurer.remeasure`).
    func remeasure(
        _ old: inout MeasuredParagraph, units: [UInt16], previousLength: Int, contentLength: Int, edit: Range<Int>,
        insertedCount: Int, fonts: FontChain, options: LayoutOptions, style: ParagraphShapingStyle
    ) -> Range<Int>? {
        measurer.remeasure(
            &old, units: units, previousLength: previousLength, contentLength: contentLength, edit: edit,
            insertedCount: insertedCount, chain: fonts, options: options, style: style)
    }

    func shapingStyle(_ options: LayoutOptions) -> ParagraphShapingStyle {
        ParagraphShapingStyle(
            language: hbLanguage(options.language),
            features: HarfBuzzShaper.features(options.features))
    }

    /// Break at the minimum size → fit each line → place lines and stack them.
    func fit(
        _ text: String, paragraphs measuredParagraphs: [(ParagraphRange, MeasuredParagraph)], fonts: FontChain,
        options: LayoutOptions, minSize: Double, maxSize: Double
    ) -> Layout {
        let context = FittingContext(
            fonts: fonts, options: options, minSize: minSize, maxSize: maxSize, engine: self,
            plan: uncheckedVariationPlan(options: options, fonts: fonts))
        let plan = context.plan
        // With optical sizing lines break at opsz = the minimum (filling by size): a minimum a
        // box changed (shrunk or grown) needs the paragraphs measured again at its own opsz.
        var paragraphs = measuredParagraphs
        // A width-axis fill measures at the sizes it needs itself, from paragraphs at
        // `widthAxisMeasuredSize`.
        if plan.lineFill != .widthAxis, plan.followsSize, plan.opticalSize(for: minSize) != plan.opticalSize(for: options.minSize) {
            paragraphs = measuredParagraphs.map { ($0.0, remeasured($0.1, context: context, variations: context.style.variations)) }
        }
        if plan.lineFill == .widthAxis {
            return fitByWidthAxis(text, paragraphs: paragraphs, context: context)
        }
        var lines: [Line] = []
        var missing: [MissingCharacters] = []
        for (paragraph, measured) in paragraphs {
            let base = paragraph.range.lowerBound
            missing.append(contentsOf: measured.missing.shifted(by: base))
            let spans = breakLines(measured, context: context, from: 0) { _ in false }
            // Grown by doubling, not by one append at a time (5 reallocations at 280 units).
            if lines.capacity < lines.count + spans.count {
                lines.reserveCapacity(max(lines.count + spans.count, 2 * lines.capacity))
            }
            for span in spans {
                lines.append(fitLine(span, paragraph: measured, base: base, context: context))
            }
        }
        if plan.lineFill == .mixed {
            fillOutsideBand(&lines, paragraphs: paragraphs, context: context)
        }
        return assemble(text, lines: &lines, missing: missing, context: context)
    }

    /// Everything fitting needs that is fixed for one layout.
    /// A class, not a struct: it holds some twenty references (chain, options, plan, style),
    /// and sessions pass theirs to every line fit, where a struct would retain each of them.
    final class FittingContext {
        let fonts: FontChain
        let options: LayoutOptions
        let minSize: Double
        let style: ParagraphShapingStyle
        let fitter: LineFitter
        let placement: LinePlacement
        let fontNames: [String]
        let plan: VariationPlan
        /// Paragraphs at a second optical size, for the lines' starting estimates.
        let opticalAnchors = OpticalAnchors()

        /// `plan` is the options' variable-font plan for `fonts`; nil makes it here, for
        /// callers whose options were already checked with these fonts (its errors are
        /// reported where a layout or session starts).
        init(
            fonts: FontChain, options: LayoutOptions, minSize: Double, maxSize: Double, engine: LayoutEngine,
            plan: VariationPlan? = nil
        ) {
            self.fonts = fonts
            self.options = options
            self.minSize = minSize
            let plan = plan ?? VariationPlan.unchecked(options: options, fonts: fonts)
            self.plan = plan
            var style = engine.shapingStyle(options)
            // Paragraphs are measured (and lines broken) at opsz = min (see `paragraphWidth` for wdth);
            // a width-axis fill measures at `widthAxisMeasuredSize` and re-measures at the sizes it judges.
            style.variations = plan.settings(size: minSize, width: plan.paragraphWidth)
            self.style = style
            fitter = LineFitter(
                grid: SizeGrid(minSize: minSize, maxSize: maxSize, step: options.step), width: options.width,
                tracking: options.tracking)
            placement = LinePlacement(chain: fonts, tracking: options.tracking)
            fontNames = engine.fontNames(of: fonts)
        }
    }

    /// Stacks fitted lines into a block and wraps them in a `Layout`.
    func assemble(
        _ text: String, lines: inout [Line], missing: [MissingCharacters], context: FittingContext,
        emptySize: Double? = nil
    ) -> Layout {
        // `inout` so that stacking edits the caller's array in place instead of a copy.
        let height = BlockStacking.stack(
            &lines, emptyMetrics: context.placement.verticalMetrics([]), minSize: context.minSize,
            width: context.options.width, lineSpacing: context.options.lineSpacing,
            alignment: context.options.alignment, emptySize: emptySize)
        return layout(text, lines: LineList(lines), height: height, missing: missing, context: context)
    }

    /// The layout of stacked `lines`.
    func layout(_ text: String, lines: LineList, height: Double, missing: [MissingCharacters], context: FittingContext) -> Layout {
        Layout(
            text: text, lines: lines, width: context.options.width, height: height, minSize: context.minSize,
            maxSize: context.fitter.grid.maxSize, heightScale: 1, overflowsHeight: false, missing: missing,
            fontNames: context.fontNames, warnings: context.plan.warnings,
            chosenMinimum: lines.isEmpty ? 0 : context.minSize)
    }

    /// `variations`: shape reshaped pieces at these axis values instead of the paragraph's.
    func lineShaper(
        _ measured: MeasuredParagraph, context: FittingContext, variations: VariationSettings? = nil
    ) -> LineShaper {
        var style = context.style
        if let variations { style.variations = variations }
        return LineShaper(paragraph: measured, chain: context.fonts, style: style, shaper: measurer.shaper)
    }

    /// The pieces of `paragraph` from `start` to `contentEnd`, see `LineShaper.pieces(of:…)`.
    func linePieces(
        _ paragraph: MeasuredParagraph, _ start: Int, _ contentEnd: Int, context: FittingContext,
        into pieces: inout [LinePiece]
    ) {
        LineShaper.pieces(
            of: paragraph, start, contentEnd, chain: context.fonts, style: context.style, shaper: measurer.shaper,
            into: &pieces)
    }

    /// Greedy spans of a paragraph from `start` (a line start), until the end or until
    /// `stop` says the rest is known.
    func breakLines(
        _ measured: MeasuredParagraph, context: FittingContext, from start: Int, stop: (LineSpan) -> Bool
    ) -> [LineSpan] {
        var spans: [LineSpan] = []
        spans.reserveCapacity(max(4, measured.length / 16))
        breakLines(measured, context: context, from: start, into: &spans, stop: stop)
        return spans
    }

    /// The same into `spans` (emptied first), so that an editor can reuse one array.
    func breakLines(
        _ measured: MeasuredParagraph, context: FittingContext, from start: Int, into spans: inout [LineSpan],
        stop: (LineSpan) -> Bool
    ) {
        spans.removeAll(keepingCapacity: true)
        let options = context.options
        let minSize = context.minSize
        let hinted = options.widthMode == .hinted
        let shaper = hinted ? lineShaper(measured, context: context) : nil
        var breaker = GreedyLineBreaker(width: options.width, minSize: minSize, tracking: options.tracking)
        breaker.exactAlways = hinted
        breaker.breakLines(measured, from: start, into: &spans, candidates: &candidateScratch, stop: stop) { start, contentEnd in
            linePieces(measured, start, contentEnd, context: context, into: &breakScratch)
            if let shaper, shaper.hintedPieces(&breakScratch, lineRange: start..<contentEnd, size: minSize) {
                return WidthTolerance.fits(breakScratch.width(tracking: options.tracking * minSize), in: options.width)
            }
            // The same expression as the fitter's test at the minimum size.
            return WidthTolerance.fits(
                measured.lineEmWidth(start, contentEnd, pieces: breakScratch, tracking: options.tracking) * minSize,
                in: options.width)
        }
        // Scratch pieces slice the paragraph's glyph arrays; holding on to them would make an
        // editor's next in-place edit of those arrays copy them whole.
        breakScratch.removeAll(keepingCapacity: true)
    }

    func fitLine(_ span: LineSpan, paragraph: MeasuredParagraph, base: Int, context: FittingContext) -> Line {
        if context.plan.followsSize, context.options.widthMode == .linear {
            return fitLineAtOpticalSizes(span, paragraph: paragraph, base: base, context: context)
        }
        let options = context.options
        let fitter = context.fitter
        linePieces(paragraph, span.start, span.contentEnd, context: context, into: &pieces)
        let linearEm = paragraph.lineEmWidth(span.start, span.contentEnd, pieces: pieces, tracking: options.tracking)
        var fit: LineFitter.Fit
        var scale: Double
        if options.widthMode == .hinted, !pieces.isEmpty {
            let shaper = lineShaper(paragraph, context: context)
            var probe = pieces
            let lineRange = span.start..<span.contentEnd
            var hintable = true
            // Sizes that resolve to one FreeType size (one key: the whole point of requests
            // for fonts that force integer ppem, else one 26.6 request) shape alike; tracking,
            // which scales with the exact size, is added per size.
            // With optical sizing each probe is hinted at opsz = its own size, so sizes that
            // share a FreeType size still shape differently, and the cached default-instance
            // advances do not apply: the per-key memo and the approximate search are off then.
            let varies = context.plan.followsSize || !context.plan.settings(size: fitter.grid.minSize).isEmpty
            func sized(_ size: Double) -> LineShaper {
                context.plan.followsSize ? lineShaper(paragraph, context: context, variations: context.plan.settings(size: size)) : shaper
            }
            var shapedByKey: [HintedMeasureKey: (advance: Double, clusters: Int, pieces: [LinePiece])] = [:]
            let onlyFont = pieces.allSatisfy { $0.fontIndex == pieces[0].fontIndex }
                ? context.fonts.fonts[pieces[0].fontIndex] : nil
            func key(_ size: Double) -> HintedMeasureKey {
                if let onlyFont, let sizeKey = onlyFont.hintedSizeKey(size) { return .size(sizeKey) }
                return .request(Int(FixedPoint.f26Dot6(size)))
            }
            var estimate = linearEm > 0 ? options.width / linearEm : fitter.grid.maxSize
            var predicting = true
            if hintedSearchFromEstimate, !varies, let onlyFont, !onlyFont.isBitmapOnly {
                // Search first on widths summed from cached hinted advances (a few thousand
                // instructions a probe instead of a shape); the shaped search below then
                // starts at that answer and usually only confirms it and its next size.
                let glyphIDs = pieces.flatMap { $0.glyphs.map(\.id) }
                let adjustmentEm = pieces.reduce(0) { $0 + $1.glyphs.reduce(0) { $0 + $1.advance } }
                    - onlyFont.nominalAdvanceEm(glyphIDs)
                let clusters = pieces.advanceAndClusters().clusters
                var available = true
                let approximate = fitter.fitMeasured(estimate: estimate) { size in
                    guard available, let width = onlyFont.approximateHintedWidth(
                        glyphIDs, adjustmentEm: adjustmentEm, size: size) else {
                        available = false
                        return linearEm * size
                    }
                    return [LinePiece].width(advance: width, clusters: clusters, tracking: options.tracking * size)
                }
                if available, !approximate.overflows {
                    estimate = approximate.size
                    predicting = false
                }
            }
            fit = fitter.fitMeasured(estimate: hintedSearchFromEstimate ? estimate : nil, predicting: predicting) { size in
                let request = key(size)
                if !varies, let known = shapedByKey[request] {
                    return [LinePiece].width(advance: known.advance, clusters: known.clusters, tracking: options.tracking * size)
                }
                guard hintable, sized(size).hintedPieces(&probe, lineRange: lineRange, size: size) else {
                    hintable = false
                    return linearEm * size
                }
                let (advance, clusters) = probe.advanceAndClusters()
                shapedByKey[request] = (advance, clusters, probe)
                return [LinePiece].width(advance: advance, clusters: clusters, tracking: options.tracking * size)
            }
            lastHintedProbes = fit.probes
            if hintable, !varies, let shaped = shapedByKey[key(fit.size)] {
                pieces = shaped.pieces
                scale = 1
            } else if hintable, sized(fit.size).hintedPieces(&pieces, lineRange: lineRange, size: fit.size) {
                scale = 1
            } else {
                fit = fitter.fitLinear(emWidth: linearEm)
                scale = fit.size
            }
        } else {
            fit = fitter.fitLinear(emWidth: linearEm)
            scale = fit.size
        }
        var line = placeLine(span, pieces: pieces, fit: fit, scale: scale, paragraph: paragraph, base: base, context: context)
        pieces.removeAll(keepingCapacity: true)  // see breakLines: release the glyph slices
        line.axisValues = context.plan.reported(
            context.plan.settings(size: fit.size, width: context.plan.widthAxis?.defaultValue))
        return line
    }
}

/// What hinted shaping of a line at a size depends on: the FreeType size key of its one font,
/// or for a line of several fonts the 26.6 request every font sees.
enum HintedMeasureKey: Hashable {
    case size(HintedSizeKey)
    case request(Int)
}
