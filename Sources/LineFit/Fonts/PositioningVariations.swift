import CHarfBuzz
import Synchronization

/// How far a variable font's `GPOS` can move a glyph's advance when one axis moves, read
/// from `GDEF`'s item variation store and the pair-adjustment lookups that use it, and the
/// axis values where `GSUB`/`GPOS` feature variations switch lookups.
///
/// An optical-size search needs to know that the next grid size does not fit at its own
/// `opsz` (the exactness rule). Advances there are known exactly without shaping
/// (`HorizontalVariations`); what else changes a line's width between two nearby instances
/// is the kerning: a pair adjustment's `VariationIndex` delta (OpenType `GPOS` ValueRecord,
/// `GDEF` ItemVariationStore). Each region's scalar is a tent in each axis, so along one
/// axis it moves at most |Δcoordinate| / (peak − start) or / (end − peak), times the other
/// axes' factor (held); a delta set moves at most Σ |delta| × factor × slope × |Δcoordinate|.
/// A glyph's advance is adjusted once per pair lookup (as the first glyph of a pair: the
/// lookup applies its first matching subtable), so its bound is the sum over pair lookups
/// of the largest such figure among the delta sets that glyph can receive, plus HarfBuzz's
/// rounding of each adjustment (to 1/64 unit at LineFit's scale, once at each end).
///
/// Assumptions (what makes the bound hold; a font outside them gets no bound, nil, and the
/// search shapes as before): `GPOS` lookups are pair adjustments (type 2, also behind
/// extensions) and mark attachments (types 4–6, which move offsets, not advances); no
/// single, cursive or contextual positioning (which could adjust one glyph more than once
/// per lookup); pair values adjust the first glyph's advance only (`valueFormat2` without x
/// advance); feature-variation conditions are format 1 (an axis range).
final class PositioningVariations {
    private let axisCount: Int
    private let glyphCount: Int
    /// Per region and axis (region × axisCount + axis): start, peak, end in 2.14; an axis
    /// HarfBuzz ignores (peak 0, or a malformed range) has peak 0.
    private let regionAxes: [(start: Int32, peak: Int32, end: Int32)]
    private let regionCount: Int
    /// The store's item variation data: region indices and rows of deltas.
    private let itemData: [(regionIndices: [Int], deltas: [Int32], itemCount: Int)]
    /// Per pair lookup: each first glyph's delta sets (outer << 16 | inner) its x advance can get.
    private let pairItems: [[Int: Set<UInt32>]]
    /// The same lookups, to find the delta set of one pair of glyphs (`pairItems`).
    private let pairTables: [PairLookup]
    private let pairsReadable: Bool
    /// The delta sets the pair tables number (outer << 16 | inner).
    private let itemKeys: [UInt32]
    /// Glyphs `GDEF` classes as marks (skipped by a lookup that ignores marks).
    private let marks: [Bool]
    /// The most deltas one item variation data gives a delta set (its region count).
    private let widestRow: Int
    /// Feature-variation conditions: the axis and its range (2.14, inclusive).
    private let conditions: [(axis: Int, min: Int32, max: Int32)]
    /// Term plans made (`termPlan(position:)`), most recent first: the instances along one
    /// axis mostly move the same regions, so a new instance (every new size, with `opsz`)
    /// reuses its plan instead of a pass over every region slot of the store.
    private let plans = Mutex<[KeptPlan]>([])
    private static let plansKept = 8
    /// A named type, not a tuple: a tuple array's metadata is made at run time from its
    /// mangled name, more than a whole plan's search when the font is new.
    private struct KeptPlan {
        let position: [Int32]
        let plan: TermPlan
    }

