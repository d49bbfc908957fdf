/// An editor session's state for the balanced strategy and for filling a box: each
/// paragraph's candidate lines, stage 2 result and fitted lines, kept by the paragraph's text
/// so that an edit rebuilds only the paragraph it touched.
///
/// Balanced without a box: stage 2 runs again only for the edited paragraph (the others hit
/// their cached result). Filling a box: stage 1 runs over every paragraph's cached candidate
/// lines, stage 2 again only where the threshold or the height budget changed; nothing
/// outside the edited paragraph is re-measured either way.
struct BalancedParagraphs {
    private var cache = ParagraphTextCache<LayoutEngine.BalancedParagraph>()
    /// The entries of the last layout in paragraph order: an edited paragraph (a cache miss)
    /// starts from the entry at its index, reusing what still agrees with it.
    private var previousEntries: [LayoutEngine.BalancedParagraph?] = []
    /// The work of the last layout (tests bound it per keystroke).
    private(set) var lastWork = LayoutEngine.BalancedWork()
    /// The font chain's vertical metrics, kept across keystrokes (reading them from every
    /// font of the chain is a fixed cost of about 4 % of a short keystroke).
    private var metrics: (fonts: FontChain, metrics: FontChainMetrics)?
    /// The tables freshly derived for the paragraph edited by the last layout without a box,
    /// at its index: the next edit of it re-derives only from where the measurements part.
    private var derived: DerivedGlyphTables?
    /// `derived`'s paragraph: its index and start.
    private var derivedFor: (index: Int, start: Int)?
    /// The working arrays of a layout, kept empty with their storage between layouts: made
    /// and freed on every keystroke they were about 0.45 K instructions each.
    private var spareEntries: [LayoutEngine.BalancedParagraph?] = []
    private var spareSeeds: [(paragraph: LayoutEngine.BalancedParagraph, agreed: Int?)?] = []
    private var spareKeys: [[UInt16]] = []
    private var spareEdited: [Int] = []

