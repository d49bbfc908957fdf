/// An editing session: the text, its options, its caches and the last layout, updated on
/// every keystroke.
///
/// `replace(_:with:)` re-measures only the paragraphs an edit touches, re-breaks from the
/// first line whose breaks the edit can change (see `rebreak`), stops as soon as the remaining text measures exactly as before
/// (shifted by the edit), and reuses every line it did not have to refit. Its layout is
/// always identical to a fresh `LayoutEngine.layout` of the same text and options (with a
/// height limit set, every edit lays the text out afresh, because the limit rescales every
/// line).
///
/// A session belongs to one thread at a time; fonts may be shared with other sessions on
/// other threads.
public final class EditorSession {
    /// The fonts as given; layouts use them with the CJK fallbacks ordered for the text's language.
    public let fonts: FontChain
    /// The options every layout of the session is made with.
    public let options: LayoutOptions
    /// The layout of the current text, equal to a fresh `LayoutEngine` layout of it.
    public private(set) var layout: Layout
    private let engine: LayoutEngine
    private var units: [UInt16]
    /// The text as a `String`, edited in place: rebuilding it from UTF-16 on every keystroke
    /// would cost more than the rest of the keystroke.
    private var storedText: String
    private var paragraphs: [ParagraphState] = []
    /// The units an edit removed from its paragraph, kept until the paragraph is re-measured
    /// (a fresh measurement compares against the old text); reused.
    private var removedUnits: [UInt16] = []
    /// The spans of the lines a keystroke re-breaks, reused.
    private var spanScratch: [LineSpan] = []
    /// The lines a keystroke fits, reused (put in place in one move of the lines after them).
    private var lineScratch: [Line] = []
    private var context: LayoutEngine.FittingContext
    /// The chain and options layouts are made with: the language (given, or the text's, see
    /// `ScriptLanguage`) filled in and the CJK fallbacks ordered for it.
    private var activeFonts: FontChain
    private var activeOptions: LayoutOptions
    /// How edits were measured, for tests and benchmarks: a window around the edit, or the
    /// whole paragraph.
    struct Statistics { var windowMeasures = 0, paragraphMeasures = 0 }
    var statistics = Statistics()
    /// The balanced strategy's and the fill box's per-paragraph state (BalancedParagraphs.swift).
    // Balanced-only state, reached from this class's own methods, never two accesses nested:
    // the run-time exclusivity check (~80 instructions an access) guards nothing.
    @exclusivity(unchecked) private var balanced = BalancedParagraphs()
    /// The edited paragraph's start and the offset through which its window re-measure left
    /// the old measurement as it was (for the balanced strategy's reuse), until the next layout.
    @exclusivity(unchecked) private var balancedAgreement: (start: Int, agreed: Int)?
    /// The balanced strategy's record of the measurement before an edit, to find how far past
    /// the window re-measure's start the new one still agrees (kept: its arrays are reused).
    @exclusivity(unchecked) private var editSnapshot = EditPrefixSnapshot()
    /// The balanced strategy's work in the last layout (tests bound it per keystroke).
    var balancedWork: LayoutEngine.BalancedWork { balanced.lastWork }
    private var usesBalanced: Bool {
        guard options.breakStrategy == .balanced else { return false }
        switch options.box {
        case .none: return true
        case .limit: return false
        case .fill: return options.minSize != options.maxSize
        }
    }

    /// One paragraph's measurement, breaks and fitted lines (lines at absolute offsets, in
    /// chunks the layouts share; each line placed by itself, see `BlockStacking.placeOwn`).
    struct ParagraphState {
        var range: ParagraphRange
        var measured: MeasuredParagraph
        var spans: [LineSpan]
        var lines: LineChunks
    }

