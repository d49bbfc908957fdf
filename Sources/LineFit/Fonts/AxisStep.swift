/// What moving one axis of a variable font from one instance to a nearby one does to each
/// glyph's advance: the `HVAR` change exactly (FreeType's arithmetic, `HorizontalVariations`)
/// and a bound on the `GPOS` change (`PositioningVariations`), in design units.
///
/// A line shaped at the first instance, with the same glyphs at the second (no feature
/// variation switches between them, which `VariationAdvances.stepLocked` checks), is then
/// at least its width plus the `HVAR` changes minus the bounds: enough to prove that a
/// larger size does not fit without shaping it (`LayoutEngine.provenTooWide`).
struct AxisStep {
    let table: HorizontalVariations
    let from: [Int64]
    let to: [Int64]
    /// The regions whose scalar is not 0 at either instance, when few.
    let weighed: HorizontalVariations.FewRegions?
    /// |Δ normalized coordinate| of the axis, as a fraction.
    let distance: Double
    let slopes: [Double]
    let adjustments: [UInt8]
    let positioning: PositioningVariations
    /// Per delta set of the pair lookups (numbered): its most change per unit of normalized coordinate.
    let itemSlopes: [Double]

    /// HarfBuzz rounds each `GPOS` adjustment to 1/64 unit at LineFit's scale, at both
    /// instances; the margin also covers its single-precision sums of scalars × deltas.
    static let roundingPerAdjustment = 1.0 / 64 + 1.0 / 1024
    /// Relative margin on the slope bound for the same single-precision arithmetic.
    static let slopeMargin = 1.001

    /// The glyph's exact `HVAR` advance change in design units; nil where FreeType must be
    /// asked (the tables do not cover it).
    func advanceChange(_ glyph: UInt32) -> Int32? {
        table.advanceChange(Int(glyph), from: from, to: to, only: weighed)
    }

    /// `advanceChange` of each glyph in order, given to `body`; false at the first glyph the
    /// tables do not cover.
    func advanceChanges(_ glyphs: ArraySlice<ShapedGlyph>, _ body: (Int32) -> Void) -> Bool {
        table.advanceChanges(glyphs.lazy.map { Int($0.id) }, from: from, to: to, only: weighed, body)
    }

    /// The most the `GPOS` x advance of the glyph at `index` of a left-to-right run can move
    /// between the two instances, in design units: from the delta sets of the pairs it
    /// actually forms with the glyphs after it (`PositioningVariations.pairItems`), or, where
    /// the pairs cannot be read (the run's last glyph, lookup flags beyond IgnoreMarks), from
    /// any pair it can form (`positioningBound(_:)`). `scratch` is reused between calls.
    func positioningBound(_ glyphs: [UInt32], at index: Int, scratch: inout [Int32]) -> Double {
        guard distance > 0 else { return 0 }
        guard positioning.readsPairs, positioning.pairItems(glyphs, at: index, into: &scratch) else {
            return positioningBound(glyphs[index])
        }
        var total = 0.0
        for item in scratch {
            total += itemSlopes[Int(item)] * Self.slopeMargin * distance + Self.roundingPerAdjustment
        }
        return total
    }

    /// The most the glyph's `GPOS` x advance can move between the two instances, whatever
    /// glyph follows it, in design units (0 when they are the same instance).
    func positioningBound(_ glyph: UInt32) -> Double {
        guard distance > 0, Int(glyph) < slopes.count else { return distance > 0 ? .infinity : 0 }
        return slopes[Int(glyph)] * Self.slopeMargin * distance
            + Double(adjustments[Int(glyph)]) * Self.roundingPerAdjustment
    }
}
