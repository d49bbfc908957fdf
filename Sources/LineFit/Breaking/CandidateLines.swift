import Foundation

/// Every line the balanced strategy may choose in one paragraph, measured on the paragraph's
/// prefix sums (the width oracle): the break positions, and for each pair of positions that
/// makes a line narrow enough for the smallest size in play, its em width, fitted size and
/// height per point.
///
/// Positions are the UAX #14 opportunities; inside a word too wide for the width even at the
/// smallest size, the grapheme-cluster boundaries that are also HarfBuzz cluster starts are
/// added as emergency positions (a last resort: they carry `BalancedCost.emergencyPenalty`,
/// and a line from a start ends at only one of them, the last that fits at the lowest size,
/// where greedy breaking ends it; lines may start at any of them).
struct CandidateLines {
    /// Relative offsets; the first is 0 and the last the paragraph's length.
    var positions: [Int] = []
    var isEmergency: [Bool] = []
    /// Edges from position index `a` are `edgeStart[a]..<edgeStart[a + 1]`, in order of end.
    var edgeStart: [Int] = []
    /// The lines, one record each (a line goes in with one append, and a run of lines reused
    /// from an earlier build with one copy, instead of a write to each of a dozen arrays).
    var edges: [Edge] = []

    /// One candidate line.
    struct Edge: Equatable {
        /// Position indices of its start and end.
        var from: Int
        var to: Int
        var contentEnd: Int
        var emWidth: Double
        /// The size the fitter gives the line on the candidate grid (`fitLinear` on `emWidth`).
        var size: Double
        /// ln of the size used for shape cost (the fitted size; for a fixed size, the size the
        /// line would take if it could grow, so that even widths are what counts).
        var logShapeSize: Double
        /// Line height per point of size: (largest ascent + largest descent in em) × line spacing.
        var heightPerPoint: Double
        /// Share of the width the line fills at its size.
        var fill: Double
        /// The largest size among this edge and the later edges from its start (infinite when
        /// one of them is forced): a threshold above it allows none of them, so a scan over a
        /// start's lines stops there.
        var largestSizeFrom: Double
        /// Wider than the width even at the smallest size (one cluster): allowed at any threshold.
        var forced: Bool
        var heldAtMax: Bool
        /// The line is one UAX #14 segment (no opportunity inside it).
        var oneSegment: Bool
    }

    /// One field of every line, by edge index: how tests and checks outside the optimiser
    /// read lines (the optimiser's loops read `edges` directly).
    struct Field<Value> {
        let edges: [Edge]
        let key: KeyPath<Edge, Value>
        subscript(edge: Int) -> Value { edges[edge][keyPath: key] }
    }
    var edgeFrom: Field<Int> { Field(edges: edges, key: \.from) }
    var edgeTo: Field<Int> { Field(edges: edges, key: \.to) }
    var emWidth: Field<Double> { Field(edges: edges, key: \.emWidth) }
    var size: Field<Double> { Field(edges: edges, key: \.size) }
    var forced: Field<Bool> { Field(edges: edges, key: \.forced) }
    /// The widest segment that cannot break (content range) and the size at which it fills
    /// the width (on the grid); nil for an empty paragraph.
    var widestSegment: (range: Range<Int>, size: Double)?
    /// The size the whole paragraph would take on one line (0 when it does not fit even at
    /// the smallest size).
    var wholeSize = 0.0
    var isEmpty = false
    /// The height per point of every line when the paragraph has one font (nil otherwise).
    var uniformHeight: Double?
    /// Leading start positions whose lines were copied from the lines this was built reusing
    /// (their edges keep their indices; stage 2 may resume after them).
    var reusedStarts = 0
    /// Per edge, the index of the same line in the lines this was built reusing, or -1 for a
    /// line measured here; empty when nothing was reused. Past `reusedStarts`, a start's
    /// lines that end where the two measurements still agree, or still read the same prefix
    /// sums (`reusableStarts`), are copied too (a keystroke at the end of a paragraph changes
    /// only the lines reaching past the agreement), so stage 2 can copy the entries of those
    /// lines from the earlier front (`BalancedLineBreaker.front`). A copied line ends at the
    /// earlier build's last position only where neither build fits the paragraph on one line
    /// (the writer's rule costs a last line differently).
    var reusedFrom: [Int32] = []
    /// How many lines the lines this was built reusing had: a front resumed over these lines
    /// must have been built over those (`BalancedLineBreaker.resumes` checks it, so that the
    /// resumed front's unchecked reads stay within the earlier front's entries).
    var earlierEdgeCount = 0
    private var recordsReuse = false
    /// How many leading `reusedFrom` entries are their own index (the kept starts' lines).
    private var numberedAsThemselves = 0
    /// The prefix sums a rebuild read at `positions[readStopsFrom...]` (empty when it read
    /// none): the next rebuild compares them with its own to find the positions past the
    /// agreement that still read the same (`reusableStarts`).
    private var readStops: [PrefixStop] = []
    private var readStopsFrom = 0
    /// Lines measured here (not copied): the work done, for tests that bound it.
    var measuredLines = 0
    /// Of those, lines that took the size fields of the same line of the earlier build
    /// (`Lending.keptSize`) instead of being fitted: for tests that bound the fits.
    var keptSizes = 0
    /// Leading positions taken from the earlier build (`takePositions`) instead of scanned:
    /// for tests that check when they are.
    var takenPositions = 0
    /// Prefix stops taken from the earlier build's (`stops(_:at:keeping:before:)`) instead of
    /// read, and leading `reusedFrom` numbers left as the earlier build wrote them
    /// (`copiedNumbers`): for tests that check when they are.
    var takenStops = 0
    var keptNumbers = 0
    /// Estimated widths read from the prefix sums while scanning for lines (the other half
    /// of the work, for tests that bound it).
    var widthsRead = 0
    /// What the lines depend on besides the grid (see `rescaled`): the width, tracking and
    /// line spacing they were made for, whether exact widths replaced estimates, the widest
    /// segment's em width, and the em widths between which every fit test at `lowest` came
    /// out as it did: the largest that fitted and the smallest that did not (segments
    /// included, which decide the emergency positions).
    private var madeFor = (width: 0.0, tracking: 0.0, lineSpacing: 0.0)
    private var overridden = false
    private var widestEm = 0.0
    private var largestFitting = -Double.infinity
    private var smallestTooWide = Double.infinity

    var edgeCount: Int { edges.count }

    /// The line of `edge` as the fitter takes it (relative offsets; balanced lines carry the
    /// whole paragraph as their reach: they are not re-broken from a restart point).
    func span(_ edge: Int) -> LineSpan {
        let line = edges[edge], to = line.to
        return LineSpan(
            start: positions[line.from], end: positions[to], contentEnd: line.contentEnd,
            brokenInsideWord: isEmergency[to], reach: positions[last])
    }
    var last: Int { positions.count - 1 }

    /// Scans estimates past the width by the greedy breaker's fraction, so a line that fits
    /// exactly is never left out for a last-bit difference (the fitter then decides on the
    /// line's own glyphs).
    static var estimateSlack: Double { GreedyLineBreaker.estimateSlack }

