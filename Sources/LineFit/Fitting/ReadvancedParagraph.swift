/// A paragraph's widths at another instance estimated without shaping: its glyphs keep the
/// choice and GPOS adjustments of the instance they were shaped at, and each advance moves
/// by what `HVAR` gives between the two instances (`AdvanceChange`).
///
/// Width filling asks, for every size it tries, whether each line could reach the width at
/// the widest `wdth`. That question only chooses the block's size (every line is then
/// searched and measured exactly on its own shaping, and a line that cannot reach the width
/// falls back, flagged), so an estimate serves: shaping the whole paragraph again at the
/// widest costs about as much as the whole linear layout, once per optical size tried,
/// while this is one pass over the glyphs. What it leaves out (kerning and mark positions
/// that vary with the axes, glyphs that feature variations swap, FreeType's rounding of
/// each advance to a font unit) moves a line's width by a fraction of a unit per glyph.
extension MeasuredParagraph {
    /// The paragraph with every glyph of a variable font re-advanced from the instance
    /// `from` to `to`; nil when a variable font's `HVAR` cannot say how a glyph moves.
    func readvanced(fonts: FontChain, from: VariationSettings, to: VariationSettings) -> MeasuredParagraph? {
        var result = self
        // The reference `ReadvancedWidths` is tested against (the fill reads only widths):
        // plain, each glyph's change read again where it repeats.
        for (index, run) in runs.enumerated() where fonts.fonts[run.fontIndex].isVariable {
            guard let change = fonts.fonts[run.fontIndex].advanceChange(from: from, to: to),
                  result.glyphs[index].changeAdvances({ change.change($0) })
            else { return nil }
        }
        result.deriveGlyphTables()
        return result
    }
}

/// What width filling reads of a paragraph re-advanced to another instance: its estimated
/// widths (`MeasuredParagraph.estimatedWidth`), without the paragraph. `readvanced` copies
/// every glyph to move its advance and derives every table again, while the fill only asks
/// for widths: here the moved advances go straight into the two prefix sums, added in the
/// order `deriveGlyphTables` adds them, so each width is `readvanced`'s bit for bit (a test
/// compares them).
struct ReadvancedWidths {
    private let prefixAdvance: [Double]
    private let prefixClusters: [Int]

    /// A paragraph's own widths (when it was shaped at the instance, not re-advanced).
    init(_ paragraph: MeasuredParagraph) {
        prefixAdvance = Array(paragraph.prefixAdvance)
        prefixClusters = Array(paragraph.prefixClusters)
    }

    /// `paragraph.readvanced(fonts:from:to:)`'s widths; nil where it is nil.
    init?(_ paragraph: MeasuredParagraph, fonts: FontChain, from: VariationSettings, to: VariationSettings) {
        let length = paragraph.length
        var advance = [Double](repeating: 0, count: length + 1)
        var clusterStart = [Bool](repeating: false, count: length + 1)
        // Per font, its change and each glyph's change once computed (NaN: not yet; the
        // change's `known` table borrowed, given back with what this paragraph computed).
        var changes: [Int: (change: AdvanceChange, known: [Double], owned: Bool, learned: [(glyph: Int, change: Double)])] = [:]
        defer {
            for entry in changes.values { entry.change.known.giveBack(entry.known, owned: entry.owned, learned: entry.learned) }
        }
        for (run, runGlyphs) in zip(paragraph.runs, paragraph.glyphs) {
            let font = fonts.fonts[run.fontIndex]
            if font.isVariable {
                var entry: (change: AdvanceChange, known: [Double], owned: Bool, learned: [(glyph: Int, change: Double)])
                if let kept = changes.removeValue(forKey: run.fontIndex) {
                    entry = kept
                } else {
                    guard let made = font.advanceChange(from: from, to: to) else { return nil }
                    let borrowed = made.known.borrow()
                    entry = (made, borrowed.table, borrowed.owned, [])
                }
                var moved = true
                runGlyphs.forEach { glyph in
                    guard moved else { return }
                    let slot = Int(glyph.id)
                    let delta: Double
                    if slot < entry.known.count, !entry.known[slot].isNaN {
                        delta = entry.known[slot]
                    } else if let made = entry.change.change(glyph.id) {
                        delta = made
                        if slot < entry.known.count {
                            entry.known[slot] = made
                            if !entry.owned { entry.learned.append((slot, made)) }
                        }
                    } else {
                        moved = false
                        return
                    }
                    advance[glyph.cluster + 1] += glyph.advance + delta
                    clusterStart[glyph.cluster] = true
                }
                changes[run.fontIndex] = entry
                guard moved else { return nil }
            } else {
                runGlyphs.forEach { glyph in
                    advance[glyph.cluster + 1] += glyph.advance
                    clusterStart[glyph.cluster] = true
                }
            }
            clusterStart[run.range.lowerBound] = true
        }
        for i in paragraph.contentLength...length { clusterStart[i] = true }
        var clusters = [Int](repeating: 0, count: length + 1)
        for i in 0..<length {
            advance[i + 1] += advance[i]
            clusters[i + 1] = clusters[i] &+ (clusterStart[i] ? 1 : 0)
        }
        prefixAdvance = advance
        prefixClusters = clusters
    }

    /// `MeasuredParagraph.estimatedWidth` of the paragraph these widths are of.
    func estimatedWidth(_ start: Int, _ end: Int, tracking: Double) -> Double {
        guard end > start else { return 0 }
        let clusters = prefixClusters[end] - prefixClusters[start]
        return prefixAdvance[end] - prefixAdvance[start] + tracking * Double(max(0, clusters - 1))
    }
}