    /// Reads the tables of `face` (HarfBuzz's table access is thread-safe); nil when the font
    /// is outside the assumptions above or has no `GDEF` variation store while `GPOS` uses one.
    init?(face: OpaquePointer, axisCount: Int) {
        self.axisCount = axisCount
        glyphCount = Int(hb_face_get_glyph_count(face))
        guard axisCount > 0, glyphCount > 0 else { return nil }
        let tableBytes = ["GSUB", "GPOS", "GDEF"].reduce(0) { $0 + (OpenTypeTableBytes(face, $1)?.count ?? 0) }
        let budget = TableReadBudget(tableBytes: tableBytes, glyphCount: glyphCount)
        var conditions: [(axis: Int, min: Int32, max: Int32)] = []
        for tag in ["GSUB", "GPOS"] {
            guard let found = Self.featureConditions(face, tag, budget: budget) else { return nil }
            conditions += found
        }
        self.conditions = conditions

        var regions: [(start: Int32, peak: Int32, end: Int32)] = []
        var data: [(regionIndices: [Int], deltas: [Int32], itemCount: Int)] = []
        if let gdef = OpenTypeTableBytes(face, "GDEF"), gdef.u16(0) == 1, let minor = gdef.u16(2), minor >= 3,
           let storeOffset = gdef.u32(14).map(Int.init), storeOffset > 0 {
            guard let store = Self.store(gdef, at: storeOffset, axisCount: axisCount, budget: budget) else { return nil }
            (regions, data) = store
        }
        regionAxes = regions
        regionCount = regions.count / axisCount
        itemData = data
        widestRow = data.map(\.regionIndices.count).max() ?? 0

        var marks = [Bool](repeating: false, count: glyphCount)
        if let gdef = OpenTypeTableBytes(face, "GDEF"), let classOffset = gdef.u16(4), classOffset > 0 {
            guard let classes = Self.classes(gdef, Int(classOffset), budget: budget) else { return nil }
            for (glyph, glyphClass) in classes where glyphClass == 3 && glyph < glyphCount { marks[glyph] = true }
        }
        self.marks = marks
        var numbering: [UInt32: Int32] = [:]
        guard let (lookups, tables) = Self.pairLookups(face, glyphCount: glyphCount, numbering: &numbering, budget: budget)
        else { return nil }
        pairTables = tables
        pairsReadable = tables.allSatisfy(\.followsFlags)
        var keys = [UInt32](repeating: 0, count: numbering.count)
        for (key, index) in numbering { keys[Int(index)] = key }
        itemKeys = keys
        for lookup in lookups {
            for items in lookup.values {
                for key in items {
                    // A VariationIndex without a store, or outside it: not a font to bound.
                    let outer = Int(key >> 16), inner = Int(key & 0xFFFF)
                    guard outer < data.count, inner < data[outer].itemCount else { return nil }
                }
            }
        }
        pairItems = lookups
    }

    /// Whether some feature-variation condition on `axis` holds at one coordinate and not
    /// at the other (then the lookups, even the glyphs, may differ between them). A damaged
    /// font's condition may have its minimum above its maximum: it never holds (as HarfBuzz
    /// evaluates it), so the bounds are compared rather than made a range, which would trap.
    func conditionsDiffer(axis: Int, _ first: Int32, _ second: Int32) -> Bool {
        conditions.contains { condition in
            condition.axis == axis
                && ((condition.min <= first && first <= condition.max) != (condition.min <= second && second <= condition.max))
        }
    }

    /// Per glyph, along `axis` with the other axes at `coordinates` (HarfBuzz's normalized
    /// 2.14): the most its `GPOS` x advance can move per unit of normalized coordinate (design
    /// units), and how many adjustments it can get (each rounded by HarfBuzz).
    func glyphSlopes(coordinates: [Int32], axis: Int) -> (slopes: [Double], adjustments: [UInt8]) {
        let regionSlopes = self.regionSlopes(coordinates: coordinates, axis: axis)
        var itemSlopes: [UInt32: Double] = [:]
        func itemSlope(_ key: UInt32) -> Double {
            if let known = itemSlopes[key] { return known }
            let data = itemData[Int(key >> 16)]
            let row = Int(key & 0xFFFF) * data.regionIndices.count
            var total = 0.0
            for (slot, region) in data.regionIndices.enumerated() {
                total += Double(abs(data.deltas[row + slot])) * regionSlopes[region]
            }
            itemSlopes[key] = total
            return total
        }
        var slopes = [Double](repeating: 0, count: glyphCount)
        var adjustments = [UInt8](repeating: 0, count: glyphCount)
        for lookup in pairItems {
            for (glyph, items) in lookup where glyph < glyphCount {
                slopes[glyph] += items.reduce(0) { max($0, itemSlope($1)) }
                adjustments[glyph] = adjustments[glyph] &+ 1
            }
        }
        return (slopes, adjustments)
    }

    /// Each region's other-axes factor at `coordinates` times its tent's steepest slope along
    /// `axis` (per unit of normalized coordinate).
    private func regionSlopes(coordinates: [Int32], axis: Int) -> [Double] {
        var regionSlopes = [Double](repeating: 0, count: regionCount)
        for region in 0..<regionCount {
            var others = 1.0
            var slope = 0.0
            for index in 0..<axisCount {
                let (start, peak, end) = regionAxes[region * axisCount + index]
                if peak == 0 { continue }
                if index == axis {
                    if peak > start { slope = max(slope, 16384 / Double(peak - start)) }
                    if end > peak { slope = max(slope, 16384 / Double(end - peak)) }
                    continue
                }
                let value = coordinates[index]
                if value == peak { continue }
                if value <= start || value >= end {
                    others = 0
                    break
                }
                others *= value < peak ? Double(value - start) / Double(peak - start) : Double(end - value) / Double(end - peak)
            }
            regionSlopes[region] = others * slope
        }
        return regionSlopes
    }
}

