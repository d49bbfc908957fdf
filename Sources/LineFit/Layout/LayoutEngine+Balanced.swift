/// The balanced strategy over a whole text: per paragraph candidate lines, stage 1 (the
/// largest smallest-line size whose block fits the box) across paragraphs, stage 2 (the
/// least shape cost) per paragraph, then the chosen lines measured and fitted exactly as the
/// greedy strategy fits its lines.
extension LayoutEngine {
    /// What the balanced strategy keeps per paragraph between calls (an editor session keeps
    /// it across keystrokes; a paragraph whose text changed gets a new one). Held behind one
    /// reference by `BalancedParagraph`.
    struct BalancedParagraphState {
        var candidates: CandidateLines
        var settings: BalancedSettings
        /// Exact em widths of lines whose estimate proved wrong (see `repairRounds`).
        var overrides: [LineKey: Double] = [:]
        var solvedFor: Stage2Key?
        /// Stage 2's final (height, cost, path) entries for `solvedFor`.
        var finals: [(height: Double, cost: Double, path: [Int])] = []
        /// The same for the last solve under a hint (the stability rule). A session with
        /// stable breaks asks every paragraph both ways on each keystroke; in one slot the two
        /// evicted each other, so every paragraph was solved again per keystroke.
        var hintedSolvedFor: Stage2Key?
        var hintedFinals: [(height: Double, cost: Double, path: [Int])] = []
        /// The lines last fitted for `fittedFor`, at the paragraph's base then.
        var fittedFor: FittedKey?
        var fitted: [Line] = []
        /// The measurement the candidates were made from (a later edit of the paragraph
        /// compares against it to reuse what still agrees).
        var measured: MeasuredParagraph?
        /// Stage 2's front for `solvedFor` (a later edit resumes it; never a hinted one).
        var front: BalancedLineBreaker.Front?
        /// From an earlier version of the paragraph (`seed`): its front and fitted lines, and
        /// the offset through which the two measurements agree.
        var seedFront: BalancedLineBreaker.Front?
        var seedFitted: [Line] = []
        var seedFittedFor: FittedKey?
        /// Lines fitted for earlier versions of the paragraph that still hold (an editor
        /// session's, without a box: `advanceBalancedParagraph`).
        var pool = FittedLinePool()
        var agreed = -1
        /// Work done on this paragraph (cumulative), for tests that bound it without a clock.
        var work = BalancedWork()
        /// Stage 2's working arrays, passed on to the next version of the paragraph (`seed`).
        var scratch: BalancedLineBreaker.FrontScratch?
    }

    /// Counts of the balanced strategy's work.
    struct BalancedWork: Equatable {
        /// Candidate lines measured on the prefix sums (not copied from an earlier version).
        var candidateLines = 0
        /// Stage 2's candidate entries (`BalancedLineBreaker.Front.transitions`).
        var transitions = 0
        /// Chosen lines fitted (shaped and sized), not reused.
        var fittedLines = 0

        static func + (a: Self, b: Self) -> Self {
            Self(candidateLines: a.candidateLines + b.candidateLines, transitions: a.transitions + b.transitions,
                 fittedLines: a.fittedLines + b.fittedLines)
        }

        static func - (a: Self, b: Self) -> Self {
            Self(candidateLines: a.candidateLines - b.candidateLines, transitions: a.transitions - b.transitions,
                 fittedLines: a.fittedLines - b.fittedLines)
        }
    }

    struct Stage2Key: Equatable {
        var threshold: Double
        var emptySize: Double
        var writerThreshold: Double
        var budget: Double?
        var hint: [Int]?
        var hintLimit: Int
    }

    struct FittedKey: Equatable {
        var path: [Int]
        var gridMinimum: Double
        var base: Int
    }

    /// The settings that decide the candidate lines; a cache made for other settings is rebuilt.
    struct BalancedSettings: Equatable {
        var lowest: Double
        var maxSize: Double
        var step: Double
        var width: Double
        var tracking: Double
        var lineSpacing: Double
        var fixedSize: Bool
    }

    /// A chosen line that measures wider than its estimate (a reshaped edge) gets its exact
    /// width and the paragraph is optimised again; two rounds repair a paragraph with two
    /// such lines in a row, and a third wrong estimate is accepted as fitted at the grid's
    /// minimum (flagged `overflows` like any line too wide at the minimum).
    static let repairRounds = 2
    /// When the fitted block measures taller than the optimiser's heights said (fonts with
    /// other metrics on some lines, hinted widths), the box is tried again this many times,
    /// each time smaller by the overshoot.
    static let heightRetries = 3

    /// Filling a box, candidate lines start at the floor only when they must. Every line an
    /// optimum can use is at least `candidateShare`·t*, so candidates start at that share of a
    /// size known to be at most t*: the largest rung of a ladder (floor × 2^(k/4): a quarter
    /// octave, so that typing rarely moves it and the cached candidates stay valid), from the
    /// size a block of the whole text could reach at most (lines of height h·s filling the
    /// width hold W/s em each, so t* ≤ √(H·W / (h·E)) for E em of text) down, at which greedy
    /// lines fit the box (greedy breaks at a threshold are a witness: their lines are
    /// candidates at least that size on the grid, so t* is at least the witness on the grid).
    /// The greedy check reads one width per opportunity. If the estimate is ever wrong (other
    /// fonts on some lines), t* comes out low and the layout is redone from the floor.
    /// The ladder's ratio between rungs: 2^(1/4).
    static let ladderRung = 2.0.squareRoot().squareRoot()

    /// The least share of t* a line of a fill optimum can have: τ (stage 2's lines are at
    /// least τ·t*); τ² under the stability rule's hints (its threshold t_h is at least τ·t*,
    /// its lines at least τ·t_h); in a text of two or more paragraphs with content,
    /// min(that, writerShare) (the writer's lines may sit at half t*). A single paragraph's
    /// candidates then start at 0.9·t* instead of half of it: about half the lines to measure
    /// and stage 2 transitions to make.
    static func candidateShare(paragraphsWithContent: Int, hinted: Bool = true) -> Double {
        let share = hinted ? BalancedCost.tau * BalancedCost.tau : BalancedCost.tau
        return paragraphsWithContent >= 2 ? min(share, BalancedCost.writerShare) : share
    }

    /// The largest ladder rung from `reach` down at which greedy lines (every line as long as
    /// fits at the rung) give a block no taller than `height` (0 when none above `floor`).
    /// What the greedy check reads of a paragraph, read once for every rung: its stops (0, the
    /// opportunities, the end) with the prefix sums there and at their content ends. A fresh
    /// build of its candidate lines reads the same stops when its positions are these.
    static func witnessStops(_ paragraph: MeasuredParagraph) -> [PrefixStop] {
        witnessStops(
            contentLength: paragraph.contentLength, length: paragraph.length, breaks: paragraph.breaks,
            isWhitespace: paragraph.isWhitespace, advance: paragraph.prefixAdvance, clusters: paragraph.prefixClusters)
    }

