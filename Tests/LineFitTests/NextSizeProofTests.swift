import Foundation
import Testing

@testable import LineFit

/// The bound that lets the optical-size search skip shaping the next grid size
/// (`AxisStep`, `LayoutEngine.provenTooWide`), against hb-shape at both optical sizes: each
/// glyph's advance change is its exact `HVAR` change, give or take at most the `GPOS` bound.
@Suite("Next-size proof")
struct NextSizeProofTests {
    static let texts = [
        "Last light on the harbour wall, salt in my hair, and the ferry horn going off",
        "We made it anyway, running down the ramp with two bags, one umbrella",
        "AVATAR Toyota WAVY Tj. Fv, P.A. LT yo \"quoted\" 1,234.56 T.V. Wa we Yo",
        "Marta blames me. I blame the chips. Fair.",
        // Combining marks between kerning pairs (the kern lookup skips marks).
        "Tq\u{0301}o AV\u{0323}A Yq\u{0308}u Wq\u{0301}a",
    ]
    /// (size, larger size) pairs: one grid step, a few, and across avar segments and the
    /// axis's end (opsz stops at 144).
    static let steps: [(Double, Double)] = [
        (9.5, 9.51), (14, 14.01), (20.37, 20.38), (33.17, 33.18), (35.99, 36.01), (41.23, 41.3),
        (60, 60.01), (83.9, 84.2), (120, 120.01), (143.99, 144.5), (150, 170),
    ]

    private struct HBGlyph: Decodable {
        var g: Int
        var ax: Int
    }

    /// Glyph ids and advances (design units × 64) of `text` at optical size `opsz` (and
    /// `wdth` when given), from hb-shape.
    static func shaped(_ text: String, opsz: Double, wdth: Double? = nil) throws -> [(glyph: Int, advance: Int)] {
        let font = try TestFonts.font(VariableFontTests.robotoFlex)
        let variations = "opsz=\(opsz)" + (wdth.map { ",wdth=\($0)" } ?? "")
        let result = try ProcessRunner.run(HBShape.path, [
            "--output-format=json", "--no-glyph-names", "--font-funcs=ft", "--font-size=\(font.unitsPerEm * 64)",
            "--variations=\(variations)", TestPaths.font(VariableFontTests.robotoFlex), "--", text,
        ])
        #expect(result.status == 0)
        return try JSONDecoder().decode([HBGlyph].self, from: result.stdout).map { ($0.g, $0.ax) }
    }

    /// Whether a glyph's advance (design units × 64) moved from `old` to `new` as the proof
    /// assumes: by its `HVAR` change within the `GPOS` bound, or, for a glyph HarfBuzz zeroes
    /// (advance 0, a mark), by no less than the negative part of its `HVAR` change minus it.
    static func holds(_ old: Int, _ new: Int, hvar: Double, bound: Double) -> Bool {
        let change = Double(new - old) / 64
        return old == 0 ? change >= min(0, hvar) - bound : abs(change - hvar) <= bound
    }