/// One pair-adjustment lookup as HarfBuzz applies it to a first glyph: its subtables in
/// order, the first that covers the glyph (and, for a glyph-pair subtable, lists the pair)
/// giving the adjustment. Tables are dense arrays by glyph id (a proof reads a pair per
/// glyph of the line: no hashing); delta sets are numbered (`PositioningVariations.itemKeys`).
struct PairLookup {
    /// "No variable x advance" in the tables below.
    static let noItem: Int32 = -1

    /// One subtable, flat (no enum payloads or nested arrays to copy on each pair read: a
    /// proof or an estimate reads a pair per glyph of a line).
    struct Subtable {
        /// Format 2 (classes) rather than format 1 (pair sets).
        let isClasses: Bool
        /// Format 1: per glyph, its pair set's index (-1: not covered); set s's pairs are
        /// `setStarts[s]..<setStarts[s + 1]` of `seconds` and `items`, sorted by second glyph.
        var sets: [Int32] = []
        var setStarts: [Int32] = []
        var seconds: [UInt16] = []
        /// Format 2: coverage and class of each glyph as first and as second; `items` is then
        /// the delta set per class pair.
        var covered: [Bool] = []
        var firstClasses: [UInt16] = []
        var secondClasses: [UInt16] = []
        var class1Count = 0
        var class2Count = 0
        var items: [Int32] = []
    }

    let flag: UInt16
    var subtables: [Subtable]

    /// Lookup flags this reading follows: none, or IgnoreMarks (GDEF class 3).
    var followsFlags: Bool { flag & ~0x0008 == 0 }

    /// The delta set of `first` followed by `second` (or `noItem`).
    func item(_ first: Int, _ second: Int) -> Int32 {
        for index in subtables.indices {
            if !subtables[index].isClasses {
                guard first < subtables[index].sets.count else { continue }
                let set = Int(subtables[index].sets[first])
                guard set >= 0 else { continue }
                var low = Int(subtables[index].setStarts[set]), high = Int(subtables[index].setStarts[set + 1])
                let end = high
                while low < high {
                    let middle = (low + high) / 2
                    if Int(subtables[index].seconds[middle]) < second { low = middle + 1 } else { high = middle }
                }
                if low < end, Int(subtables[index].seconds[low]) == second { return subtables[index].items[low] }
            } else {
                guard first < subtables[index].covered.count, subtables[index].covered[first] else { continue }
                let class1 = Int(subtables[index].firstClasses[first])
                let class2 = second < subtables[index].secondClasses.count ? Int(subtables[index].secondClasses[second]) : 0
                guard class1 < subtables[index].class1Count, class2 < subtables[index].class2Count else { continue }
                return subtables[index].items[class1 * subtables[index].class2Count + class2]
            }
        }
        return Self.noItem
    }
}

extension PositioningVariations {
    /// Whether pairs can be read (`pairItems`): every pair lookup's flags are ones followed.
    var readsPairs: Bool { pairsReadable }

    /// Each delta set's most change per unit of normalized coordinate along `axis` (design
    /// units), the other axes at `coordinates`, for the delta sets pair lookups use.
    func itemSlopes(coordinates: [Int32], axis: Int) -> [Double] {
        let regionSlopes = self.regionSlopes(coordinates: coordinates, axis: axis)
        return itemKeys.map { key in
            let data = itemData[Int(key >> 16)]
            let row = Int(key & 0xFFFF) * data.regionIndices.count
            var total = 0.0
            for (slot, region) in data.regionIndices.enumerated() {
                total += Double(abs(data.deltas[row + slot])) * regionSlopes[region]
            }
            return total
        }
    }

