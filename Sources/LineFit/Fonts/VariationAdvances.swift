import CHarfBuzz
import Synchronization

/// The advances of the instance a font's design face is set to, computed from `HVAR`
/// (`HorizontalVariations`) with the region scalars worked out once per instance. A
/// `FontFace` keeps one, used under the font's lock; it forgets the scalars whenever the
/// face is set to other axis values.
final class VariationAdvances {
    /// One instance's scalars over the font's tables: what a shaping call needs.
    struct Instance {
        let table: HorizontalVariations
        let scalars: [Int64]

        /// The advance in HarfBuzz's units for the design font (design units × 64, as hb-ft
        /// gives FreeType's 16.16 advance at ppem = unitsPerEm); nil where FreeType must be asked.
        func designAdvance(_ glyph: UInt32) -> hb_position_t? {
            table.advance(Int(glyph), scalars: scalars).map { hb_position_t($0) * 64 }
        }
    }

    private enum Loaded {
        case notYet
        case unusable
        case table(HorizontalVariations)
    }

    private var loaded = Loaded.notYet
    private var verified = false
    private var current: Instance?

    /// The face's axis values changed: the scalars must be computed again.
    func invalidate() { current = nil }

    /// The font's tables, read the first time they are asked for (nil without a usable `HVAR`).
    private func tableLocked(_ face: FontFace) -> HorizontalVariations? {
        switch loaded {
        case .unusable: return nil
        case .table(let known): return known
        case .notYet:
            let blob = hb_blob_create(
                face.bytes.base.assumingMemoryBound(to: CChar.self), UInt32(face.bytes.count), HB_MEMORY_MODE_READONLY,
                nil, nil)
            let otFace = hb_face_create(blob, UInt32(face.faceIndex))
            hb_blob_destroy(blob)
            defer { hb_face_destroy(otFace) }
            guard let made = HorizontalVariations(face: otFace!, axisCount: face.variationAxes.count) else {
                loaded = .unusable
                return nil
            }
            loaded = .table(made)
            return made
        }
    }

    /// The instance `face` is set to now, or nil when the font has no usable `HVAR` (then
    /// FreeType is asked for every advance, as before).
    func currentLocked(_ face: FontFace) -> Instance? {
        if let current { return current }
        guard let table = tableLocked(face) else { return nil }
        var coordinates = [FT_Fixed](repeating: 0, count: table.axisCount)
        guard FT_Get_Var_Blend_Coordinates(face.face, FT_UInt(table.axisCount), &coordinates) == 0 else { return nil }
        let instance = Instance(table: table, scalars: table.regionScalars(normalized: coordinates.map { Int64($0) }))
        if !verified {
            // The first time, a sample of glyphs is compared with FreeType's own advances: a
            // FreeType that computes them otherwise turns this off for the font.
            verified = true
            let step = max(1, table.glyphCount / 64)
            for glyph in stride(from: 0, to: table.glyphCount, by: step) {
                let expected = hb_font_get_glyph_h_advance(face.designFont, hb_codepoint_t(glyph))
                if let computed = instance.designAdvance(UInt32(glyph)), computed != expected {
                    loaded = .unusable
                    return nil
                }
            }
        }
        current = instance
        return instance
    }

    /// How each glyph's advance changes from the instance `from` to the instance `to` (both
    /// the face's effective settings), for estimates (`AdvanceChange`); nil without a usable
    /// `HVAR`.
    func changeLocked(_ face: FontFace, from: VariationSettings, to: VariationSettings) -> AdvanceChange? {
        // A width-axis layout asks for the same pair (its narrowest and widest at an opsz)
        // again at each layout of the text: kept, as the sweeps are.
        if let known = changes.first(where: { $0.from == from && $0.to == to }) { return known.change }
        guard let table = tableLocked(face) else { return nil }
        let otFace = hb_font_get_face(face.coverageFont)!
        func scalars(_ settings: VariationSettings) -> [Double] {
            let variations = face.variationAxes.compactMap { axis in
                settings[axis.tag].map { hb_variation_t(tag: FontVariationTable.packedTag(axis.tag), value: Float($0)) }
            }
            var coordinates = [Int32](repeating: 0, count: table.axisCount)
            hb_ot_var_normalize_variations(otFace, variations, UInt32(variations.count), &coordinates, UInt32(coordinates.count))
            // HarfBuzz's normalized coordinates are 2.14.
            return table.regionScalars(fractions: coordinates.map { Double($0) / 16384 })
        }
        let unitsPerEm = Double(face.unitsPerEm)
        let weights = zip(scalars(to), scalars(from)).map { ($0 - $1) / unitsPerEm }
        let change = AdvanceChange(
            table: table, weights: weights, columns: table.weightedColumns(weights),
            known: KnownChanges(count: table.glyphCount))
        changes.insert((from, to, change), at: 0)
        if changes.count > Self.sweepsKept { changes.removeLast() }
        return change
    }

