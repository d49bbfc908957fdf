import CHarfBuzz

/// A variable font's advance widths at any instance, computed from `hmtx` and `HVAR` the way
/// FreeType computes them, with each region's scalar worked out once per instance instead
/// of once per glyph.
///
/// FreeType evaluates every region of a glyph's delta set on every axis for each advance it
/// is asked for (about 3,300 instructions a glyph with Roboto Flex's 13 axes), and optical
/// sizes and width axes ask at a new instance for every probe. The scalars depend on the
/// instance alone, so here they are computed once per instance and an advance is a dot
/// product. The arithmetic is FreeType's: region scalars in 16.16 by `FT_MulDiv` (rounded
/// to nearest, per axis, in axis order), deltas summed exactly as 16.16 × integer products,
/// rounded once (`FT_fixedToInt`), added to the `hmtx` advance and truncated to 16 bits.
/// The coordinates are FreeType's own normalized ones (read back from the face), so avar
/// and its rounding are FreeType's too. Tests compare every glyph with FreeType's advance
/// over a grid of instances; `InstanceAdvances` also checks a sample when a font is first
/// used and falls back to FreeType for a font where they differ.
///
/// Only what FreeType 2.12 reads is taken (16-bit and 8-bit deltas; a store with 32-bit
/// deltas, or anything malformed, makes the table nil, and FreeType is asked as before).
final class HorizontalVariations {
    let glyphCount: Int
    let axisCount: Int
    /// `hmtx` advance per glyph (glyphs past numberOfHMetrics repeat the last one).
    private let defaultAdvances: [Int32]
    /// Per region, per axis: start, peak, end (16.16), with invalid axes given a peak of 0
    /// (FreeType skips them, as it skips axes whose peak is 0).
    private let regionCoordinates: [Int64]
    let regionCount: Int
    /// Per region, the axes whose peak is not 0 (`activeStarts[r]..<activeStarts[r + 1]`).
    private let activeAxes: [(axis: Int, start: Int64, peak: Int64, end: Int64)]
    private let activeStarts: [Int]
    private let itemData: [ItemData]
    /// Per glyph (or the last entry for later glyphs): outer index << 16 | inner index.
    private let mapping: [UInt32]
    /// Per region, where its deltas are: (item variation data, column) pairs.
    private let regionColumns: [[(data: Int32, column: Int32)]]

    private struct ItemData {
        let itemCount: Int
        let regionIndices: [Int]
        /// itemCount rows of regionIndices.count deltas.
        let deltas: [Int32]
    }