    /// Starts a session on `text` (empty by default); throws for invalid options.
    ///
    /// Each edit re-measures only the paragraphs it touches; `layout` is always what a fresh
    /// `LayoutEngine.layout(_:fonts:options:)` of the same text would give.
    public init(text: String = "", fonts: FontChain, options: LayoutOptions) throws {
        try options.validate()
        self.fonts = fonts
        self.options = options
        // Typing a word and deleting it again revisits the same windows: keep their shapes.
        engine = try LayoutEngine(shapingCacheCapacity: ShapingCache.editorCapacity)
        units = Array(text.utf16)
        storedText = text
        (activeFonts, activeOptions) = engine.forLayout(units, fonts: fonts, options: options)
        context = LayoutEngine.FittingContext(
            fonts: activeFonts, options: activeOptions, minSize: options.minSize, maxSize: options.maxSize, engine: engine,
            plan: try VariationPlan(options: activeOptions, fonts: activeFonts))
        layout = Layout(
            text: "", lines: [], width: options.width, height: 0, minSize: options.minSize, maxSize: options.maxSize,
            heightScale: 1, overflowsHeight: false, missing: [], fontNames: fonts.fonts.map(\.name))
        if usesBalanced {
            paragraphs = Paragraphs.split(units).map { ParagraphState(range: $0, measured: measure($0), spans: [], lines: LineChunks()) }
            layOutBalanced(edit: nil)
        } else if laysOutAfresh {
            try layOutWithHeightLimit()
        } else {
            paragraphs = Paragraphs.split(units).map { fresh($0) }
            layout = assemble()
        }
    }

    /// The current text.
    public var text: String { storedText }

    /// UTF-16 units the session's engine has shaped with HarfBuzz (for the tests).
    var shapedUnits: Int { engine.shapedUnits }

    /// Length of the text in UTF-16 units.
    public var utf16Count: Int { units.count }

    /// Replaces the UTF-16 `range` of the text with `replacement`.
    @discardableResult
    public func replace(_ range: Range<Int>, with replacement: String) throws -> EditResult {
        guard range.lowerBound >= 0, range.upperBound <= units.count,
              !splitsSurrogatePair(at: range.lowerBound), !splitsSurrogatePair(at: range.upperBound) else {
            throw LineFitError.invalidRange(start: range.lowerBound, end: range.upperBound, length: units.count)
        }
        // The view, not an array of it: one allocation less per keystroke.
        let inserted = replacement.utf16
        let insertedCount = inserted.count
        let oldLines = layout.lines
        let removedBreak = units[range].contains(where: Paragraphs.isMandatoryBreak)
        let removedMayChangeLanguage = ScriptLanguage.canChangeLanguage(units[range])
        units.replaceSubrange(range, with: inserted)
        let utf16 = storedText.utf16
        let from = utf16.index(utf16.startIndex, offsetBy: range.lowerBound)
        let to = utf16.index(from, offsetBy: range.count)
        storedText.replaceSubrange(from..<to, with: replacement)
        let delta = insertedCount - range.count
        if options.language == nil, ScriptLanguage.canChangeLanguage(inserted) || removedMayChangeLanguage,
           try restartIfLanguageChanged() {
            return EditResult(
                layout: layout, changedLines: changedLines(old: oldLines, new: layout.lines, kept: 0), editedRange: range,
                insertedLength: insertedCount)
        }
        // Lines at the top the update kept as the previous layout's own (none when the
        // layout is made afresh or balanced): `changedLines` starts comparing there.
        var kept = 0
        if usesBalanced {
            update(editedRange: range, insertedCount: insertedCount, delta: delta, removedMandatoryBreak: removedBreak)
            layOutBalanced(edit: (range.lowerBound, range.count, insertedCount))
        } else if laysOutAfresh {
            try layOutWithHeightLimit()
        } else {
            kept = update(editedRange: range, insertedCount: insertedCount, delta: delta, removedMandatoryBreak: removedBreak)
            layout = assemble(keeping: kept)
        }
        return EditResult(
            layout: layout, changedLines: changedLines(old: oldLines, new: layout.lines, kept: kept), editedRange: range,
            insertedLength: insertedCount)
    }

