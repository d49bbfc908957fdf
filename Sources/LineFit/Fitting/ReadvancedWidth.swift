/// A line's glyphs at another value of one axis without shaping, with a stated error: each
/// advance moved by its exact `HVAR` change, and a bound on what HarfBuzz's shaping there
/// could differ by.
///
/// A width-axis fill needs each line at the largest `wdth` that fits, and a HarfBuzz shape
/// of a line costs about a sixth of a whole linear layout of the paragraph: ten lines at even
/// one shape each already miss the 2× figure. The line is known at the narrowest
/// `wdth` (the paragraph's own measurement, free). From there, when no feature variation
/// switches glyphs between the two instances (`AxisStep`), the line shaped at the target has
/// the same glyphs, each advance moved by its exact `HVAR` change (FreeType's arithmetic),
/// and `GPOS` moving each by at most the font's bound for the pairs it forms (plus
/// HarfBuzz's rounding). So HarfBuzz's width there is within `bound` of `em`: a line whose
/// `em + bound` fits can be taken without shaping and never overflows.
struct ReadvancedWidth {
    /// The line's pieces with every advance moved by its `HVAR` change and its kerning's
    /// change (marks and other zero-advance glyphs stay at 0, as HarfBuzz keeps them);
    /// offsets (mark positions) are kept from the narrowest.
    let pieces: [LinePiece]
    /// Their em width, tracking included.
    let em: Double
    /// The most HarfBuzz's width of the line at the target can differ from `em`, in em:
    /// HarfBuzz's rounding of each kerning change, the any-pair bound where pairs are not
    /// read, and the whole change of zero-advance glyphs (which HarfBuzz may or may not zero).
    let bound: Double

    /// `shape` (shaped at `from`) moved to `to`, instances that differ in axis `tag` alone;
    /// nil when a variable font gives no `AxisStep` there (no usable tables, or a feature
    /// variation switches between the two: then the line must be shaped).
    /// What a font's re-advances from one instance share: the step to itself (its `HVAR`
    /// scalars and `GPOS` slopes), its HarfBuzz coordinates and `GDEF` region scalars.
    struct Source {
        let step: AxisStep
        let coordinates: [Int32]
        let scalars: [Double]
    }

    /// `sources` keeps each font's `Source` at `from` between calls (by font index).
    init?(_ shape: LineInstances.Shape, from: VariationSettings, to: VariationSettings, axis tag: String, fonts: FontChain,
          tracking: Double, sources: inout [Int: Source]) {
        var moved = shape.pieces
        var bound = 0.0
        var scratch: [Int32] = []
        var ids: [UInt32] = []
        for index in moved.indices where !moved[index].glyphs.isEmpty {
            let font = fonts.fonts[moved[index].fontIndex]
            guard font.isVariable else { continue }
            let source: Source
            if let known = sources[moved[index].fontIndex] {
                source = known
            } else {
                guard let itself = font.axisStep(from: from, to: from, tag: tag), let coordinates = font.harfBuzzCoordinates(from)
                else { return nil }
                source = Source(
                    step: itself, coordinates: coordinates, scalars: itself.positioning.regionScalars(coordinates: coordinates))
                sources[moved[index].fontIndex] = source
            }
            guard let (step, target) = font.axisStep(
                reusing: source.step, sourceCoordinates: source.coordinates, to: to, tag: tag)
            else { return nil }
            let positioning = step.positioning
            let before = source.scalars
            let after = positioning.regionScalars(coordinates: target)
            let unitsPerEm = Double(font.unitsPerEm)
            var glyphs = Array(moved[index].glyphs)
            ids.removeAll(keepingCapacity: true)
            for glyph in glyphs { ids.append(glyph.id) }
            let leftToRight = moved[index].level & 1 == 0 && positioning.readsPairs
            var units = 0.0
            for slot in glyphs.indices {
                guard let change = step.advanceChange(ids[slot]) else { return nil }
                if glyphs[slot].advance == 0 {
                    // A mark or an ignorable, zeroed by HarfBuzz: its change counts only in the bound.
                    units += Double(abs(change)) + step.positioningBound(ids[slot])
                    continue
                }
                var kerning = 0.0
                // The kerning pairs the glyph forms, read in shaping order (a left-to-right
                // run's glyphs are): each one's delta set moves by its exact change, which
                // HarfBuzz rounds at both instances. Elsewhere (pairs not readable, right to
                // left), the bound for any pair the glyph can form.
                if leftToRight, slot == ids.count - 1 {
                    // A piece is shaped alone (`LineShaper.varied`; at the narrowest, sliced
                    // only where that gives the same glyphs): its last glyph is the first of
                    // no pair, at either instance.
                } else if leftToRight, positioning.pairItems(ids, at: slot, into: &scratch) {
                    for item in scratch {
                        let itemChange = positioning.deltaChange(item, from: before, to: after)
                        kerning += itemChange
                        units += abs(itemChange) * (AxisStep.slopeMargin - 1) + AxisStep.roundingPerAdjustment
                    }
                } else {
                    units += step.positioningBound(ids[slot])
                }
                glyphs[slot].advance += (Double(change) + kerning) / unitsPerEm
            }
            bound += units / unitsPerEm
            moved[index].glyphs = glyphs[...]
        }
        pieces = moved
        em = moved.width(tracking: tracking)
        self.bound = bound
    }
}
