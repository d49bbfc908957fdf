import Synchronization

/// `ReadvancedWidth` at many values of one axis for one line, each value paying only for
/// what moves with the axis.
///
/// A width-axis line is re-advanced at two or three values of `wdth` (the walk to the
/// largest that fits). `ReadvancedWidth` pays the whole step each time: both instances'
/// normalization and every region's scalar, each glyph's whole row of `HVAR` deltas, the
/// pair lookups, every `GDEF` region: about 40,000 instructions a value on a 30-glyph line,
/// where the line itself is the same. Here the line is read once: each glyph's row is split
/// into the deltas of the regions that move with the axis (a few: those spanning it that no
/// other axis holds at 0) and the integer sum of the rest; the kerning pairs are found once,
/// each keeping the deltas of the `GDEF` regions that move. A value then costs its axis
/// coordinate (HarfBuzz's and FreeType's), those regions' scalars, and one pass over the
/// glyphs with a few products each.
///
/// The arithmetic is `ReadvancedWidth`'s, term for term: FreeType's integer sums (exact in
/// any order, so the fixed part can be summed apart) rounded once per glyph, the same
/// kerning sums in each delta set's row order (the terms left out are exactly 0: their
/// scalars are equal at both instances), the same bound and the same sum of advances. A
/// test checks `em`, `bound` and every advance against `ReadvancedWidth` bit for bit.
struct ReadvancedSweep {
    /// What re-advancing from one instance of one font needs, whatever the line: kept for
    /// all lines of a layout (they start from the same instance), and with the font for later
    /// layouts. Immutable but for its `Reading`, which locks.
    final class Source {
        let step: AxisStep
        /// HarfBuzz's (2.14) and FreeType's (16.16) normalized coordinates at the source.
        let coordinates: [Int32]
        let freeType: [Int64]
        let normalization: FreeTypeNormalization
        let sweep: AxisSweep
        let axis: Int
        let variationAxis: VariationAxis
        /// `HVAR` regions that move with the axis.
        let varying: [Int]
        /// The same for `GDEF`, with the moving regions' scalars at the source.
        let kerningVarying: [Int]
        /// The slots of `GDEF` rows a pair's terms read (the moving regions', with their places).
        let kerningPlan: PositioningVariations.TermPlan
        let kerningFrom: [Double]
        /// The moving `HVAR` regions' scalars at the source (16.16).
        let varyingScalars: [Int64]
        /// The slots of `HVAR` rows a line's split reads (moving regions, and fixed ones not 0
        /// at the source).
        let plan: HorizontalVariations.SplitPlan
        let unitsPerEm: Double
        /// For the estimate, per moving `HVAR` and `GDEF` region: its other-axes factor, its
        /// span on the axis (fractions) and its tent at the source.
        let spans: [(others: Double, start: Double, peak: Double, end: Double, source: Double)]
        let kerningSpans: [(others: Double, start: Double, peak: Double, end: Double, source: Double)]
        /// Each glyph's split row, read as lines need it.
        let reading: Reading
        /// HarfBuzz's coordinate of values of the axis met so far (`AxisSweep.coordinate`):
        /// a line asks two or three values, a text's lines the same few dozen, and each
        /// answer is a call into HarfBuzz (about 900 instructions) where a kept one is a
        /// probe. A cache, not a record: a value whose slot is taken replaces the one there.
        private let coordinatesMet = Mutex(CoordinateCache())

        /// `sweep.coordinate(value)`, kept.
        func coordinate(_ value: Double) -> Int32? {
            if let kept = coordinatesMet.withLock({ $0.coordinate(value) }) { return kept }
            guard let made = sweep.coordinate(value) else { return nil }
            coordinatesMet.withLock { $0.keep(value, made) }
            return made
        }

