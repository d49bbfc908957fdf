extension LayoutEngine {
    /// A paragraph's balanced state (`BalancedParagraphState`: candidate lines, stage 2's
    /// front and finals, fitted lines, the measurement) behind one reference, copied on
    /// write. An editor session copies and drops these on every keystroke (in arrays, a
    /// dictionary, the seeds of the next edit); as a struct of some twenty arrays each copy or
    /// drop retained or released every one of them, through generic value witnesses inside
    /// arrays (about a fifth of a short keystroke). Fields read and write as before.
    @dynamicMemberLookup
    struct BalancedParagraph {
        private final class Storage {
            // Reached only through `BalancedParagraph`'s subscript, which never nests two
            // accesses to one storage: the run-time exclusivity check (about 85 instructions
            // an access, some 25 a short keystroke) guards nothing.
            @exclusivity(unchecked) var state: BalancedParagraphState
            init(_ state: BalancedParagraphState) { self.state = state }
        }

        private var storage: Storage

        init(candidates: CandidateLines, settings: BalancedSettings, overrides: [LineKey: Double] = [:]) {
            storage = Storage(BalancedParagraphState(candidates: candidates, settings: settings, overrides: overrides))
        }

        subscript<Value>(dynamicMember path: WritableKeyPath<BalancedParagraphState, Value>) -> Value {
            _read { yield storage.state[keyPath: path] }
            _modify {
                if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.state) }
                yield &storage.state[keyPath: path]
            }
        }

        /// `body` on the state in place when this is its only reference (nil otherwise, and
        /// `body` not run): what it holds can be taken apart without being copied.
        mutating func withUniqueState<R>(_ body: (inout BalancedParagraphState) -> R) -> R? {
            guard isKnownUniquelyReferenced(&storage) else { return nil }
            return body(&storage.state)
        }
    }

    /// `balancedParagraph(seed:)` done in place on a seed the caller hands over (its only
    /// reference: an editor session's edited paragraph, dropped from the session's cache):
    /// the new paragraph's candidate lines keep the seed's storage, cut back to the lines
    /// that still hold, and its stage 2 resumes the seed's front in its own arrays, instead
    /// of copying both (about 50 K instructions a keystroke at the end of 280 characters).
    /// Equal to `balancedParagraph(measured, settings:, metrics:, seed:, seedAgreement:)`
    /// but for the measurement, which the paragraph does not keep (nil), and the earlier
    /// fitted lines, which go to its pool (`FittedLinePool`); false, and `paragraph` untouched, where that would not reuse the seed or the seed is
    /// shared. (`measured` is not changed: in-out, it is read where it lies, not copied.)
    func advanceBalancedParagraph(
        _ paragraph: inout BalancedParagraph, to measured: inout MeasuredParagraph, settings: BalancedSettings,
        metrics: FontChainMetrics, seedAgreement: Int?
    ) -> Bool {
        // (Without a box the session drops the seed's measurement: it needs the agreement.)
        guard paragraph.settings == settings, paragraph.overrides.isEmpty else { return false }
        // (Not `Optional.map` with a closure: one that reads `measured` copies it, a retain and
        // release of each of its tables.)
        var agreed = 0
        if let seedAgreement {
            agreed = seedAgreement
        } else if let old = paragraph.measured {
            agreed = measured.agreement(with: old)
        }
        guard agreed > 0 else { return false }
        let fitter = LineFitter(
            grid: SizeGrid(minSize: settings.lowest, maxSize: settings.maxSize, step: settings.step),
            width: settings.width, tracking: settings.tracking)
        let work = paragraph.withUniqueState { state -> (lines: Int, widths: Int) in
            var earlier = CandidateLines(placeholder: ())
            swap(&earlier, &state.candidates)
            state.candidates = CandidateLines(
                measured, fitter: fitter, lowest: settings.lowest, tracking: settings.tracking, metrics: metrics,
                lineSpacing: settings.lineSpacing, fixedSize: settings.fixedSize, reusing: (consume earlier, agreed),
                handedOver: true)
            // Not kept: without a box (the only caller) the session drops it after the layout
            // anyway (`BalancedParagraphs.layout`), and a copy retains every table it holds.
            state.measured = nil
            state.work = BalancedWork(candidateLines: state.candidates.measuredLines)
            state.agreed = agreed
            state.seedFront = state.front.take()
            // The lines fitted so far go to the pool (kept through `agreed`), not `seedFitted`.
            // The last line's end was the paragraph's end: where it is no break opportunity now
            // (a letter typed onto the last word), no line will end there again.
            var keepingLast = false
            if let last = state.fitted.last { keepingLast = measured.hasBreak(at: last.end - (state.fittedFor?.base ?? 0)) }
            state.pool.advance(
                chosen: state.fitted, for: state.fittedFor.take(), agreed: agreed, keepingLast: keepingLast)
            state.fitted.removeAll(keepingCapacity: true)
            state.seedFitted.removeAll()
            state.seedFittedFor = nil
            state.solvedFor = nil
            state.finals = []
            state.hintedSolvedFor = nil
            state.hintedFinals = []
            return (state.candidates.measuredLines, state.candidates.widthsRead)
        }
        guard let work else { return false }
        balancedCandidateLines += work.lines
        balancedWidthsRead += work.widths
        return true
    }
}