    /// - Parameters:
    ///   - lowest: the smallest line size any threshold will ask for (the minimum, or the
    ///     floor when filling a box); lines too wide at it are not candidates.
    ///   - fitter: the fitter on the grid from `lowest` to the maximum.
    ///   - widthOverride: exact em widths for lines whose estimate was wrong (repair).
    ///   - reusing: the candidate lines of an earlier measurement of the paragraph, made with
    ///     the same settings and no overrides, and the offset through which the two
    ///     measurements agree (`MeasuredParagraph.agreement(with:)`): the lines from a start
    ///     whose every examined position lies at or before it are the same and are copied.
    ///   - handedOver: `reusing` is the caller's last reference to those lines: their storage
    ///     is kept and cut back to the copied starts' lines in place instead of copied.
    ///   - known: the paragraph's `PrefixStop`s at some positions (a fill's greedy check made
    ///     them); a fresh build reads them when they are at its positions.
    init(
        _ paragraph: borrowing MeasuredParagraph, fitter: LineFitter, lowest: Double, tracking: Double,
        metrics: FontChainMetrics, lineSpacing: Double, fixedSize: Bool,
        widthOverride: [LineKey: Double] = [:], reusing: consuming (lines: CandidateLines, agreed: Int)? = nil,
        handedOver: Bool = false, stops known: [PrefixStop]? = nil
    ) {
        let width = fitter.width
        let length = paragraph.length
        madeFor = (width, tracking, lineSpacing)
        overridden = !widthOverride.isEmpty
        if paragraph.contentLength == 0 {
            isEmpty = true
            positions = [0, length]
            isEmergency = [false, false]
            edgeStart = [0, 1, 1]
            edges = [Edge(
                from: 0, to: 1, contentEnd: 0, emWidth: 0, size: fitter.grid.minSize, logShapeSize: 0,
                heightPerPoint: metrics.primaryHeight * lineSpacing, fill: 0, largestSizeFrom: fitter.grid.minSize,
                forced: false, heldAtMax: false, oneSegment: false)]
            return
        }
        // A fill's fresh build on its greedy check's stops: out of line, so that the rest of
        // this initializer, which an editor's keystroke runs, compiles as it did.
        if reusing == nil, widthOverride.isEmpty, let known,
           buildPlain(
            paragraph, stops: known, fitter: fitter, lowest: lowest, tracking: tracking, metrics: metrics,
            lineSpacing: lineSpacing, fixedSize: fixedSize) {
            return
        }
        // Positions: opportunities, and cluster boundaries inside segments too wide at `lowest`.
        var previous = 0
        // One position per opportunity and the ends (more only with emergency positions):
        // reserved once instead of grown (~3.4 K instructions of a 40-position keystroke).
        positions.reserveCapacity(paragraph.breaks.count + 2)
        isEmergency.reserveCapacity(paragraph.breaks.count + 2)
        positions.append(0)
        isEmergency.append(false)
        var widest: (Range<Int>, Double)?
        var opportunities = paragraph.breaks[...]
        // A rebuild takes the leading positions that read only what agrees from the earlier
        // lines, with what their segments gave (`keptPositions`), and scans the rest.
        if widthOverride.isEmpty, let earlier = reusing,
           let kept = takePositions(of: earlier.lines, agreed: earlier.agreed, breaks: paragraph.breaks) {
            (previous, widest, opportunities) = (kept.previous, kept.widest, paragraph.breaks[kept.next...])
        }
        for opportunity in opportunities where opportunity > 0 {
            // As in greedy breaking, a line never ends inside a HarfBuzz cluster (ICU allows a
            // break between emoji modifiers that shape as one cluster): the positions inside
            // one would make zero-width lines between every pair of them, n² edges on a run.
            if opportunity < paragraph.length,
               !(paragraph.isGraphemeStart[opportunity] && paragraph.isClusterStart[opportunity]) {
                continue
            }
            let content = paragraph.contentEnd(from: previous, to: opportunity)
            if content > previous {
                let em = paragraph.estimatedWidth(previous, content, tracking: tracking)
                if widest == nil || em > widest!.1 { widest = (previous..<content, em) }
                if em * lowest > width * (1 + Self.estimateSlack) {
                    smallestTooWide = min(smallestTooWide, em)
                    var q = previous + 1
                    while q < content {
                        if paragraph.isGraphemeStart[q] && paragraph.isClusterStart[q] && !paragraph.isWhitespace[q - 1] {
                            positions.append(q)
                            isEmergency.append(true)
                        }
                        q += 1
                    }
                } else {
                    largestFitting = max(largestFitting, em)
                }
            }
            positions.append(opportunity)
            isEmergency.append(false)
            previous = opportunity
        }
        if positions.last != length {
            positions.append(length)
            isEmergency.append(false)
        }
        if let (range, em) = widest {
            widestEm = em
            // The earlier lines' own widest segment (kept above): sized on the same fitter.
            if let earlier = reusing?.lines.widestSegment, earlier.range == range,
               em.bitPattern == reusing?.lines.widestEm.bitPattern {
                widestSegment = earlier
            } else {
                widestSegment = (range, em > 0 ? fitter.fitLinear(emWidth: em).size : fitter.grid.maxSize)
            }
        }
        let count = positions.count
        // About a dozen lines per start on captions, or as many per start as the lines this
        // builds on had: reserved once instead of grown (each growth copies every line).
        var expected = count * 12
        if let old = reusing?.lines, old.positions.count > 1 {
            expected = max(expected, (old.edgeCount * count) / (old.positions.count - 1) + 16)
        }
        // One font on the whole paragraph (the common case): one line height for every line.
        let singleFont = paragraph.runs.allSatisfy { $0.fontIndex == paragraph.runs.first?.fontIndex }
        let uniformHeight = metrics.height(paragraph, 0, paragraph.contentLength) * lineSpacing
        self.uniformHeight = singleFont ? uniformHeight : nil
        var first = 0
        let hasEmergency = isEmergency.contains(true)
        // Decided before the reuse below so that its path stays as it was.
        if reusing == nil, !hasEmergency, widthOverride.isEmpty, singleFont, count > 16,
           positions[count - 2] <= paragraph.contentLength {
            scanPlain(
                paragraph, known: known, fitter: fitter, lowest: lowest, tracking: tracking, height: uniformHeight,
                fixedSize: fixedSize, expected: expected)
            return
        }
        edgeStart.reserveCapacity(count + 1)
        /// The earlier lines whose starts past `first` may lend the lines that end before
        /// position index `common` (where the two measurements' positions stop agreeing); their
        /// lines are read through `lending`, which also places every line written here.
        var lent: CandidateLines?, lentCommon = 0
        /// Per start that lent lines: where its new lines begin and the largest size among its
        /// earlier lines that were not lent (`setLargestSizes`).
        var lentRuns: [(start: Int, newLines: Int, dropped: Double)] = []
        var lending = Lending(appendingAfter: 0)
        /// The leading starts' lines, kept where they are (`reusedFrom` numbers them as themselves).
        var keptLines = 0
        // Moved out (`handedOver`: then the only reference to the earlier lines' storage).
        if case (var old, let agreed)? = reusing.take(), widthOverride.isEmpty, singleFont,
           old.uniformHeight == uniformHeight, !old.isEmpty {
            earlierEdgeCount = old.edgeCount
            let common: Int
            (first, common) = Self.reusableStarts(
                old, paragraph, positions: positions, isEmergency: isEmergency, agreed: agreed,
                taken: takenPositions > 0 ? takenPositions + 1 : 0)
            let lentBase = old.edgeStart[first]
            keptLines = lentBase
            // Without emergency positions a start's lines go in as its scan meets them, so the
            // lines before `common` come out as before whatever the scan meets after them.
            let lends = !hasEmergency && !old.isEmergency.contains(true) && common > first
            // The lines' numbers (`reusedFrom`) are written once all are placed (`copiedNumbers`).
            if lends { recordsReuse = true }
            if first > 0 {
                edgeStart.append(contentsOf: old.edgeStart[0..<first])
                if handedOver {
                    // The leading starts' lines stay in the earlier storage; the later lines,
                    // lent below, are read where they are and written over (`Lending`).
                    swap(&edges, &old.edges)
                    if let grown = Self.grownCapacity(edges.capacity, expected: expected, samePositions: count == old.positions.count) {
                        // Only the leading starts' lines are copied: the lent ones are read
                        // in the earlier storage and written once.
                        let earlier = edges
                        edges = []
                        edges.reserveCapacity(grown)
                        edges.append(contentsOf: earlier[0..<lentBase])
                        lending = Lending(appendingAfter: lentBase, earlier: lends ? earlier : [])
                    } else if lends {
                        lending = Lending(inPlaceFrom: lentBase)
                    } else {
                        edges.removeSubrange(lentBase...)
                        lending = Lending(appendingAfter: lentBase)
                    }
                } else {
                    edges.reserveCapacity(expected)
                    edges.append(contentsOf: old.edges[0..<lentBase])
                    lending = Lending(appendingAfter: lentBase, earlier: old.edges)
                }
                reusedStarts = first
            } else {
                lending = Lending(appendingAfter: 0, earlier: old.edges)
            }
            if lends {
                // Only the positions are read from it: its lines are `lending`'s.
                old.edges = []
                (lent, lentCommon) = (old, common)
                lentRuns.reserveCapacity(common - first)
            }
            if lends || first > 0 {
                // Copied lines keep the fit tests the earlier build made for them.
                largestFitting = max(largestFitting, old.largestFitting)
                smallestTooWide = min(smallestTooWide, old.smallestTooWide)
            }
        }
        // (Storage handed over already holds as many: `grownCapacity`.)
        edges.reserveCapacity(expected)
        let capacity = width * (1 + Self.estimateSlack)
        // A build (fresh, or a rebuild past the kept starts) reads each position's prefix sums
        // once, not once per line ending there. Not for a few positions: there the array costs
        // more than the reads it saves (1.3 K of a one-line paragraph's balanced keystroke);
        // both ways give the same values. Only from the first start scanned: lines from the
        // ones before it are kept (`stops[i]` is position `first + i`).
        let stops: [PrefixStop]?
        if count - first > 16, let lent {
            (stops, takenStops) = Self.stops(paragraph, at: positions[first...], keeping: lent, before: lentCommon)
        } else {
            stops = count - first > 16 ? Self.stops(paragraph, at: positions[first...]) : nil
        }
        if recordsReuse, let stops { (readStops, readStopsFrom) = (stops, first) }
        // An exact width (repair) may break the rise the search relies on: then ends are read
        // one by one (repairs are rare and touch a few lines).
        let rising = hasEmergency && widthOverride.isEmpty
            ? Self.risingPieces(paragraph, positions: positions, isEmergency: isEmergency, tracking: tracking)
            : [Int](repeating: -1, count: hasEmergency ? count : 0)
        /// Ends that fit at `lowest` from the current start, in order: (position index, content end, em).
        var fitting: [(end: Int, content: Int, em: Double)] = []
        /// A lent start's earlier lines past its lent ones (`tail`, read through `lending`), the
        /// first not passed yet at `tail.lowerBound`: a new line with the same end, content and
        /// em width takes their size fields (`keptSize`).
        var tail = 0..<0
        // A rebuild's new lines (a keystroke's) are fitted as a fresh build's (`scanPlain`)
        // are: the same fit in fewer steps (`fitLinear` was ~40% of a new line's cost).
        let shortcut = lent != nil ? LinearFitShortcut(fitter) : nil
        for a in first..<count {
            edgeStart.append(lending.write)
            guard a < count - 1 else { continue }
            // Only a lent start has earlier lines to compare with (set below).
            tail = 0..<0
            let start = positions[a]
            let from = stops.map { start <= paragraph.contentLength ? $0[a - first] : nil } ?? nil
            func measure(_ b: Int) -> (content: Int, em: Double) {
                widthsRead += 1
                if let from, let stops, widthOverride.isEmpty {
                    let to = stops[b - first]
                    return (to.contentEnd(from: from), to.width(from: from, tracking: tracking))
                }
                let content = paragraph.contentEnd(from: start, to: positions[b])
                // (A dictionary lookup hashes its key even when empty: overrides are rare.)
                let override = widthOverride.isEmpty ? nil : widthOverride[LineKey(start: start, contentEnd: content)]
                return (content, override ?? paragraph.estimatedWidth(start, content, tracking: tracking))
            }
            func addLine(_ b: Int, content: Int, em: Double) {
                let sized: SizedLine
                if !tail.isEmpty, let old = lent,
                   let kept = lending.keptSize(&tail, end: positions[b], content: content, em: em, earlier: old, in: edges) {
                    sized = kept
                    keptSizes += 1
                    if a == 0 && b == count - 1 && !kept.forced { wholeSize = kept.size }
                } else if let shortcut {
                    sized = sizedLine(
                        em: em, from: a, to: b, hasContent: content > start, fit: shortcut.fit(emWidth: em),
                        fitter: fitter, fixedSize: fixedSize, logAtMax: shortcut.logAtMax)
                } else {
                    sized = sizedLine(em: em, from: a, to: b, hasContent: content > start, fitter: fitter, fixedSize: fixedSize)
                }
                measuredLines += 1
                lending.put(Edge(
                    from: a, to: b, contentEnd: content, emWidth: em, size: sized.size, logShapeSize: sized.logShapeSize,
                    heightPerPoint: singleFont ? uniformHeight : metrics.height(paragraph, start, content) * lineSpacing,
                    fill: sized.fill, largestSizeFrom: 0, forced: sized.forced, heldAtMax: sized.heldAtMax,
                    oneSegment: b == a + 1 && !isEmergency[a] && !isEmergency[b]), into: &edges)
            }
            // The scan stops at the first end too wide at `lowest` (`stop`). Lines end at every
            // opportunity before it and, inside words, only where greedy breaking ends them: at
            // the last emergency position before it (the last resort, as in greedy layouts).
            // Every emergency position as an end would make every pair of a long word's
            // clusters within a line's reach a line: k² lines and k³ stage 2 transitions for a
            // word of k clusters (the fuzzer's 100-cluster word took 37 s).
            fitting.removeAll(keepingCapacity: true)
            var greedyEmergency: (end: Int, content: Int, em: Double)?
            var stop: (end: Int, content: Int, em: Double)?
            var emitted = false
            var b = a + 1
            if a < lentCommon, let old = lent {
                let common = lentCommon
                // The earlier lines from this start that end before `common` read only what
                // agrees: copied, and the scan goes on after them.
                // A start's lines are in order of end, and only its last few reach `common`:
                // counted back from its last line.
                var end = old.edgeStart[a + 1]
                while end > old.edgeStart[a], lending.line(end - 1, in: edges).to >= common { end -= 1 }
                // Only as the last line may a line be all spaces (`admits`): from the earlier
                // last position on (`reusableStarts`) such a line is not one here.
                if end > old.edgeStart[a], common > old.last, lending.line(end - 1, in: edges).contentEnd == start {
                    end -= 1
                }
                tail = end..<old.edgeStart[a + 1]
                var lastCopied: Edge?
                if end > old.edgeStart[a] {
                    lastCopied = lending.line(end - 1, in: edges)
                    // The largest size among the lines not lent (their first carries it).
                    let dropped = end < old.edgeStart[a + 1] ? lending.line(end, in: edges).largestSizeFrom : -.infinity
                    lending.lend(old.edgeStart[a]..<end, into: &edges)
                    lentRuns.append((a, lending.write, dropped))
                }
                // This start's earlier lines are read: the next start's are the next to be.
                lending.readNext(from: a + 1 < common ? old.edgeStart[a + 1] : .max, in: &edges)
                if let lastCopied {
                    b = lastCopied.to + 1
                    emitted = true
                    // Too wide at `lowest`: the forced line of a start where nothing fits,
                    // or its scan stopped before `common` (on a position both agree on).
                    if !(lastCopied.emWidth * lowest <= capacity) || (end == old.edgeStart[a + 1] && b < common) {
                        continue
                    }
                }
            }
            while b < count {
                if isEmergency[b] {
                    // Along a piece where the width rises with every cluster, the ends that fit
                    // are a prefix: a binary search finds the last (a long word's starts would
                    // otherwise each read every cluster within a line's reach, O(P·L) widths
                    // per layout and ~26 layouts in a height limit's search).
                    var top = max(b, rising[b])
                    // The tracking between clusters starts with the second cluster: until the
                    // line has one, its width is not the rising sum (one end at a time).
                    if paragraph.prefixClusters[positions[b]] - paragraph.prefixClusters[start] < 1 { top = b }
                    let last = measure(top)
                    if last.em * lowest <= capacity {
                        largestFitting = max(largestFitting, last.em)
                        greedyEmergency = (top, last.content, last.em)
                        b = top + 1
                        continue
                    }
                    // The first end in b...top that does not fit: `low` fits (or is before b).
                    var low = b - 1, high = top
                    var highMeasure = last
                    var lowMeasure: (content: Int, em: Double)?
                    while high - low > 1 {
                        let mid = (low + high) / 2
                        let measured = measure(mid)
                        if measured.em * lowest <= capacity {
                            low = mid
                            lowMeasure = measured
                        } else {
                            high = mid
                            highMeasure = measured
                        }
                    }
                    if low >= b, let lowMeasure {
                        largestFitting = max(largestFitting, lowMeasure.em)
                        greedyEmergency = (low, lowMeasure.content, lowMeasure.em)
                    }
                    smallestTooWide = min(smallestTooWide, highMeasure.em)
                    stop = (high, highMeasure.content, highMeasure.em)
                    break
                }
                let (content, em) = measure(b)
                guard let fits = Self.admits(
                    content: content, em: em, start: start, isLast: b == count - 1, lowest: lowest, capacity: capacity,
                    largestFitting: &largestFitting, smallestTooWide: &smallestTooWide)
                else {
                    b += 1
                    continue
                }
                guard fits else {
                    stop = (b, content, em)
                    break
                }
                if hasEmergency {
                    fitting.append((b, content, em))
                } else {
                    // No end inside a word to place among them: the lines go straight in.
                    addLine(b, content: content, em: em)
                    emitted = true
                }
                b += 1
            }
            for line in fitting {
                if let emergency = greedyEmergency, emergency.end < line.end {
                    addLine(emergency.end, content: emergency.content, em: emergency.em)
                    greedyEmergency = nil
                }
                addLine(line.end, content: line.content, em: line.em)
                emitted = true
            }
            if let emergency = greedyEmergency {
                addLine(emergency.end, content: emergency.content, em: emergency.em)
                emitted = true
            }
            // Nothing fits from this start: the first end goes alone, too wide (forced).
            if !emitted, let stop { addLine(stop.end, content: stop.content, em: stop.em) }
        }
        lending.finish(&edges)
        edgeStart.append(edges.count)
        if recordsReuse, lent != nil {
            // The earlier lines' numbers are rewritten in their storage (moved out: its last
            // reference once handed over).
            swap(&reusedFrom, &lent!.reusedFrom)
            keptNumbers = Self.copiedNumbers(
                &reusedFrom, numbered: lent!.numberedAsThemselves, count: edges.count, kept: keptLines,
                runs: lentRuns, starts: edgeStart, earlierStarts: lent!.edgeStart)
            numberedAsThemselves = keptLines
        }
        // A line to the earlier last position is costed as the last line only where the writer's
        // one-line rule is in play (`BalancedLineBreaker.unaryCost`), which needs the whole
        // paragraph to fit on a line: otherwise stage 2 may copy its entry like any other.
        // (Such a line is the last of its start's lent run: found from the runs, not noted as
        // lent, where a list grown line by line cost ~2 K instructions on a space typed.)
        if recordsReuse, let lent, wholeSize > 0 || lent.wholeSize > 0 {
            for run in lentRuns where edges[run.newLines - 1].to == lent.last { reusedFrom[run.newLines - 1] = -1 }
        }
        // The leading starts' lines are the earlier ones, and so are their largest sizes.
        setLargestSizes(from: first, lentRuns: lentRuns)
    }