        init?(font: Font, from: VariationSettings, tag: String) {
            guard let step = font.axisStep(from: from, to: from, tag: tag),
                  let coordinates = font.harfBuzzCoordinates(from), let normalization = font.freeTypeNormalization(),
                  let sweep = font.advanceSweep(from, tag: tag),
                  let axis = font.variationAxes.firstIndex(where: { $0.tag == tag }), axis < coordinates.count
            else { return nil }
            let freeType = normalization.normalized(font.effectiveVariations(from), axes: font.variationAxes)
            let table = step.table, positioning = step.positioning
            varying = table.varyingRegions(axis: axis, normalized: freeType)
            var position = [Int32](repeating: -1, count: table.regionCount)
            for (index, region) in varying.enumerated() { position[region] = Int32(index) }
            kerningVarying = positioning.varyingRegions(axis: axis, coordinates: coordinates)
            var kerningPosition = [Int32](repeating: -1, count: positioning.gdefRegionCount)
            for (index, region) in kerningVarying.enumerated() { kerningPosition[region] = Int32(index) }
            let scalars = positioning.regionScalars(coordinates: coordinates)
            kerningFrom = kerningVarying.map { scalars[$0] }
            varyingScalars = varying.map { step.from[$0] }
            guard let plan = table.splitPlan(scalars: step.from, position: position) else { return nil }
            self.plan = plan
            guard let kerningPlan = positioning.termPlan(position: kerningPosition) else { return nil }
            self.kerningPlan = kerningPlan
            self.step = step
            self.coordinates = coordinates
            self.freeType = freeType
            self.normalization = normalization
            self.sweep = sweep
            self.axis = axis
            variationAxis = font.variationAxes[axis]
            unitsPerEm = Double(font.unitsPerEm)
            guard let kerningSweep = positioning.sweep(coordinates: coordinates, axis: axis) else { return nil }
            let x = Double(freeType[axis]) / 65536
            func span(_ region: (others: Double, start: Double, peak: Double, end: Double))
                -> (others: Double, start: Double, peak: Double, end: Double, source: Double) {
                (region.others, region.start, region.peak, region.end,
                 AxisSweep.tent(x, start: region.start, peak: region.peak, end: region.end))
            }
            spans = varying.map { span(sweep.regions[$0]) }
            kerningSpans = kerningVarying.map { span(kerningSweep.regions[$0]) }
            reading = Reading(glyphCount: table.glyphCount)
        }
    }

    /// `Source.coordinatesMet`: 128 slots by the value's bits.
    struct CoordinateCache {
        private static let bits = 7
        private var values = [UInt64](repeating: .max, count: 1 << Self.bits)
        private var coordinates = [Int32](repeating: 0, count: 1 << Self.bits)

        private static func slot(_ value: Double) -> Int {
            Int(truncatingIfNeeded: (value.bitPattern &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - Self.bits))
        }

        func coordinate(_ value: Double) -> Int32? {
            let slot = Self.slot(value)
            return values[slot] == value.bitPattern ? coordinates[slot] : nil
        }

        mutating func keep(_ value: Double, _ coordinate: Int32) {
            // `.max` marks a free slot: a NaN with every bit set is never kept.
            guard value.bitPattern != .max else { return }
            let slot = Self.slot(value)
            values[slot] = value.bitPattern
            coordinates[slot] = coordinate
        }
    }

    /// Each glyph's split row (`HorizontalVariations.split`) from one instance, once read: a
    /// text's lines repeat a few dozen glyphs, and the split is most of a line's set-up, so
    /// each glyph is split once while its `Source` is kept (across lines and layouts), not once
    /// a line. Shared between threads with its `Source`: it grows under its lock, and a line
    /// takes a snapshot of the arrays (copies that later growth does not touch).
    final class Reading: Sendable {
        struct Rows {
            /// Per glyph: its place in the arrays below, -1 while not read.
            var place: [Int32]
            /// Per glyph read: `hmtx` advance, fixed regions' sum, FreeType's advance at the
            /// source, and (`source.varying.count` each) the moving regions' deltas.
            var advances: [Int64] = []
            var fixed: [Int64] = []
            var before: [Int64] = []
            var deltas: [Int32] = []
            /// The pairs whose delta sets lines have read.
            var pairs = ReadvancedPairMemo()
        }

        private let rows: Mutex<Rows>

        fileprivate struct Snapshot {
            let places: [Int32]
            let advances: [Int64]
            let fixed: [Int64]
            let before: [Int64]
            let deltas: [Int32]
        }

        init(glyphCount: Int) {
            rows = Mutex(Rows(place: [Int32](repeating: -1, count: glyphCount)))
        }

        /// The pairs remembered so far (a copy later pairs do not touch).
        func pairs() -> ReadvancedPairMemo {
            rows.withLock { $0.pairs }
        }