    /// Each `GDEF` region's scalar at `coordinates` (HarfBuzz's 2.14), as HarfBuzz evaluates
    /// it (in `Double`): for `deltaChange`.
    func regionScalars(coordinates: [Int32]) -> [Double] {
        var scalars = [Double](repeating: 1, count: regionCount)
        for region in 0..<regionCount {
            for index in 0..<axisCount {
                let (start, peak, end) = regionAxes[region * axisCount + index]
                let value = index < coordinates.count ? coordinates[index] : 0
                if peak == 0 || value == peak { continue }
                if value <= start || value >= end {
                    scalars[region] = 0
                    break
                }
                scalars[region] *= value < peak
                    ? Double(value - start) / Double(peak - start) : Double(end - value) / Double(end - peak)
            }
        }
        return scalars
    }

    /// How much the delta set numbered `item` (`pairItems`) changes from the instance with
    /// region scalars `from` to the one with `to`, in design units, before HarfBuzz rounds.
    func deltaChange(_ item: Int32, from: [Double], to: [Double]) -> Double {
        let key = itemKeys[Int(item)]
        let data = itemData[Int(key >> 16)]
        let row = Int(key & 0xFFFF) * data.regionIndices.count
        var total = 0.0
        for (slot, region) in data.regionIndices.enumerated() {
            total += Double(data.deltas[row + slot]) * (to[region] - from[region])
        }
        return total
    }

    /// The `GDEF` regions that span `axis` and that no other axis holds at 0 at
    /// `coordinates` (2.14): the only ones whose scalar differs between instances that differ
    /// in `axis` alone (`ReadvancedSweep`).
    func varyingRegions(axis: Int, coordinates: [Int32]) -> [Int] {
        (0..<regionCount).filter { region in
            guard axis < axisCount, regionAxes[region * axisCount + axis].peak != 0 else { return false }
            for index in 0..<axisCount where index != axis {
                let (start, peak, end) = regionAxes[region * axisCount + index]
                let value = index < coordinates.count ? coordinates[index] : 0
                if peak != 0 && value != peak && (value <= start || value >= end) { return false }
            }
            return true
        }
    }

    /// The region's scalar at `coordinates` with axis `axis` at `value` instead, as
    /// `regionScalars(coordinates:)` evaluates it.
    func regionScalar(_ region: Int, coordinates: [Int32], axis: Int, value: Int32) -> Double {
        var scalar = 1.0
        for index in 0..<axisCount {
            let (start, peak, end) = regionAxes[region * axisCount + index]
            let coordinate = index == axis ? value : index < coordinates.count ? coordinates[index] : 0
            if peak == 0 || coordinate == peak { continue }
            if coordinate <= start || coordinate >= end { return 0 }
            scalar *= coordinate < peak
                ? Double(coordinate - start) / Double(peak - start) : Double(end - coordinate) / Double(end - peak)
        }
        return scalar
    }

    /// Per item variation data, the slots of its rows whose region has a `position` of 0 or
    /// more (in the row's order), with that position: what `itemTerms` reads of a row, found
    /// once per font and set of moving regions instead of by a pass over every region of each
    /// pair's row.
    struct TermPlan {
        fileprivate let starts: [Int32]
        fileprivate let slots: [Int32]
        fileprivate let positions: [Int32]
    }

    /// The plan for `position` (per `GDEF` region, its place among the moving regions, -1 for
    /// one that does not move).
    func termPlan(position: [Int32]) -> TermPlan? {
        guard position.count == regionCount else { return nil }
        if let known = plans.withLock({ $0.first { $0.position == position }?.plan }) { return known }
        guard let made = makeTermPlan(position: position) else { return nil }
        plans.withLock { plans in
            guard !plans.contains(where: { $0.position == position }) else { return }
            plans.insert(KeptPlan(position: position, plan: made), at: 0)
            if plans.count > Self.plansKept { plans.removeLast() }
        }
        return made
    }

    private func makeTermPlan(position: [Int32]) -> TermPlan? {
        var starts: [Int32] = [0], slots: [Int32] = [], positions: [Int32] = []
        starts.reserveCapacity(itemData.count + 1)
        for data in itemData {
            for (slot, region) in data.regionIndices.enumerated() {
                guard region < position.count else { return nil }
                if position[region] >= 0 {
                    slots.append(Int32(slot))
                    positions.append(position[region])
                }
            }
            starts.append(Int32(slots.count))
        }
        return TermPlan(starts: starts, slots: slots, positions: positions)
    }

    /// The deltas of the delta set numbered `item` for the regions the plan keeps, in the
    /// row's order, appended as (delta, position): `deltaChange` reads the others' terms as 0
    /// when only those regions move.
    func itemTerms(_ item: Int32, plan: TermPlan, into terms: inout [(delta: Double, at: Int32)]) {
        let key = itemKeys[Int(item)]
        let block = Int(key >> 16)
        let data = itemData[block]
        let row = Int(key & 0xFFFF) * data.regionIndices.count
        for entry in Int(plan.starts[block])..<Int(plan.starts[block + 1]) {
            terms.append((Double(data.deltas[row + Int(plan.slots[entry])]), plan.positions[entry]))
        }
    }