    /// Advance changes kept, most recent first.
    private var changes: [(from: VariationSettings, to: VariationSettings, change: AdvanceChange)] = []

    private enum LoadedPositioning {
        case notYet
        case unusable
        case table(PositioningVariations)
    }

    private var positioning = LoadedPositioning.notYet
    private var normalization: FreeTypeNormalization?
    private var normalizationChecks = 0
    /// Instances at which the normalization is compared with FreeType's before it is trusted.
    private static let normalizationChecksWanted = 16
    /// Glyph slopes kept per axis and other-axes coordinates, most recent first.
    private var slopes: [(axis: Int, others: [Int32], slopes: [Double], adjustments: [UInt8], items: [Double])] = []

    /// The exact advance changes and the `GPOS` bound between two instances that differ
    /// only in axis `tag` (both the face's effective settings), for proofs that a line does
    /// not fit (`AxisStep`). Nil without usable tables (`HVAR` checked against FreeType,
    /// `PositioningVariations`), when other axes differ too, or when a feature variation
    /// switches between the two.
    func stepLocked(_ face: FontFace, from: VariationSettings, to: VariationSettings, tag: String) -> AxisStep? {
        // The tables' advances are checked against FreeType's on first use (`currentLocked`).
        guard verified || currentLocked(face) != nil, let table = tableLocked(face),
              let axis = face.variationAxes.firstIndex(where: { $0.tag == tag }) else { return nil }
        let otFace = hb_font_get_face(face.coverageFont)!
        if case .notYet = positioning {
            positioning = PositioningVariations(face: otFace, axisCount: table.axisCount).map { .table($0) } ?? .unusable
        }
        guard case .table(let bounds) = positioning else { return nil }
        if normalization == nil { normalization = FreeTypeNormalization(axes: face.variationAxes, face: otFace) }
        guard let normalization else { return nil }
        // The face's own coordinates, read back from FreeType, check the arithmetic on the
        // first instances a font is used at (the same code then gives the same result).
        if normalizationChecks < Self.normalizationChecksWanted {
            var applied = [FT_Fixed](repeating: 0, count: table.axisCount)
            guard FT_Get_Var_Blend_Coordinates(face.face, FT_UInt(table.axisCount), &applied) == 0,
                  applied.map({ Int64($0) }) == normalization.normalized(face.appliedVariations, axes: face.variationAxes)
            else {
                self.normalization = nil
                positioning = .unusable
                return nil
            }
            normalizationChecks += 1
        }
        func coordinates(_ settings: VariationSettings) -> [Int32] {
            let variations = face.variationAxes.compactMap { axis in
                settings[axis.tag].map { hb_variation_t(tag: FontVariationTable.packedTag(axis.tag), value: Float($0)) }
            }
            var coordinates = [Int32](repeating: 0, count: table.axisCount)
            hb_ot_var_normalize_variations(otFace, variations, UInt32(variations.count), &coordinates, UInt32(coordinates.count))
            return coordinates
        }
        let source = coordinates(from), target = coordinates(to)
        var others = source
        others[axis] = 0
        var moved = target
        moved[axis] = 0
        guard others == moved, !bounds.conditionsDiffer(axis: axis, source[axis], target[axis]) else { return nil }
        let known: (slopes: [Double], adjustments: [UInt8], items: [Double])
        if let kept = slopes.first(where: { $0.axis == axis && $0.others == others }) {
            known = (kept.slopes, kept.adjustments, kept.items)
        } else {
            let glyphs = bounds.glyphSlopes(coordinates: source, axis: axis)
            known = (glyphs.slopes, glyphs.adjustments, bounds.itemSlopes(coordinates: source, axis: axis))
            slopes.insert((axis, others, known.slopes, known.adjustments, known.items), at: 0)
            if slopes.count > Self.sweepsKept { slopes.removeLast() }
        }
        // Advances from FreeType's coordinates (hb-ft's advances), GPOS on HarfBuzz's.
        // The line was just shaped at `from`, often: the face's scalars are then FreeType's own.
        let fromScalars = (from == face.appliedVariations ? current?.scalars : nil)
            ?? table.regionScalars(normalized: normalization.normalized(from, axes: face.variationAxes))
        let toScalars = table.regionScalars(normalized: normalization.normalized(to, axes: face.variationAxes))
        return AxisStep(
            table: table, from: fromScalars, to: toScalars,
            weighed: table.fewRegions(toScalars.indices.filter { fromScalars[$0] != 0 || toScalars[$0] != 0 }),
            distance: Double(abs(target[axis] - source[axis])) / 16384, slopes: known.slopes, adjustments: known.adjustments,
            positioning: bounds, itemSlopes: known.items)
    }