        /// Keeps pairs a line read (`ReadvancedPairMemo.key`, delta set).
        func remember(_ learned: [(key: UInt64, item: Int32)]) {
            guard !learned.isEmpty else { return }
            rows.withLock { rows in
                for pair in learned { rows.pairs.remember(pair.key, pair.item) }
            }
        }

        /// Each glyph's place, the ones not read yet split now, with the arrays the places
        /// index (not `place`: a snapshot of it would be copied at the next growth); nil at a
        /// glyph the tables do not cover (as the split is).
        fileprivate func places(_ ids: [UInt32], source: Source) -> Snapshot? {
            rows.withLock { rows -> Snapshot? in
                // Every id checked before any is marked: a mark left behind would stay in the
                // shared reading, and a later line would index with it.
                guard ids.allSatisfy({ Int($0) < rows.place.count }) else { return nil }
                var missing: [UInt32] = []
                for id in ids {
                    if rows.place[Int(id)] == -1 {
                        rows.place[Int(id)] = -2
                        missing.append(id)
                    }
                }
                if !missing.isEmpty {
                    let count = rows.advances.count, width = source.varying.count
                    rows.deltas.append(contentsOf: repeatElement(0, count: missing.count * width))
                    guard source.step.table.split(
                        missing, plan: source.plan, width: width, into: &rows.deltas, at: count * width,
                        advances: &rows.advances, fixed: &rows.fixed)
                    else {
                        for id in missing { rows.place[Int(id)] = -1 }
                        rows.advances.removeSubrange(count...)
                        rows.fixed.removeSubrange(count...)
                        rows.deltas.removeSubrange((count * width)...)
                        return nil
                    }
                    for (offset, id) in missing.enumerated() {
                        let row = count + offset
                        var sum = rows.fixed[row]
                        for column in 0..<width {
                            sum += source.varyingScalars[column] * Int64(rows.deltas[row * width + column])
                        }
                        rows.before.append(rows.advances[row] + ((sum + 0x8000) >> 16))
                        rows.place[Int(id)] = Int32(row)
                    }
                }
                return Snapshot(
                    places: ids.map { rows.place[Int($0)] }, advances: rows.advances, fixed: rows.fixed, before: rows.before,
                    deltas: rows.deltas)
            }
        }
    }

    /// How a glyph's advance follows the pairs it forms (`ReadvancedWidth`'s three cases).
    fileprivate enum Kerning: UInt8 {
        /// A left-to-right piece's last glyph: the first of no pair at either instance.
        case none
        /// Its pairs' delta sets, read.
        case pairs
        /// Pairs not read: the any-pair bound.
        case anyPair
    }

    /// What a value reads of one glyph of a piece, together: a value's loop over the glyphs
    /// reads one array, not one per field.
    fileprivate struct Glyph {
        /// `hmtx` advance, the fixed regions' sum, the advance at the source (`hmtx` + the
        /// rounded delta sum), in design units.
        let advance: Int64
        let fixed: Int64
        let before: Int64
        let id: UInt32
        /// Where its moving deltas start in the reading's `deltas`.
        let deltaStart: Int32
        /// Its pairs' delta sets (`itemStart..<itemEnd` of `termStarts`), each its terms.
        let itemStart: Int32
        let itemEnd: Int32
        let kerning: Kerning
    }

    fileprivate struct Piece {
        let index: Int
        let source: Source
        let glyphs: [Glyph]
        /// The source's `Reading`'s moving deltas (`source.varying.count` a glyph read).
        let deltas: [Int32]
        let termStarts: [Int32]
        let terms: [(delta: Double, at: Int32)]
        /// For the estimate, per moving region whose deltas here do not sum to 0 (`HVAR`'s
        /// first, then `GDEF`'s, each in order): that sum (the glyphs that advance, the pairs
        /// read) times the region's other-axes factor, and its span on the axis.
        let estimate: [(weight: Double, start: Double, peak: Double, end: Double, source: Double)]
    }

    private let line: [LinePiece]
    private let pieces: [Piece]
    private let clusters: Int
    private let tracking: Double
    private let em: Double

