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
    private let measurer: ParagraphMeasurer
    private var pieces: [LinePiece] = []
    private var breakScratch: [LinePiece] = []

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
        let units = Array(text.utf16)
        let (fonts, options) = FontChain.forLayout(units, fonts: fonts, options: options)
        let paragraphs = measureParagraphs(units, fonts: fonts, options: options)
        return BoxFitting(engine: self, text: text, paragraphs: paragraphs, fonts: fonts, options: options).layout()
    }

    // MARK: - Stages

    /// Paragraphs → itemize (bidi, scripts, fonts) → shape, once per paragraph.
    func measureParagraphs(_ units: [UInt16], fonts: FontChain, options: LayoutOptions) -> [(ParagraphRange, MeasuredParagraph)] {
        let style = shapingStyle(options)
        return Paragraphs.split(units).map { paragraph in
            let measured = measure(
                units: Array(units[paragraph.range]), contentLength: paragraph.contentEnd - paragraph.range.lowerBound,
                fonts: fonts, options: options, style: style)
            return (paragraph, measured)
        }
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
        _ old: inout MeasuredParagraph, units: [UInt16], contentLength: Int, edit: Range<Int>, insertedCount: Int,
        fonts: FontChain, options: LayoutOptions, style: ParagraphShapingStyle
    ) -> Range<Int>? {
        measurer.remeasure(
            &old, units: units, contentLength: contentLength, edit: edit, insertedCount: insertedCount, chain: fonts,
            options: options, style: style)
    }

    func shapingStyle(_ options: LayoutOptions) -> ParagraphShapingStyle {
        ParagraphShapingStyle(
            language: HarfBuzzShaper.language(options.language),
            features: HarfBuzzShaper.features(options.features))
    }

    /// Break at the minimum size → fit each line → place lines and stack them.
    func fit(
        _ text: String, paragraphs: [(ParagraphRange, MeasuredParagraph)], fonts: FontChain,
        options: LayoutOptions, minSize: Double, maxSize: Double
    ) -> Layout {
        let context = FittingContext(fonts: fonts, options: options, minSize: minSize, maxSize: maxSize, engine: self)
        var lines: [Line] = []
        var missing: [MissingCharacters] = []
        for (paragraph, measured) in paragraphs {
            let base = paragraph.range.lowerBound
            missing.append(contentsOf: measured.missing.shifted(by: base))
            let spans = breakLines(measured, context: context, from: 0) { _ in false }
            for span in spans {
                lines.append(fitLine(span, paragraph: measured, base: base, context: context))
            }
        }
        return assemble(text, lines: &lines, missing: missing, context: context)
    }

    /// Everything fitting needs that is fixed for one layout.
    struct FittingContext {
        let fonts: FontChain
        let options: LayoutOptions
        let minSize: Double
        let style: ParagraphShapingStyle
        let fitter: LineFitter
        let placement: LinePlacement
        let fontNames: [String]

        init(fonts: FontChain, options: LayoutOptions, minSize: Double, maxSize: Double, engine: LayoutEngine) {
            self.fonts = fonts
            self.options = options
            self.minSize = minSize
            style = engine.shapingStyle(options)
            fitter = LineFitter(
                grid: SizeGrid(minSize: minSize, maxSize: maxSize, step: options.step), width: options.width,
                tracking: options.tracking)
            placement = LinePlacement(chain: fonts, tracking: options.tracking)
            fontNames = fonts.fonts.map(\.name)
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
        return Layout(
            text: text, lines: lines, width: context.options.width, height: height, minSize: context.minSize,
            maxSize: context.fitter.grid.maxSize, heightScale: 1, overflowsHeight: false, missing: missing,
            fontNames: context.fontNames, chosenMinimum: lines.isEmpty ? 0 : context.minSize)
    }

    func lineShaper(_ measured: MeasuredParagraph, context: FittingContext) -> LineShaper {
        LineShaper(paragraph: measured, chain: context.fonts, style: context.style, shaper: measurer.shaper)
    }

    /// Greedy spans of a paragraph from `start` (a line start), until the end or until
    /// `stop` says the rest is known.
    func breakLines(
        _ measured: MeasuredParagraph, context: FittingContext, from start: Int, stop: (LineSpan) -> Bool
    ) -> [LineSpan] {
        let options = context.options
        let minSize = context.minSize
        let shaper = lineShaper(measured, context: context)
        var breaker = GreedyLineBreaker(width: options.width, minSize: minSize, tracking: options.tracking)
        breaker.exactAlways = options.widthMode == .hinted
        var spans: [LineSpan] = []
        spans.reserveCapacity(max(4, measured.length / 16))
        breaker.breakLines(measured, from: start, into: &spans, stop: stop) { start, contentEnd in
            shaper.pieces(start, contentEnd, into: &breakScratch)
            if options.widthMode == .hinted,
               shaper.hintedPieces(&breakScratch, lineRange: start..<contentEnd, size: minSize) {
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
        return spans
    }

    func fitLine(_ span: LineSpan, paragraph: MeasuredParagraph, base: Int, context: FittingContext) -> Line {
        let options = context.options
        let fitter = context.fitter
        let placement = context.placement
        let shaper = lineShaper(paragraph, context: context)
        shaper.pieces(span.start, span.contentEnd, into: &pieces)
        let linearEm = paragraph.lineEmWidth(span.start, span.contentEnd, pieces: pieces, tracking: options.tracking)
        var fit: LineFitter.Fit
        var scale: Double
        if options.widthMode == .hinted, !pieces.isEmpty {
            var probe = pieces
            let lineRange = span.start..<span.contentEnd
            var hintable = true
            fit = fitter.fitMeasured { size in
                guard hintable, shaper.hintedPieces(&probe, lineRange: lineRange, size: size) else {
                    hintable = false
                    return linearEm * size
                }
                return probe.width(tracking: options.tracking * size)
            }
            if hintable, shaper.hintedPieces(&pieces, lineRange: lineRange, size: fit.size) {
                scale = 1
            } else {
                fit = fitter.fitLinear(emWidth: linearEm)
                scale = fit.size
            }
        } else {
            fit = fitter.fitLinear(emWidth: linearEm)
            scale = fit.size
        }
        let placed = placement.runs(pieces, size: fit.size, scale: scale, base: base)
        let metrics = placement.verticalMetrics(pieces)
        var flags: Line.Flags = []
        if pieces.isEmpty { flags.insert(.empty) }
        if fit.heldAtMax && !pieces.isEmpty { flags.insert(.heldAtMax) }
        if fit.overflows { flags.insert(.overflows) }
        if span.brokenInsideWord { flags.insert(.brokenInsideWord) }
        if span.end > paragraph.contentLength { flags.insert(.endsParagraph) }
        pieces.removeAll(keepingCapacity: true)  // see breakLines: release the glyph slices
        return Line(
            start: base + span.start, end: base + span.end, contentEnd: base + span.contentEnd,
            size: fit.size, width: fit.width, x: 0, top: 0, baseline: 0,
            ascent: metrics.ascent * fit.size, descent: metrics.descent * fit.size, height: 0,
            flags: flags, runs: placed.runs)
    }
}
