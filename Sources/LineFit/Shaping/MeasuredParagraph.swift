import CHarfBuzz

/// One paragraph itemized and shaped once in design units: everything the breaker and the
/// fitter need, with every offset relative to the paragraph's start so that a paragraph that
/// moves (an edit earlier in the text) keeps its measurement.
///
/// "Measure once, then break and fit on cached widths": the breaker reads widths from the
/// prefix sums here; a line is reshaped only where it begins or ends at a position HarfBuzz
/// marks unsafe to break.
struct MeasuredParagraph {
    /// The paragraph's UTF-16 units, its terminator included.
    var units: [UInt16]
    /// Length without the terminator.
    var contentLength: Int
    var paragraphLevel: UInt8
    var runs: [ItemRun]
    /// Glyphs per run, in HarfBuzz's (visual) order, clusters relative to the paragraph
    /// (stored in chunks, see `RunGlyphs`).
    var glyphs: [RunGlyphs]
    /// prefixAdvance[i]: em advance of the clusters starting before unit i. Shiftable: an
    /// edit changes the entries after it without touching them (`patchGlyphTables`).
    var prefixAdvance: ShiftablePrefixSums<Double>
    /// prefixClusters[i]: number of HarfBuzz clusters starting before unit i (tracking goes between clusters).
    var prefixClusters: ShiftablePrefixSums<Int>
    var isGraphemeStart: GapArray<Bool>
    /// A HarfBuzz cluster starts at i and breaking there is safe (or a run starts there).
    var isSafeBoundary: GapArray<Bool>
    /// A HarfBuzz cluster starts at i (a break elsewhere would split a ligature or conjunct).
    var isClusterStart: GapArray<Bool>
    var isWhitespace: GapArray<Bool>
    /// UAX #14 break opportunities after the start (relative; the last one is the end).
    var breaks: [Int]
    var missing: [MissingCharacters]
    /// Per UTF-16 unit of the content: bidi level, resolved script and font index (the item
    /// runs are their maximal constant stretches; an editor re-itemizes a window from these).
    var levels: GapArray<UInt8>
    /// False when the paragraph has nothing that can raise a bidi level (see
    /// `BidiResolver.mayRaiseLevels`): then every level is 0, and an edit that inserts no
    /// such character keeps it so without asking ICU.
    var mayHaveBidi = true
    var scripts: GapArray<Int32>
    var fontIndices: GapArray<Int>

    var length: Int { units.count }

    /// The end of `start..<end` with trailing whitespace and the terminator left out.
    func contentEnd(from start: Int, to end: Int) -> Int {
        Self.contentEnd(isWhitespace: isWhitespace, contentLength: contentLength, from: start, to: end)
    }

    /// `contentEnd(from:to:)` from the two tables it reads, for a caller that reads a
    /// paragraph's tables where they lie rather than the paragraph (`witnessStops`).
    @inline(__always)
    static func contentEnd(isWhitespace: GapArray<Bool>, contentLength: Int, from start: Int, to end: Int) -> Int {
        var c = min(end, contentLength)
        while c > start, isWhitespace[c - 1] { c -= 1 }
        return c
    }

    /// The estimated em width of `start..<end` (no trailing whitespace expected), tracking
    /// included: O(1) from prefix sums, equal to `slicedEmWidth` up to rounding (the sums
    /// carry the rounding of the text before `start`), so it only chooses candidates.
    @inline(__always)
    func estimatedWidth(_ start: Int, _ end: Int, tracking: Double) -> Double {
        guard end > start else { return 0 }
        let clusters = prefixClusters[end] - prefixClusters[start]
        return prefixAdvance[end] - prefixAdvance[start] + tracking * Double(max(0, clusters - 1))
    }

    /// The em width of the line `start..<contentEnd` whose glyphs are `pieces`. The breaker
    /// and the fitter both use this value, and it depends only on the line's own glyphs (not
    /// on floating-point prefix sums of the text before it), so a line measures the same
    /// wherever an edit moved it.
    func lineEmWidth(_ start: Int, _ contentEnd: Int, pieces: [LinePiece], tracking: Double) -> Double {
        if isSafeBoundary[start] && isSafeBoundary[contentEnd] {
            return slicedEmWidth(start, contentEnd, tracking: tracking)
        }
        return pieces.width(tracking: tracking)
    }