    /// `witnessStops` from the tables it reads of the paragraph, which `fitBalanced` reads
    /// where they lie: a paragraph passed whole was copied out of its array (a retain and a
    /// release of each of its tables).
    static func witnessStops(
        contentLength: Int, length: Int, breaks: [Int], isWhitespace: GapArray<Bool>,
        advance: ShiftablePrefixSums<Double>, clusters: ShiftablePrefixSums<Int>
    ) -> [PrefixStop] {
        guard contentLength > 0 else { return [] }
        // (A stop made from the paragraph reads each table through it: ~90 instructions a stop.)
        func stop(_ position: Int) -> PrefixStop {
            let content = MeasuredParagraph.contentEnd(
                isWhitespace: isWhitespace, contentLength: contentLength, from: 0, to: position)
            return PrefixStop(position, content: content, advance: advance, clusters: clusters)
        }
        var stops: [PrefixStop] = []
        stops.reserveCapacity(breaks.count + 2)
        stops.append(stop(0))
        for position in breaks where position > 0 && position <= length { stops.append(stop(position)) }
        if stops.last?.position != length { stops.append(stop(length)) }
        return stops
    }

    /// `stopsOf`: `witnessStops` of each paragraph.
    private func greedyWitness(
        _ stopsOf: [[PrefixStop]], options: LayoutOptions, maxSize: Double, height: Double, reach: Double,
        floor: Double, lineHeight: Double
    ) -> Double {
        let tracking = options.tracking
        /// The height of greedy lines at `capacity` em per line; nil when a segment is wider.
        func greedyHeight(_ stops: [PrefixStop], capacity: Double) -> Double? {
            func em(_ start: Int, _ end: Int) -> Double { stops[end].width(from: stops[start], tracking: tracking) }
            func lineHeightOf(_ start: Int, _ end: Int) -> Double {
                let em = em(start, end)
                return (em > 0 ? min(maxSize, options.width / em) : maxSize) * lineHeight
            }
            var total = 0.0
            var start = 0, end = 0
            for stop in 1..<stops.count {
                if em(start, stop) <= capacity {
                    end = stop
                    continue
                }
                guard end > start else { return nil }
                total += lineHeightOf(start, end)
                start = end
                guard em(start, stop) <= capacity else { return nil }
                end = stop
            }
            return total + lineHeightOf(start, stops.count - 1)
        }
        var t = floor
        while t * Self.ladderRung <= reach { t *= Self.ladderRung }
        while t >= floor {
            var total = 0.0
            for stops in stopsOf where total <= height {
                if stops.isEmpty {
                    total += t * lineHeight
                } else {
                    total += greedyHeight(stops, capacity: options.width / t) ?? .infinity
                }
            }
            if total <= height { return t }
            t /= Self.ladderRung
        }
        return 0
    }

    /// `hinted`: the layout may keep breaks under the stability rule (then its lines reach
    /// down to τ²·t*, `candidateShare`). `stops`: `witnessStops` of the paragraphs, when the
    /// caller made them.
    func balancedSettings(
        options: LayoutOptions, minSize: Double, maxSize: Double, fillHeight: Double?,
        paragraphs: [MeasuredParagraph] = [], metrics: FontChainMetrics? = nil, hinted: Bool = true,
        stops: [[PrefixStop]]? = nil
    ) -> BalancedSettings {
        let filling = fillHeight != nil && metrics != nil
        return balancedSettings(
            options: options, minSize: minSize, maxSize: maxSize, fillHeight: fillHeight, metrics: metrics, hinted: hinted,
            em: filling ? paragraphs.reduce(0) { $0 + $1.estimatedWidth(0, $1.contentLength, tracking: options.tracking) } : 0,
            withContent: paragraphs.lazy.filter { $0.contentLength > 0 }.count,
            stops: { stops ?? paragraphs.map(Self.witnessStops) })
    }

    /// `balancedSettings` from what it reads of the paragraphs: the sum of their estimated
    /// widths (`em`, read only when filling), how many have content and their `witnessStops`
    /// (made only when filling). `fitBalanced` reads them by index: an array of the
    /// paragraphs, or a closure over each, copied every paragraph out (a retain and release
    /// of each of its tables).
    private func balancedSettings(
        options: LayoutOptions, minSize: Double, maxSize: Double, fillHeight: Double?, metrics: FontChainMetrics?,
        hinted: Bool, em: Double, withContent: Int, stops: () -> [[PrefixStop]]
    ) -> BalancedSettings {
        var lowest = fillHeight != nil ? min(options.minimumFloor, minSize, maxSize) : minSize
        if let height = fillHeight, let metrics {
            let lineHeight = metrics.primaryHeight * options.lineSpacing
            if em > 0, lineHeight > 0 {
                let reach = (height * options.width / (lineHeight * em)).squareRoot()
                let witness = greedyWitness(
                    stops(), options: options, maxSize: maxSize, height: height, reach: min(reach, maxSize),
                    floor: lowest, lineHeight: lineHeight)
                let share = Self.candidateShare(paragraphsWithContent: withContent, hinted: hinted)
                // On the options' size grid, as every size a line may be given: t* is at least
                // the witness's grid size, so its share of t* is at least the share of that.
                let grid = SizeGrid(minSize: lowest, maxSize: max(lowest, maxSize), step: options.step)
                let least = grid.size(at: grid.index(atOrBelow: witness))
                if witness > lowest { lowest = grid.size(at: grid.index(atOrBelow: share * least)) }
            }
        }
        return BalancedSettings(
            lowest: lowest, maxSize: maxSize, step: options.step, width: options.width, tracking: options.tracking,
            lineSpacing: options.lineSpacing, fixedSize: minSize == maxSize)
    }

    /// `FontChainMetrics(fonts)`, made again only for another chain (each font's metrics are
    /// read through its opened face: ~2 K instructions a balanced+fill layout of the story).
    func chainMetrics(_ fonts: FontChain) -> FontChainMetrics {
        if let last = lastChainMetrics, last.fonts == fonts { return last.metrics }
        let metrics = FontChainMetrics(fonts)
        lastChainMetrics = (fonts, metrics)
        return metrics
    }

    /// `seed`: the same paragraph before an edit, made with the same settings; what agrees
    /// with it (candidate lines, stage 2's first positions, fitted lines) is reused.
    /// `seedAgreement`: the offset through which the two measurements agree, when the caller
    /// knows it (an editor's window re-measure); otherwise it is found by comparing them.
    func balancedParagraph(
        _ measured: consuming MeasuredParagraph, settings: BalancedSettings, metrics: FontChainMetrics,
        overrides: [LineKey: Double] = [:], seed: BalancedParagraph? = nil, seedAgreement: Int? = nil,
        stops: [PrefixStop]? = nil
    ) -> BalancedParagraph {
        let fitter = LineFitter(
            grid: SizeGrid(minSize: settings.lowest, maxSize: settings.maxSize, step: settings.step),
            width: settings.width, tracking: settings.tracking)
        var reusing: (lines: CandidateLines, agreed: Int)?
        var agreed = -1
        // The seed's measurement is read where it lies (bound by `if let`, it was copied: a
        // retain and release of each of its tables), and only when the caller does not know.
        if let seed, seed.measured != nil, seed.settings == settings, seed.overrides.isEmpty, overrides.isEmpty {
            agreed = seedAgreement ?? seed.measured.map { measured.agreement(with: $0) } ?? 0
            if agreed > 0 { reusing = (seed.candidates, agreed) }
        }
        let candidates = CandidateLines(
            measured, fitter: fitter, lowest: settings.lowest, tracking: settings.tracking, metrics: metrics,
            lineSpacing: settings.lineSpacing, fixedSize: settings.fixedSize, widthOverride: overrides,
            reusing: reusing, stops: stops)
        // The counts read first: the lines and the measurement then move into the paragraph (read
        // after, or passed borrowed, each was copied in: a retain and release of each array).
        let (measuredLines, widthsRead) = (candidates.measuredLines, candidates.widthsRead)
        var paragraph = BalancedParagraph(candidates: consume candidates, settings: settings, overrides: overrides)
        paragraph.measured = consume measured
        paragraph.work.candidateLines = measuredLines
        paragraph.scratch = seed?.scratch
        balancedCandidateLines += measuredLines
        balancedWidthsRead += widthsRead
        if let seed, reusing != nil {
            paragraph.agreed = agreed
            paragraph.seedFront = seed.front
            paragraph.seedFitted = seed.fitted
            paragraph.seedFittedFor = seed.fittedFor
        }
        return paragraph
    }