    var gdefRegionCount: Int { regionCount }

    /// The delta sets the glyph at `index` of a left-to-right run `glyphs` receives, one
    /// per pair lookup (as the first of a pair with the next glyph the lookup does not
    /// skip); nil at the run's end (where `glyphSlopes`' bound is used instead).
    func pairItems(_ glyphs: [UInt32], at index: Int, into items: inout [Int32]) -> Bool {
        pairItems(glyphs, at: index, into: &items) { pairTables[$0].item($1, $2) }
    }

    /// `pairItems(_:at:into:)` with each pair's delta set found by `item(lookup, first,
    /// second)`, which must give `pairItem`'s answer (a caller may remember pairs).
    func pairItems(
        _ glyphs: [UInt32], at index: Int, into items: inout [Int32], item: (Int, Int, Int) -> Int32
    ) -> Bool {
        // Popped (a few, one per lookup at most), not `removeAll(keepingCapacity:)`, which the
        // width-axis sweep calls out of line (its `replaceSubrange`: 13 K instructions a layout).
        while items.popLast() != nil {}
        let first = Int(glyphs[index])
        for lookup in pairTables.indices {
            var next = index + 1
            if pairTables[lookup].flag & 0x0008 != 0 {
                while next < glyphs.count, Int(glyphs[next]) < marks.count, marks[Int(glyphs[next])] { next += 1 }
            }
            guard next < glyphs.count else { return false }
            let found = item(lookup, first, Int(glyphs[next]))
            if found != PairLookup.noItem { items.append(found) }
        }
        return true
    }

    /// The delta set pair lookup `lookup` gives `first` followed by `second` (or `PairLookup.noItem`).
    func pairItem(_ lookup: Int, _ first: Int, _ second: Int) -> Int32 {
        pairTables[lookup].item(first, second)
    }
}

extension PositioningVariations {
    /// `GDEF`'s ItemVariationStore at `offset`: regions (2.14 per axis) and delta rows.
    private static func store(
        _ table: OpenTypeTableBytes, at offset: Int, axisCount: Int, budget: TableReadBudget
    ) -> ([(start: Int32, peak: Int32, end: Int32)], [(regionIndices: [Int], deltas: [Int32], itemCount: Int)])? {
        guard table.u16(offset) == 1, let regionList = table.u32(offset + 2).map({ offset + Int($0) }),
              let dataCount = table.u16(offset + 6).map(Int.init),
              table.u16(regionList) == UInt16(axisCount), let regionCount = table.u16(regionList + 2).map(Int.init)
        else { return nil }
        guard budget.spend(regionCount * axisCount) else { return nil }
        var regions: [(start: Int32, peak: Int32, end: Int32)] = []
        for slot in 0..<(regionCount * axisCount) {
            let at = regionList + 4 + slot * 6
            guard let start = table.i16(at), let peak = table.i16(at + 2), let end = table.i16(at + 4) else { return nil }
            // HarfBuzz takes a malformed range (or one straddling 0 with a non-zero peak) as 1.
            let ignored = start > peak || peak > end || (start < 0 && end > 0 && peak != 0)
            regions.append((Int32(start), ignored ? 0 : Int32(peak), Int32(end)))
        }
        var data: [(regionIndices: [Int], deltas: [Int32], itemCount: Int)] = []
        for index in 0..<dataCount {
            guard let at = table.u32(offset + 8 + index * 4).map({ offset + Int($0) }),
                  let read = table.itemVariationData(at: at, regionCount: regionCount, longWords: true, budget: budget)
            else { return nil }
            data.append(read)
        }
        return (regions, data)
    }