    /// The capacity handed-over lines grow to, or nil when they keep theirs. Growth copies the
    /// lines, so it doubles (a typing replay copies O(log n) times), and it comes early, on a
    /// keystroke that adds no position, when the lines fill four fifths of it: a keystroke
    /// that adds one is the costliest of all (every start that reaches it gains a line), and a
    /// copy of ~50 K instructions there made the p99 keystroke.
    static func grownCapacity(_ capacity: Int, expected: Int, samePositions: Bool) -> Int? {
        guard capacity < expected || (samePositions && capacity < expected + expected / 4) else { return nil }
        return max(2 * capacity, expected + expected / 2)
    }

    /// No lines: what stands in for lines moved out of a value (see `handedOver`).
    init(placeholder: ()) {}

    /// `reusedFrom` of a rebuild's `count` lines, written in one pass once they are placed (a
    /// number appended per line as it went in cost ~5 instructions a line, every line of the
    /// paragraph on every keystroke, and the array grew), over the earlier lines' numbers
    /// (`numbers`, whose first `numbered` are themselves: those need no write when this build
    /// keeps as many). The `kept` leading lines are themselves; each lent start's run of
    /// copied lines (`runs`, in order of start) begins its lines (`starts`) and ends at its
    /// `newLines`, and is that start's leading lines in the earlier build (`earlierStarts`);
    /// every other line is measured here (-1). Returns how many leading numbers it left as
    /// they were.
    @inline(never)
    private static func copiedNumbers(
        _ numbers: inout [Int32], numbered: Int, count: Int, kept: Int,
        runs: [(start: Int, newLines: Int, dropped: Double)], starts: [Int], earlierStarts: [Int]
    ) -> Int {
        let already = min(numbered, kept, numbers.count, count)
        if numbers.count > count {
            numbers.removeSubrange(count...)
        } else if numbers.count < count {
            // Doubling: a paragraph typed at its end gains a few lines a keystroke.
            if numbers.capacity < count { numbers.reserveCapacity(max(count, 2 * numbers.capacity)) }
            numbers.append(contentsOf: repeatElement(-1, count: count - numbers.count))
        }
        numbers.withUnsafeMutableBufferPointer { buffer in
            guard let numbers = buffer.baseAddress else { return }
            // Each bound is clamped to `count` (the buffer's) and to the one before it: every
            // write is in `0..<count`, each index written once, in order.
            func fill(_ range: Range<Int>, from first: Int) {
                var value = Int32(truncatingIfNeeded: first)
                for e in range {
                    numbers[e] = value
                    value &+= 1
                }
            }
            var e = min(max(already, 0), count)
            let kept = min(max(kept, e), count)
            fill(e..<kept, from: e)
            e = kept
            for run in runs {
                let from = min(max(starts[run.start], e), count), to = min(max(run.newLines, from), count)
                (numbers + e).update(repeating: -1, count: from - e)
                fill(from..<to, from: earlierStarts[run.start])
                e = to
            }
            (numbers + e).update(repeating: -1, count: count - e)
        }
        return already
    }