    /// The candidate lines of a text's paragraphs from its last balanced layout, kept by a box
    /// search between the layouts it makes of the same paragraphs at other sizes.
    final class EarlierCandidates {
        var lines: [CandidateLines?] = []
        /// False: the caller lays these paragraphs out no more (a balanced fill's one layout),
        /// so only `fitBalanced`'s own layout again from the floor reads `lines`.
        var keepsLines = true
    }

    /// `lines` re-sized for `settings` as a fresh paragraph entry, when they hold there.
    private func rescaledParagraph(
        _ lines: CandidateLines, _ measured: MeasuredParagraph, settings: BalancedSettings
    ) -> BalancedParagraph? {
        let fitter = LineFitter(
            grid: SizeGrid(minSize: settings.lowest, maxSize: settings.maxSize, step: settings.step),
            width: settings.width, tracking: settings.tracking)
        guard let rescaled = lines.rescaled(
            fitter: fitter, lowest: settings.lowest, tracking: settings.tracking, lineSpacing: settings.lineSpacing,
            fixedSize: settings.fixedSize) else { return nil }
        var paragraph = BalancedParagraph(candidates: rescaled, settings: settings)
        paragraph.measured = measured
        balancedRescaledParagraphs += 1
        return paragraph
    }

    /// A balanced layout, filling `fillHeight` when given. `cache` holds one entry per
    /// paragraph (rebuilt here when its count differs); `hints` the stability rule's kept
    /// breaks per paragraph. `earlier`: candidate lines of these same paragraphs made for
    /// other sizes (a box search's previous layout); where they hold at these settings they
    /// are re-sized instead of found again (`CandidateLines.rescaled`), and on return it holds
    /// the lines this layout used (unless its `keepsLines` is false: a caller that lays these
    /// paragraphs out no more). `metrics`: `FontChainMetrics(fonts)`, when the caller keeps it.
    func fitBalanced(
        _ text: String, paragraphs: [(ParagraphRange, MeasuredParagraph)], cache: inout [BalancedParagraph?],
        fonts: FontChain, options: LayoutOptions, minSize: Double, maxSize: Double, fillHeight: Double?,
        hints: [BreakHint?] = [], seeds: [(paragraph: BalancedParagraph, agreed: Int?)?] = [],
        earlier: EarlierCandidates? = nil, metrics known: FontChainMetrics? = nil
    ) -> Layout {
        let metrics = known ?? chainMetrics(fonts)
        let hinted = hints.contains { $0 != nil }
        // The paragraphs are read by index (an element bound or mapped is copied out: a retain
        // and release of each of its tables).
        // Filling: the greedy check's stops, which a fresh build of candidate lines reads too.
        let stops = fillHeight == nil ? nil : paragraphs.indices.map { index in
            Self.witnessStops(
                contentLength: paragraphs[index].1.contentLength, length: paragraphs[index].1.length,
                breaks: paragraphs[index].1.breaks, isWhitespace: paragraphs[index].1.isWhitespace,
                advance: paragraphs[index].1.prefixAdvance, clusters: paragraphs[index].1.prefixClusters)
        }
        var em = 0.0, withContent = 0
        for index in paragraphs.indices {
            let length = paragraphs[index].1.contentLength
            if length > 0 { withContent += 1 }
            if fillHeight != nil { em += paragraphs[index].1.estimatedWidth(0, length, tracking: options.tracking) }
        }
        var settings = balancedSettings(
            options: options, minSize: minSize, maxSize: maxSize, fillHeight: fillHeight, metrics: metrics, hinted: hinted,
            em: em, withContent: withContent, stops: { stops ?? [] })
        if cache.count != paragraphs.count {
            // Appended: `Array(repeating:count:)` of this type allocated through unspecialized
            // code (a metadata lookup, ~600 instructions a layout).
            cache.removeAll()
            for _ in paragraphs.indices { cache.append(nil) }
        }
        while true {
            var entries = paragraphs.indices.map { index in
                // Taken out (written back below): a state held twice is copied whole at its
                // first change, and a paragraph rebuilt in place hands its arrays on.
                if cache[index]?.settings == settings, let entry = cache[index].take() { return entry }
                if let earlier, index < earlier.lines.count, let lines = earlier.lines[index],
                   let rescaled = rescaledParagraph(lines, paragraphs[index].1, settings: settings) {
                    return rescaled
                }
                let seed = index < seeds.count ? seeds[index] : nil
                return balancedParagraph(
                    paragraphs[index].1, settings: settings, metrics: metrics, seed: seed?.paragraph,
                    seedAgreement: seed?.agreed, stops: stops?[index])
            }
            // Filling: a fresh paragraph takes the stage-2 arrays a finished box layout handed
            // back (`BoxFitting.layout`) instead of allocating its own (~4 K instructions).
            if fillHeight != nil, let spare = spareFrontScratch,
               let index = entries.firstIndex(where: { $0.scratch == nil }) {
                entries[index].scratch = spare
                spareFrontScratch = nil
            }
            let job = BalancedJob(
                text: text, paragraphs: paragraphs, fonts: fonts, options: options, settings: settings, metrics: metrics,
                hints: hints)
            let layout = fitBalancedBox(job, cache: &entries, fillHeight: fillHeight)
            // In place (same count): assigning the array converted it by a generic cast.
            for index in entries.indices { cache[index] = entries[index] }
            let floor = min(options.minimumFloor, minSize, maxSize)
            let share = Self.candidateShare(paragraphsWithContent: withContent, hinted: hinted)
            let reach = layout.chosenMinimum * share
            let again = fillHeight != nil && settings.lowest > floor && (layout.overflowsHeight || reach < settings.lowest)
            // For the layout again below, or the caller's next (a copy of each paragraph's lines).
            // (Closures, not key paths: a key path is looked up at run time, ~3.8 K each.)
            if let earlier, again || earlier.keepsLines { earlier.lines = entries.map { $0.candidates } }
            if again {
                settings.lowest = floor
                continue
            }
            return layout
        }
    }