    /// Inserts `text` at a UTF-16 offset (a caret) and returns the new layout.
    @discardableResult
    public func insert(_ text: String, at offset: Int) throws -> EditResult {
        try replace(offset..<offset, with: text)
    }

    /// Deletes a UTF-16 range of the text and returns the new layout.
    @discardableResult
    public func delete(_ range: Range<Int>) throws -> EditResult {
        try replace(range, with: "")
    }

    /// Deletes the grapheme cluster before the caret (what the backspace key does); at 0 it
    /// changes nothing. A caret outside `0...utf16Count` throws `LineFitError.invalidRange`.
    @discardableResult
    public func backspace(at caret: Int) throws -> EditResult {
        guard caret >= 0, caret <= units.count else {
            throw LineFitError.invalidRange(start: caret, end: caret, length: units.count)
        }
        guard caret > 0 else { return try replace(0..<0, with: "") }
        let start = previousGraphemeBoundary(before: caret)
        return try replace(start..<caret, with: "")
    }

    /// The caret's size: what the next character typed at `caret` is drawn at before the
    /// layout answers (what iOS keeps in `typingAttributes`). It must not jump while the
    /// caret's line stays the same, so:
    /// - on a line with visible content, the line's size (a trailing space does not change
    ///   it: trailing whitespace is not measured);
    /// - on a line without visible content (the empty text, an empty paragraph, a new line
    ///   after a final line break, a line of only spaces), the layout's largest size
    ///   (`layout.maxSize`, the options' maximum scaled by any height limit): a first
    ///   character alone on a line is held there, so typing it keeps the caret's size;
    /// - under balanced breaking or a box fill, where a keystroke can resize every line, the
    ///   same rule on the current layout: the caret takes its line's size now, and the change
    ///   the keystroke makes is the layout's (a `LayoutTransition` animates it).
    public func typingSize(at caret: Int) -> Double {
        let lines = layout.lines
        guard let last = lines.last else { return layout.maxSize }
        func size(of line: Line) -> Double { line.contentEnd > line.start ? line.size : layout.maxSize }
        if caret >= last.end {
            return last.flags.contains(.endsParagraph) ? layout.maxSize : size(of: last)
        }
        var low = 0, high = lines.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lines[mid].start <= caret { low = mid } else { high = mid - 1 }
        }
        return size(of: lines[low])
    }

    /// The per-line size spans a platform text view applies.
    public var sizeSpans: [SizeSpan] { layout.sizeSpans }

    // MARK: - Incremental update

    /// A height limit rescales every line, and filling by a width axis sets one size for the
    /// block (or a band around the block's median): each edit can change every line.
    private var laysOutAfresh: Bool { options.box.height != nil || options.lineFill != .size }

    /// The height limit rescales every line, so the layout is made afresh; the session keeps
    /// only the paragraphs' measurements (backspace reads their grapheme clusters).
    /// When an edit changes the text's language (the first Hangul typed into Chinese, say),
    /// every paragraph is shaped in the new language and maybe with other fonts: lay the text
    /// out afresh. Returns whether it did.
    private func restartIfLanguageChanged() throws -> Bool {
        let (fonts, options) = engine.forLayout(units, fonts: self.fonts, options: self.options)
        guard options.language != activeOptions.language else { return false }
        activeFonts = fonts
        activeOptions = options
        context = LayoutEngine.FittingContext(
            fonts: fonts, options: options, minSize: options.minSize, maxSize: options.maxSize, engine: engine)
        if usesBalanced {
            paragraphs = Paragraphs.split(units).map {
                ParagraphState(range: $0, measured: measure($0), spans: [], lines: LineChunks())
            }
            // Its cache is keyed by the paragraphs' text alone, and its pools and derived
            // tables hold lines and glyphs shaped in the old language (maybe other fonts):
            // an unedited paragraph would keep them.
            balanced = BalancedParagraphs()
            layOutBalanced(edit: nil)
        } else if laysOutAfresh {
            paragraphs = Paragraphs.split(units).map {
                ParagraphState(range: $0, measured: measure($0), spans: [], lines: LineChunks())
            }
            layout = try engine.layout(storedText, fonts: self.fonts, options: self.options)
        } else {
            paragraphs = Paragraphs.split(units).map { fresh($0) }
            layout = assemble()
        }
        return true
    }

    private func layOutWithHeightLimit() throws {
        paragraphs = Paragraphs.split(units).map {
            ParagraphState(range: $0, measured: measure($0), spans: [], lines: LineChunks())
        }
        layout = try engine.layout(storedText, fonts: fonts, options: options)
    }

    private func layOutBalanced(edit: (start: Int, removed: Int, inserted: Int)?) {
        layout = balanced.layout(
            storedText, units: units, paragraphs: paragraphs.map { ($0.range, $0.measured) }, engine: engine,
            // (The last layout only where the stability rule reads it: a copy retains its arrays.)
            fonts: activeFonts, options: activeOptions, previous: edit != nil && activeOptions.stableBreaks ? layout : nil,
            edit: edit,
            agreement: balancedAgreement)
        balancedAgreement = nil
    }

    private func fresh(_ range: ParagraphRange) -> ParagraphState {
        let measured = measure(range)
        if usesBalanced { return ParagraphState(range: range, measured: measured, spans: [], lines: LineChunks()) }
        let spans = engine.breakLines(measured, context: context, from: 0) { _ in false }
        let lines = spans.map { fitLine($0, paragraph: measured, base: range.range.lowerBound) }
        return ParagraphState(range: range, measured: measured, spans: spans, lines: LineChunks(whole: lines))
    }

    /// A fitted line with its own placement (height, x) done, as the layout's stacking expects.
    private func fitLine(_ span: LineSpan, paragraph: MeasuredParagraph, base: Int) -> Line {
        var line = engine.fitLine(span, paragraph: paragraph, base: base, context: context)
        BlockStacking.placeOwn(
            &line, width: context.options.width, lineSpacing: context.options.lineSpacing,
            alignment: context.options.alignment)
        return line
    }

    private func measure(_ range: ParagraphRange) -> MeasuredParagraph {
        engine.measure(
            units: Array(units[range.range]), contentLength: range.contentEnd - range.range.lowerBound,
            fonts: activeFonts, options: activeOptions, style: measuringStyle)
    }

    /// The style a paragraph is measured in, whole or by window: a width-axis fill's layout
    /// measures at its own axis values, not the minimum's, and a window re-measured in another
    /// style than the rest of its paragraph would not be that paragraph's measurement.
    private var measuringStyle: ParagraphShapingStyle {
        context.plan.lineFill == .widthAxis ? engine.measuringStyle(activeOptions, plan: context.plan) : context.style
    }

    /// Returns how many lines at the top of the new paragraphs are the previous layout's own,
    /// unchanged by construction: those of the paragraphs before the edit and those `rebreak`
    /// kept (meaningful for greedy breaking only).
    @discardableResult
    private func update(editedRange: Range<Int>, insertedCount: Int, delta: Int, removedMandatoryBreak: Bool) -> Int {
        // The old paragraphs the edit touches: from the one holding its start to the one
        // holding its end (a deleted line break joins that one to its predecessor).
        let lo = editedRange.lowerBound, hi = editedRange.upperBound
        var first = paragraphs.firstIndex { $0.range.range.upperBound > lo } ?? paragraphs.count
        // Appending at the very end continues an unterminated last paragraph.
        if first == paragraphs.count, let lastParagraph = paragraphs.last, !lastParagraph.range.hasTerminator {
            first -= 1
        }
        // A "\r" just before the edit may pair with a "\n" after it into one terminator.
        if first > 0, paragraphs[first - 1].range.range.upperBound == lo, lo > 0, units[lo - 1] == 0x0D {
            first -= 1
        }
        var last = paragraphs.firstIndex { $0.range.range.upperBound > hi } ?? (paragraphs.count - 1)
        last = max(last, first - 1)
        let regionStart = first < paragraphs.count ? paragraphs[first].range.range.lowerBound : (paragraphs.last?.range.range.upperBound ?? 0)
        let oldRegion = regionStart..<(last >= first ? paragraphs[last].range.range.upperBound : regionStart)
        let newRegion = oldRegion.lowerBound..<(oldRegion.upperBound + delta)
        // An edit inside one paragraph's content that neither adds nor removes a line break
        // leaves the paragraph structure as it was: no need to split the region again.
        let staysOneParagraph = first == last && hi <= paragraphs[first].range.contentEnd
            && !units[lo..<(lo + insertedCount)].contains(where: Paragraphs.isMandatoryBreak)
            && !removedMandatoryBreak
        // (Typing inside a paragraph, the common case, makes no array of new ranges.)
        var newRanges: [ParagraphRange] = []
        var single: ParagraphRange?
        // A paragraph whose every unit was deleted is gone, as in `Paragraphs.split` (which
        // never makes an empty paragraph); keeping it would give balanced breaking an empty line.
        if staysOneParagraph, paragraphs[first].range.range.count + delta > 0 {
            let old = paragraphs[first].range
            single = ParagraphRange(range: old.range.lowerBound..<(old.range.upperBound + delta), contentEnd: old.contentEnd + delta)
        } else {
            newRanges = Paragraphs.split(Array(units[newRegion])).map {
                ParagraphRange(
                    range: ($0.range.lowerBound + newRegion.lowerBound)..<($0.range.upperBound + newRegion.lowerBound),
                    contentEnd: $0.contentEnd + newRegion.lowerBound)
            }
            if newRanges.count == 1 { single = newRanges[0] }
        }
        var kept = 0
        for index in 0..<min(first, paragraphs.count) { kept += paragraphs[index].lines.count }
        if first == last, let single {
            // Take the paragraph out of the list so that its measurement is edited in place
            // (swapped, not copied: a copy retains and releases every array it holds).
            var state = ParagraphState(range: single, measured: .empty, spans: [], lines: LineChunks())
            swap(&state, &paragraphs[first])
            kept += rebreak(&state, as: single, editedRange: editedRange, insertedCount: insertedCount)
            swap(&state, &paragraphs[first])
        } else {
            paragraphs.replaceSubrange(first..<(last + 1), with: newRanges.map { fresh($0) })
            last = first + newRanges.count - 1
        }
        if delta != 0 {
            for index in (last + 1)..<paragraphs.count { paragraphs[index].shift(by: delta) }
        }
        return kept
    }

    /// Re-breaks one edited paragraph, keeping the lines before the edit and after the point
    /// where the new breaks line up with the old ones over text that measures the same.
    /// Returns how many lines at the paragraph's top it kept (0 under balanced breaking).
    private func rebreak(
        _ state: inout ParagraphState, as range: ParagraphRange, editedRange: Range<Int>, insertedCount: Int
    ) -> Int {
        let base = range.range.lowerBound
        let delta = insertedCount - editedRange.count
        let edit = (editedRange.lowerBound - base)..<(editedRange.upperBound - base)
        // Where the new measurement may differ from the old one, in new offsets; outside it,
        // text before is unchanged and text after is the old text shifted by `delta`.
        let changed: Range<Int>
        var previous: MeasuredParagraph?
        // The old measurement's units, taken out of it (so that no one else holds them) and
        // edited in place: the tail after the edit moves, instead of the whole paragraph being
        // copied (20 K instructions a keystroke in a 10,000-unit paragraph).
        var paragraphUnits: [UInt16] = []
        swap(&paragraphUnits, &state.measured.units)
        let previousLength = paragraphUnits.count
        removedUnits.removeAll(keepingCapacity: true)
        removedUnits.append(contentsOf: paragraphUnits[edit])
        if usesBalanced { editSnapshot.record(state.measured, editStart: edit.lowerBound) }
        paragraphUnits.replaceSubrange(edit, with: units[editedRange.lowerBound..<(editedRange.lowerBound + insertedCount)])
        if let window = engine.remeasure(
            &state.measured, units: paragraphUnits, previousLength: previousLength, contentLength: range.contentEnd - base,
            edit: edit, insertedCount: insertedCount, fonts: activeFonts, options: activeOptions, style: measuringStyle) {
            changed = window
            statistics.windowMeasures += 1
        } else {
            // The old measurement gets its own units back for the comparisons below.
            paragraphUnits.replaceSubrange(edit.lowerBound..<(edit.lowerBound + insertedCount), with: removedUnits)
            state.measured.units = paragraphUnits
            previous = state.measured
            state.measured = measure(range)
            statistics.paragraphMeasures += 1
            changed = edit.lowerBound..<(edit.lowerBound + insertedCount)
        }
        // The balanced strategy breaks from the measurement itself (BalancedParagraphs).
        if usesBalanced {
            state.range = range
            // Balanced entries keep no measurement without a box (`BalancedParagraphs`): after
            // a full re-measure the agreement is found here, against the old one, on glyphs and
            // flags (the old sums are patched; the balanced strategy derives its own afresh);
            // after a window re-measure, from the window's start on against the record of it.
            balancedAgreement = (
                base, previous.map { state.measured.agreement(with: $0, comparingSums: false) }
                    ?? editSnapshot.agreement(of: state.measured, windowStart: changed.lowerBound))
            return 0
        }

        // The restart rule. Claim: an old line whose `reach` is at most `agreed` comes out
        // the same from the new measurement, and so do all lines before the first that does
        // not, so re-breaking may start at that line's start.
        // Proof: the greedy line from a start s is a function of the measurement between s and
        // the line's reach r (`GreedyLineBreaker`: the opportunities and boundary flags up to
        // and including r, units, advances, whitespace and glyphs before r). The new and old
        // measurements agree through `agreed` (the window re-measure keeps everything up to the
        // window's inner start, opportunities and flags at it included; after a fresh measure
        // `agreement(with:)` finds the offset by comparing). Induction on the lines: the first
        // starts at 0 in both; if line k starts at the same s in both and its old reach is at
        // most `agreed`, the breaker reads the same values, so it ends at the same place and the
        // fitter (which reads its content only) gives the same line; line k + 1 then starts at the
        // same place. Nothing else in the paragraph is read, so an opportunity added or removed
        // after a line (which the reach covers up to the first candidate that did not fit) or a
        // word broken inside (whose line reaches the word's end) restarts early enough.
        // Moved out of `state` while the closure below reads `state`: a copy would retain
        // and release each of its arrays.
        var measured = MeasuredParagraph.empty
        swap(&measured, &state.measured)
        defer { swap(&measured, &state.measured) }
        let agreed = previous.map { measured.agreement(with: $0) } ?? changed.lowerBound
        let keep = state.spans.firstIndex { $0.reach > agreed } ?? state.spans.count
        let start = keep < state.spans.count ? state.spans[keep].start : (state.spans.last?.end ?? 0)
        var resume: Int?
        var spans: [LineSpan] = []
        swap(&spans, &spanScratch)
        defer { swap(&spans, &spanScratch) }
        engine.breakLines(measured, context: context, from: start, into: &spans) { span in
            guard span.end >= changed.upperBound, span.end - delta >= edit.upperBound else { return false }
            let oldEnd = span.end - delta
            // The old spans tile the paragraph in order: a binary search, not a scan from the
            // top (5 K instructions a keystroke over the 163 lines of 10,000 characters).
            let index = state.spans.partitioningIndex { $0.end >= oldEnd }
            guard index < state.spans.count, state.spans[index].end == oldEnd else { return false }
            if let previous, !measured.sameTail(from: span.end, as: previous, from: oldEnd) { return false }
            resume = index + 1
            return true
        }
        // The old lines and spans keep..<tail give way to the new ones, and those from tail on
        // are kept, shifted. Edited in place: new arrays cost two allocations per keystroke.
        let tail = resume ?? state.spans.count
        guard tail >= keep else {
            // The new lines line up with an old line before the restart point (a full
            // re-measure that agrees past the edit): the kept head and tail overlap, so the
            // lines are put together as copies.
            var lines = (0..<keep).map { state.lines[$0] }, allSpans = Array(state.spans[..<keep])
            for span in spans {
                lines.append(fitLine(span, paragraph: measured, base: base))
                allSpans.append(span)
            }
            for index in tail..<state.spans.count {
                var span = state.spans[index]
                span.start += delta
                span.end += delta
                span.contentEnd += delta
                span.reach += delta
                allSpans.append(span)
                lines.append(state.lines[index].shifted(by: delta))
            }
            state.range = range
            state.spans = allSpans
            state.lines = LineChunks(whole: lines)
            return keep
        }
        state.spans.replaceSubrange(keep..<tail, with: spans)
        // The new lines go in with one move of the lines after them (an insert per line moved
        // them once per line), and the lines after are shifted where they stand.
        var fitted: [Line] = []
        swap(&fitted, &lineScratch)
        fitted.removeAll(keepingCapacity: true)
        for span in spans { fitted.append(fitLine(span, paragraph: measured, base: base)) }
        state.lines.replaceSubrange(keep..<tail, with: fitted, movingLaterBy: delta)
        fitted.removeAll(keepingCapacity: true)
        swap(&fitted, &lineScratch)
        if delta != 0 {
            let moved = (keep + spans.count)..<state.spans.count
            state.spans.withUnsafeMutableBufferPointer { spans in
                for index in moved {
                    spans[index].start &+= delta
                    spans[index].end &+= delta
                    spans[index].contentEnd &+= delta
                    spans[index].reach &+= delta
                }
            }
        }
        state.range = range
        return keep
    }

    /// The layout of the paragraphs' lines; `kept`: how many lines at the top are the current
    /// layout's own (see `update`), whose tops are not summed again.
    private func assemble(keeping kept: Int = 0) -> Layout {
        var missing: [MissingCharacters] = []
        // By index: `for state in paragraphs` copied each state (a retain and release per array).
        for index in paragraphs.indices {
            missing.append(contentsOf: paragraphs[index].measured.missing.shifted(by: paragraphs[index].range.range.lowerBound))
        }
        // A short paragraph's lines are one array of their own after a keystroke (the splice
        // joins them): they are stacked in it as a fresh layout stacks its array, and the
        // layout holds that array. A chunk array and a positions array per layout were two
        // mallocs a keystroke (typing at 280: 11 → 13 at p90).
        if paragraphs.count == 1 {
            var height = 0.0
            let whole = paragraphs[0].lines.withWhole { lines in
                height = BlockStacking.stack(
                    &lines, emptyMetrics: context.placement.verticalMetrics([]), minSize: context.minSize,
                    width: context.options.width, lineSpacing: context.options.lineSpacing,
                    alignment: context.options.alignment)
            }
            if let whole { return engine.layout(storedText, lines: LineList(whole), height: height, missing: missing, context: context) }
        }
        // One paragraph's chunks are the layout's as they are; several are joined into an
        // array made once (appending them one by one grew it again and again: +11% a
        // keystroke in 10,000 characters of short paragraphs).
        var chunks = paragraphs.count == 1 ? paragraphs[0].lines : LineChunks()
        if paragraphs.count > 1 {
            var total = 0
            for index in paragraphs.indices { total += paragraphs[index].lines.chunkCount }
            chunks.reserveCapacity(total)
            for index in paragraphs.indices { chunks.append(paragraphs[index].lines) }
        }
        // An empty line on top takes the size of the first line with content (`BlockStacking`),
        // which may be a changed one: stack from the top then.
        let from = kept > 0 && chunks.count > 0 && !chunks.withStoredLine(at: 0, { line, _, _ in line.flags.contains(.empty) })
            ? min(kept, layout.lines.count, chunks.count) : 0
        let (lines, height, resized) = BlockStacking.stack(
            &chunks, from: from, previous: layout.lines, emptyMetrics: context.placement.verticalMetrics([]),
            minSize: context.minSize, width: context.options.width, lineSpacing: context.options.lineSpacing,
            alignment: context.options.alignment)
        // An empty line's size follows the line before it: the paragraph keeps the new one,
        // so that a later layout that does not restack it reads it right.
        if !resized.isEmpty {
            var paragraph = 0, first = 0
            for (index, line) in resized {
                while index >= first + paragraphs[paragraph].lines.count {
                    first += paragraphs[paragraph].lines.count
                    paragraph += 1
                }
                paragraphs[paragraph].lines.set(line, at: index - first)
            }
        }
        return engine.layout(storedText, lines: lines, height: height, missing: missing, context: context)
    }

    /// `kept`: how many lines at the top the update kept (see `update`), not compared.
    private func changedLines(old: LineList, new: LineList, kept: Int) -> Range<Int> {
        // `sameLine` compares lines carried over by identity: a read copies each line out (a
        // retain and release per array of every line).
        // Lines the update kept are not compared (half the lines of a long paragraph, each
        // comparison a copy of both lines: 11% of a keystroke at 10,000 characters).
        // Empty lines before the first line with content take that line's size (see
        // `BlockStacking`), so with one on top any line may have changed.
        let known = !new.isEmpty && !new.isEmptyLine(at: 0)
            ? min(kept, old.count, new.count) : 0
        var prefix = known
        while prefix < old.count, prefix < new.count, new.sameLine(at: prefix, as: old, at: prefix) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              new.sameLine(at: new.count - 1 - suffix, as: old, at: old.count - 1 - suffix) { suffix += 1 }
        return prefix..<(new.count - suffix)
    }

    private func splitsSurrogatePair(at offset: Int) -> Bool {
        offset > 0 && offset < units.count && units[offset] & 0xFC00 == 0xDC00 && units[offset - 1] & 0xFC00 == 0xD800
    }

    private func previousGraphemeBoundary(before caret: Int) -> Int {
        guard let state = paragraphs.last(where: { $0.range.range.lowerBound < caret }) else { return caret - 1 }
        let base = state.range.range.lowerBound
        var position = caret - base - 1
        while position > 0, !state.measured.isGraphemeStart[position] { position -= 1 }
        return base + position
    }
}

/// What an edit did: the new layout and the lines that differ from the previous layout
/// (indices into the new layout's lines; lines outside it are equal to the old ones at the
/// same distance from the start or from the end).
public struct EditResult: Sendable, Hashable {
    /// The layout after the edit.
    public var layout: Layout
    /// Indices of the lines of `layout` that differ from the layout before the edit.
    public var changedLines: Range<Int>
    /// The UTF-16 range of the previous text that the edit replaced.
    public var editedRange: Range<Int>
    /// How many UTF-16 units the edit inserted in its place.
    public var insertedLength: Int
}

extension EditorSession.ParagraphState {
    mutating func shift(by delta: Int) {
        range = ParagraphRange(
            range: (range.range.lowerBound + delta)..<(range.range.upperBound + delta),
            contentEnd: range.contentEnd + delta)
        // One offset per chunk: the chunks stay shared with the layouts that hold them.
        lines.shift(by: delta)
    }
}