    /// The general scan of a fresh build for the common case (one font, no end inside a
    /// word, no exact widths, every start before the content's end): the same lines in the
    /// same order, each read from the stops, without the general loop's per-line branches on
    /// reuse, emergencies and fonts (the balanced+fill layout builds lines at every rung).
    /// `known`: the stops of a fill's greedy check, read when they are at these positions.
    /// (Not inlined: in the initializer, whose other paths an editor's keystroke runs, it
    /// changed what the compiler inlines there.)
    @inline(never)
    private mutating func scanPlain(
        _ paragraph: MeasuredParagraph, known: [PrefixStop]?, fitter: LineFitter, lowest: Double, tracking: Double,
        height: Double, fixedSize: Bool, expected: Int
    ) {
        let positions = positions
        let stops = known.flatMap { $0.elementsEqual(positions) { $0.position == $1 } ? $0 : nil }
            ?? positions.map { PrefixStop(paragraph, $0) }
        scanPlain(
            stops: stops, fitter: fitter, lowest: lowest, tracking: tracking, height: height, fixedSize: fixedSize,
            expected: expected)
    }

    /// The fresh build of a fill's paragraph from its greedy check's stops (at 0, every
    /// opportunity and the end), when its lines take `scanPlain`: the positions, the widest
    /// segment and the fit bounds come from the stops (what the loop over opportunities reads
    /// of the prefix sums is in them already), then the same scan. False, with nothing
    /// changed, when the stops are not the positions (an opportunity inside a HarfBuzz cluster
    /// is not one), a segment is too wide at `lowest` (emergency positions) or the scan does
    /// not apply (several fonts, 16 positions or fewer, spaces at the end): the initializer's
    /// own path decides.
    @inline(never)
    private mutating func buildPlain(
        _ paragraph: MeasuredParagraph, stops known: [PrefixStop], fitter: LineFitter, lowest: Double, tracking: Double,
        metrics: FontChainMetrics, lineSpacing: Double, fixedSize: Bool
    ) -> Bool {
        let length = paragraph.length, width = fitter.width, count = known.count
        guard count > 16, known[0].position == 0, known[count - 2].position <= paragraph.contentLength,
              paragraph.runs.allSatisfy({ $0.fontIndex == paragraph.runs.first?.fontIndex }) else { return false }
        var last = 0, widest: (Range<Int>, Double)?, largest = largestFitting
        for opportunity in paragraph.breaks where opportunity > 0 {
            if opportunity < length, !(paragraph.isGraphemeStart[opportunity] && paragraph.isClusterStart[opportunity]) {
                return false
            }
            last += 1
            guard last < count, known[last].position == opportunity else { return false }
            let from = known[last - 1], to = known[last]
            let content = to.contentEnd(from: from)
            if content > from.position {
                let em = to.width(from: from, tracking: tracking)
                if widest == nil || em > widest!.1 { widest = (from.position..<content, em) }
                guard !(em * lowest > width * (1 + Self.estimateSlack)) else { return false }
                largest = max(largest, em)
            }
        }
        // The end is a position of its own when no opportunity is there.
        if known[last].position != length { last += 1 }
        guard last == count - 1, known[last].position == length else { return false }
        positions.reserveCapacity(count)
        isEmergency.reserveCapacity(count)
        for stop in known {
            positions.append(stop.position)
            isEmergency.append(false)
        }
        largestFitting = largest
        if let (range, em) = widest {
            widestEm = em
            widestSegment = (range, em > 0 ? fitter.fitLinear(emWidth: em).size : fitter.grid.maxSize)
        }
        let height = metrics.height(paragraph, 0, paragraph.contentLength) * lineSpacing
        uniformHeight = height
        scanPlain(
            stops: known, fitter: fitter, lowest: lowest, tracking: tracking, height: height, fixedSize: fixedSize,
            expected: count * 12)
        return true
    }