    /// The conditions of table `tag`'s FeatureVariations (empty without one); nil for a
    /// condition format other than 1 or a malformed table.
    private static func featureConditions(
        _ face: OpaquePointer, _ tag: String, budget: TableReadBudget
    ) -> [(axis: Int, min: Int32, max: Int32)]? {
        guard let table = OpenTypeTableBytes(face, tag), let minor = table.u16(2), minor >= 1,
              let offset = table.u32(10).map(Int.init), offset > 0 else { return [] }
        guard let count = table.u32(offset + 4).map(Int.init) else { return nil }
        var conditions: [(axis: Int, min: Int32, max: Int32)] = []
        for record in 0..<count {
            guard let setOffset = table.u32(offset + 8 + record * 8).map(Int.init) else { return nil }
            if setOffset == 0 { continue }
            let set = offset + setOffset
            // Records may share a condition set: each visit is paid for.
            guard let conditionCount = table.u16(set).map(Int.init), budget.spend(conditionCount) else { return nil }
            for index in 0..<conditionCount {
                guard let at = table.u32(set + 2 + index * 4).map({ set + Int($0) }), table.u16(at) == 1,
                      let axis = table.u16(at + 2).map(Int.init), let low = table.i16(at + 4), let high = table.i16(at + 6)
                else { return nil }
                conditions.append((axis, Int32(low), Int32(high)))
            }
        }
        return conditions
    }

    /// Per pair-adjustment lookup of `GPOS`, each first glyph's `VariationIndex` delta sets
    /// for its x advance; nil for a lookup type outside the assumptions or a malformed table.
    private static func pairLookups(
        _ face: OpaquePointer, glyphCount: Int, numbering: inout [UInt32: Int32], budget: TableReadBudget
    ) -> ([[Int: Set<UInt32>]], [PairLookup])? {
        guard let gpos = OpenTypeTableBytes(face, "GPOS") else { return ([], []) }
        guard gpos.u16(0) == 1, let listOffset = gpos.u16(8).map(Int.init), let lookupCount = gpos.u16(listOffset).map(Int.init)
        else { return nil }
        var lookups: [[Int: Set<UInt32>]] = []
        var tables: [PairLookup] = []
        for index in 0..<lookupCount {
            guard let lookup = gpos.u16(listOffset + 2 + index * 2).map({ listOffset + Int($0) }),
                  var type = gpos.u16(lookup), let flag = gpos.u16(lookup + 2),
                  let subtableCount = gpos.u16(lookup + 4).map(Int.init),
                  // Lookups may share one lookup table: each visit is paid for.
                  budget.spend(subtableCount)
            else { return nil }
            var items: [Int: Set<UInt32>] = [:]
            var table = PairLookup(flag: flag, subtables: [])
            for slot in 0..<subtableCount {
                guard var subtable = gpos.u16(lookup + 6 + slot * 2).map({ lookup + Int($0) }) else { return nil }
                if type == 9 {
                    guard gpos.u16(subtable) == 1, let inner = gpos.u16(subtable + 2),
                          let offset = gpos.u32(subtable + 4).map(Int.init) else { return nil }
                    type = inner
                    subtable += offset
                }
                switch type {
                case 2:
                    guard pairItems(
                        gpos, subtable, glyphCount: glyphCount, into: &items, &table, numbering: &numbering, budget: budget)
                    else {
                        return nil
                    }
                case 4, 5, 6: continue
                default: return nil
                }
            }
            if type == 2 {
                lookups.append(items)
                tables.append(table)
            }
        }
        return (lookups, tables)
    }