    /// What one balanced layout reads, passed whole to the steps below.
    private struct BalancedJob {
        var text: String
        var paragraphs: [(ParagraphRange, MeasuredParagraph)]
        var fonts: FontChain
        var options: LayoutOptions
        var settings: BalancedSettings
        var metrics: FontChainMetrics
        var hints: [BreakHint?]
    }

    private func fitBalancedBox(_ job: BalancedJob, cache: inout [BalancedParagraph], fillHeight: Double?) -> Layout {
        var box = fillHeight
        var layout = planAndFit(job, cache: &cache, fillHeight: box)
        var retries = 0
        while let requested = fillHeight, let tried = box, layout.height > requested, !layout.overflowsHeight,
              retries < Self.heightRetries {
            box = tried - (layout.height - requested) - requested * 1e-9
            layout = planAndFit(job, cache: &cache, fillHeight: box)
            retries += 1
        }
        if let requested = fillHeight, layout.height > requested { layout.overflowsHeight = true }
        return layout
    }

    private func planAndFit(_ job: BalancedJob, cache: inout [BalancedParagraph], fillHeight: Double?) -> Layout {
        let (text, paragraphs, settings, hints) = (job.text, job.paragraphs, job.settings, job.hints)
        for _ in 0...Self.repairRounds {
            let plan = makePlan(cache: &cache, settings: settings, fillHeight: fillHeight, hints: hints)
            let context = balancedFittingContext(job, minSize: plan.gridMinimum, keeping: fillHeight == nil)
            var lines: [Line] = []
            var missing: [MissingCharacters] = []
            var repaired = false
            // By index: an enumeration copied every paragraph's measurement out (a retain and
            // release of each of its tables); it is copied once, for a paragraph refitted.
            for index in paragraphs.indices {
                let base = paragraphs[index].0.range.lowerBound
                missing.append(contentsOf: paragraphs[index].1.missing.shifted(by: base))
                let key = FittedKey(path: plan.paths[index], gridMinimum: plan.gridMinimum, base: base)
                if let old = cache[index].fittedFor, old.path == key.path, old.gridMinimum == key.gridMinimum,
                   old.base != base {
                    // Text inserted or deleted before the paragraph: the same lines, moved.
                    cache[index].fitted = cache[index].fitted.map { $0.shifted(by: base - old.base) }
                    cache[index].fittedFor = key
                }
                if cache[index].fittedFor != key {
                    // A loop over the path, not a closure: one that read the measurement, the
                    // candidate lines and the pool copied each of them out (a retain and release
                    // of each of their arrays).
                    let reusable = reusableLines(cache[index], gridMinimum: plan.gridMinimum)
                    var fitted: [Line] = []
                    swap(&fitted, &cache[index].fitted)
                    fitted.removeAll(keepingCapacity: true)
                    fitted.reserveCapacity(plan.paths[index].count)
                    var fittedLines = 0
                    // Copied out once (a retain of each table): read from the array at each line
                    // fitted, it was copied out each time.
                    let measured = paragraphs[index].1
                    for edge in plan.paths[index] {
                        let from = cache[index].candidates.positions[cache[index].candidates.edges[edge].from]
                        let to = cache[index].candidates.positions[cache[index].candidates.edges[edge].to]
                        if let line = cache[index].pool.line(from: from, to: to, base: base, gridMinimum: plan.gridMinimum) {
                            fitted.append(line)
                        } else if let line = reusable[from], line.end - line.start == to - from {
                            fitted.append(line.shifted(by: base))
                        } else {
                            fittedLines += 1
                            fitted.append(fitLine(cache[index].candidates.span(edge), paragraph: measured, base: base, context: context))
                        }
                    }
                    cache[index].work.fittedLines += fittedLines
                    cache[index].fitted = consume fitted
                    cache[index].fittedFor = key
                    for (edge, line) in zip(plan.paths[index], cache[index].fitted)
                    where line.flags.contains(.overflows) && !cache[index].candidates.edges[edge].forced && line.size > 0 {
                        // The estimate said it fits at the grid's minimum; its glyphs say not.
                        var overrides = cache[index].overrides
                        overrides[LineKey(start: line.start - base, contentEnd: line.contentEnd - base)] = line.width / line.size
                        cache[index] = balancedParagraph(measured, settings: settings, metrics: job.metrics, overrides: overrides)
                        repaired = true
                        break
                    }
                }
                lines.append(contentsOf: cache[index].fitted)
            }
            if repaired { continue }
            var layout = assemble(text, lines: &lines, missing: missing, context: context, emptySize: plan.threshold)
            layout.chosenMinimum = lines.isEmpty ? 0 : plan.threshold
            layout.breakStrategy = .balanced
            if let (index, range) = plan.limiting {
                let base = paragraphs[index].0.range.lowerBound
                layout.limitingRange = (base + range.lowerBound)..<(base + range.upperBound)
            }
            if let fillHeight, plan.floored, layout.height > fillHeight { layout.overflowsHeight = true }
            return layout
        }
        // Out of repair rounds: the last plan's lines stand as fitted.
        for index in cache.indices { cache[index].fittedFor = nil }
        return planAndFitAccepting(job, cache: &cache, fillHeight: fillHeight)
    }

    /// The context the chosen lines are fitted in: the last one made (`lastBalancedContext`)
    /// when it was made from the same fonts, options and sizes, since nothing else goes into
    /// it (its plan is the engine's memoized one for those options and fonts, its anchors a
    /// memo by text and size). An editor's keystroke made one and let it go each time
    /// (~2 K instructions of a short keystroke, which greedy's kept context does not pay).
    /// Only without a box (`keeping`): a box search's layouts change the minimum at each try.
    private func balancedFittingContext(_ job: BalancedJob, minSize: Double, keeping: Bool) -> FittingContext {
        if keeping, let kept = lastBalancedContext, kept.maxSize == job.settings.maxSize, kept.context.minSize == minSize,
           kept.context.fonts == job.fonts, kept.context.options == job.options {
            return kept.context
        }
        // The engine's memoized plan (as `fit`'s): made here per layout, the plan scanned every
        // font of the chain and missed the font names' memo (3.6 K of a short keystroke).
        let context = FittingContext(
            fonts: job.fonts, options: job.options, minSize: minSize, maxSize: job.settings.maxSize, engine: self,
            plan: uncheckedVariationPlan(options: job.options, fonts: job.fonts))
        if keeping { lastBalancedContext = (job.settings.maxSize, context) }
        return context
    }

    /// `BalancedPlan.make`, its stage 2 work added to `balancedTransitions`.
    private func makePlan(
        cache: inout [BalancedParagraph], settings: BalancedSettings, fillHeight: Double?, hints: [BreakHint?]
    ) -> BalancedPlan {
        let before = cache.reduce(0) { $0 + $1.work.transitions }
        let plan = BalancedPlan.make(
            cache: &cache, settings: settings, fillHeight: fillHeight, hints: hints, scratch: &stage1Scratch)
        balancedTransitions += cache.reduce(0) { $0 + $1.work.transitions } - before
        return plan
    }