    /// `shape` (shaped at `from`) to be re-advanced along `tag`; nil where `ReadvancedWidth`
    /// would be nil at every value (no source, a glyph the tables do not cover).
    init?(_ shape: LineInstances.Shape, from: VariationSettings, axis tag: String, fonts: FontChain, tracking: Double,
          sources: inout [Int: Source]) {
        var made: [Piece] = []
        var scratch: [Int32] = []
        for (index, piece) in shape.pieces.enumerated() where !piece.glyphs.isEmpty {
            let font = fonts.fonts[piece.fontIndex]
            guard font.isVariable else { continue }
            let source: Source
            if let known = sources[piece.fontIndex] {
                source = known
            } else {
                guard let new = font.readvancedSource(from, tag: tag) else { return nil }
                source = new
                sources[piece.fontIndex] = new
            }
            let step = source.step, positioning = step.positioning
            let ids = piece.glyphs.map(\.id)
            let width = source.varying.count
            guard let read = source.reading.places(ids, source: source) else { return nil }
            let places = read.places, before = read.before, deltas = read.deltas
            // Reserved before the first element: a literal `[0]` reserved after would be
            // allocated twice.
            var glyphs: [Glyph] = [], termStarts: [Int32] = []
            var terms: [(delta: Double, at: Int32)] = []
            terms.reserveCapacity(ids.count * 8)
            termStarts.reserveCapacity(ids.count * 2)
            glyphs.reserveCapacity(ids.count)
            termStarts.append(0)
            // The sums live on the stack: two arrays made and freed per line cost about a
            // tenth of its set-up.
            let kerningWidth = source.kerningVarying.count
            let built = withUnsafeTemporaryAllocation(of: Double.self, capacity: width + kerningWidth) { sums -> Piece? in
                sums.initialize(repeating: 0)
                let leftToRight = piece.level & 1 == 0 && positioning.readsPairs
                // Released before the pairs learned here are kept (a copy still held would make
                // the keeping copy the whole table).
                var memo: ReadvancedPairMemo? = leftToRight ? source.reading.pairs() : nil
                // A full memo takes no pairs: none collected, no lock taken to store them.
                let learns = memo.map { !$0.isFull } ?? false
                var learned: [(key: UInt64, item: Int32)] = []
                func pairItem(_ lookup: Int, _ first: Int, _ second: Int) -> Int32 {
                    guard let key = ReadvancedPairMemo.key(lookup, first, second) else {
                        return positioning.pairItem(lookup, first, second)
                    }
                    if let known = memo?.item(key) { return known }
                    let made = positioning.pairItem(lookup, first, second)
                    if learns { learned.append((key, made)) }
                    return made
                }
                for (slot, glyph) in zip(piece.glyphs.indices, 0...) {
                    let row = Int(places[glyph])
                    guard before[row] >= 0, before[row] <= 0xFFFF else { return nil }
                    if piece.glyphs[slot].advance != 0 {
                        for column in 0..<width { sums[column] += Double(deltas[row * width + column]) }
                    }
                    let itemStart = Int32(termStarts.count - 1)
                    let kerning: Kerning
                    if piece.glyphs[slot].advance != 0, leftToRight, glyph == ids.count - 1 {
                        kerning = .none
                    } else if piece.glyphs[slot].advance != 0, leftToRight, positioning.pairItems(ids, at: glyph, into: &scratch, item: pairItem) {
                        kerning = .pairs
                        for item in scratch {
                            let first = terms.count
                            positioning.itemTerms(item, plan: source.kerningPlan, into: &terms)
                            termStarts.append(Int32(terms.count))
                            for term in first..<terms.count { sums[width + Int(terms[term].at)] += terms[term].delta }
                        }
                    } else {
                        kerning = .anyPair
                    }
                    glyphs.append(Glyph(
                        advance: read.advances[row], fixed: read.fixed[row], before: before[row], id: ids[glyph],
                        deltaStart: Int32(row * width), itemStart: itemStart, itemEnd: Int32(termStarts.count - 1),
                        kerning: kerning))
                }
                memo = nil
                source.reading.remember(learned)
                return Piece(
                    index: index, source: source, glyphs: glyphs, deltas: deltas, termStarts: termStarts, terms: terms,
                    estimate: Self.estimateTerms(UnsafeBufferPointer(sums), source: source))
            }
            guard let built else { return nil }
            made.append(built)
        }
        guard !made.isEmpty else { return nil }
        line = shape.pieces
        em = shape.em
        pieces = made
        clusters = shape.pieces.advanceAndClusters().clusters
        self.tracking = tracking
    }