    /// The scan itself, on empty `edges` and `edgeStart` (a fresh build). Each start's lines
    /// are written into storage that has room for every end after it (a start makes at most
    /// one line per end), so a line is one store, not a checked append; its lines then get
    /// their `largestSizeFrom` in one pass back over them while they are still at hand.
    /// `expected`: the lines to make room for at first (more only past it).
    private mutating func scanPlain(
        stops: [PrefixStop], fitter: LineFitter, lowest: Double, tracking: Double, height: Double, fixedSize: Bool,
        expected: Int
    ) {
        let count = positions.count, capacity = fitter.width * (1 + Self.estimateSlack)
        var largestFitting = largestFitting, smallestTooWide = smallestTooWide, widthsRead = 0
        var wholeSize = wholeSize
        let shortcut = LinearFitShortcut(fitter)
        // The stops through a buffer, without a bounds check per read: every index read is below
        // `count` (a stop per position; the checked reads trapped where this does).
        precondition(stops.count >= count && count >= 2 && edges.isEmpty && edgeStart.isEmpty)
        var edges: [Edge] = []
        // The lines from start `a` on, written into `lines` from its first slot while it has
        // room for one line per end after the start (a start makes at most that many: one per
        // end that fits, or the forced one alone), so every write is in it; `a` ends at the next
        // start to scan, and the lines written are returned. `before`: lines already made.
        func scan(
            from a: inout Int, into lines: UnsafeMutableBufferPointer<Edge>, starts: UnsafeMutablePointer<Int>,
            stops: UnsafeBufferPointer<PrefixStop>, before: Int
        ) -> Int {
            var n = 0
            while a < count - 1, lines.count - n >= count - 1 - a {
                starts[a] = before + n
                let first = n, from = stops[a], start = from.position
                var stop: (end: Int, content: Int, em: Double)?
                var b = a + 1
                while b < count {
                    let to = stops[b]
                    let content = to.contentEnd(from: from), em = to.width(from: from, tracking: tracking)
                    let fits = Self.admits(
                        content: content, em: em, start: start, isLast: b == count - 1, lowest: lowest, capacity: capacity,
                        largestFitting: &largestFitting, smallestTooWide: &smallestTooWide)
                    if fits == false {
                        stop = (b, content, em)
                        break
                    }
                    if fits == true {
                        (lines.baseAddress! + n).initialize(to: Self.plainLine(
                            from: a, to: b, content: content, start: start, em: em, last: count - 1, shortcut: shortcut,
                            height: height, fixedSize: fixedSize, wholeSize: &wholeSize))
                        n += 1
                    }
                    b += 1
                }
                // The ends read: through the one that stopped the scan, or all.
                widthsRead += min(b + 1, count) - (a + 1)
                // Nothing fits from this start: the first end goes alone, too wide (forced).
                if n == first, let stop {
                    (lines.baseAddress! + n).initialize(to: Self.plainLine(
                        from: a, to: stop.end, content: stop.content, start: start, em: stop.em, last: count - 1,
                        shortcut: shortcut, height: height, fixedSize: fixedSize, wholeSize: &wholeSize))
                    n += 1
                }
                // `setLargestSizes()` for this start's lines: the largest size among each line
                // and the later ones (infinite from a forced one on).
                var largest = 0.0, e = n
                while e > first {
                    e -= 1
                    largest = max(largest, lines[e].forced ? .infinity : lines[e].size)
                    lines[e].largestSizeFrom = largest
                }
                a += 1
            }
            return n
        }
        let edgeStart = [Int](unsafeUninitializedCapacity: count + 1) { starts, written in
            stops.withUnsafeBufferPointer { stops in
                var a = 0
                while a < count - 1 {
                    // Room for the expected lines, and for at least one start's every end; past
                    // them (more lines than expected), the rest goes into more storage, appended,
                    // as large as the lines so far (so that there are few such pieces).
                    let room = max(expected - edges.count, edges.count, count)
                    let before = edges.count
                    let more = [Edge](unsafeUninitializedCapacity: room) { lines, made in
                        made = scan(from: &a, into: lines, starts: starts.baseAddress!, stops: stops, before: before)
                    }
                    if edges.isEmpty { edges = more } else { edges.append(contentsOf: more) }
                }
            }
            starts[count - 1] = edges.count
            starts[count] = edges.count
            written = count + 1
        }
        measuredLines += edges.count
        (self.edges, self.edgeStart) = (edges, edgeStart)
        (self.largestFitting, self.smallestTooWide, self.wholeSize) = (largestFitting, smallestTooWide, wholeSize)
        self.widthsRead += widthsRead
    }