    /// FreeType's normalization of the font's axes, once a step has checked it against the
    /// face (`stepLocked(_:from:to:tag:)`); nil before or when it disagreed.
    func normalizationLocked() -> FreeTypeNormalization? {
        guard case .table = positioning else { return nil }
        return normalization
    }

    /// Re-advancing sources kept, most recent first (a width-axis layout starts every line
    /// from one instance, and the next layout of the same text from the same one).
    private var readvancedSources: [(settings: VariationSettings, tag: String, source: ReadvancedSweep.Source)] = []

    /// The source kept for `settings` (effective) and axis `tag`, if any.
    func readvancedSourceLocked(_ settings: VariationSettings, tag: String) -> ReadvancedSweep.Source? {
        readvancedSources.first { $0.tag == tag && $0.settings == settings }?.source
    }

    /// Keeps `source` (made for `settings`, effective, and `tag`) for the next asks.
    func keepReadvancedSourceLocked(_ source: ReadvancedSweep.Source, _ settings: VariationSettings, tag: String) {
        guard readvancedSourceLocked(settings, tag: tag) == nil else { return }
        readvancedSources.insert((settings, tag, source), at: 0)
        if readvancedSources.count > Self.sweepsKept { readvancedSources.removeLast() }
    }

    private var kerningSweeps: [(settings: VariationSettings, tag: String, sweep: KerningSweep)] = []

    /// The font's `GDEF` regions along axis `tag` with every other axis at `settings` (its
    /// effective ones), for estimates (`KerningSweep`). Nil without readable pair tables.
    func kerningSweepLocked(_ face: FontFace, _ settings: VariationSettings, tag: String) -> KerningSweep? {
        if let known = kerningSweeps.first(where: { $0.tag == tag && $0.settings == settings }) { return known.sweep }
        guard let table = tableLocked(face), let axis = face.variationAxes.firstIndex(where: { $0.tag == tag }) else {
            return nil
        }
        let otFace = hb_font_get_face(face.coverageFont)!
        if case .notYet = positioning {
            positioning = PositioningVariations(face: otFace, axisCount: table.axisCount).map { .table($0) } ?? .unusable
        }
        guard case .table(let bounds) = positioning, bounds.readsPairs else { return nil }
        let variations = face.variationAxes.compactMap { axis in
            settings[axis.tag].map { hb_variation_t(tag: FontVariationTable.packedTag(axis.tag), value: Float($0)) }
        }
        var coordinates = [Int32](repeating: 0, count: table.axisCount)
        hb_ot_var_normalize_variations(otFace, variations, UInt32(variations.count), &coordinates, UInt32(coordinates.count))
        guard let sweep = bounds.sweep(coordinates: coordinates, axis: axis) else { return nil }
        kerningSweeps.insert((settings, tag, sweep), at: 0)
        if kerningSweeps.count > Self.sweepsKept { kerningSweeps.removeLast() }
        return sweep
    }