    /// The lines fitted for the paragraph's earlier version that read only text where the two
    /// measurements agree (the fitter reads the line's own content and its edges' flags), at
    /// offsets relative to the paragraph, by start; none when the grid changed.
    private func reusableLines(_ paragraph: BalancedParagraph, gridMinimum: Double) -> [Int: Line] {
        guard let old = paragraph.seedFittedFor, old.gridMinimum == gridMinimum, paragraph.agreed > 0 else { return [:] }
        var lines: [Int: Line] = [:]
        for line in paragraph.seedFitted where line.end - old.base <= paragraph.agreed {
            lines[line.start - old.base] = line.shifted(by: -old.base)
        }
        return lines
    }

    private func planAndFitAccepting(_ job: BalancedJob, cache: inout [BalancedParagraph], fillHeight: Double?) -> Layout {
        let plan = makePlan(cache: &cache, settings: job.settings, fillHeight: fillHeight, hints: job.hints)
        let context = balancedFittingContext(job, minSize: plan.gridMinimum, keeping: fillHeight == nil)
        var lines: [Line] = []
        var missing: [MissingCharacters] = []
        for (index, (paragraph, measured)) in job.paragraphs.enumerated() {
            let base = paragraph.range.lowerBound
            missing.append(contentsOf: measured.missing.shifted(by: base))
            for edge in plan.paths[index] {
                lines.append(fitLine(cache[index].candidates.span(edge), paragraph: measured, base: base, context: context))
            }
        }
        var layout = assemble(job.text, lines: &lines, missing: missing, context: context, emptySize: plan.threshold)
        layout.chosenMinimum = lines.isEmpty ? 0 : plan.threshold
        layout.breakStrategy = .balanced
        if let fillHeight, plan.floored, layout.height > fillHeight { layout.overflowsHeight = true }
        return layout
    }
}

/// Stage 1 and stage 2 over the paragraphs of a text, on their candidate lines.
struct BalancedPlan {
    /// t*: the smallest-line size the breaks were chosen for.
    var threshold: Double
    /// The smallest size a chosen line may have (τ·t* on the grid when filling; t* otherwise).
    var gridMinimum: Double
    /// Edge paths per paragraph.
    var paths: [[Int]]
    /// Not even the floor fits the box.
    var floored = false
    /// The paragraph and range of the unbreakable segment that capped t*.
    var limiting: (Int, Range<Int>)?

    /// Stage 1's second guess above its first (see `freeStage1`).
    static let bracketRatio = 1.05