    /// Checks every glyph of a text shaped at both ends of `step` (hb-shape): its advance moved
    /// by its `HVAR` change within the bound from the pairs it forms, which is never above the
    /// bound for any pair. Returns the glyphs checked, those `GPOS` moved, and the summed bound.
    static func checkGlyphs(
        _ before: [(glyph: Int, advance: Int)], _ after: [(glyph: Int, advance: Int)], step: AxisStep, _ label: String
    ) throws -> (checked: Int, moved: Int, bound: Double) {
        try #require(before.map(\.glyph) == after.map(\.glyph), "\(label): glyphs differ")
        var result = (checked: 0, moved: 0, bound: 0.0)
        let ids = before.map { UInt32($0.glyph) }
        var scratch: [Int32] = []
        for (index, (old, new)) in zip(before, after).enumerated() {
            let hvar = Double(try #require(step.advanceChange(UInt32(old.glyph))))
            let positioning = Double(new.advance - old.advance) / 64 - hvar
            let bound = step.positioningBound(ids, at: index, scratch: &scratch)
            #expect(holds(old.advance, new.advance, hvar: hvar, bound: bound), "glyph \(old.glyph) in \(label): \(positioning) > \(bound)")
            #expect(bound <= step.positioningBound(UInt32(old.glyph)))
            if positioning != 0 { result.moved += 1 }
            result.bound += bound
            result.checked += 1
        }
        return result
    }

    @Test("each glyph's advance change along opsz is its HVAR change within the GPOS bound (hb-shape at both sizes)")
    func boundHoldsAgainstHBShape() throws {
        let font = try TestFonts.font(VariableFontTests.robotoFlex)
        var checked = 0
        var positioningMoved = 0
        var largestShare = 0.0
        for text in Self.texts {
            for (size, larger) in Self.steps {
                let opsz = min(max(size, 8), 144), largerOpsz = min(max(larger, 8), 144)
                let before = try Self.shaped(text, opsz: opsz), after = try Self.shaped(text, opsz: largerOpsz)
                guard let step = font.axisStep(
                    from: VariationSettings([FontVariation("opsz", opsz)]),
                    to: VariationSettings([FontVariation("opsz", largerOpsz)]), tag: "opsz")
                else {
                    // Only where a feature variation switches between the two: not here.
                    Issue.record("no step from \(opsz) to \(largerOpsz)")
                    continue
                }
                let glyphs = try Self.checkGlyphs(before, after, step: step, "\(text) \(opsz)→\(largerOpsz)")
                checked += glyphs.checked
                positioningMoved += glyphs.moved
                let totalBound = glyphs.bound
                let width = Double(before.reduce(0) { $0 + $1.advance }) / 64
                if opsz != largerOpsz, larger - size <= 0.011 { largestShare = max(largestShare, totalBound / width) }
                if opsz == largerOpsz { #expect(totalBound == 0) }
            }
        }
        #expect(checked > 1000)
        // Kerning does move with opsz (so the bound is tested), and the bound over one grid
        // step stays small against the line (so proofs can succeed): at most 0.05% of it.
        #expect(positioningMoved > 10)
        #expect(largestShare < 0.0005, "bound \(largestShare) of the width")
    }

    @Test("each glyph's advance change along wdth (0.1 steps) is its HVAR change within the GPOS bound (hb-shape)")
    func wdthBoundHoldsAgainstHBShape() throws {
        let font = try TestFonts.font(VariableFontTests.robotoFlex)
        var checked = 0
        var positioningMoved = 0
        for text in Self.texts {
            for (opsz, wdth) in [(32.0, 25.0), (32.0, 47.3), (60.0, 84.3), (60.0, 99.9), (144.0, 120.5), (144.0, 150.8)] {
                let larger = ((wdth + 0.1) * 10).rounded() / 10
                let before = try Self.shaped(text, opsz: opsz, wdth: wdth), after = try Self.shaped(text, opsz: opsz, wdth: larger)
                let step = try #require(font.axisStep(
                    from: VariationSettings([FontVariation("opsz", opsz), FontVariation("wdth", wdth)]),
                    to: VariationSettings([FontVariation("opsz", opsz), FontVariation("wdth", larger)]), tag: "wdth"))
                let glyphs = try Self.checkGlyphs(before, after, step: step, "\(text) wdth \(wdth)→\(larger)")
                checked += glyphs.checked
                positioningMoved += glyphs.moved
            }
        }
        #expect(checked > 500)
        #expect(positioningMoved > 10)
    }

    @Test("a step's advance changes and a sweep's delta sums, read from their few regions, equal the whole rows")
    func fewRegionsEqualWholeRows() throws {
        let font = try TestFonts.font(VariableFontTests.robotoFlex)
        func settings(_ values: [(String, Double)]) -> VariationSettings { VariationSettings(values.map { FontVariation($0.0, $0.1) }) }
        let steps: [(from: VariationSettings, to: VariationSettings, tag: String)] = [
            (settings([("opsz", 33.03)]), settings([("opsz", 33.04)]), "opsz"),
            (settings([("opsz", 9.5)]), settings([("opsz", 9.51)]), "opsz"),
            (settings([("opsz", 40), ("wght", 700)]), settings([("opsz", 40.01), ("wght", 700)]), "opsz"),
            (settings([("opsz", 60), ("wdth", 84.3)]), settings([("opsz", 60), ("wdth", 84.4)]), "wdth"),
        ]
        var few = 0, compared = 0, differing = 0
        for (from, to, tag) in steps {
            let step = try #require(font.axisStep(from: from, to: to, tag: tag))
            let sweep = try #require(font.advanceSweep(from, tag: tag))
            if step.weighed != nil && sweep.weighed != nil { few += 1 }
            for glyph in 0..<step.table.glyphCount {
                let whole = step.table.advanceChange(glyph, from: step.from, to: step.to)
                if step.advanceChange(UInt32(glyph)) != whole { differing += 1 }
                var fewSums = [Double](repeating: 0, count: sweep.table.regionCount), wholeSums = fewSums
                let shaped = ShapedGlyph(id: UInt32(glyph), cluster: 0, advance: 1, xOffset: 0, yOffset: 0, unsafeToBreak: false)
                #expect(sweep.addDeltas([shaped][...], into: &fewSums) == sweep.table.addDeltas([glyph], into: &wholeSums))
                // Regions another axis weighs 0 are never read by an estimate.
                for region in 0..<sweep.regions.count where sweep.regions[region].others != 0 && fewSums[region] != wholeSums[region] {
                    differing += 1
                }
                compared += 1
            }
        }
        // Roboto Flex moves a handful of its 84 regions per step: the short path is taken.
        #expect(few == steps.count)
        #expect(compared > 3000 && differing == 0, "\(differing) of \(compared) differ")
    }

