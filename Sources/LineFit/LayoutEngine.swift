import CHarfBuzz

/// Lays out text: the long-lived context that owns ICU iterators, the HarfBuzz buffer and
/// scratch memory, and reuses them across calls.
///
/// An engine belongs to one thread at a time (it is not `Sendable`); make one per thread or
/// per editor. Fonts are shared freely between engines and threads.
///
/// ```swift
/// let fonts = FontChain(try Font(path: "Fonts/BebasNeue-Regular.otf"))
/// let engine = try LayoutEngine()
/// let layout = try engine.layout("GOOD MORNING", fonts: fonts,
///                                options: LayoutOptions(width: 960, minSize: 24, maxSize: 300))
/// for line in layout.lines { print(line.size, layout.text(of: line)) }
/// ```
public final class LayoutEngine {
    private let measurer: ParagraphMeasurer
    private var pieces: [LinePiece] = []
    private var spans: [LineSpan] = []

    public init() throws {
        measurer = try ParagraphMeasurer()
    }

    /// Fits `text` with `fonts` under `options`. Throws only for invalid options; an empty
    /// text gives a layout without lines.
    public func layout(_ text: String, fonts: FontChain, options: LayoutOptions) throws -> Layout {
        try options.validate()
        let units = Array(text.utf16)
        let paragraphs = measureParagraphs(units, fonts: fonts, options: options)
        return HeightLimit.apply(options: options) { min, max in
            fit(text, paragraphs: paragraphs, fonts: fonts, options: options, minSize: min, maxSize: max)
        }
    }

    // MARK: - Stages

    /// Paragraphs → itemize (bidi, scripts, fonts) → shape, once per paragraph.
    func measureParagraphs(_ units: [UInt16], fonts: FontChain, options: LayoutOptions) -> [(ParagraphRange, MeasuredParagraph)] {
        let style = shapingStyle(options)
        return Paragraphs.split(units).map { paragraph in
            let measured = measurer.measure(
                units: Array(units[paragraph.range]), contentLength: paragraph.contentEnd - paragraph.range.lowerBound,
                chain: fonts, options: options, style: style)
            return (paragraph, measured)
        }
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
        let style = shapingStyle(options)
        let grid = SizeGrid(minSize: minSize, maxSize: maxSize, step: options.step)
        let fitter = LineFitter(grid: grid, width: options.width, tracking: options.tracking)
        let placement = LinePlacement(chain: fonts, tracking: options.tracking)
        var lines: [Line] = []
        var missing: [MissingCharacters] = []
        for (paragraph, measured) in paragraphs {
            let base = paragraph.range.lowerBound
            missing.append(contentsOf: measured.missing.map {
                MissingCharacters(start: base + $0.start, end: base + $0.end, codePoints: $0.codePoints)
            })
            let shaper = LineShaper(paragraph: measured, chain: fonts, style: style, shaper: measurer.shaper)
            breakLines(measured, shaper: shaper, options: options, minSize: minSize)
            for span in spans {
                lines.append(fitLine(
                    span, paragraph: measured, base: base, shaper: shaper, fitter: fitter,
                    placement: placement, options: options))
            }
        }
        let emptyMetrics = placement.verticalMetrics([])
        let height = BlockStacking.stack(
            &lines, emptyMetrics: emptyMetrics, minSize: minSize, width: options.width,
            lineSpacing: options.lineSpacing, alignment: options.alignment)
        return Layout(
            text: text, lines: lines, width: options.width, height: height, minSize: minSize, maxSize: maxSize,
            heightScale: 1, overflowsHeight: false, missing: missing, fontNames: fonts.fonts.map(\.name))
    }

    private func breakLines(_ measured: MeasuredParagraph, shaper: LineShaper, options: LayoutOptions, minSize: Double) {
        spans.removeAll(keepingCapacity: true)
        var breaker = GreedyLineBreaker(limit: options.width / minSize, tracking: options.tracking)
        breaker.exactAlways = options.widthMode == .hinted
        var scratch: [LinePiece] = []
        breaker.breakLines(measured, into: &spans) { start, contentEnd in
            shaper.pieces(start, contentEnd, into: &scratch)
            if options.widthMode == .hinted,
               shaper.hintedPieces(&scratch, lineRange: start..<contentEnd, size: minSize) {
                return scratch.width(tracking: options.tracking * minSize) <= options.width
            }
            return scratch.width(tracking: options.tracking) * minSize <= options.width
        }
    }

    private func fitLine(
        _ span: LineSpan, paragraph: MeasuredParagraph, base: Int, shaper: LineShaper, fitter: LineFitter,
        placement: LinePlacement, options: LayoutOptions
    ) -> Line {
        shaper.pieces(span.start, span.contentEnd, into: &pieces)
        var fit: LineFitter.Fit
        var scale: Double
        if options.widthMode == .hinted, !pieces.isEmpty {
            var probe = pieces
            let lineRange = span.start..<span.contentEnd
            var hintable = true
            fit = fitter.fitMeasured { size in
                guard hintable, shaper.hintedPieces(&probe, lineRange: lineRange, size: size) else {
                    hintable = false
                    return pieces.width(tracking: options.tracking) * size
                }
                return probe.width(tracking: options.tracking * size)
            }
            if hintable, shaper.hintedPieces(&pieces, lineRange: lineRange, size: fit.size) {
                scale = 1
            } else {
                fit = fitter.fitLinear(emWidth: pieces.width(tracking: options.tracking))
                scale = fit.size
            }
        } else {
            fit = fitter.fitLinear(emWidth: pieces.width(tracking: options.tracking))
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
        return Line(
            start: base + span.start, end: base + span.end, contentEnd: base + span.contentEnd,
            size: fit.size, width: placed.width, x: 0, top: 0, baseline: 0,
            ascent: metrics.ascent * fit.size, descent: metrics.descent * fit.size, height: 0,
            flags: flags, runs: placed.runs)
    }
}
