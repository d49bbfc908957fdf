extension LineShaper {
    /// The line's pieces shaped at `variations` (the line alone as context, as `hb-shape`
    /// on the line's text shapes it). A variable font's glyphs, advances and even glyph
    /// choices (GSUB feature variations) change with its axes, so no slice of a paragraph
    /// measured at other values can be reused; pieces of static fonts are kept as they are.
    func varied(_ pieces: [LinePiece], lineRange: Range<Int>, variations: VariationSettings) -> [LinePiece] {
        var result = pieces
        var styleWithValues = style
        styleWithValues.variations = variations
        for index in result.indices where chain.fonts[result[index].fontIndex].isVariable {
            let piece = result[index]
            let run = ItemRun(range: piece.range, level: piece.level, script: piece.script, fontIndex: piece.fontIndex)
            var glyphs: [ShapedGlyph] = []
            shaper.shape(
                paragraph.units, item: piece.range, context: lineRange, font: chain.fonts[piece.fontIndex],
                style: styleWithValues.style(for: run), into: &glyphs)
            result[index].glyphs = glyphs[...]
        }
        return result
    }
}
