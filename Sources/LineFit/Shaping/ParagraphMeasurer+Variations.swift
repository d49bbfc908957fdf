extension ParagraphMeasurer {
    /// `paragraph` with the runs of its variable fonts shaped again at `style` (other axis
    /// values): the same shaping calls as a fresh `measure` with that style, without its
    /// grapheme and line breaking, itemization and bidi, none of which depend on the axes.
    /// Width filling measures the block at the two ends of the width axis, once per optical
    /// size tried, so that work would otherwise repeat for every measurement.
    func reshaped(_ paragraph: MeasuredParagraph, chain: FontChain, style: ParagraphShapingStyle) -> MeasuredParagraph {
        var result = paragraph
        let content = 0..<paragraph.contentLength
        for (index, run) in paragraph.runs.enumerated() where chain.fonts[run.fontIndex].isVariable {
            shaper.shape(
                paragraph.units, item: run.range, context: content, font: chain.fonts[run.fontIndex],
                style: style.style(for: run), into: &scratchGlyphs)
            result.glyphs[index] = RunGlyphs(scratchGlyphs)
        }
        result.deriveGlyphTables()
        return result
    }
}