    @Test("no step is given across a feature-variation condition on opsz (glyphs may switch there)")
    func featureVariationEdges() throws {
        let font = try TestFonts.font(VariableFontTests.robotoFlex)
        func step(_ from: Double, _ to: Double) -> AxisStep? {
            font.axisStep(
                from: VariationSettings([FontVariation("opsz", from)]), to: VariationSettings([FontVariation("opsz", to)]),
                tag: "opsz")
        }
        // Roboto Flex's GSUB conditions on opsz end at normalized 0.16925 and -0.33331 (read
        // with fontTools): through avar's first segments (0 → 0, 0.16925 → 0.492) that is
        // opsz 14 + 130 × 0.16925 / 2.907 ≈ 21.57 and 14 − 6 × 0.3333 = 12.
        #expect(step(21.4, 21.5) != nil && step(21.7, 21.8) != nil && step(12.1, 12.2) != nil)
        #expect(step(21.5, 21.7) == nil)
        #expect(step(11.9, 12.1) == nil)
    }

    static let story = """
        Last light on the harbour wall, salt in my hair, and the ferry horn going off like it knows we are late \
        again. We made it anyway, running down the ramp with two bags, one umbrella and a paper cone of chips that \
        did not survive the sprint. Marta blames me. I blame the chips. Fair.
        """

    @Test("the start rounds each glyph's HVAR delta and follows the kerning opsz moves: every story line takes one probe")
    func roundedStartLandsOnTheAnswer() throws {
        // Summed deltas alone started lines 3 and 4 a grid step off (rounding: 0.1 pt; kerning: 0.15 pt), and line 2
        // fits with 0.03 pt to spare: one probe each needs both the rounding and the kerning.
        let layout = try layOut(
            Self.story, fonts: try VariableFontTests.fonts(), options: LayoutOptions(width: 960, minSize: 32, maxSize: 220))
        let lines = layout.lines.filter { !$0.flags.contains(.empty) }
        #expect(lines.count == 4)
        #expect(lines.map(\.probes) == [1, 1, 1, 1], "\(lines.map(\.size))")
    }

    @Test("optical-size lines proven not to fit at the next size take one probe; the rule still holds (hb-shape)")
    func proofsSaveProbes() throws {
        // The benchmark's story: its lines are confirmed with the next size proven, not shaped.
        let text = Self.story
        let width = 960.0
        let layout = try layOut(text, fonts: try VariableFontTests.fonts(), options: LayoutOptions(width: width, minSize: 32, maxSize: 220))
        var singleProbe = 0
        for line in layout.lines where !line.flags.contains(.empty) && !line.flags.contains(.heldAtMax) {
            let lineText = layout.substring(line.start, line.contentEnd)
            let next = (line.size * 100 + 1).rounded() / 100
            let nextWidth = try VariableFontTests.oracleEm(lineText, variations: [FontVariation("opsz", min(next, 144))]) * next
            #expect(nextWidth > width, "\(lineText): \(next) pt still fits")
            let fits = try VariableFontTests.oracleEm(lineText, variations: [FontVariation("opsz", min(line.size, 144))]) * line.size
            #expect(fits <= width * (1 + 1e-12))
            if line.probes == 1 { singleProbe += 1 }
        }
        #expect(singleProbe >= 1)
        // Past the axis's end opsz is constant, width linear: one shape, the next size proven.
        let big = try layOut("BIG", fonts: try VariableFontTests.fonts(), options: LayoutOptions(width: 500, minSize: 20, maxSize: 400))
        #expect(big.lines[0].size > 144 && big.lines[0].probes == 1, "\(big.lines[0].size) pt, \(big.lines[0].probes) probes")
    }
}