    /// `Piece.estimate`: the products `estimatedEm` would form first at every value, made once
    /// (the same products: `a * b * c` is `(a * b) * c`).
    /// `sums`: the `HVAR` regions' (`source.varying`), then the `GDEF` regions'.
    private static func estimateTerms(_ sums: UnsafeBufferPointer<Double>, source: Source)
        -> [(weight: Double, start: Double, peak: Double, end: Double, source: Double)] {
        var terms: [(weight: Double, start: Double, peak: Double, end: Double, source: Double)] = []
        terms.reserveCapacity(source.spans.count + source.kerningSpans.count)
        for (column, span) in source.spans.enumerated() where sums[column] != 0 {
            terms.append((sums[column] * span.others, span.start, span.peak, span.end, span.source))
        }
        let width = source.spans.count
        for (index, span) in source.kerningSpans.enumerated() where sums[width + index] != 0 {
            terms.append((sums[width + index] * span.others, span.start, span.peak, span.end, span.source))
        }
        return terms
    }

    /// The line at `value` of the axis: `ReadvancedWidth`'s `em` and `bound`; nil where it
    /// would be nil (a feature variation switches between the source and `value`, an
    /// advance out of FreeType's 16 bits).
    func width(at value: Double) -> (em: Double, bound: Double)? {
        var none: [LinePiece]?
        return readvance(to: value, moved: &none)
    }

    /// The line's em width at `value`, estimated: the moving regions' delta sums times their
    /// scalars' change, without FreeType's rounding of each glyph or HarfBuzz's of each
    /// adjustment, with `GDEF`'s coordinate taken from FreeType's. No HarfBuzz call: a search
    /// asks it at a dozen values a line, and only the exact `width(at:)` decides.
    func estimatedEm(at value: Double) -> Double {
        var total = em
        for piece in pieces {
            let source = piece.source
            let x = Double(source.normalization.normalized(axis: source.axis, source.variationAxis.clamped(value))) / 65536
            var units = 0.0
            for term in piece.estimate {
                units += term.weight * (AxisSweep.tent(x, start: term.start, peak: term.peak, end: term.end) - term.source)
            }
            total += units / source.unitsPerEm
        }
        return total
    }

    /// `ReadvancedWidth`'s pieces at `value`.
    func pieces(at value: Double) -> [LinePiece]? {
        widthAndPieces(at: value)?.pieces
    }

    /// `width(at:)` and `pieces(at:)` from one re-advance: a fill keeps the pieces of each
    /// value it measures exactly, so the value it settles on is not re-advanced again.
    func widthAndPieces(at value: Double) -> (em: Double, bound: Double, pieces: [LinePiece])? {
        var moved: [LinePiece]? = line
        guard let width = readvance(to: value, moved: &moved), let pieces = moved else { return nil }
        return (width.em, width.bound, pieces)
    }

    private func readvance(to value: Double, moved: inout [LinePiece]?) -> (em: Double, bound: Double)? {
        var total = 0.0, bound = 0.0
        var next = 0
        for (index, piece) in line.enumerated() {
            guard next < pieces.count, pieces[next].index == index else {
                for glyph in piece.glyphs { total += glyph.advance }
                continue
            }
            let varied = pieces[next]
            next += 1
            guard let units = varied.readvance(piece, to: value, total: &total, moved: &moved) else { return nil }
            bound += units / varied.source.unitsPerEm
        }
        return ([LinePiece].width(advance: total, clusters: clusters, tracking: tracking), bound)
    }
}