    /// The scan's test of the line from `start` to an end: nil when the end is skipped
    /// (leading spaces alone do not make a line, unless they are all there is), else whether
    /// it fits at `lowest`; the em width goes into the bound that the test's outcome records.
    @inline(__always)
    private static func admits(
        content: Int, em: Double, start: Int, isLast: Bool, lowest: Double, capacity: Double,
        largestFitting: inout Double, smallestTooWide: inout Double
    ) -> Bool? {
        if content == start && !isLast { return nil }
        guard em * lowest <= capacity else {
            smallestTooWide = min(smallestTooWide, em)
            return false
        }
        largestFitting = max(largestFitting, em)
        return true
    }

    /// A line of `scanPlain`, as the general scan's `addLine` makes it without emergencies
    /// (`sized`, as `sizedLine` makes it; the line from the first to the last position also
    /// sets `wholeSize` when it fits). `start`: the position of `from`.
    @inline(__always)
    private static func plainLine(
        from a: Int, to b: Int, content: Int, start: Int, em: Double, last: Int, shortcut: LinearFitShortcut,
        height: Double, fixedSize: Bool, wholeSize: inout Double
    ) -> Edge {
        let fit = shortcut.fit(emWidth: em)
        if a == 0 && b == last && !fit.overflows { wholeSize = fit.size }
        let sized = Self.sized(
            em: em, hasContent: content > start, fit: fit, fitter: shortcut.fitter, fixedSize: fixedSize,
            logAtMax: shortcut.logAtMax)
        return Edge(
            from: a, to: b, contentEnd: content, emWidth: em, size: sized.size, logShapeSize: sized.logShapeSize,
            heightPerPoint: height, fill: sized.fill, largestSizeFrom: 0, forced: sized.forced,
            heldAtMax: sized.heldAtMax, oneSegment: b == a + 1)
    }

    /// The same lines for another smallest size and grid, when every fit test at `lowest` that
    /// decided them (which segments get emergency positions, where each start's scan
    /// stopped) comes out the same at the new one: a height limit's search lays the text out
    /// at ~26 minimums, and the later ones differ by a fraction of a point, so the lines are
    /// re-sized on the new grid (O(lines)) instead of found again. Equal to a fresh build at
    /// the new settings; nil when it would not be (or lines had exact widths from a repair).
    func rescaled(
        fitter: LineFitter, lowest: Double, tracking: Double, lineSpacing: Double, fixedSize: Bool
    ) -> CandidateLines? {
        let width = fitter.width
        guard !isEmpty, !overridden, madeFor == (width, tracking, lineSpacing) else { return nil }
        // The tests as the build makes them, so that each comes out exactly as it would.
        let capacity = width * (1 + Self.estimateSlack)
        guard largestFitting * lowest <= capacity, !(smallestTooWide * lowest <= capacity) else { return nil }
        var lines = self
        lines.reusedStarts = 0
        lines.reusedFrom = []
        lines.numberedAsThemselves = 0
        lines.earlierEdgeCount = 0
        lines.recordsReuse = false
        lines.measuredLines = 0
        lines.keptSizes = 0
        lines.takenPositions = 0
        lines.takenStops = 0
        lines.keptNumbers = 0
        lines.widthsRead = 0
        lines.wholeSize = 0
        if let (range, _) = widestSegment {
            lines.widestSegment = (range, widestEm > 0 ? fitter.fitLinear(emWidth: widestEm).size : fitter.grid.maxSize)
        }
        for e in 0..<edgeCount {
            var line = edges[e]
            let sized = lines.sizedLine(
                em: line.emWidth, from: line.from, to: line.to, hasContent: line.contentEnd > positions[line.from],
                fitter: fitter, fixedSize: fixedSize)
            line.size = sized.size
            line.logShapeSize = sized.logShapeSize
            line.forced = sized.forced
            line.heldAtMax = sized.heldAtMax
            line.fill = sized.fill
            lines.edges[e] = line
        }
        lines.setLargestSizes()
        return lines
    }

    /// The fields of a line that follow from its em width on the fitter's grid.
    struct SizedLine {
        var size: Double
        var logShapeSize: Double
        var forced: Bool
        var heldAtMax: Bool
        var fill: Double
    }

