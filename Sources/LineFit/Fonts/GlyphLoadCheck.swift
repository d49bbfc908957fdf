import CHarfBuzz

/// Damage that the check at open (`FontTableCheck`: the table directory, the required
/// tables, loca's end) cannot see without reading every glyph: one glyph's data broken
/// inside an intact table. Shaping reads only its advance (hmtx), so the layout is fine; the
/// outline is what fails, and a renderer given no outline would draw nothing. Checking the
/// glyphs a picture uses, before drawing it, turns that blank into a typed error.
extension Font {
    /// Throws `fontInvalid` naming the first glyph of `glyphs` (in id order) whose outline
    /// FreeType cannot load. Colour-bitmap faces are not checked (their glyphs have no outline).
    public func checkGlyphsLoad(_ glyphs: Set<UInt32>) throws {
        guard !isBitmapOnly else { return }
        let failure: (UInt32, Int32)? = withFace { face in
            let flags = Int32(FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)
            for glyph in glyphs.sorted() {
                let error = FT_Load_Glyph(face, glyph, flags)
                if error != 0 { return (glyph, error) }
            }
            return nil
        }
        if let (glyph, error) = failure {
            throw LineFitError.fontInvalid(
                path: name, faceIndex: faceIndex,
                reason: "glyph \(glyph) cannot be loaded (FreeType error \(error)): the font is damaged")
        }
    }
}

extension Layout {
    /// Throws `fontInvalid` when a glyph of the layout cannot be loaded from its font
    /// (`Font.checkGlyphsLoad`), so that a damaged font is an error instead of a blank
    /// picture. LineFitRender's renderers check before drawing; code that draws outlines
    /// itself (`Font.outline(glyph:)`) calls this first. `fonts` is the chain the layout was
    /// made with.
    public func checkGlyphsLoad(fonts: FontChain) throws {
        var used: [Int: Set<UInt32>] = [:]
        for line in lines {
            for run in line.runs where fonts.fonts.indices.contains(run.fontIndex) {
                used[run.fontIndex, default: []].formUnion(run.glyphs.map(\.id))
            }
        }
        for (index, glyphs) in used.sorted(by: { $0.key < $1.key }) {
            try fonts.fonts[index].checkGlyphsLoad(glyphs)
        }
    }
}