    /// The plan for the paragraphs in `cache` (stage 1 when filling, then stage 2). `scratch`:
    /// the search arrays of stage 1's probes (the engine keeps them between layouts: every
    /// probe sets what it reads, so what they held before is never read).
    static func make(
        cache: inout [LayoutEngine.BalancedParagraph], settings: LayoutEngine.BalancedSettings, fillHeight: Double?,
        hints: [BreakHint?], scratch: inout BalancedLineBreaker.LeastHeightScratch
    ) -> BalancedPlan {
        // The stability rule (editor sessions with `stableBreaks`), for the whole block:
        // - hints (`BreakHint.stability`): every paragraph the edit did not touch keeps all
        //   its breaks; the edited one keeps the lines that ended before the caret's line.
        //   So when t* moves, the other paragraphs are held too, not only the edited one.
        // - no box: the threshold is min, hinted or not.
        // - filling: t* is found without hints (stage 1 as always). A hinted block then has
        //   its own threshold t_h (stage 1 bound by the hints): the largest candidate size
        //   at most t* and at least τ·t* at which the kept breaks and the rest fit the box;
        //   its lines are at least τ·t_h (stage 2 with the hints under that threshold). No
        //   such size: the hints are let go.
        // - the hint sets, in order: every hint; the untouched paragraphs' hints alone. The
        //   first whose least cost (summed over paragraphs; when filling, the least over the
        //   combinations that fit the box) is at most (1 + stabilityMargin) × the free
        //   optimum's stands; otherwise the free optimum (the fresh layout) does.
        // So a kept block is valid (fits, tiles, within the box, lines ≥ τ·t_h ≥ τ²·t*), its
        // cost within the margin of the fresh optimum, and it equals a fresh layout given the
        // same hints: nothing here reads the session.
        let hintedCount = hints.lazy.filter { $0 != nil }.count
        let untouchedCount = hints.lazy.filter { $0.map { !$0.edited } ?? false }.count
        /// The hint sets to try, in order: all, then the untouched paragraphs' alone.
        var hintSets: [(Int) -> Bool] = []
        if hintedCount > 0 { hintSets.append { $0 < hints.count && hints[$0] != nil } }
        if untouchedCount > 0, untouchedCount < hintedCount {
            hintSets.append { $0 < hints.count && hints[$0].map { !$0.edited } ?? false }
        }
        func withinMargin(_ hinted: Double, _ free: Double) -> Bool {
            hinted <= (1 + BalancedCost.stabilityMargin) * free
        }
        let grid = SizeGrid(minSize: settings.lowest, maxSize: settings.maxSize, step: settings.step)
        func breaker(_ index: Int, emptySize: Double? = nil, writer: Double = .infinity, hinted: Bool = false) -> BalancedLineBreaker {
            var breaker = BalancedLineBreaker(
                cache[index].candidates, writerThreshold: writer, fixedSize: settings.fixedSize,
                hint: hinted && index < hints.count ? hints[index] : nil)
            breaker.emptySize = emptySize
            return breaker
        }
        let count = cache.count
        // The writer's-line rule is for lines the writer typed: a text with a newline.
        let writerTyped = cache.lazy.filter { !$0.candidates.isEmpty }.count >= 2
        func writer(_ t: Double) -> Double { writerTyped ? t : .infinity }
        guard let height = fillHeight, !settings.fixedSize else {
            // No box (or a fixed size): every line at least the minimum, the least cost.
            let t = settings.lowest
            func best(_ index: Int, hinted: Bool) -> (cost: Double, path: [Int])? {
                let finals = solve(
                    &cache[index], breaker: breaker(index, emptySize: t, writer: writer(t), hinted: hinted), threshold: t,
                    budget: nil, quantum: 1)
                return finals.min { $0.cost < $1.cost }.map { ($0.cost, $0.path) }
            }
            let free = (0..<count).map { best($0, hinted: false) }
            let freeCost = free.reduce(0) { $0 + ($1?.cost ?? 0) }
            for keeps in hintSets {
                var paths: [[Int]] = []
                var cost = 0.0
                for index in 0..<count {
                    guard let chosen = keeps(index) ? best(index, hinted: true) : free[index] else { break }
                    paths.append(chosen.path)
                    cost += chosen.cost
                }
                if paths.count == count, withinMargin(cost, freeCost) {
                    return BalancedPlan(threshold: t, gridMinimum: t, paths: paths)
                }
            }
            return BalancedPlan(threshold: t, gridMinimum: t, paths: free.map { $0?.path ?? [] })
        }

        // Stage 1: the largest threshold whose least block height fits, by binary search over
        // the candidate line sizes (least height is monotone in the threshold).
        var cap = Double.infinity
        var capParagraph: (Int, Range<Int>)?
        for index in 0..<count {
            if let widest = cache[index].candidates.widestSegment, widest.size < cap {
                cap = widest.size
                capParagraph = (index, widest.range)
            }
        }
        let ceiling = max(cap, settings.lowest)
        // The sizes stage 1 searches (`distinctSizes`), made when a search first needs them: the
        // common stage 1 reads two of them by scanning the lines instead (`around`).
        var madeSizes: [Double] = []
        func sizes() -> [Double] {
            if madeSizes.isEmpty { madeSizes = distinctSizes(cache, grid: grid, lowest: settings.lowest, ceiling: ceiling) }
            return madeSizes
        }
        /// The sizes of `sizes()` next to `size` (at least `settings.lowest`), from the lines
        /// themselves: the largest at most `size` and the smallest above it (nil if none).
        func around(_ size: Double) -> (atMost: Double, above: Double?) {
            var atMost = settings.lowest, above = Double.infinity
            for index in 0..<count where !cache[index].candidates.isEmpty {
                cache[index].candidates.edges.withUnsafeBufferPointer { edges in
                    // (A size at most `lowest` leaves `atMost` as it is.)
                    for line in edges where !line.forced && line.size <= ceiling {
                        if line.size <= size { atMost = max(atMost, line.size) } else { above = min(above, line.size) }
                    }
                }
            }
            return (atMost, above.isFinite ? above : nil)
        }
        /// The smallest sizes of `sizes()` above `bound` (at least `settings.lowest`), from one
        /// scan of the lines: the first size above it, and `around` of a size near it after.
        func smallest(above bound: Double) -> SmallestSizesAbove {
            var found = SmallestSizesAbove(above: bound)
            for index in 0..<count where !cache[index].candidates.isEmpty {
                cache[index].candidates.edges.withUnsafeBufferPointer { found.offer($0, ceiling: ceiling) }
            }
            return found
        }
        let none: (Int) -> Bool = { _ in false }
        // One set of search arrays (`scratch`) for every probe (heights only: the paths are made
        // for the one threshold that needs them).
        /// Nil when `t` does not fit; else a size up to which every threshold fits too: the
        /// smallest line (not forced) of the least-height paths found. Those paths are still
        /// allowed at any threshold up to it, and least height never falls as the threshold
        /// rises (fewer lines allowed; the search's sums are monotone in floating point too), so
        /// each paragraph's least height is the same there: the probes it answers are skipped.
        /// An empty paragraph's line takes the threshold's size (its height rises with it): `t`.
        func reach(_ t: Double, keeps: (Int) -> Bool) -> Double? {
            var total = 0.0
            var reach = Double.infinity
            for index in 0..<count {
                // Without a hint (no writer's line: its threshold is infinite here), on the lines in place.
                let hinted = keeps(index) && index < hints.count && hints[index] != nil
                let plain = !hinted && !cache[index].candidates.isEmpty
                let least: Double?
                if plain {
                    least = cache[index].candidates.plainLeastHeight(threshold: t, scratch: &scratch)
                } else {
                    least = breaker(index, emptySize: t, hinted: keeps(index)).leastHeight(threshold: t, scratch: &scratch)
                }
                guard let least else { return nil }
                total += least
                if total > height { return nil }
                // Read in place (a copy of the lines retained and released each of their arrays).
                if cache[index].candidates.isEmpty { reach = t; continue }
                var position = cache[index].candidates.positions.count - 1
                while position > 0 {
                    let e = scratch.via[position]
                    if !cache[index].candidates.edges[e].forced { reach = min(reach, cache[index].candidates.edges[e].size) }
                    position = cache[index].candidates.edges[e].from
                }
            }
            return max(reach, t)
        }
        func fits(_ t: Double, keeps: (Int) -> Bool) -> Bool { reach(t, keeps: keeps) != nil }
        /// The index past the last size of `unique` at most `size`, from `low` (at most `size`) on.
        func end(atMost size: Double, from low: Int) -> Int {
            let unique = sizes()
            var (low, high) = (low, unique.count)
            while low < high {
                let mid = (low + high) / 2
                if unique[mid] <= size { low = mid + 1 } else { high = mid }
            }
            return low
        }
        /// The largest index of `unique` above `low` (known to fit) and below `high` (known not
        /// to, or past the end) whose least height fits, by binary search (a size that fits
        /// lifts `low` to the last size its `reach` covers).
        func largestFitting(keeps: (Int) -> Bool, above low: Int, below high: Int) -> Int {
            let unique = sizes()
            var (low, high) = (low, high)
            while high - low > 1 {
                let mid = (low + high) / 2
                if let covered = reach(unique[mid], keeps: keeps) {
                    low = min(high, end(atMost: covered, from: mid)) - 1
                } else {
                    high = mid
                }
            }
            return low
        }
        /// The largest index of `unique` from `lowest` up to `top` whose least height fits;
        /// nil when not even `lowest` fits.
        func stage1(keeps: (Int) -> Bool, lowest: Int, top: Int) -> Int? {
            // The lowest size is probed last, only when nothing above it fits (least height is
            // monotone, so any size that fits shows it fits): it allows the most lines, the
            // dearest probe.
            let low = largestFitting(keeps: keeps, above: lowest, below: top + 1)
            if low > lowest { return low }
            return fits(sizes()[lowest], keeps: keeps) ? lowest : nil
        }
        /// The first index of `unique` whose size is at least `size` (`unique.count` if none).
        func firstIndex(atLeast size: Double) -> Int {
            let unique = sizes()
            var (low, high) = (0, unique.count)
            while low < high {
                let mid = (low + high) / 2
                if unique[mid] < size { low = mid + 1 } else { high = mid }
            }
            return low
        }
        /// `stage1` without hints over every size, bracketed first: filling, the candidates
        /// start at a share (τ, one paragraph unhinted) of the greedy witness, and t* is
        /// usually a little above the witness, so the size there is probed first, then the
        /// size after its `reach`, then a twentieth above the witness (on the story, 2 probes
        /// instead of 7). The same index as the plain search (least height is monotone); a
        /// guess that misses costs a probe or two.
        /// Its size (t*), nil when not even the lowest fits.
        func freeStage1() -> Double? {
            let guess = settings.lowest / BalancedCost.tau
            // The first size at least the guess (none: the plain search over all of them).
            let near = settings.lowest < guess ? smallest(above: guess.nextDown) : nil
            guard let near, let first = near.smallest else {
                return stage1(keeps: none, lowest: 0, top: sizes().count - 1).map { sizes()[$0] }
            }
            guard let covered = reach(first, keeps: none) else {
                return stage1(keeps: none, lowest: 0, top: firstIndex(atLeast: first) - 1).map { sizes()[$0] }
            }
            // t* is the smallest line of its least-height path (a larger size would fit
            // too), often that of the witness's own path: the size after that is tried next.
            // (The kept sizes are above the guess, itself above `lowest`: `around`'s floor.)
            let (fitting, next) = near.around(covered) ?? around(covered)
            guard let next, let nextCovered = reach(next, keeps: none) else { return fitting }
            let unique = sizes(), top = unique.count - 1
            let low = end(atMost: nextCovered, from: 0) - 1
            let h = firstIndex(atLeast: guess * Self.bracketRatio)
            let found: Int
            if h <= low || h > top {
                found = largestFitting(keeps: none, above: low, below: top + 1)
            } else if let covered = reach(unique[h], keeps: none) {
                found = largestFitting(keeps: none, above: end(atMost: covered, from: h) - 1, below: top + 1)
            } else {
                found = largestFitting(keeps: none, above: low, below: h)
            }
            return unique[found]
        }
        guard let t = freeStage1() else {
            // Not even the floor fits: the least height at the floor, flagged by the caller.
            let t = settings.lowest
            let paths = (0..<count).map { breaker($0, emptySize: t).leastHeight(threshold: t)?.path ?? [] }
            return BalancedPlan(threshold: t, gridMinimum: t, paths: paths, floored: true)
        }
        let quantum = height / Double(BalancedCost.heightBuckets)

        /// Stage 2 at threshold `t`: lines at least τ·t, the least cost whose block fits.
        /// Stage 2's lowest line size at threshold `t` (τ·t on the grid, never under the floor).
        func gridMinimum(_ t: Double) -> Double {
            max(settings.lowest, grid.size(at: grid.index(atOrBelow: BalancedCost.tau * t)))
        }
        /// The segment that capped t*, when `t` is that cap.
        func limiting(_ t: Double) -> (Int, Range<Int>)? { t == cap ? capParagraph : nil }
        func stage2(_ t: Double, keeps: (Int) -> Bool) -> (plan: BalancedPlan, cost: Double)? {
            let gridMinimum = gridMinimum(t)
            var leastAtMinimum: [Double] = []
            // One paragraph's budget is the box whatever its least height (H − (l − l) = H, exactly).
            for index in 0..<count where count > 1 {
                leastAtMinimum.append(
                    breaker(index, emptySize: t, hinted: keeps(index)).leastHeight(threshold: gridMinimum, scratch: &scratch) ?? 0)
            }
            if count == 1 { leastAtMinimum = [0] }
            let leastTotal = leastAtMinimum.reduce(0, +)
            var fronts: [[(height: Double, cost: Double, path: [Int])]] = []
            for index in 0..<count {
                let budget = height - (leastTotal - leastAtMinimum[index])
                fronts.append(solve(
                    &cache[index], breaker: breaker(index, emptySize: t, writer: writer(t), hinted: keeps(index)),
                    threshold: gridMinimum, budget: budget, quantum: quantum))
            }
            guard let combined = combine(fronts, height: height, quantum: quantum) else { return nil }
            // A writer's line kept whole may sit below τ·t*: the grid reaches down to it.
            var smallest = gridMinimum
            for (index, path) in combined.paths.enumerated() {
                let lines = cache[index].candidates
                for edge in path where !lines.edges[edge].forced && !lines.isEmpty { smallest = min(smallest, lines.edges[edge].size) }
            }
            return (BalancedPlan(threshold: t, gridMinimum: smallest, paths: combined.paths, limiting: limiting(t)), combined.cost)
        }

        guard let free = stage2(t, keeps: none) else {
            // Pruning lost every combination that fits: stage 1's breaks are known to fit.
            let paths = (0..<count).map { breaker($0, emptySize: t).leastHeight(threshold: t)?.path ?? [] }
            return BalancedPlan(threshold: t, gridMinimum: gridMinimum(t), paths: paths, limiting: limiting(t))
        }
        // The stability rule binds stage 1 too: a hinted block has its own threshold, the
        // largest at which the kept breaks and the rest still fit the box, no higher than t*
        // and at least τ·t* (the kept breaks may give up, once more, the share of t* that
        // stage 2 gives up for shape); its lines are at least τ times that threshold.
        guard !hintSets.isEmpty else { return free.plan }
        let unique = sizes(), low = firstIndex(atLeast: t)
        let lowestHinted = unique.firstIndex { $0 >= BalancedCost.tau * t } ?? low
        for keeps in hintSets {
            guard let index = stage1(keeps: keeps, lowest: lowestHinted, top: low),
                  unique[index] >= BalancedCost.tau * t,
                  let hinted = stage2(unique[index], keeps: keeps) else { continue }
            if withinMargin(hinted.cost, free.cost) { return hinted.plan }
        }
        return free.plan
    }