    /// HarfBuzz's normalized coordinates (2.14) of `settings` on `face`, in `fvar` order.
    /// HarfBuzz skips tags the font lacks and clamps values to the axes, as
    /// `Font.effectiveVariations` does: the settings are passed as they are.
    static func harfBuzzCoordinates(_ face: FontFace, _ settings: VariationSettings) -> [Int32] {
        let values = settings.values.map { hb_variation_t(tag: FontVariationTable.packedTag($0.tag), value: Float($0.value)) }
        var coordinates = [Int32](repeating: 0, count: face.variationAxes.count)
        hb_ot_var_normalize_variations(
            hb_font_get_face(face.coverageFont), values, UInt32(values.count), &coordinates, UInt32(coordinates.count))
        return coordinates
    }

    /// A step from the source of `step` (whose HarfBuzz coordinates are `sourceCoordinates`)
    /// to `to` along `tag`, reusing what depends on the source alone (its `HVAR` scalars, the
    /// `GPOS` slopes, which depend on the other axes only): a width-axis line re-advanced to
    /// several values of one axis pays only each target's side. Nil where `stepLocked(_:from:to:tag:)`
    /// would give none (other axes differ, a feature variation switches between the two).
    func stepLocked(
        _ face: FontFace, reusing step: AxisStep, sourceCoordinates source: [Int32], to: VariationSettings, tag: String
    ) -> (step: AxisStep, coordinates: [Int32])? {
        guard let axis = face.variationAxes.firstIndex(where: { $0.tag == tag }), let normalization,
              case .table(let bounds) = positioning, source.count == face.variationAxes.count else { return nil }
        let target = Self.harfBuzzCoordinates(face, to)
        for index in source.indices where index != axis && source[index] != target[index] { return nil }
        guard !bounds.conditionsDiffer(axis: axis, source[axis], target[axis]) else { return nil }
        let toScalars = step.table.regionScalars(normalized: normalization.normalized(to, axes: face.variationAxes))
        let moved = AxisStep(
            table: step.table, from: step.from, to: toScalars,
            weighed: step.table.fewRegions(toScalars.indices.filter { step.from[$0] != 0 || toScalars[$0] != 0 }),
            distance: Double(abs(target[axis] - source[axis])) / 16384, slopes: step.slopes, adjustments: step.adjustments,
            positioning: step.positioning, itemSlopes: step.itemSlopes)
        return (moved, target)
    }

    /// Sweeps kept, most recent first (a layout asks for one or two, again and again).
    private var sweeps: [(settings: VariationSettings, tag: String, sweep: AxisSweep)] = []
    private static let sweepsKept = 8

    /// The font's regions along axis `tag` with every other axis at `settings` (its effective
    /// ones), for estimates (`AxisSweep`). Nil without a usable `HVAR` or without that axis.
    func sweepLocked(_ face: FontFace, _ settings: VariationSettings, tag: String) -> AxisSweep? {
        if let known = sweeps.first(where: { $0.tag == tag && $0.settings == settings }) { return known.sweep }
        guard let table = tableLocked(face), let axisIndex = face.variationAxes.firstIndex(where: { $0.tag == tag }) else {
            return nil
        }
        let otFace = hb_font_get_face(face.coverageFont)!
        let variations = face.variationAxes.compactMap { axis in
            settings[axis.tag].map { hb_variation_t(tag: FontVariationTable.packedTag(axis.tag), value: Float($0)) }
        }
        var coordinates = [Int32](repeating: 0, count: table.axisCount)
        hb_ot_var_normalize_variations(otFace, variations, UInt32(variations.count), &coordinates, UInt32(coordinates.count))
        // HarfBuzz's normalized coordinates are 2.14; the table's are 16.16.
        let regions = table.sweep(normalized: coordinates.map { Int64($0) * 4 }, axis: axisIndex)
        let sweep = AxisSweep(
            table: table, regions: regions, weighed: table.fewRegions(regions.indices.filter { regions[$0].others != 0 }),
            axis: face.variationAxes[axisIndex], face: otFace)
        sweeps.insert((settings, tag, sweep), at: 0)
        if sweeps.count > Self.sweepsKept { sweeps.removeLast() }
        return sweep
    }
}