    /// `[LinePiece].width` of the glyphs sliced from the paragraph's runs, without building
    /// the pieces: the same additions in the same order.
    func slicedEmWidth(_ start: Int, _ end: Int, tracking: Double) -> Double {
        guard end > start, !runs.isEmpty else { return 0 }
        var total = 0.0
        var clusters = 0
        var index = runIndex(containing: start)
        while index < runs.count, runs[index].range.lowerBound < end {
            let run = runs[index]
            let range = max(start, run.range.lowerBound)..<min(end, run.range.upperBound)
            var previous = -1
            glyphs[index].forEach(clusters: range, rightToLeft: run.isRightToLeft) { glyph in
                total += glyph.advance
                if glyph.cluster != previous {
                    clusters += 1
                    previous = glyph.cluster
                }
            }
            index += 1
        }
        return total + tracking * Double(Swift.max(0, clusters - 1))
    }

    /// Index of the run containing the relative offset.
    func runIndex(containing offset: Int) -> Int {
        var low = 0, high = runs.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if runs[mid].range.lowerBound <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }
}

/// Builds `MeasuredParagraph`s: itemizes with ICU, shapes each run with HarfBuzz, finds
/// grapheme and line break boundaries. Owns the ICU and HarfBuzz objects it reuses.
final class ParagraphMeasurer {
    let lineBreaker: ICUBreaker
    let graphemeBreaker: ICUBreaker
    let bidi: BidiResolver
    let shaper = HarfBuzzShaper()
    // Unchecked exclusivity: only the measurer's own methods (one thread at a time) pass
    // these `inout`, and each dynamic check costs ~75 instructions (see `LayoutEngine`).
    @exclusivity(unchecked) var itemizer = Itemizer()
    @exclusivity(unchecked) var graphemeEnds: [Int] = []
    @exclusivity(unchecked) var scratchGlyphs: [ShapedGlyph] = []
    // Scratch for re-measuring a window (ParagraphRemeasure.swift), kept to spare allocations.
    @exclusivity(unchecked) var levelScratch: [UInt8] = []
    @exclusivity(unchecked) var windowBreaks: [Int] = []
    @exclusivity(unchecked) var flagScratch: [Bool] = []
    /// A measurement the engine no longer needs (`recycle`), whose arrays the next `measure`
    /// fills instead of allocating its own: ~14 arrays, each an allocation, a free and a
    /// metadata look-up (a tenth of a short CJK layout).
    /// Optional so that `measure` can move it out (`take`) instead of swapping a copy of
    /// `empty` in (a retain of each of its arrays).
    @exclusivity(unchecked) var spare: MeasuredParagraph?

    init() throws {
        lineBreaker = try ICUBreaker(kind: .init(0))
        graphemeBreaker = try ICUBreaker(kind: .init(1))
        bidi = try BidiResolver()
    }