    /// A line's size fields, as both the build and `rescaled` derive them (one definition, so
    /// a re-sized line cannot drift from a freshly built one); the line from the first to the
    /// last position also sets `wholeSize` when it fits.
    private mutating func sizedLine(
        em: Double, from a: Int, to b: Int, hasContent: Bool, fitter: LineFitter, fixedSize: Bool
    ) -> SizedLine {
        sizedLine(em: em, from: a, to: b, hasContent: hasContent, fit: fitter.fitLinear(emWidth: em), fitter: fitter, fixedSize: fixedSize)
    }

    /// The same with the line's fit given (`fitLinear`'s result, however found).
    @inline(__always)
    private mutating func sizedLine(
        em: Double, from a: Int, to b: Int, hasContent: Bool, fit: LineFitter.Fit, fitter: LineFitter, fixedSize: Bool,
        logAtMax: Double? = nil
    ) -> SizedLine {
        if a == 0 && b == positions.count - 1 && !fit.overflows { wholeSize = fit.size }
        return Self.sized(em: em, hasContent: hasContent, fit: fit, fitter: fitter, fixedSize: fixedSize, logAtMax: logAtMax)
    }

    /// A line's size fields from its fit, without `wholeSize`.
    @inline(__always)
    private static func sized(
        em: Double, hasContent: Bool, fit: LineFitter.Fit, fitter: LineFitter, fixedSize: Bool, logAtMax: Double? = nil
    ) -> SizedLine {
        // For a fixed size, the size the line would take if it could grow: even widths count.
        let shapeSize = fixedSize ? (em > 0 ? fitter.width / em : fit.size) : fit.size
        // The lines held at the maximum (the short lines of every start) share one logarithm.
        let logShapeSize = if let logAtMax, !fixedSize, fit.size == fitter.grid.maxSize {
            logAtMax
        } else {
            shapeSize > 0 ? log(shapeSize) : 0
        }
        return SizedLine(
            size: fit.size, logShapeSize: logShapeSize, forced: fit.overflows,
            heldAtMax: fit.heldAtMax && hasContent, fill: min(1, em * fit.size / fitter.width))
    }

    /// `largestSizeFrom` from the sizes, for the lines of the starts from `first` (those
    /// before it already have theirs).
    ///
    /// A start in `lentRuns` (in order of start) has lent lines before `newLines`, which still
    /// carry their earlier largest size: the largest of their own run and of the earlier lines
    /// not lent (`dropped`). Where that exceeds `dropped` it is their own run's, and where it is
    /// also at least the new lines' largest, it stays, and so does every one before it (they
    /// are at least as large): a start's lines shrink as they lengthen, so the scan back over
    /// the lent lines (~20 instructions a line, every lent start on a keystroke) stops early.
    private mutating func setLargestSizes(
        from first: Int = 0, lentRuns: [(start: Int, newLines: Int, dropped: Double)] = []
    ) {
        let edgeStart = edgeStart, starts = positions.count - 1
        edges.withUnsafeMutableBufferPointer { edges in
            var run = 0
            for a in first..<starts {
                var largest = 0.0
                var lentFrom = edgeStart[a + 1], dropped = Double.infinity
                if run < lentRuns.count, lentRuns[run].start == a {
                    (lentFrom, dropped) = (lentRuns[run].newLines, lentRuns[run].dropped)
                    run += 1
                }
                for e in stride(from: edgeStart[a + 1] - 1, through: lentFrom, by: -1) {
                    largest = max(largest, edges[e].forced ? .infinity : edges[e].size)
                    edges[e].largestSizeFrom = largest
                }
                let newLargest = largest
                for e in stride(from: lentFrom - 1, through: edgeStart[a], by: -1) {
                    let earlier = edges[e].largestSizeFrom
                    largest = max(largest, edges[e].forced ? .infinity : edges[e].size)
                    edges[e].largestSizeFrom = largest
                    if earlier > dropped && newLargest <= earlier { break }
                }
            }
        }
    }

    /// For each emergency position, the last position of the run of emergency positions from
    /// it along which a line's estimated width rises with every end (its index when the next
    /// does not rise); -1 elsewhere. From any start, the width to an end in a word is the
    /// advances plus tracking summed from the start, so a rise between two ends is the same
    /// for every start; it must exceed rounding (a relative 1e-9 of the largest sums) so
    /// that the computed widths rise too. Zero-width or negative clusters end a piece (their
    /// ends are read one by one, as before).
    private static func risingPieces(
        _ paragraph: MeasuredParagraph, positions: [Int], isEmergency: [Bool], tracking: Double
    ) -> [Int] {
        let advances = paragraph.prefixAdvance, clusters = paragraph.prefixClusters
        var scale = 1.0
        for value in advances { scale = max(scale, abs(value)) }
        scale += abs(tracking) * Double(clusters.last ?? 0)
        let margin = 1e-9 * scale
        var rising = [Int](repeating: -1, count: positions.count)
        for b in stride(from: positions.count - 1, through: 0, by: -1) where isEmergency[b] {
            rising[b] = b
            guard b + 1 < positions.count, isEmergency[b + 1] else { continue }
            let (q, next) = (positions[b], positions[b + 1])
            let rise = (advances[next] - advances[q]) + tracking * Double(clusters[next] - clusters[q])
            if rise > margin { rising[b] = rising[b + 1] }
        }
        return rising
    }

    /// Appends the leading positions of `old` that `keptPositions` finds and takes the fit
    /// bounds of `old`: the last of them (the start of the next segment), `old`'s widest
    /// segment with its em width, and the index in `breaks` of the first opportunity after
    /// them; nil (nothing appended) when there are none. (Not inlined: in the initializer it
    /// changed what the compiler inlines there, +2.6 K instructions on some keystrokes.)
    @inline(never)
    private mutating func takePositions(
        of old: CandidateLines, agreed: Int, breaks: [Int]
    ) -> (previous: Int, widest: (Range<Int>, Double), next: Int)? {
        let kept = Self.keptPositions(old, agreed: agreed)
        guard kept > 1, let (range, _) = old.widestSegment else { return nil }
        positions.append(contentsOf: old.positions[1..<kept])
        isEmergency.append(contentsOf: repeatElement(false, count: kept - 1))
        (largestFitting, smallestTooWide) = (old.largestFitting, old.smallestTooWide)
        takenPositions = kept - 1
        let previous = old.positions[kept - 1]
        return (previous, (range, old.widestEm), Self.firstIndex(in: breaks, after: previous))
    }

    /// The prefix sums at `positions` (one loop, not inlined: how the initializer builds them
    /// then does not hang on what else the compiler inlines there).
    @inline(never)
    private static func stops(_ paragraph: MeasuredParagraph, at positions: ArraySlice<Int>) -> [PrefixStop] {
        var stops: [PrefixStop] = []
        stops.reserveCapacity(positions.count)
        for position in positions { stops.append(PrefixStop(paragraph, position)) }
        return stops
    }