/// A variable font's `HVAR` regions along one axis, every other axis held at fixed values:
/// what estimates that move only that axis (an optical size following the size, a line
/// filled by `wdth`) need. Each region's scalar is then its factor from the other axes
/// times its tent on this one, so an estimate at a new value of the axis costs one pass
/// over the regions a line's glyphs use, without FreeType or the other axes. Fractions in
/// `Double`, without FreeType's rounding: for estimates only (`ReadvancedLine`).
final class AxisSweep {
    let table: HorizontalVariations
    let regions: [(others: Double, start: Double, peak: Double, end: Double)]
    /// The regions whose other axes' factor is not 0, when few (the rest never move a width).
    let weighed: HorizontalVariations.FewRegions?
    let axis: VariationAxis
    private let face: OpaquePointer

    init(
        table: HorizontalVariations, regions: [(others: Double, start: Double, peak: Double, end: Double)],
        weighed: HorizontalVariations.FewRegions?, axis: VariationAxis, face: OpaquePointer
    ) {
        self.table = table
        self.regions = regions
        self.weighed = weighed
        self.axis = axis
        self.face = hb_face_reference(face)
        // Set here, not lazily: a sweep is shared, through the font's cache, by engines on
        // several threads, which call `coordinate` outside the font's lock.
        let tag = FontVariationTable.packedTag(axis.tag)
        packedTag = tag
        var axes = [hb_ot_var_axis_info_t](repeating: hb_ot_var_axis_info_t(), count: table.axisCount)
        var count = UInt32(table.axisCount)
        _ = hb_ot_var_get_axis_infos(face, 0, &count, &axes)
        coordinateIndex = axes.prefix(Int(count)).firstIndex { $0.tag == tag }
    }

    deinit { hb_face_destroy(face) }

    /// `value` of the axis normalized as HarfBuzz does (avar included), as a fraction.
    func normalized(_ value: Double) -> Double {
        coordinate(value).map { Double($0) / 16384 } ?? 0
    }

    /// `value` of the axis normalized as HarfBuzz does (2.14, avar included): the axis's
    /// coordinate in `hb_ot_var_normalize_variations` of every axis's value, since HarfBuzz
    /// normalizes and maps (`avar` 1) each axis alone. Nil when HarfBuzz does not list the axis.
    func coordinate(_ value: Double) -> Int32? {
        guard let index = coordinateIndex else { return nil }
        var variation = hb_variation_t(tag: packedTag, value: Float(axis.clamped(value)))
        // Asked at every step of a line's estimate: no array made per call.
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: table.axisCount) { coordinates in
            coordinates.initialize(repeating: 0)
            hb_ot_var_normalize_variations(face, &variation, 1, coordinates.baseAddress, UInt32(coordinates.count))
            return coordinates[index]
        }
    }

    private let packedTag: hb_tag_t
    /// The axis's place in HarfBuzz's list; nil when HarfBuzz does not list it.
    private let coordinateIndex: Int?

    /// Adds each glyph's delta (design units) to `sums` (by region index) for each region
    /// whose other axes' factor is not 0, at least; false at a glyph the tables do not cover.
    func addDeltas(_ glyphs: ArraySlice<ShapedGlyph>, into sums: inout [Double]) -> Bool {
        table.addDeltas(glyphs.lazy.map { Int($0.id) }, only: weighed, into: &sums)
    }

    /// A region's factor from every axis but `axis` at the coordinates `at` gives, and its
    /// span on `axis`, as fractions of `unit` (`HVAR`'s 16.16, `GDEF`'s 2.14); `axes` gives the
    /// region's start, peak and end on an axis (a peak of 0: the axis is ignored).
    static func span(
        axis: Int, axisCount: Int, unit: Double, at coordinate: (Int) -> Int64,
        _ axes: (Int) -> (start: Int64, peak: Int64, end: Int64)
    ) -> (others: Double, start: Double, peak: Double, end: Double) {
        var others = 1.0
        var along = (start: 0.0, peak: 0.0, end: 0.0)
        for index in 0..<axisCount {
            let (start, peak, end) = axes(index)
            if index == axis {
                along = (Double(start) / unit, Double(peak) / unit, Double(end) / unit)
                continue
            }
            let value = coordinate(index)
            if peak == 0 || peak == value { continue }
            if value <= start || value >= end {
                others = 0
                break
            }
            others *= value < peak ? Double(value - start) / Double(peak - start) : Double(end - value) / Double(end - peak)
        }
        return (others, along.start, along.peak, along.end)
    }

    /// Regions' weights (a delta sum times the other axes' factor) summed with their scalars
    /// along the axis at `x` (normalized): a line's change at one value of the axis.
    static func weighedSum(_ regions: [(weight: Double, start: Double, peak: Double, end: Double)], atNormalized x: Double) -> Double {
        var total = 0.0
        for region in regions {
            total += region.weight * tent(x, start: region.start, peak: region.peak, end: region.end)
        }
        return total
    }

    /// A region's scalar along the axis at `x` (normalized), without its other factor.
    static func tent(_ x: Double, start: Double, peak: Double, end: Double) -> Double {
        if peak == 0 || x == peak { return 1 }
        if x <= start || x >= end { return 0 }
        return x < peak ? (x - start) / (peak - start) : (end - x) / (end - peak)
    }
}

