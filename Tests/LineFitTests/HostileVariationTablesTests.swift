import CHarfBuzz
import Foundation
import Testing

@testable import LineFit

/// Variation tables whose offsets point many times at one small structure, or whose counts
/// promise more than the table holds: LineFit's own readers (`PositioningVariations`, the
/// item variation store) give up within a budget set by the table sizes (no bound, shaping as
/// before) instead of allocating gigabytes or looping billions of times.
@Suite("Hostile variation tables")
struct HostileVariationTablesTests {
    /// An sfnt holding `tables` (tag → bytes) and a `maxp` of `glyphCount` glyphs: HarfBuzz
    /// reads tables through the directory alone (no checksums), which is all these readers use.
    static func face(_ tables: [String: [UInt8]], glyphCount: UInt16 = 8) -> OpaquePointer {
        var all = tables
        all["maxp"] = [0x00, 0x00, 0x50, 0x00] + be16(glyphCount)
        let tags = all.keys.sorted()
        var bytes: [UInt8] = [0x00, 0x01, 0x00, 0x00] + be16(UInt16(tags.count)) + [0, 0, 0, 0, 0, 0]
        var offset = 12 + 16 * tags.count
        var bodies: [UInt8] = []
        for tag in tags {
            var table = all[tag]!
            while table.count % 4 != 0 { table.append(0) }
            bytes += Array(tag.utf8) + [0, 0, 0, 0] + be32(UInt32(offset)) + be32(UInt32(all[tag]!.count))
            bodies += table
            offset += table.count
        }
        bytes += bodies
        let blob = bytes.withUnsafeBufferPointer { buffer in
            hb_blob_create(
                UnsafeRawPointer(buffer.baseAddress!).assumingMemoryBound(to: CChar.self), UInt32(buffer.count),
                HB_MEMORY_MODE_DUPLICATE, nil, nil)
        }
        defer { hb_blob_destroy(blob) }
        return hb_face_create(blob, 0)!
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
    static func be32(_ value: UInt32) -> [UInt8] { be16(UInt16(value >> 16)) + be16(UInt16(value & 0xFFFF)) }

    /// A GDEF 1.3 whose variation store lists 65,535 item variation data, all the same block
    /// of 65,535 one-byte rows (64 KB): read as written, 4.3 billion deltas (17 GB).
    static var gdefSharingOneDataBlock: [UInt8] {
        let storeOffset = 18
        var gdef = be16(1) + be16(3) + be16(0) + be16(0) + be16(0) + be16(0) + be16(0) + be32(UInt32(storeOffset))
        let dataCount = 65_535
        let regionListAt = 8 + dataCount * 4
        let dataAt = regionListAt + 4 + 6
        var store = be16(1) + be32(UInt32(regionListAt)) + be16(UInt16(dataCount))
        for _ in 0..<dataCount { store += be32(UInt32(dataAt)) }
        // One region on one axis: 0 → 1 → 1 (2.14).
        store += be16(1) + be16(1) + be16(0) + be16(0x4000) + be16(0x4000)
        // Item variation data: 65,535 items, no 16-bit columns, one region index.
        store += be16(65_535) + be16(0) + be16(1) + be16(0)
        store += [UInt8](repeating: 1, count: 65_535)
        gdef += store
        return gdef
    }

    /// A GPOS whose 16 lookups are one pair-adjustment lookup, whose class-pair subtable
    /// claims 65,535 × 65,535 class pairs of empty value records (so the counts need no bytes):
    /// read as written, a 17 GB matrix per visit.
    static var gposWithHugeClassMatrix: [UInt8] {
        let lookupListAt = 10
        let lookupCount = 16
        let lookupAt = 2 + lookupCount * 2
        var list = be16(UInt16(lookupCount))
        for _ in 0..<lookupCount { list += be16(UInt16(lookupAt)) }
        // Lookup: type 2, flag 0, one subtable right after it.
        list += be16(2) + be16(0) + be16(1) + be16(8)
        // PairPos format 2: coverage at +16, class defs at +26, 65,535 × 65,535 classes.
        list += be16(2) + be16(16) + be16(0) + be16(0) + be16(26) + be16(26) + be16(65_535) + be16(65_535)
        list += be16(2) + be16(1) + be16(0) + be16(7) + be16(0)  // coverage: glyphs 0...7
        list += be16(2) + be16(1) + be16(0) + be16(7) + be16(1)  // class def: glyphs 0...7 in class 1
        return be16(1) + be16(0) + be16(0) + be16(0) + be16(UInt16(lookupListAt)) + list
    }

    @Test("a variation store pointing 65,535 times at one block of deltas gives no bound")
    func sharedDataBlocks() {
        let face = Self.face(["GDEF": Self.gdefSharingOneDataBlock])
        defer { hb_face_destroy(face) }
        #expect(PositioningVariations(face: face, axisCount: 1) == nil)
    }

    @Test("a class-pair subtable promising 65,535 × 65,535 pairs gives no bound")
    func hugeClassMatrix() {
        let face = Self.face(["GPOS": Self.gposWithHugeClassMatrix])
        defer { hb_face_destroy(face) }
        #expect(PositioningVariations(face: face, axisCount: 1) == nil)
    }

    @Test("the same tables at honest sizes are read (the budget is what refused them)")
    func honestSizesAreRead() {
        // One data block listed once, and a 2 × 2 class matrix: the same shapes, small.
        var gdef = Self.gdefSharingOneDataBlock
        gdef[18 + 6] = 0
        gdef[18 + 7] = 1
        let face = Self.face(["GDEF": gdef])
        defer { hb_face_destroy(face) }
        #expect(PositioningVariations(face: face, axisCount: 1) != nil)

        var gpos = Self.gposWithHugeClassMatrix
        gpos[10] = 0
        gpos[11] = 1  // one lookup
        let subtable = 10 + 2 + 16 * 2 + 8
        gpos[subtable + 12] = 0; gpos[subtable + 13] = 2
        gpos[subtable + 14] = 0; gpos[subtable + 15] = 2
        let small = Self.face(["GPOS": gpos])
        defer { hb_face_destroy(small) }
        #expect(PositioningVariations(face: small, axisCount: 1) != nil)
    }

    @Test("a budget refuses what is more than is left, and a negative count")
    func budgetArithmetic() {
        let budget = TableReadBudget(tableBytes: 2, glyphCount: 1, perByte: 3, perGlyph: 4)
        #expect(budget.left == 10)
        #expect(budget.spend(6))
        #expect(budget.left == 4)
        #expect(!budget.spend(5))
        #expect(budget.left == 0)
        #expect(!TableReadBudget(tableBytes: 100, glyphCount: 0).spend(-1))
    }

    /// A GSUB 1.1 with one FeatureVariations record whose condition set holds one format-1
    /// condition on axis 0 from `low` to `high` (2.14), and no scripts, features or lookups.
    static func gsubWithCondition(low: Int16, high: Int16) -> [UInt8] {
        let variationsAt = 14
        var gsub = be16(1) + be16(1) + be16(0) + be16(0) + be16(0) + be32(UInt32(variationsAt))
        // FeatureVariations 1.0, one record: its condition set right after, no substitutions.
        gsub += be16(1) + be16(0) + be32(1) + be32(16) + be32(0)
        // The condition set: one condition, 6 bytes on (after the count and one offset).
        gsub += be16(1) + be32(6)
        gsub += be16(1) + be16(0) + be16(UInt16(bitPattern: low)) + be16(UInt16(bitPattern: high))
        return gsub
    }

    @Test("a feature-variation condition whose minimum is above its maximum never holds (found by FuzzFonts)")
    func invertedConditionRange() throws {
        let honest = Self.face(["GSUB": Self.gsubWithCondition(low: 0, high: 0x0AD5)])
        defer { hb_face_destroy(honest) }
        let bounds = try #require(PositioningVariations(face: honest, axisCount: 1))
        #expect(bounds.conditionsDiffer(axis: 0, 0x0100, 0x2000))
        #expect(!bounds.conditionsDiffer(axis: 0, 0x0100, 0x0200))
        #expect(!bounds.conditionsDiffer(axis: 1, 0x0100, 0x2000))

        // The same condition with its ends swapped holds nowhere (HarfBuzz reads min ≤ v ≤ max),
        // so no two coordinates differ; it used to be made a ClosedRange, which traps.
        let inverted = Self.face(["GSUB": Self.gsubWithCondition(low: 0x0AD5, high: 0)])
        defer { hb_face_destroy(inverted) }
        let invertedBounds = try #require(PositioningVariations(face: inverted, axisCount: 1))
        for (first, second) in [(Int32(-0x4000), Int32(0x4000)), (0, 0x0AD5), (0x0100, 0x2000), (0x0AD5, 0x0AD6)] {
            #expect(!invertedBounds.conditionsDiffer(axis: 0, first, second))
        }
    }

    @Test("Roboto Flex with every GSUB condition range inverted lays out following opsz")
    func robotoFlexWithInvertedConditions() throws {
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: TestPaths.font(VariableFontTests.robotoFlex))))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var gsub = 0
        for record in stride(from: 12, to: 12 + 16 * u16(4), by: 16)
        where String(decoding: bytes[record..<(record + 4)], as: UTF8.self) == "GSUB" {
            gsub = u32(record + 8)
        }
        try #require(gsub > 0, "Roboto Flex has no GSUB")
        try #require(u16(gsub + 2) >= 1 && u32(gsub + 10) > 0, "Roboto Flex's GSUB has no FeatureVariations")
        let variations = gsub + u32(gsub + 10)
        var inverted = 0
        for record in 0..<u32(variations + 4) {
            let set = variations + u32(variations + 8 + record * 8)
            for index in 0..<u16(set) {
                let condition = set + u32(set + 2 + index * 4)
                guard u16(condition) == 1, u16(condition + 4) != u16(condition + 6) else { continue }
                bytes.swapAt(condition + 4, condition + 6)
                bytes.swapAt(condition + 5, condition + 7)
                inverted += 1
            }
        }
        // The bundled font's GSUB switches lookups on opsz, wght and wdth ranges (fontTools).
        try #require(inverted >= 4)
        let fonts = FontChain(try Font(data: Data(bytes), name: "inverted-conditions"))
        let text = "Type Mode fills every line. 123 ÄÖÜ ﬁ"
        let options = LayoutOptions(width: 300, minSize: 12, maxSize: 90)
        let layout = try layOut(text, fonts: fonts, options: options)
        #expect(layout.lines.first?.start == 0)
        #expect(layout.lines.last?.end == text.utf16.count)
        #expect(zip(layout.lines, layout.lines.dropFirst()).allSatisfy { $0.end == $1.start })
        #expect(layout.lines.allSatisfy { $0.width <= options.width && $0.size >= options.minSize })
        #expect(layout.lines.contains { !$0.axisValues.isEmpty })
    }
}