    /// Reads the tables from `face` (a HarfBuzz face: its table access is thread-safe);
    /// nil when the font has no usable `HVAR` or its `fvar` has another axis count.
    init?(face: OpaquePointer, axisCount: Int) {
        guard axisCount > 0 else { return nil }
        let glyphCount = Int(hb_face_get_glyph_count(face))
        guard glyphCount > 0,
              let hhea = Table(face, "hhea"), let hmtx = Table(face, "hmtx"), let hvar = Table(face, "HVAR"),
              let metricCount = hhea.u16(34).map(Int.init), metricCount > 0, metricCount <= glyphCount,
              hmtx.count >= metricCount * 4
        else { return nil }
        self.glyphCount = glyphCount
        self.axisCount = axisCount
        var advances = [Int32](repeating: 0, count: glyphCount)
        for glyph in 0..<glyphCount {
            advances[glyph] = Int32(hmtx.u16(min(glyph, metricCount - 1) * 4) ?? 0)
        }
        defaultAdvances = advances

        guard hvar.u16(0) == 1, let storeOffset = hvar.u32(4).map(Int.init), storeOffset > 0,
              let mapOffset = hvar.u32(8).map(Int.init),
              hvar.u16(storeOffset) == 1,
              let regionListOffset = hvar.u32(storeOffset + 2).map({ storeOffset + Int($0) }),
              let dataCount = hvar.u16(storeOffset + 6).map(Int.init), dataCount > 0,
              hvar.u16(regionListOffset) == UInt16(axisCount),
              let regionCount = hvar.u16(regionListOffset + 2).map(Int.init)
        else { return nil }
        // The region list is read before its arrays are made: counts from a hostile table
        // would otherwise size them (regions × axes, each up to 65,535).
        guard regionListOffset + 4 + regionCount * axisCount * 6 <= hvar.count else { return nil }
        self.regionCount = regionCount
        var coordinates = [Int64](repeating: 0, count: regionCount * axisCount * 3)
        for region in 0..<regionCount {
            for axis in 0..<axisCount {
                let at = regionListOffset + 4 + (region * axisCount + axis) * 6
                guard let start = hvar.i16(at), let peak = hvar.i16(at + 2), let end = hvar.i16(at + 4) else { return nil }
                let slot = (region * axisCount + axis) * 3
                // FreeType ignores an axis whose range is invalid or straddles 0 with a
                // non-zero peak; a peak of 0 is how it is ignored here.
                let invalid = start > peak || peak > end || (start < 0 && end > 0 && peak != 0)
                coordinates[slot] = Int64(start) * 4
                coordinates[slot + 1] = invalid ? 0 : Int64(peak) * 4
                coordinates[slot + 2] = Int64(end) * 4
            }
        }
        regionCoordinates = coordinates
        // Most regions span one or two of the axes: the others (peak 0) are skipped per instance.
        var active: [(axis: Int, start: Int64, peak: Int64, end: Int64)] = []
        var starts = [0]
        for region in 0..<regionCount {
            for axis in 0..<axisCount {
                let slot = (region * axisCount + axis) * 3
                if coordinates[slot + 1] != 0 {
                    active.append((axis, coordinates[slot], coordinates[slot + 1], coordinates[slot + 2]))
                }
            }
            starts.append(active.count)
        }
        activeAxes = active
        activeStarts = starts

        let budget = TableReadBudget(tableBytes: hvar.count, glyphCount: glyphCount)
        var data: [ItemData] = []
        for index in 0..<dataCount {
            // 32-bit deltas (LONG_WORDS) are newer than what FreeType 2.12 reads.
            guard let offset = hvar.u32(storeOffset + 8 + index * 4).map({ storeOffset + Int($0) }),
                  let (regionIndices, deltas, itemCount) = hvar.itemVariationData(
                    at: offset, regionCount: regionCount, longWords: false, budget: budget)
            else { return nil }
            data.append(ItemData(itemCount: itemCount, regionIndices: regionIndices, deltas: deltas))
        }
        itemData = data
        // As large as the data's region lists, which the budget paid for.
        var columns = [[(data: Int32, column: Int32)]](repeating: [], count: regionCount)
        for (index, block) in data.enumerated() {
            for (column, region) in block.regionIndices.enumerated() {
                columns[region].append((Int32(index), Int32(column)))
            }
        }
        regionColumns = columns

        var entries: [UInt32] = []
        if mapOffset > 0 {
            guard let format = hvar.u8(mapOffset), format <= 1, let entryFormat = hvar.u8(mapOffset + 1) else { return nil }
            let mapCount = format == 0 ? hvar.u16(mapOffset + 2).map(Int.init) : hvar.u32(mapOffset + 2).map(Int.init)
            guard let mapCount, mapCount > 0 else { return nil }
            let entrySize = Int((entryFormat >> 4) & 3) + 1
            let innerBits = Int(entryFormat & 0xF) + 1
            let first = mapOffset + (format == 0 ? 4 : 6)
            guard first + mapCount * entrySize <= hvar.count else { return nil }
            for index in 0..<mapCount {
                var entry: UInt32 = 0
                for byte in 0..<entrySize { entry = entry << 8 | UInt32(hvar.bytes[first + index * entrySize + byte]) }
                let outer = entry >> UInt32(innerBits)
                let inner = entry & ((1 << UInt32(innerBits)) - 1)
                guard outer <= 0xFFFF, inner <= 0xFFFF else { return nil }
                entries.append(outer << 16 | inner)
            }
        }
        mapping = entries
    }

    /// Each region's scalar (16.16) at `normalized` (FreeType's normalized coordinates, 16.16,
    /// one per axis).
    func regionScalars(normalized: [Int64]) -> [Int64] {
        var scalars = [Int64](repeating: 0, count: regionCount)
        guard normalized.count == axisCount else { return scalars }
        // Once per instance switch of every probe: read through buffers (no slices).
        scalars.withUnsafeMutableBufferPointer { scalars in
            normalized.withUnsafeBufferPointer { normalized in
                activeAxes.withUnsafeBufferPointer { active in
                    activeStarts.withUnsafeBufferPointer { starts in
                        for region in 0..<scalars.count {
                            var scalar: Int64 = 0x10000
                            // In axis order, as FreeType multiplies (each step rounds).
                            for index in starts[region]..<starts[region + 1] {
                                let (axis, start, peak, end) = active[index]
                                let value = normalized[axis]
                                if peak == value { continue }
                                if value <= start || value >= end {
                                    scalar = 0
                                    break
                                }
                                scalar = value < peak
                                    ? Self.mulDiv(scalar, value - start, peak - start)
                                    : Self.mulDiv(scalar, end - value, end - peak)
                            }
                            scalars[region] = scalar
                        }
                    }
                }
            }
        }
        return scalars
    }