extension ReadvancedSweep.Piece {
    /// Adds the piece's advances at `value` to `total` (in order) and returns its bound in
    /// design units; nil where `ReadvancedWidth` would give no line.
    fileprivate func readvance(
        _ piece: LinePiece, to value: Double, total: inout Double, moved: inout [LinePiece]?
    ) -> Double? {
        let source = self.source, axis = source.axis, step = source.step
        let clamped = source.variationAxis.clamped(value)
        guard let target = source.coordinate(clamped),
              !step.positioning.conditionsDiffer(axis: axis, source.coordinates[axis], target)
        else { return nil }
        let freeType = source.normalization.normalized(axis: axis, clamped)
        let distance = Double(abs(target - source.coordinates[axis])) / 16384
        // Asked a few times a line: the scalars live on the stack, not in arrays made per call.
        return withUnsafeTemporaryAllocation(of: Int64.self, capacity: source.varying.count) { scalars in
            for (column, region) in source.varying.enumerated() {
                scalars.initializeElement(
                    at: column, to: step.table.regionScalar(region, normalized: source.freeType, axis: axis, value: freeType))
            }
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: source.kerningVarying.count) { changes in
                for (index, region) in source.kerningVarying.enumerated() {
                    changes.initializeElement(
                        at: index,
                        to: step.positioning.regionScalar(region, coordinates: source.coordinates, axis: axis, value: target)
                            - source.kerningFrom[index])
                }
                return readvance(
                    piece, distance: distance, scalars: UnsafeBufferPointer(scalars), changes: UnsafeBufferPointer(changes),
                    total: &total, moved: &moved)
            }
        }
    }

    /// `readvance(_:to:total:moved:)` once the value's scalars are known.
    private func readvance(
        _ piece: LinePiece, distance: Double, scalars: UnsafeBufferPointer<Int64>, changes: UnsafeBufferPointer<Double>,
        total: inout Double, moved: inout [LinePiece]?
    ) -> Double? {
        let source = self.source, step = source.step
        let width = source.varying.count
        func anyPair(_ glyph: UInt32) -> Double {
            guard distance > 0, Int(glyph) < step.slopes.count else { return distance > 0 ? .infinity : 0 }
            return step.slopes[Int(glyph)] * AxisStep.slopeMargin * distance
                + Double(step.adjustments[Int(glyph)]) * AxisStep.roundingPerAdjustment
        }
        // The moved glyphs are written only when asked for (a plain array, not an optional
        // one: each write to an optional's element checks it again).
        let keep = moved != nil
        var movedGlyphs = keep ? Array(piece.glyphs) : []
        // Unchecked reads in the loop over the glyphs, which is most of a value's cost.
        let made = glyphs.withUnsafeBufferPointer { glyphs in
            deltas.withUnsafeBufferPointer { deltas in
                terms.withUnsafeBufferPointer { terms in
                    termStarts.withUnsafeBufferPointer { termStarts in
                        piece.glyphs.withUnsafeBufferPointer { shaped in
                            movedGlyphs.withUnsafeMutableBufferPointer { movedGlyphs -> Double? in
                                var units = 0.0
                                for slot in 0..<glyphs.count {
                                    let glyph = glyphs[slot]
                                    let row = Int(glyph.deltaStart)
                                    var sum = glyph.fixed
                                    for column in 0..<width { sum += scalars[column] * Int64(deltas[row + column]) }
                                    let new = glyph.advance + ((sum + 0x8000) >> 16)
                                    guard new >= 0, new <= 0xFFFF else { return nil }
                                    let change = Int32(new - glyph.before)
                                    let advance = shaped[slot].advance
                                    if advance == 0 {
                                        units += Double(abs(change)) + anyPair(glyph.id)
                                        total += advance
                                        continue
                                    }
                                    var kerning = 0.0
                                    switch glyph.kerning {
                                    case .none: break
                                    case .pairs:
                                        for item in Int(glyph.itemStart)..<Int(glyph.itemEnd) {
                                            var itemChange = 0.0
                                            for term in Int(termStarts[item])..<Int(termStarts[item + 1]) {
                                                itemChange += terms[term].delta * changes[Int(terms[term].at)]
                                            }
                                            kerning += itemChange
                                            units += abs(itemChange) * (AxisStep.slopeMargin - 1) + AxisStep.roundingPerAdjustment
                                        }
                                    case .anyPair:
                                        units += anyPair(glyph.id)
                                    }
                                    let movedAdvance = advance + (Double(change) + kerning) / source.unitsPerEm
                                    total += movedAdvance
                                    if keep { movedGlyphs[slot].advance = movedAdvance }
                                }
                                return units
                            }
                        }
                    }
                }
            }
        }
        guard let units = made else { return nil }
        if keep { moved?[index].glyphs = movedGlyphs[...] }
        return units
    }
}