    func measure(
        units: [UInt16], contentLength: Int, chain: FontChain, options: LayoutOptions,
        style: ParagraphShapingStyle
    ) -> MeasuredParagraph {
        let length = units.count
        let content = 0..<contentLength
        // Every array below is filled in place: the spare's storage when there is one.
        var measured = spare.take() ?? MeasuredParagraph.empty
        measured.units = units
        measured.contentLength = contentLength

        // ASCII content without CR LF: every unit is a grapheme cluster (UAX #29 keeps only
        // CR LF together among ASCII characters), so ICU's grapheme pass is skipped.
        let isSimpleASCII = itemizer.simpleTextPath && SimpleText.isASCIIWithoutCRLF(units, content)
        // Han ideographs: one cluster and one break opportunity per unit (SimpleText).
        let isHan = !isSimpleASCII && itemizer.simpleTextPath && SimpleText.isHanIdeographs(units, content)
        MeasuredParagraph.reset(&measured.isGraphemeStart, to: false, count: length + 1)
        graphemeEnds.removeAll(keepingCapacity: true)
        if length > 0 { measured.isGraphemeStart[0] = true }
        if isSimpleASCII || isHan {
            for end in content.lazy.map({ $0 + 1 }) {
                graphemeEnds.append(end)
                measured.isGraphemeStart[end] = true
            }
        } else {
            graphemeBreaker.boundaries(in: units, range: content) { end, _ in
                graphemeEnds.append(end)
                measured.isGraphemeStart[end] = true
            }
        }
        // The terminator is a cluster of its own (CR LF is one cluster).
        measured.isGraphemeStart[length] = true

        measured.missing.removeAll(keepingCapacity: true)
        measured.paragraphLevel = itemizer.itemize(
            units, paragraph: content, graphemeEnds: graphemeEnds, bidi: bidi,
            direction: options.baseDirection, chain: chain, runs: &measured.runs, missing: &measured.missing)

        // Each run is shaped into a glyph array of the spare's, when it has one left.
        let runCount = measured.runs.count
        if measured.glyphs.count > runCount { measured.glyphs.removeSubrange(runCount...) }
        for (index, run) in measured.runs.enumerated() {
            if index == measured.glyphs.count { measured.glyphs.append(RunGlyphs()) }
            measured.glyphs[index].reshape { glyphs in
                shaper.shape(
                    units, item: run.range, context: content, font: chain.fonts[run.fontIndex],
                    style: style.style(for: run), into: &glyphs)
            }
        }

        MeasuredParagraph.reset(&measured.isWhitespace, to: false, count: length)
        var i = 0
        if isSimpleASCII {
            for j in content { measured.isWhitespace[j] = SimpleText.isASCIIWhitespace(units[j]) }
            for j in contentLength..<length { measured.isWhitespace[j] = true }
            i = length
        } else if isHan {
            // No ideograph is white space: only the terminator is (one ICU look-up a
            // character saved, 6% of a short CJK layout's measurement).
            for j in contentLength..<length { measured.isWhitespace[j] = true }
            i = length
        }
        while i < length {
            let (scalar, count) = UTF16Scalars.decode(units, at: i, limit: length)
            let white = i >= contentLength || UnicodeProperties.isWhitespace(scalar)
            for j in i..<(i + count) { measured.isWhitespace[j] = white }
            i += count
        }

        measured.breaks.removeAll(keepingCapacity: true)
        if isHan {
            // Between two ideographs (LB31), not before the terminator (LB6), after the end.
            measured.breaks.append(contentsOf: 1..<contentLength)
            measured.breaks.append(length)
        } else {
            lineBreaker.boundaries(in: units, range: 0..<length) { position, _ in
                measured.breaks.append(position)
            }
        }
        if measured.breaks.last != length { measured.breaks.append(length) }

        // The itemizer's tables move into the measurement, and the spare's take their place
        // as the itemizer's scratch (a copy would be shared, and the next itemizing would
        // allocate anew).
        measured.levels.swapStorage(with: &itemizer.levels)
        measured.scripts.swapStorage(with: &itemizer.scripts)
        measured.fontIndices.swapStorage(with: &itemizer.fonts)
        measured.mayHaveBidi = options.baseDirection == .rightToLeft
            || BidiResolver.mayRaiseLevels(units, 0..<contentLength)
        measured.deriveGlyphTables()
        return measured
    }

    /// Takes back a measurement no longer needed, whose storage the next `measure` reuses.
    /// Only a short paragraph's is kept: the engine should not hold a long text's tables.
    func recycle(_ measured: consuming MeasuredParagraph) {
        guard measured.units.count <= Self.recycledLengthLimit else { return }
        spare = measured
    }

    /// The longest paragraph (UTF-16 units) whose storage `recycle` keeps.
    static let recycledLengthLimit = 4096
}

extension MeasuredParagraph {
    /// A placeholder that holds no storage.
    static let empty = MeasuredParagraph(
        units: [], contentLength: 0, paragraphLevel: 0, runs: [], glyphs: [], prefixAdvance: .init(), prefixClusters: .init(),
        isGraphemeStart: [], isSafeBoundary: [], isClusterStart: [], isWhitespace: [], breaks: [], missing: [],
        levels: [], scripts: [], fontIndices: [])