    /// Paragraphs share the box: a knapsack over their fronts, bucketed like the fronts. The
    /// least total cost whose total height fits and each paragraph's path; nil when pruning
    /// left no combination that fits.
    static func combine(
        _ fronts: [[(height: Double, cost: Double, path: [Int])]], height: Double, quantum: Double
    ) -> (cost: Double, paths: [[Int]])? {
        if fronts.count == 1 {
            // One paragraph: what the knapsack below keeps, found in one pass. Its least cost
            // survives the pruning (only a cheaper entry replaces one), and of equal costs
            // the first by (height, cost) in the front's order: the lowest height, then the
            // earliest entry.
            var best: Int?
            for (j, entry) in fronts[0].enumerated() where entry.height <= height {
                guard let b = best else { best = j; continue }
                let chosen = fronts[0][b]
                if entry.cost < chosen.cost || (entry.cost == chosen.cost && entry.height < chosen.height) { best = j }
            }
            return best.map { (fronts[0][$0].cost, [fronts[0][$0].path]) }
        }
        struct Combined { var height: Double; var cost: Double; var choice: Int; var previous: Int }
        var layers: [[Combined]] = [[Combined(height: 0, cost: 0, choice: -1, previous: -1)]]
        for front in fronts {
            var next: [Combined] = []
            for (k, partial) in layers[layers.count - 1].enumerated() {
                for (j, entry) in front.enumerated() where partial.height + entry.height <= height {
                    next.append(Combined(
                        height: partial.height + entry.height, cost: partial.cost + entry.cost, choice: j, previous: k))
                }
            }
            next.sort { ($0.height, $0.cost) < ($1.height, $1.cost) }
            var kept: [Combined] = []
            // Buckets as `keep` numbers them (a Double floor: no trap on a height an Int cannot
            // hold; NaN before the first, equal to none).
            var keptBucket = Double.nan
            for entry in next where kept.isEmpty || entry.cost < kept[kept.count - 1].cost {
                let bucket = BalancedLineBreaker.bucketIndex(entry.height / quantum)
                if bucket == keptBucket { kept[kept.count - 1] = entry } else { kept.append(entry); keptBucket = bucket }
            }
            if kept.isEmpty { return nil }
            layers.append(kept)
        }
        guard let best = layers[fronts.count].min(by: { $0.cost < $1.cost }) else { return nil }
        var paths = [[Int]](repeating: [], count: fronts.count)
        var item = best
        for index in stride(from: fronts.count - 1, through: 0, by: -1) {
            paths[index] = fronts[index][item.choice].path
            item = layers[index][item.previous]
        }
        return (best.cost, paths)
    }