    /// Adds a PairPos subtable's x-advance delta sets per first glyph; false when malformed
    /// or outside the assumptions.
    private static func pairItems(
        _ table: OpenTypeTableBytes, _ subtable: Int, glyphCount: Int, into items: inout [Int: Set<UInt32>],
        _ lookup: inout PairLookup, numbering: inout [UInt32: Int32], budget: TableReadBudget
    ) -> Bool {
        func number(_ key: UInt32) -> Int32 {
            if let known = numbering[key] { return known }
            let next = Int32(numbering.count)
            numbering[key] = next
            return next
        }
        guard let format = table.u16(subtable), let coverageOffset = table.u16(subtable + 2),
              let format1 = table.u16(subtable + 4), let format2 = table.u16(subtable + 6),
              let covered = coverage(table, subtable + Int(coverageOffset), budget: budget)
        else { return false }
        // The second glyph's advance: not bounded here.
        guard format2 & 0x44 == 0 else { return false }
        let size1 = format1.nonzeroBitCount * 2, size2 = format2.nonzeroBitCount * 2
        // The x-advance device offset's place in a value record: after the fields before it.
        let deviceSlot = (format1 & 0x3F).nonzeroBitCount * 2
        func variationIndex(base: Int, record: Int) -> UInt32?? {
            // No device: a constant adjustment (the subtable still takes the pairs it lists).
            guard format1 & 0x40 != 0 else { return nil }
            guard let offset = table.u16(record + deviceSlot) else { return .some(nil) }
            if offset == 0 { return nil }
            let device = base + Int(offset)
            guard let outer = table.u16(device), let inner = table.u16(device + 2), let kind = table.u16(device + 4) else {
                return .some(nil)
            }
            // Formats 1–3 are hinting deltas at a ppem: the same at every instance.
            return kind == 0x8000 ? .some(UInt32(outer) << 16 | UInt32(inner)) : nil
        }
        switch format {
        case 1:
            guard let setCount = table.u16(subtable + 8).map(Int.init), setCount == covered.count, budget.spend(glyphCount)
            else { return false }
            var flat = PairLookup.Subtable(isClasses: false)
            flat.sets = [Int32](repeating: -1, count: glyphCount)
            flat.setStarts = [0]
            for (index, glyph) in covered.enumerated() {
                guard let set = table.u16(subtable + 10 + index * 2).map({ subtable + Int($0) }),
                      let pairCount = table.u16(set).map(Int.init), budget.spend(pairCount) else { return false }
                var seconds: [Int: Int32] = [:]
                for pair in 0..<pairCount {
                    let record = set + 2 + pair * (2 + size1 + size2)
                    guard let second = table.u16(record).map(Int.init) else { return false }
                    switch variationIndex(base: set, record: record + 2) {
                    case .none: seconds[second] = seconds[second] ?? PairLookup.noItem
                    case .some(.none): return false
                    case .some(.some(let key)):
                        items[glyph, default: []].insert(key)
                        // HarfBuzz takes the first record of a second glyph (binary search on a
                        // sorted set): a duplicate keeps the larger bound by taking both below.
                        if let known = seconds[second], known != PairLookup.noItem, known != number(key) {
                            return false
                        }
                        seconds[second] = number(key)
                    }
                }
                // HarfBuzz takes the first coverage entry of a glyph listed twice.
                if glyph < glyphCount, flat.sets[glyph] < 0 {
                    flat.sets[glyph] = Int32(flat.setStarts.count - 1)
                    for (second, item) in seconds.sorted(by: { $0.key < $1.key }) {
                        flat.seconds.append(UInt16(second))
                        flat.items.append(item)
                    }
                    flat.setStarts.append(Int32(flat.seconds.count))
                }
            }
            lookup.subtables.append(flat)
        case 2:
            guard let classDefOffset = table.u16(subtable + 8), let classes = classes(table, subtable + Int(classDefOffset), budget: budget),
                  let class1Count = table.u16(subtable + 12).map(Int.init), let class2Count = table.u16(subtable + 14).map(Int.init)
            else { return false }
            guard let classDef2Offset = table.u16(subtable + 10),
                  let secondClasses = Self.classes(table, subtable + Int(classDef2Offset), budget: budget),
                  budget.spend(class1Count + class1Count * class2Count + 3 * glyphCount)
            else { return false }
            var classItems = [Set<UInt32>](repeating: [], count: class1Count)
            var matrix = [Int32](repeating: PairLookup.noItem, count: class1Count * class2Count)
            for class1 in 0..<class1Count {
                for class2 in 0..<class2Count {
                    let record = subtable + 16 + (class1 * class2Count + class2) * (size1 + size2)
                    switch variationIndex(base: subtable, record: record) {
                    case .none: continue
                    case .some(.none): return false
                    case .some(.some(let key)):
                        classItems[class1].insert(key)
                        matrix[class1 * class2Count + class2] = number(key)
                    }
                }
            }
            var first = [UInt16](repeating: 0, count: glyphCount), second = [UInt16](repeating: 0, count: glyphCount)
            for (glyph, value) in classes where glyph < glyphCount { first[glyph] = UInt16(clamping: value) }
            for (glyph, value) in secondClasses where glyph < glyphCount { second[glyph] = UInt16(clamping: value) }
            var coveredGlyphs = [Bool](repeating: false, count: glyphCount)
            for glyph in covered where glyph < glyphCount { coveredGlyphs[glyph] = true }
            lookup.subtables.append(PairLookup.Subtable(
                isClasses: true, covered: coveredGlyphs, firstClasses: first, secondClasses: second, class1Count: class1Count,
                class2Count: class2Count, items: matrix))
            for glyph in covered {
                let glyphClass = classes[glyph] ?? 0
                guard glyphClass < class1Count, budget.spend(classItems[glyphClass].count) else { return false }
                if !classItems[glyphClass].isEmpty { items[glyph, default: []].formUnion(classItems[glyphClass]) }
            }
        default:
            return false
        }
        return true
    }