    /// FreeType's `FT_MulDiv` for the non-negative operands it gets here: a × b / c rounded
    /// to nearest (halves up).
    private static func mulDiv(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
        guard c > 0 else { return 0x7FFF_FFFF }
        return (a * b + (c >> 1)) / c
    }

    /// Where the deltas of a few regions are, per item variation data: a sum over a glyph's
    /// deltas weighted by region reads only those when every other region weighs 0 (with
    /// Roboto Flex, moving `opsz` with the other axes at their defaults weighs 2 of its 84
    /// regions, while a glyph's row has up to 54 deltas). Nil for more than
    /// `FewRegions.limit` regions (then a whole row is cheaper) or a store of more than
    /// `FewRegions.dataLimit` item variation data, or for a region listed twice
    /// in one data (the sum must count it twice).
    func fewRegions(_ regions: [Int]) -> FewRegions? {
        // The table below is regions × data blocks, made per step: bounded whatever the font says.
        guard regions.count <= FewRegions.limit, itemData.count <= FewRegions.dataLimit else { return nil }
        var columns = [Int32](repeating: -1, count: regions.count * itemData.count)
        for (index, region) in regions.enumerated() where region < regionCount {
            for (data, column) in regionColumns[region] {
                let at = index * itemData.count + Int(data)
                guard columns[at] < 0 else { return nil }
                columns[at] = column
            }
        }
        return FewRegions(regions: regions, columns: columns, dataCount: itemData.count)
    }

    /// A few regions and, per region and item variation data, the column of its deltas (-1:
    /// none there). See `fewRegions`.
    struct FewRegions {
        static let limit = 16
        static let dataLimit = 4096
        let regions: [Int]
        fileprivate let columns: [Int32]
        fileprivate let dataCount: Int
    }

    /// The glyph's advance at the instance of `to` minus its advance at `from` (scalars of two
    /// instances), as FreeType gives each, in one pass over its deltas; nil where `advance`
    /// would be. `only`, given, holds every region whose scalar is not 0 at either instance:
    /// the integer sums are then the same, read from those regions' deltas alone.
    func advanceChange(_ glyph: Int, from: [Int64], to: [Int64], only: FewRegions? = nil) -> Int32? {
        var change: Int32?
        guard advanceChanges(CollectionOfOne(glyph), from: from, to: to, only: only, { change = $0 }) else { return nil }
        return change
    }

    /// `advanceChange` of each glyph in order, given to `body`, with the tables taken once for
    /// all of them (a proof asks for every glyph of a line); false at the first glyph it is nil for.
    func advanceChanges(
        _ glyphs: some Sequence<Int>, from: [Int64], to: [Int64], only: FewRegions? = nil, _ body: (Int32) -> Void
    ) -> Bool {
        guard from.count == regionCount, to.count == regionCount else { return false }
        let weighed = only?.regions ?? [], columns = only?.columns ?? []
        return itemData.withUnsafeBufferPointer { blocks in
            from.withUnsafeBufferPointer { from in
                to.withUnsafeBufferPointer { to in
                    weighed.withUnsafeBufferPointer { weighed in
                        columns.withUnsafeBufferPointer { columns in
                            for glyph in glyphs {
                                guard let (outer, inner) = item(of: glyph) else { return false }
                                let width = blocks[outer].regionIndices.count
                                let row = inner * width
                                var before: Int64 = 0, after: Int64 = 0
                                blocks[outer].deltas.withUnsafeBufferPointer { deltas in
                                    if let only {
                                        for index in 0..<weighed.count {
                                            let column = Int(columns[index * only.dataCount + outer])
                                            guard column >= 0 else { continue }
                                            let delta = Int64(deltas[row + column])
                                            before += from[weighed[index]] * delta
                                            after += to[weighed[index]] * delta
                                        }
                                        return
                                    }
                                    blocks[outer].regionIndices.withUnsafeBufferPointer { regions in
                                        for slot in 0..<width {
                                            let delta = Int64(deltas[row + slot])
                                            before += from[regions[slot]] * delta
                                            after += to[regions[slot]] * delta
                                        }
                                    }
                                }
                                let base = Int64(defaultAdvances[glyph])
                                let old = base + ((before + 0x8000) >> 16), new = base + ((after + 0x8000) >> 16)
                                guard old >= 0, old <= 0xFFFF, new >= 0, new <= 0xFFFF else { return false }
                                body(Int32(new - old))
                            }
                            return true
                        }
                    }
                }
            }
        }
    }