/// How glyph advances change between two instances of one font, in em: each region's scalar
/// difference applied to the glyph's deltas. `Double` fractions, without FreeType's rounding
/// of each advance to a font unit, so within half a unit per glyph of the true change: for
/// estimates (`ReadvancedParagraph`), never for a width a line is accepted on.
struct AdvanceChange {
    let table: HorizontalVariations
    /// Per region: scalar at the target minus scalar at the source, over units per em.
    let weights: [Double]
    /// The slots of each row whose weight is not 0 (moving one axis, a few of them).
    let columns: HorizontalVariations.WeightedColumns?
    /// Each glyph's change once computed, for every paragraph and layout that asks.
    let known: KnownChanges

    /// The glyph's advance change in em; nil for a glyph the tables do not cover.
    func change(_ glyph: UInt32) -> Double? {
        table.weightedDelta(Int(glyph), weights: weights, columns: columns)
    }
}

/// An `AdvanceChange`'s per-glyph changes once computed (NaN: not yet): a text repeats a few
/// dozen glyphs, and each change reads the glyph's `HVAR` row, so each is read once while the
/// change is kept (across paragraphs and layouts), not once a paragraph. Shared between
/// threads with its change: the table is lent to one reader at a time (moved out, so that the
/// reader's writes do not copy it), and a reader that finds it lent gets a table of its own
/// whose findings it stores if the table is back by then (the same values, whoever computes them).
final class KnownChanges: Sendable {
    private struct State {
        var table: [Double]
        var lent = false
    }

    private let state: Mutex<State>
    private let count: Int

    init(count: Int) {
        self.count = count
        state = Mutex(State(table: [Double](repeating: .nan, count: count)))
    }

    /// The table to read and write in place (`owned`), or, while another reader has it, a new one.
    func borrow() -> (table: [Double], owned: Bool) {
        let lent = state.withLock { state -> [Double]? in
            guard !state.lent else { return nil }
            state.lent = true
            defer { state.table = [] }
            return state.table
        }
        if let lent { return (lent, true) }
        return ([Double](repeating: .nan, count: count), false)
    }

    /// Ends a `borrow`: an owned table is put back as it is (with what the reader wrote); from
    /// a table of its own, the `learned` (glyph, change) pairs are stored if the table is back.
    func giveBack(_ table: [Double], owned: Bool, learned: [(glyph: Int, change: Double)]) {
        state.withLock { state in
            if owned {
                state.table = table
                state.lent = false
            } else if !state.lent {
                for (glyph, change) in learned where glyph < state.table.count { state.table[glyph] = change }
            }
        }
    }
}