    /// Recomputes the tables that follow from the runs' glyphs: per-unit advances (summed
    /// into prefix sums), HarfBuzz cluster starts and safe break boundaries.
    mutating func deriveGlyphTables() {
        let length = units.count
        let contentLength = self.contentLength
        Self.reset(&isSafeBoundary, to: false, count: length + 1)
        Self.reset(&isClusterStart, to: false, count: length + 1)
        // Unchecked buffers: this runs over the whole paragraph.
        prefixAdvance.reset(to: 0, count: length + 1) { advance in
            isSafeBoundary.withUnsafeMutableBufferPointer { safe in
                isClusterStart.withUnsafeMutableBufferPointer { clusterStart in
                    prefixClusters.reset(to: 0, count: length + 1) { clusters in
                        // Advances are first summed per cluster start (at index + 1), then accumulated.
                        for (run, runGlyphs) in zip(runs, glyphs) {
                            runGlyphs.forEach { glyph in
                                let cluster = glyph.cluster
                                advance[cluster + 1] += glyph.advance
                                if !clusterStart[cluster] {
                                    clusterStart[cluster] = true
                                    safe[cluster] = true
                                }
                                if glyph.unsafeToBreak { safe[cluster] = false }
                            }
                            safe[run.range.lowerBound] = true
                            clusterStart[run.range.lowerBound] = true
                        }
                        for i in contentLength...length {
                            safe[i] = true
                            clusterStart[i] = true
                        }
                        for i in 0..<length {
                            advance[i + 1] += advance[i]
                            clusters[i + 1] = clusters[i] &+ (clusterStart[i] ? 1 : 0)
                        }
                    }
                }
            }
        }
    }

    /// `deriveGlyphTables` for an edit that replaced the glyphs of `start..<oldEnd` (now
    /// `start..<newEnd`) inside one run starting at `runStart`: the window's entries are
    /// recomputed, the flags after it moved (a memmove) and the prefix sums after it shifted
    /// lazily (`ShiftablePrefixSums`), in O(window) plus O(distance from the previous edit).
    /// The prefix sums then differ from a full derivation in the last bits, which is all
    /// right: they only choose candidates (`estimatedWidth`), and every decision measures
    /// the line's glyphs.
    mutating func patchGlyphTables(
        from start: Int, oldEnd: Int, newEnd: Int, glyphs inner: ArraySlice<ShapedGlyph>, runStart: Int
    ) {
        let count = newEnd - start
        // Edited in place, without temporary arrays: this runs on every keystroke.
        isSafeBoundary.replaceSubrange(start..<oldEnd, with: repeatElement(false, count: count))
        isClusterStart.replaceSubrange(start..<oldEnd, with: repeatElement(false, count: count))
        // The flags' gaps now follow `newEnd`: the window is read and written at its own
        // indices, in one buffer each.
        isSafeBoundary.withUnsafeMutableBufferBeforeGap { safe in
            isClusterStart.withUnsafeMutableBufferBeforeGap { clusterStart in
                for glyph in inner {
                    let c = glyph.cluster
                    if !clusterStart[c] {
                        clusterStart[c] = true
                        safe[c] = true
                    }
                    if glyph.unsafeToBreak { safe[c] = false }
                }
                if runStart >= start, runStart < newEnd {
                    safe[runStart] = true
                    clusterStart[runStart] = true
                }
            }
        }
        let window = (start + 1)..<(oldEnd + 1)
        prefixAdvance.replace(window, count: count, added: { $1 - $0 }) { advance, _ in
            for glyph in inner { advance[glyph.cluster + 1] += glyph.advance }
            for i in start..<newEnd { advance[i + 1] += advance[i] }
        }
        isClusterStart.withUnsafeMutableBufferBeforeGap { clusterStart in
            prefixClusters.replace(window, count: count, added: { $1 - $0 }) { clusters, _ in
                for i in start..<newEnd { clusters[i + 1] = clusters[i] + (clusterStart[i] ? 1 : 0) }
            }
        }
    }

    static func reset<T>(_ array: inout [T], to value: T, count: Int) {
        array.removeAll(keepingCapacity: true)
        array.append(contentsOf: repeatElement(value, count: count))
    }

    static func reset<T>(_ array: inout GapArray<T>, to value: T, count: Int) {
        array.reset(to: value, count: count)
    }

}

/// The shaping settings shared by every run of a layout.
struct ParagraphShapingStyle {
    var language: hb_language_t?
    var features: [hb_feature_t]
    /// The axis values paragraphs are measured at (with optical sizing: `opsz` = the size
    /// lines are broken at).
    var variations = VariationSettings.none

    func style(for run: ItemRun) -> ShapingStyle {
        ShapingStyle(
            isRightToLeft: run.isRightToLeft, script: run.script, language: language, features: features,
            variations: variations)
    }
}