    /// The glyph's advance in design units at the instance of `scalars`, as FreeType gives it;
    /// nil for a glyph the tables do not cover (FreeType must be asked).
    func advance(_ glyph: Int, scalars: [Int64]) -> Int32? {
        guard scalars.count == regionCount, let (outer, inner) = item(of: glyph) else { return nil }
        let data = itemData[outer]
        let width = data.regionIndices.count
        var sum: Int64 = 0
        data.deltas.withUnsafeBufferPointer { deltas in
            data.regionIndices.withUnsafeBufferPointer { regions in
                scalars.withUnsafeBufferPointer { scalars in
                    let row = inner * width
                    for slot in 0..<width {
                        sum += scalars[regions[slot]] * Int64(deltas[row + slot])
                    }
                }
            }
        }
        let delta = (sum + 0x8000) >> 16
        // FreeType keeps the adjusted advance in 16 bits; a value outside them is left to it.
        let adjusted = Int64(defaultAdvances[glyph]) + delta
        guard adjusted >= 0, adjusted <= 0xFFFF else { return nil }
        return Int32(adjusted)
    }

    /// The glyph's row of deltas: its item variation data and the row in it (through the
    /// delta-set index map when the font has one, else the glyph id); nil when not covered.
    private func item(of glyph: Int) -> (outer: Int, inner: Int)? {
        guard glyph >= 0, glyph < glyphCount else { return nil }
        var outer = 0, inner = glyph
        if !mapping.isEmpty {
            let entry = mapping[min(glyph, mapping.count - 1)]
            outer = Int(entry >> 16)
            inner = Int(entry & 0xFFFF)
        }
        guard outer < itemData.count, inner < itemData[outer].itemCount else { return nil }
        return (outer, inner)
    }

    /// Adds each glyph's delta for each region (design units, by region index) to `sums`, or
    /// for the regions of `only` alone when given (the others' sums stay as they were);
    /// false at a glyph the tables do not cover.
    func addDeltas(_ glyphs: some Sequence<Int>, only: FewRegions? = nil, into sums: inout [Double]) -> Bool {
        guard sums.count == regionCount else { return false }
        // Once per glyph of every line estimated: the tables are read through buffers, taken
        // once for the whole line.
        return sums.withUnsafeMutableBufferPointer { sums in
            itemData.withUnsafeBufferPointer { blocks in
                let weighed = only?.regions ?? [], columns = only?.columns ?? []
                return weighed.withUnsafeBufferPointer { weighed in
                    columns.withUnsafeBufferPointer { columns in
                        for glyph in glyphs {
                            guard let (outer, inner) = item(of: glyph) else { return false }
                            let row = inner * blocks[outer].regionIndices.count
                            blocks[outer].deltas.withUnsafeBufferPointer { deltas in
                                if let only {
                                    for index in 0..<weighed.count {
                                        let column = Int(columns[index * only.dataCount + outer])
                                        if column >= 0 { sums[weighed[index]] += Double(deltas[row + column]) }
                                    }
                                    return
                                }
                                blocks[outer].regionIndices.withUnsafeBufferPointer { regions in
                                    for slot in 0..<regions.count { sums[regions[slot]] += Double(deltas[row + slot]) }
                                }
                            }
                        }
                        return true
                    }
                }
            }
        }
    }

    /// Each glyph's deltas for the regions of `only`, in their order (0 for a region with no
    /// column in the glyph's item variation data), appended to `deltas`, for the glyphs whose
    /// advance is not 0 (HarfBuzz zeroes a mark's at every instance): what a line needs
    /// to round each glyph's advance at several instances that weigh those regions alone.
    /// False at a glyph the tables do not cover.
    func weighedDeltas(_ glyphs: ArraySlice<ShapedGlyph>, only: FewRegions, into deltas: inout [Double]) -> Bool {
        let count = only.regions.count
        // Once per glyph of every line estimated: read through buffers.
        return itemData.withUnsafeBufferPointer { blocks in
            only.columns.withUnsafeBufferPointer { columns in
                for glyph in glyphs where glyph.advance != 0 {
                    guard let (outer, inner) = item(of: Int(glyph.id)) else { return false }
                    let row = inner * blocks[outer].regionIndices.count
                    blocks[outer].deltas.withUnsafeBufferPointer { rowDeltas in
                        for index in 0..<count {
                            let column = Int(columns[index * only.dataCount + outer])
                            deltas.append(column >= 0 ? Double(rowDeltas[row + column]) : 0)
                        }
                    }
                }
                return true
            }
        }
    }

