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
        // Per font, its change and each glyph's change once computed (NaN: not yet): a
        // paragraph repeats a few dozen glyphs, and each change reads the glyph's `HVAR` row.
        var changes: [Int: (change: AdvanceChange, known: [Double])] = [:]
        for (index, run) in runs.enumerated() {
            let font = fonts.fonts[run.fontIndex]
            guard font.isVariable else { continue }
            var entry: (change: AdvanceChange, known: [Double])
            if let kept = changes.removeValue(forKey: run.fontIndex) {
                entry = kept
            } else {
                guard let made = font.advanceChange(from: from, to: to) else { return nil }
                entry = (made, [Double](repeating: .nan, count: made.table.glyphCount))
            }
            let moved = result.glyphs[index].changeAdvances { glyph in
                let slot = Int(glyph)
                if slot < entry.known.count, !entry.known[slot].isNaN { return entry.known[slot] }
                guard let delta = entry.change.change(glyph) else { return nil }
                if slot < entry.known.count { entry.known[slot] = delta }
                return delta
            }
            changes[run.fontIndex] = entry
            guard moved else { return nil }
        }
        result.deriveGlyphTables()
        return result
    }
}