    /// The layout of the session's paragraphs. With `stableBreaks`, `previous` (the last
    /// layout) and `edit` (where the text changed: its start, the UTF-16 units removed and
    /// inserted) make the hints (`BreakHint.stability`): the breaks stay unless the stability
    /// rule lets them go.
    /// `agreement`: the edited paragraph's start and the offset (relative) through which its
    /// new measurement agrees with the old one, when the session's window re-measure knows it.
    mutating func layout(
        _ text: String, units: [UInt16], paragraphs: consuming [(ParagraphRange, MeasuredParagraph)], engine: LayoutEngine,
        fonts: FontChain, options: LayoutOptions, previous: Layout?, edit: (start: Int, removed: Int, inserted: Int)?,
        agreement: (start: Int, agreed: Int)? = nil
    ) -> Layout {
        let fillHeight: Double?
        if case .fill(let height) = options.box { fillHeight = height } else { fillHeight = nil }
        var entries: [LayoutEngine.BalancedParagraph?] = []
        swap(&entries, &spareEntries)
        var seeds: [(paragraph: LayoutEngine.BalancedParagraph, agreed: Int?)?] = []
        swap(&seeds, &spareSeeds)
        var workBefore = LayoutEngine.BalancedWork()
        var keys: [[UInt16]] = []
        swap(&keys, &spareKeys)
        // Taken over (the caller's own array), so that re-deriving a paragraph's tables below
        // changes it in place; read by index (an enumeration copied each measurement out).
        var inputs = consume paragraphs
        var edited: [Int] = []
        swap(&edited, &spareEdited)
        for index in inputs.indices {
            let range = inputs[index].0
            let key = Array(units[range.range])
            keys.append(key)
            let cached = cache[key]
            entries.append(cached)
            if let cached { workBefore = workBefore + cached.work }
            // The same paragraph count: the paragraph at this index is the edited one's old self.
            if cached == nil, previousEntries.count == inputs.count, let seed = previousEntries[index] {
                let known = agreement.flatMap { $0.start == range.range.lowerBound ? $0.agreed : nil }
                seeds.append((seed, known))
            } else {
                seeds.append(nil)
            }
            if cached == nil {
                // Window re-measurement patches the prefix sums (equal up to the last bits);
                // candidates from freshly summed tables rank exactly as a fresh layout's.
                edited.append(index)
                if fillHeight == nil, let known = seeds[index]?.agreed, let kept = derivedFor,
                   kept.index == index, kept.start == range.range.lowerBound, let tables = derived.take() {
                    inputs[index].1.deriveGlyphTables(from: tables, agreed: known)
                } else {
                    inputs[index].1.deriveGlyphTables()
                }
            }
        }
        derived = nil
        derivedFor = nil
        var hints: [BreakHint?] = []
        if options.stableBreaks, let previous, let edit {
            hints = BreakHint.stability(previous: previous, paragraphs: inputs.map(\.0), edit: edit)
        }
        if metrics?.fonts != fonts { metrics = (fonts, FontChainMetrics(fonts)) }
        // Every entry found: the cache and the last layout's entries let go of the edited
        // paragraphs' earlier selves, so that without a box (where the settings are known
        // here) each is rebuilt in place from its seed (`advanceBalancedParagraph`).
        cache.removeAll()
        previousEntries.removeAll(keepingCapacity: true)
        if fillHeight == nil, let chainMetrics = metrics?.metrics {
            let settings = engine.balancedSettings(
                options: options, minSize: options.minSize, maxSize: options.maxSize, fillHeight: nil)
            for index in seeds.indices where seeds[index] != nil {
                guard var paragraph = seeds[index]?.paragraph else { continue }
                let known = seeds[index]?.agreed ?? nil
                seeds[index] = nil
                if engine.advanceBalancedParagraph(
                    &paragraph, to: &inputs[index].1, settings: settings, metrics: chainMetrics, seedAgreement: known) {
                    entries[index] = paragraph
                } else {
                    seeds[index] = (paragraph, known)
                }
            }
        }
        let layout = engine.fitBalanced(
            text, paragraphs: inputs, cache: &entries, fonts: fonts, options: options, minSize: options.minSize,
            maxSize: options.maxSize, fillHeight: fillHeight, hints: hints, seeds: seeds, metrics: metrics?.metrics)
        // Without a box an edited paragraph is advanced from its entry with the agreement the
        // session's window re-measure knows (`advanceBalancedParagraph`), never compared with
        // the entry's measurement: kept, it shared the session's tables, so that the next
        // re-measure copied the ones it edits (the glyphs alone ~11 K instructions a keystroke
        // at 230 characters, which greedy does not pay). Where the session does not know the
        // agreement, the paragraph is built afresh.
        if fillHeight == nil {
            for index in entries.indices { _ = entries[index]?.withUniqueState { $0.measured = nil } }
            // Kept where one paragraph was edited (typing): likely the next keystroke's too.
            if edited.count == 1, let index = edited.first {
                derived = DerivedGlyphTables(inputs[index].1)
                derivedFor = (index, inputs[index].0.range.lowerBound)
            }
        }
        // An entry repaired during the layout (a line whose estimate fit but whose glyphs did
        // not) carries the repairs' exact widths: reused, it would plan from them at the first
        // try where a fresh layout plans from the estimates (and may run out of repair rounds
        // or box retries elsewhere). Such a paragraph is rebuilt on the next edit, as fresh
        // (a seed with overrides is ignored for the same reason).
        for (key, entry) in zip(keys, entries) where entry.map({ $0.overrides.isEmpty }) ?? true { cache[key] = entry }
        lastWork = entries.reduce(LayoutEngine.BalancedWork()) { $0 + ($1?.work ?? .init()) } - workBefore
        // The entries become the last layout's; the emptied arrays are kept for the next layout.
        swap(&previousEntries, &entries)
        spareEntries = consume entries
        seeds.removeAll(keepingCapacity: true)
        spareSeeds = consume seeds
        keys.removeAll(keepingCapacity: true)
        spareKeys = consume keys
        edited.removeAll(keepingCapacity: true)
        spareEdited = consume edited
        return BoxFitting.placed(layout, options: options)
    }
}