    /// Each region's scalar at `normalized` (one fraction per axis), in `Double` without
    /// FreeType's rounding: for estimates that move several axes at once (`AdvanceChange`).
    func regionScalars(fractions normalized: [Double]) -> [Double] {
        var scalars = [Double](repeating: 0, count: regionCount)
        guard normalized.count == axisCount else { return scalars }
        for region in 0..<regionCount {
            var scalar = 1.0
            for (axis, start, peak, end) in activeAxes[activeStarts[region]..<activeStarts[region + 1]] {
                let value = normalized[axis] * 65536
                let (start, peak, end) = (Double(start), Double(peak), Double(end))
                if peak == value { continue }
                if value <= start || value >= end {
                    scalar = 0
                    break
                }
                scalar *= value < peak ? (value - start) / (peak - start) : (end - value) / (end - peak)
            }
            scalars[region] = scalar
        }
        return scalars
    }

    /// The glyph's deltas weighted per region (`weights` by region index), summed; nil for a
    /// glyph the tables do not cover. `columns` (`weightedColumns(weights)`), given, lists
    /// the only slots of each row whose weight is not 0: the sum is the same, term for term
    /// in row order (the others add 0), read from a few slots instead of the whole row.
    func weightedDelta(_ glyph: Int, weights: [Double], columns: WeightedColumns? = nil) -> Double? {
        guard weights.count == regionCount, let (outer, inner) = item(of: glyph) else { return nil }
        let data = itemData[outer]
        let width = data.regionIndices.count
        var sum = 0.0
        if let columns, columns.starts.count == itemData.count + 1 {
            for index in Int(columns.starts[outer])..<Int(columns.starts[outer + 1]) {
                let slot = Int(columns.slots[index])
                sum += weights[data.regionIndices[slot]] * Double(data.deltas[inner * width + slot])
            }
            return sum
        }
        for slot in 0..<width {
            sum += weights[data.regionIndices[slot]] * Double(data.deltas[inner * width + slot])
        }
        return sum
    }

    /// Per item variation data, the slots of its rows whose region's weight is not 0, in
    /// row order (`slots[starts[d]..<starts[d + 1]]`).
    struct WeightedColumns {
        let starts: [Int32]
        let slots: [Int32]
    }

    /// The slots `weightedDelta` must read for `weights`: one pass over the data's region
    /// lists (already paid for by the table's read budget).
    func weightedColumns(_ weights: [Double]) -> WeightedColumns? {
        guard weights.count == regionCount else { return nil }
        var starts: [Int32] = [0], slots: [Int32] = []
        starts.reserveCapacity(itemData.count + 1)
        for data in itemData {
            for (slot, region) in data.regionIndices.enumerated() where weights[region] != 0 { slots.append(Int32(slot)) }
            starts.append(Int32(slots.count))
        }
        return WeightedColumns(starts: starts, slots: slots)
    }

    /// Each region's scalar along one axis, the others held at `normalized` (16.16): the
    /// product of the other axes' factors (as a fraction) and the region's span on `axis`
    /// (start, peak, end, as fractions), for estimates that move that axis alone.
    func sweep(normalized: [Int64], axis: Int) -> [(others: Double, start: Double, peak: Double, end: Double)] {
        (0..<regionCount).map { region in
            AxisSweep.span(axis: axis, axisCount: axisCount, unit: 65536, at: { normalized[$0] }) { index in
                let slot = (region * axisCount + index) * 3
                return (regionCoordinates[slot], regionCoordinates[slot + 1], regionCoordinates[slot + 2])
            }
        }
    }

    private typealias Table = OpenTypeTableBytes
}