    /// A Coverage table's glyphs in coverage order.
    private static func coverage(_ table: OpenTypeTableBytes, _ at: Int, budget: TableReadBudget) -> [Int]? {
        guard let format = table.u16(at), let count = table.u16(at + 2).map(Int.init), budget.spend(count) else { return nil }
        var glyphs: [Int] = []
        for index in 0..<count {
            if format == 1 {
                guard let glyph = table.u16(at + 4 + index * 2) else { return nil }
                glyphs.append(Int(glyph))
            } else if format == 2 {
                guard let first = table.u16(at + 4 + index * 6), let last = table.u16(at + 6 + index * 6), first <= last,
                      budget.spend(Int(last - first) + 1)
                else { return nil }
                glyphs += Int(first)...Int(last)
            } else {
                return nil
            }
        }
        return glyphs
    }

    /// A ClassDef table: the glyphs it gives a class other than 0.
    private static func classes(_ table: OpenTypeTableBytes, _ at: Int, budget: TableReadBudget) -> [Int: Int]? {
        guard let format = table.u16(at) else { return nil }
        var classes: [Int: Int] = [:]
        if format == 1 {
            guard let first = table.u16(at + 2).map(Int.init), let count = table.u16(at + 4).map(Int.init), budget.spend(count)
            else { return nil }
            for index in 0..<count {
                guard let value = table.u16(at + 6 + index * 2) else { return nil }
                if value != 0 { classes[first + index] = Int(value) }
            }
        } else if format == 2 {
            guard let count = table.u16(at + 2).map(Int.init) else { return nil }
            for index in 0..<count {
                guard let first = table.u16(at + 4 + index * 6), let last = table.u16(at + 6 + index * 6),
                      let value = table.u16(at + 8 + index * 6), first <= last, budget.spend(Int(last - first) + 1)
                else { return nil }
                if value != 0 { for glyph in Int(first)...Int(last) { classes[glyph] = Int(value) } }
            }
        } else {
            return nil
        }
        return classes
    }
}

/// A font's `GDEF` regions along one axis, every other axis held: each region's other-axes
/// factor and its span on the axis (fractions of HarfBuzz's 2.14), for estimates of how a
/// line's pair kerning moves with that axis (`RoundedAxisEstimate`).
struct KerningSweep {
    let positioning: PositioningVariations
    let regions: [(others: Double, start: Double, peak: Double, end: Double)]
}

extension PositioningVariations {
    /// The regions along `axis` with the other axes at `coordinates` (HarfBuzz's 2.14).
    func sweep(coordinates: [Int32], axis: Int) -> KerningSweep? {
        guard coordinates.count == axisCount, axis < axisCount else { return nil }
        let regions = (0..<regionCount).map { region in
            AxisSweep.span(axis: axis, axisCount: axisCount, unit: 16384, at: { Int64(coordinates[$0]) }) { index in
                let (start, peak, end) = regionAxes[region * axisCount + index]
                return (Int64(start), Int64(peak), Int64(end))
            }
        }
        return KerningSweep(positioning: self, regions: regions)
    }

    /// The most deltas `addPairDeltas` reads for one glyph (pair lookups × widest row).
    static let pairDeltaLimit = 4096

    /// Adds, per region, the deltas of the pair adjustments each glyph of a left-to-right
    /// run gets as the first of a pair (design units); false when pairs cannot be read or
    /// the font's lookups and rows would take more than `pairDeltaLimit` reads a glyph.
    func addPairDeltas(_ glyphs: [UInt32], into sums: inout [Double]) -> Bool {
        // Per glyph, at most `pairDeltaLimit` deltas read, whatever the font's counts say.
        guard pairsReadable, sums.count == regionCount, pairTables.count * widestRow <= Self.pairDeltaLimit else {
            return false
        }
        // As `pairItems` reads them, without a list of items per glyph.
        for index in glyphs.indices {
            let first = Int(glyphs[index])
            for lookup in pairTables.indices {
                var next = index + 1
                if pairTables[lookup].flag & 0x0008 != 0 {
                    while next < glyphs.count, Int(glyphs[next]) < marks.count, marks[Int(glyphs[next])] { next += 1 }
                }
                // The run's last glyph forms no pair.
                guard next < glyphs.count else { break }
                let item = pairTables[lookup].item(first, Int(glyphs[next]))
                if item == PairLookup.noItem { continue }
                let key = itemKeys[Int(item)]
                let data = itemData[Int(key >> 16)]
                let width = data.regionIndices.count
                let row = Int(key & 0xFFFF) * width
                for slot in 0..<width { sums[data.regionIndices[slot]] += Double(data.deltas[row + slot]) }
            }
        }
        return true
    }
}