    /// `stops(_:at:)` on a rebuild: the stops of the positions before `common` (the same in
    /// both builds, reading the same prefix sums: `reusableStarts`) are those `earlier`'s
    /// build read there, where it read them; the rest are read.
    @inline(never)
    private static func stops(
        _ paragraph: MeasuredParagraph, at positions: ArraySlice<Int>, keeping earlier: CandidateLines, before common: Int
    ) -> (stops: [PrefixStop], taken: Int) {
        var stops: [PrefixStop] = []
        stops.reserveCapacity(positions.count)
        let read = earlier.readStops, readFrom = earlier.readStopsFrom
        // The positions taken (before `common`, where `earlier` read) are one run: each bound
        // clamped into `low...high` and past the one before, so the slice of `read` is in range.
        let (low, high) = (positions.startIndex, positions.endIndex)
        let takenFrom = min(max(readFrom, low), high)
        let takenTo = min(max(min(common, readFrom + read.count), takenFrom), high)
        for index in low..<takenFrom { stops.append(PrefixStop(paragraph, positions[index])) }
        if takenTo > takenFrom { stops.append(contentsOf: read[(takenFrom - readFrom)..<(takenTo - readFrom)]) }
        for index in takenTo..<high { stops.append(PrefixStop(paragraph, positions[index])) }
        return (stops, takenTo - takenFrom)
    }

    /// How many leading positions of `old` (more than one, else 0) a build on a measurement
    /// that agrees with `old`'s through `agreed` finds again, with the same segments between
    /// them: those at or before `agreed` (the opportunities, their cluster flags, the
    /// whitespace and prefix sums up to them agree) and before `old`'s last, only when `old`
    /// has no emergency positions (its positions are the opportunities) and its widest segment
    /// lies among them (the widest of those segments, the first widest as the scan keeps it).
    /// The fit bounds the segments recorded are `old`'s, which cover them (`rescaled` only
    /// reads them as bounds).
    private static func keptPositions(_ old: CandidateLines, agreed: Int) -> Int {
        guard !old.isEmpty, let (range, _) = old.widestSegment, !old.isEmergency.contains(true) else { return 0 }
        // All of them but the last when the agreement reaches `old`'s end (a tight agreement
        // of typing at the end, the edit's start), as when it falls short of it.
        let kept = min(firstIndex(in: old.positions, after: agreed), old.last)
        let widest = firstIndex(in: old.positions, after: range.lowerBound)
        guard kept > 1, widest < kept else { return 0 }
        return kept
    }

    /// The index of the first value above `value` in ascending `values` (their count if none).
    private static func firstIndex(in values: [Int], after value: Int) -> Int {
        var (low, high) = (0, values.count)
        while low < high {
            let mid = (low + high) / 2
            if values[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// How many leading starts of `old` have lines that come out the same on the new
    /// measurement: the lines from start `a` read the positions up to the one after the last
    /// line (where the scan stopped) and what the measurement holds at them (`PrefixStop`);
    /// when those positions are the same in both and read the same, everything read agrees.
    /// Also the number of leading positions that are the same in both and read the same:
    /// those at or before `agreed`, and after them those whose prefix sums `old`'s build read
    /// are bit for bit the new ones (typing at a paragraph's end re-measures from a word or
    /// two back, where the sums at the break positions before the edit come out as before).
    /// Not the new last position (a line ending there is tested and costed as the last).
    /// `taken`: how many leading positions were taken from `old` (`takePositions`, 0 if none):
    /// the same in both by construction, none an emergency one and all at or before `agreed`.
    private static func reusableStarts(
        _ old: CandidateLines, _ paragraph: MeasuredParagraph, positions: [Int], isEmergency: [Bool], agreed: Int,
        taken: Int
    ) -> (starts: Int, common: Int) {
        let last = min(old.last, positions.count - 1)
        // Length of the common prefix of positions (with their kinds) at or before `agreed`.
        var common = min(taken, last)
        while common < last, old.positions[common] == positions[common],
              old.isEmergency[common] == isEmergency[common], positions[common] <= agreed {
            common += 1
        }
        /// Position `index` is the same in both and reads the same prefix sums as `old`'s build read.
        func readsAsBefore(_ index: Int) -> Bool {
            let stop = index - old.readStopsFrom
            return old.positions[index] == positions[index] && old.isEmergency[index] == isEmergency[index]
                && positions[index] <= paragraph.contentLength && stop >= 0 && stop < old.readStops.count
                && old.readStops[stop].readsAsSame(PrefixStop(paragraph, positions[index]))
        }
        while common < last, readsAsBefore(common) { common += 1 }
        // The earlier last position, when positions follow it now (a word begun after a space
        // at the end): its lines are tested as any other's once a line all spaces is left out
        // (the lending does), and costed so once the writer's rule is out of play (`init`).
        if common == old.last, common < positions.count - 1, readsAsBefore(common) { common += 1 }
        var starts = 0
        while starts < old.last {
            let lines = old.edgeStart[starts]..<old.edgeStart[starts + 1]
            guard let lastLine = lines.last else { break }
            // The scan read up to the position after its last line.
            guard old.edges[lastLine].to + 1 < common else { break }
            starts += 1
        }
        return (starts, common)
    }
}

/// A line by its content range, relative to its paragraph.
struct LineKey: Hashable {
    var start: Int
    var contentEnd: Int
}

/// Vertical metrics of a font chain in em, to give candidate lines their heights without
/// building pieces.
struct FontChainMetrics {
    var ascent: [Double]
    var descent: [Double]

    init(_ chain: FontChain) {
        // One pass, each font's metrics read once (each read goes through its opened face).
        (ascent, descent) = ([], [])
        ascent.reserveCapacity(chain.fonts.count)
        descent.reserveCapacity(chain.fonts.count)
        for font in chain.fonts {
            let (metrics, unitsPerEm) = (font.metrics, Double(font.unitsPerEm))
            ascent.append(Double(metrics.ascender) / unitsPerEm)
            descent.append(Double(metrics.descender) / unitsPerEm)
        }
    }

    var primaryHeight: Double { ascent[0] + descent[0] }

    /// (Largest ascent + largest descent) of the fonts of the runs over `start..<content`, as
    /// `LinePlacement.verticalMetrics` computes for the line's pieces.
    func height(_ paragraph: MeasuredParagraph, _ start: Int, _ content: Int) -> Double {
        guard content > start, !paragraph.runs.isEmpty else { return primaryHeight }
        var up = 0.0, down = 0.0
        var index = paragraph.runIndex(containing: start)
        while index < paragraph.runs.count, paragraph.runs[index].range.lowerBound < content {
            let font = paragraph.runs[index].fontIndex
            up = max(up, ascent[font])
            down = max(down, descent[font])
            index += 1
        }
        return up + down
    }
}

extension MeasuredParagraph {
    /// The em width of the widest stretch between two break opportunities (trailing spaces
    /// left out): what no line break can make narrower.
    func widestSegmentEm(tracking: Double) -> Double {
        var widest = 0.0
        var previous = 0
        for opportunity in breaks where opportunity > 0 {
            let content = contentEnd(from: previous, to: opportunity)
            if content > previous { widest = max(widest, estimatedWidth(previous, content, tracking: tracking)) }
            previous = opportunity
        }
        return widest
    }
}