/// What a line's exact advances along one axis need (`ReadvancedSweep`): the regions whose
/// scalar moves with that axis, and each glyph's row split into those regions' deltas and
/// the integer sum of the rest (whose scalars stay put).
extension HorizontalVariations {
    /// The regions that span `axis` and that no other axis holds at 0 at `normalized`
    /// (FreeType's 16.16 coordinates): the only ones whose scalar can differ between
    /// instances that differ in `axis` alone.
    func varyingRegions(axis: Int, normalized: [Int64]) -> [Int] {
        guard normalized.count == axisCount else { return [] }
        var result: [Int] = []
        for region in 0..<regionCount {
            var spans = false, held = false
            for (index, start, peak, end) in activeAxes[activeStarts[region]..<activeStarts[region + 1]] {
                if index == axis {
                    spans = true
                    continue
                }
                let value = normalized[index]
                if value != peak && (value <= start || value >= end) { held = true }
            }
            if spans && !held { result.append(region) }
        }
        return result
    }

    /// The region's scalar (16.16) at `normalized` with axis `axis` at `value` instead: the
    /// arithmetic of `regionScalars(normalized:)`, axis by axis in order.
    func regionScalar(_ region: Int, normalized: [Int64], axis: Int, value: Int64) -> Int64 {
        var scalar: Int64 = 0x10000
        for (index, start, peak, end) in activeAxes[activeStarts[region]..<activeStarts[region + 1]] {
            let coordinate = index == axis ? value : normalized[index]
            if peak == coordinate { continue }
            if coordinate <= start || coordinate >= end { return 0 }
            scalar = coordinate < peak
                ? Self.mulDiv(scalar, coordinate - start, peak - start)
                : Self.mulDiv(scalar, end - coordinate, end - peak)
        }
        return scalar
    }

    /// Per item variation data, the slots of its rows a line's split reads: those whose
    /// region has a `position` (moving: the delta goes there) or a scalar that is not 0 at
    /// the source (fixed: delta × scalar goes into the integer sum). Every other slot adds 0.
    struct SplitPlan {
        fileprivate let starts: [Int32]
        fileprivate let slots: [Int32]
        fileprivate let positions: [Int32]
        fileprivate let scalars: [Int64]
    }

    /// The plan for `scalars` (the source's) and `position` (per region, its place among the
    /// moving regions, -1 for a fixed one): one pass over the data's region lists.
    func splitPlan(scalars: [Int64], position: [Int32]) -> SplitPlan? {
        guard scalars.count == regionCount, position.count == regionCount else { return nil }
        var starts: [Int32] = [0], slots: [Int32] = [], positions: [Int32] = [], kept: [Int64] = []
        for data in itemData {
            for (slot, region) in data.regionIndices.enumerated() where position[region] >= 0 || scalars[region] != 0 {
                slots.append(Int32(slot))
                positions.append(position[region])
                kept.append(scalars[region])
            }
            starts.append(Int32(slots.count))
        }
        return SplitPlan(starts: starts, slots: slots, positions: positions, scalars: kept)
    }

    /// Each glyph's `hmtx` advance and the integer sum of its fixed regions' delta × scalar,
    /// appended, and its moving regions' deltas added to `deltas` (`width` per glyph, zeroed
    /// by the caller, from `start`); false at a glyph the tables do not cover.
    func split(
        _ glyphs: [UInt32], plan: SplitPlan, width: Int, into deltas: inout [Int32], at start: Int,
        advances: inout [Int64], fixed: inout [Int64]
    ) -> Bool {
        guard plan.starts.count == itemData.count + 1 else { return false }
        return deltas.withUnsafeMutableBufferPointer { deltas in
            plan.slots.withUnsafeBufferPointer { slots in
                plan.positions.withUnsafeBufferPointer { positions in
                    plan.scalars.withUnsafeBufferPointer { scalars in
                        itemData.withUnsafeBufferPointer { blocks in
                            for (index, glyph) in glyphs.enumerated() {
                                guard let (outer, inner) = item(of: Int(glyph)) else { return false }
                                let row = inner * blocks[outer].regionIndices.count
                                var sum: Int64 = 0
                                blocks[outer].deltas.withUnsafeBufferPointer { rowDeltas in
                                    for entry in Int(plan.starts[outer])..<Int(plan.starts[outer + 1]) {
                                        let delta = rowDeltas[row + Int(slots[entry])]
                                        let at = Int(positions[entry])
                                        if at >= 0 {
                                            deltas[start + index * width + at] &+= delta
                                        } else {
                                            sum += scalars[entry] * Int64(delta)
                                        }
                                    }
                                }
                                advances.append(Int64(defaultAdvances[Int(glyph)]))
                                fixed.append(sum)
                            }
                            return true
                        }
                    }
                }
            }
        }
    }
}