    /// The distinct sizes of the paragraphs' lines (not forced) above `lowest` and at most
    /// `ceiling`, with `lowest` first, ascending: stage 1's binary search runs over them. The
    /// sizes are grid sizes, so a bit per grid index collects them without sorting.
    private static func distinctSizes(
        _ cache: [LayoutEngine.BalancedParagraph], grid: SizeGrid, lowest: Double, ceiling: Double
    ) -> [Double] {
        if let unique = distinctMultiples(cache, grid: grid, lowest: lowest, ceiling: ceiling) { return unique }
        var bits = [UInt64](repeating: 0, count: grid.count / 64 + 1)
        for paragraph in cache where !paragraph.candidates.isEmpty {
            let lines = paragraph.candidates
            for line in lines.edges where !line.forced && line.size > lowest && line.size <= ceiling {
                let index = grid.index(atOrBelow: line.size)
                guard grid.size(at: index) == line.size else {
                    // Not a size of this grid (cannot happen for fitted sizes): sort instead.
                    return sortedDistinctSizes(cache, lowest: lowest, ceiling: ceiling)
                }
                bits[index >> 6] |= 1 << UInt64(index & 63)
            }
        }
        var unique: [Double] = [lowest]
        for (word, value) in bits.enumerated() {
            var rest = value
            while rest != 0 {
                unique.append(grid.size(at: word << 6 + rest.trailingZeroBitCount))
                rest &= rest - 1
            }
        }
        return unique
    }

    /// `distinctSizes` when every size is k / n for a whole n = 1 / step (the grid's sizes
    /// between its ends, and its ends when they are multiples too): a bit per k, found with
    /// one multiplication (the grid's index costs a division and its rounding checks per
    /// line, a few thousand lines per layout). Nil when a size is not such a quotient.
    private static func distinctMultiples(
        _ cache: [LayoutEngine.BalancedParagraph], grid: SizeGrid, lowest: Double, ceiling: Double
    ) -> [Double]? {
        let perPoint = (1 / grid.step).rounded()
        guard abs(perPoint * grid.step - 1) < 1e-12, ceiling.isFinite, ceiling * perPoint < 1e9 else { return nil }
        let base = Int((lowest * perPoint).rounded(.down))
        var bits = [UInt64](repeating: 0, count: max(0, Int((ceiling * perPoint).rounded(.up)) - base) / 64 + 1)
        let found = bits.withUnsafeMutableBufferPointer { bits in
            for paragraph in cache where !paragraph.candidates.isEmpty {
                let lines = paragraph.candidates
                for line in lines.edges where !line.forced && line.size > lowest && line.size <= ceiling {
                    // Sizes are positive: adding a half and truncating rounds (any k is checked below).
                    let k = Int(line.size * perPoint + 0.5)
                    let offset = k - base
                    guard Double(k) / perPoint == line.size, offset >= 0, offset >> 6 < bits.count else { return false }
                    bits[offset >> 6] |= 1 << UInt64(offset & 63)
                }
            }
            return true
        }
        guard found else { return nil }
        var unique: [Double] = [lowest]
        for (word, value) in bits.enumerated() {
            var rest = value
            while rest != 0 {
                unique.append(Double(base + word << 6 + rest.trailingZeroBitCount) / perPoint)
                rest &= rest - 1
            }
        }
        return unique
    }

    private static func sortedDistinctSizes(
        _ cache: [LayoutEngine.BalancedParagraph], lowest: Double, ceiling: Double
    ) -> [Double] {
        var sizes: [Double] = []
        for paragraph in cache where !paragraph.candidates.isEmpty {
            let lines = paragraph.candidates
            for line in lines.edges where !line.forced && line.size > lowest && line.size <= ceiling {
                sizes.append(line.size)
            }
        }
        sizes.sort()
        var unique: [Double] = [lowest]
        for size in sizes where unique.last != size { unique.append(size) }
        return unique
    }

    /// `front.path(item)`, made at its length (appended, a path grew its array a few times).
    private static func path(_ front: BalancedLineBreaker.Front, _ item: (edge: Int, entry: Int)) -> [Int] {
        var length = 0
        var (edge, entry) = item
        while edge >= 0 {
            length += 1
            (edge, entry) = (Int(front.entries[entry].previousEdge), Int(front.entries[entry].previousEntry))
        }
        // Reserved and then written: an array made uninitialized allocates from unspecialized
        // code (a generic metadata lookup, ~600 instructions a path).
        var path: [Int] = []
        path.reserveCapacity(length)
        path.append(contentsOf: repeatElement(0, count: length))
        path.withUnsafeMutableBufferPointer { path in
            var (edge, entry) = item
            for index in stride(from: length - 1, through: 0, by: -1) {
                path[index] = edge
                (edge, entry) = (Int(front.entries[entry].previousEdge), Int(front.entries[entry].previousEntry))
            }
        }
        return path
    }

    /// Stage 2 of one paragraph, reused when nothing it depends on changed.
    private static func solve(
        _ paragraph: inout LayoutEngine.BalancedParagraph, breaker: BalancedLineBreaker, threshold: Double,
        budget: Double?, quantum: Double
    ) -> [(height: Double, cost: Double, path: [Int])] {
        let hint = breaker.hint
        let key = LayoutEngine.Stage2Key(
            threshold: threshold, emptySize: breaker.emptySize ?? threshold, writerThreshold: breaker.writerThreshold,
            budget: budget, hint: hint.map { $0.breaks.sorted() }, hintLimit: hint?.limit ?? 0)
        if hint == nil, paragraph.solvedFor == key { return paragraph.finals }
        if hint != nil, paragraph.hintedSolvedFor == key { return paragraph.hintedFinals }
        let starts = paragraph.candidates.reusedStarts
        let scratch = paragraph.scratch ?? BalancedLineBreaker.FrontScratch()
        if paragraph.scratch == nil { paragraph.scratch = scratch }
        let front: BalancedLineBreaker.Front
        if let budget {
            // A budget never resumes an earlier front: the budgeted search is the fresh one.
            front = breaker.budgetedFront(threshold: threshold, budget: budget, quantum: quantum, scratch: scratch)
        } else if breaker.resumes(paragraph.seedFront, starts: starts, threshold: threshold, budget: nil),
            let seed = paragraph.seedFront {
            // Handed over whole (its last reference): the front resumes it in its own arrays.
            paragraph.seedFront = nil
            front = breaker.resumedFront(threshold: threshold, resume: seed, starts: starts, scratch: scratch)
        } else {
            front = breaker.front(
                threshold: threshold, budget: nil, quantum: quantum,
                resume: paragraph.seedFront.map { (front: $0, starts: starts) }, scratch: scratch)
        }
        paragraph.work.transitions += front.transitions
        // Labelled as the result: an unlabelled tuple array was converted by a generic cast.
        var finals = front.final.map { (height: front.height($0), cost: front.cost($0), path: path(front, $0)) }
        if finals.isEmpty, let least = breaker.leastHeight(threshold: threshold) {
            // Over the budget even at its least height (the caller's combination then falls
            // back to stage 1's breaks); without a budget every path is a final entry.
            if budget == nil { finals = [(height: least.height, cost: breaker.cost(of: least.path), path: least.path)] }
        }
        if hint != nil {
            paragraph.hintedSolvedFor = key
            paragraph.hintedFinals = finals
            return finals
        }
        // Only an unhinted front can seed the next edit's (`BalancedLineBreaker.front`).
        paragraph.front = front
        paragraph.finals = finals
        paragraph.solvedFor = key
        return finals
    }
}
