import Foundation
import Testing

@testable import LineFit

/// Width-axis lines taken without shaping (`ReadvancedWidth`): their glyphs are the
/// narrowest's, re-advanced by the exact `HVAR` and kerning changes, within a stated bound of
/// HarfBuzz's shaping at their `wdth`; lines the bound cannot take are shaped as before.
@Suite("Width-axis lines without a shape")
struct ReadvancedWidthTests {
    /// The README's example: its lines need `wdth` from 25 to past 120.
    static func layout(width: Double = 960) throws -> Layout {
        var options = LayoutOptions(width: width, minSize: 18, maxSize: 300, lineFill: .widthAxis)
        options.variations = [FontVariation("wght", 800)]
        return try layOut(VariableFontTests.story, fonts: try VariableFontTests.fonts(), options: options)
    }

    @Test("a line taken without a shape never overflows at its wdth and is within the bound of hb-shape there")
    func unshapedLinesAgreeWithHBShape() throws {
        for width in [960.0, 700.0] {
            let layout = try Self.layout(width: width)
            let unshaped = layout.lines.filter { $0.probes == 0 && !$0.flags.contains(.empty) }
            #expect(!unshaped.isEmpty, "no line was taken without a shape at width \(width)")
            for line in unshaped {
                let text = layout.substring(line.start, line.contentEnd)
                let oracle = try VariableFontTests.oracleEm(text, variations: line.axisValues) * line.size
                #expect(WidthTolerance.fits(oracle, in: width), "\(text): hb-shape \(oracle) at \(line.axisValues)")
                #expect(abs(oracle - line.width) <= width * LayoutEngine.readvancedBoundLimit, "\(text): \(line.width) vs \(oracle)")
                // The bound of Roboto Flex's kerning changes is far tighter than the limit.
                #expect(abs(oracle - line.width) <= width * 1e-4, "\(text): \(line.width) vs \(oracle)")
            }
        }
    }

    @Test("a paragraph's last line that clearly reaches the width is taken without a shape, within the tolerance of hb-shape")
    func lastLineUnshapedWhereItClearlyFills() throws {
        // The benchmark's story (Benchmarks/Corpus/variable/story-flex-00280): its last line
        // fills at wdth 47.7, far below what the widest reaches.
        let text = "Last light on the harbour wall, salt in my hair, and the ferry horn going off like it knows we are late"
            + " again. We made it anyway, running down the ramp with two bags, one umbrella and a paper cone of chips"
            + " that did not survive the sprint. Marta blames me. I blame the chips. Fair."
        let width = 960.0
        let layout = try layOut(text, fonts: try VariableFontTests.fonts(), options: LayoutOptions(
            width: width, minSize: 32, maxSize: 220, lineFill: .widthAxis))
        let last = try #require(layout.lines.last)
        #expect(last.probes == 0)
        #expect(!last.flags.contains(.widthAxisFallback))
        let line = layout.substring(last.start, last.contentEnd)
        let oracle = try VariableFontTests.oracleEm(line, variations: last.axisValues) * last.size
        #expect(WidthTolerance.fits(oracle, in: width), "\(line): hb-shape \(oracle) at \(last.axisValues)")
        #expect(abs(oracle - last.width) <= width * 1e-4, "\(line): \(last.width) vs \(oracle)")
        // The wdth taken is the largest that fits but for what the bound leaves undecided.
        let wdth = try #require(last.axisValues.first { $0.tag == "wdth" }?.value)
        var next = last.axisValues.filter { $0.tag != "wdth" }
        next.append(FontVariation("wdth", ((wdth * 10).rounded() + 1) / 10))
        #expect(try VariableFontTests.oracleEm(line, variations: next) * last.size > width * (1 - 1e-4))
    }

    @Test("a line whose wdth is past a feature variation's edge (85) is shaped, and exact")
    func featureVariationEdgeIsShaped() throws {
        let layout = try Self.layout()
        let filled = layout.lines.filter { !$0.flags.contains(.empty) && !$0.flags.contains(.widthAxisFallback) }
        let wide = filled.filter { ($0.axisValues.first { $0.tag == "wdth" }?.value ?? 0) > 85 }
        #expect(!wide.isEmpty)
        for line in wide {
            // Roboto Flex swaps glyphs at wdth <= 85 (GSUB feature variations): the narrowest
            // shaping says nothing of the glyphs past it, so the line was shaped.
            #expect(line.probes >= 1)
            let text = layout.substring(line.start, line.contentEnd)
            #expect(widthsAgree(line.width / line.size, try VariableFontTests.oracleEm(text, variations: line.axisValues)))
        }
    }

    private struct HBGlyph: Decodable {
        var g: UInt32
        var cl: Int
        var ax: Int
    }

    /// `text` as one left-to-right piece shaped by hb-shape (FreeType's functions) at
    /// `variations`, advances in em.
    static func piece(_ text: String, _ variations: [FontVariation]) throws -> LinePiece {
        let font = try TestFonts.font(VariableFontTests.robotoFlex)
        let scale = font.unitsPerEm * 64
        let result = try ProcessRunner.run(HBShape.path, [
            "--output-format=json", "--no-glyph-names", "--font-funcs=ft", "--font-size=\(scale)",
            "--variations=" + variations.map { "\($0.tag)=\($0.value)" }.joined(separator: ","),
            TestPaths.font(VariableFontTests.robotoFlex), "--", text,
        ])
        #expect(result.status == 0)
        let glyphs = try JSONDecoder().decode([HBGlyph].self, from: result.stdout).map {
            ShapedGlyph(id: $0.g, cluster: $0.cl, advance: Double($0.ax) / Double(scale), xOffset: 0, yOffset: 0, unsafeToBreak: false)
        }
        return LinePiece(range: 0..<text.utf16.count, fontIndex: 0, level: 0, script: 0, glyphs: glyphs[...])
    }

    @Test("re-advanced from the narrowest, a line's width is hb-shape's at the target within the bound", arguments: [
        26.0, 30.3, 41.7, 60.0, 84.0,
    ])
    func readvancedAgreesWithHBShape(wdth: Double) throws {
        let fonts = try VariableFontTests.fonts()
        for text in NextSizeProofTests.texts {
            for fixed in [[FontVariation("wght", 800), FontVariation("opsz", 60)], [FontVariation("opsz", 14)]] {
                let narrowest = fixed + [FontVariation("wdth", 25)], target = fixed + [FontVariation("wdth", wdth)]
                let piece = try Self.piece(text, narrowest)
                let shape = (pieces: [piece], em: [piece].width(tracking: 0))
                var sources: [Int: ReadvancedWidth.Source] = [:]
                let moved = try #require(ReadvancedWidth(
                    shape, from: VariationSettings(narrowest), to: VariationSettings(target), axis: "wdth", fonts: fonts,
                    tracking: 0, sources: &sources))
                let oracle = [try Self.piece(text, target)].width(tracking: 0)
                #expect(abs(oracle - moved.em) <= moved.bound, "\(text) at \(target): \(moved.em) ± \(moved.bound) vs \(oracle)")
                // The kerning is followed exactly: the bound is HarfBuzz's rounding, not the
                // change (marks, whose whole change counts, aside).
                if !text.unicodeScalars.contains(where: { (0x300...0x36F).contains($0.value) }) {
                    #expect(moved.bound < 1e-3 * oracle, "\(text): bound \(moved.bound)")
                }
            }
        }
    }

    @Test("a line read once (ReadvancedSweep) gives ReadvancedWidth's em, bound and advances bit for bit at every value")
    func sweepEqualsReadvancedWidth() throws {
        let fonts = try VariableFontTests.fonts()
        var compared = 0
        // One source (and its reading) per instance across the texts, as lines and layouts
        // share one: a text's glyphs are split by an earlier one, or now.
        var readings: [String: [Int: ReadvancedSweep.Source]] = [:]
        for text in NextSizeProofTests.texts {
            for fixed in [[FontVariation("wght", 800), FontVariation("opsz", 60)], [FontVariation("opsz", 144)], []] {
                for level: UInt8 in [0, 1] {
                    let narrowest = fixed + [FontVariation("wdth", 25)]
                    var piece = try Self.piece(text, narrowest)
                    piece.level = level
                    let shape = (pieces: [piece], em: [piece].width(tracking: 0))
                    var sweepSources = readings["\(fixed)"] ?? [:]
                    defer { readings["\(fixed)"] = sweepSources }
                    let sweep = try #require(ReadvancedSweep(
                        shape, from: VariationSettings(narrowest), axis: "wdth", fonts: fonts, tracking: 0.01,
                        sources: &sweepSources))
                    // Across the axis, avar segments and the feature variation's edge at 85.
                    for wdth in stride(from: 25.0, through: 151.0, by: 3.7) + [85.0, 85.1, 151.0] {
                        var sources: [Int: ReadvancedWidth.Source] = [:]
                        let expected = ReadvancedWidth(
                            shape, from: VariationSettings(narrowest), to: VariationSettings(fixed + [FontVariation("wdth", wdth)]),
                            axis: "wdth", fonts: fonts, tracking: 0.01, sources: &sources)
                        let found = sweep.width(at: wdth)
                        #expect((expected == nil) == (found == nil), "\(text) at wdth \(wdth)")
                        guard let expected, let found else { continue }
                        #expect(found.em == expected.em && found.bound == expected.bound, "\(text) at wdth \(wdth)")
                        let pieces = try #require(sweep.pieces(at: wdth))
                        #expect(pieces[0].glyphs.map(\.advance) == expected.pieces[0].glyphs.map(\.advance))
                        compared += 1
                    }
                }
            }
        }
        // Not every value is refused (a feature variation switches past 85).
        #expect(compared > 100)
    }

    @Test("the source's kept coordinates are HarfBuzz's, asked again and past the cache's slots (values replacing others)")
    func keptCoordinatesAreHarfBuzzs() throws {
        let fonts = try VariableFontTests.fonts()
        let font = fonts.fonts[0]
        // An instance no other test reads: the cache starts empty.
        let source = try #require(ReadvancedSweep.Source(
            font: font, from: VariationSettings([FontVariation("wght", 613), FontVariation("wdth", 25)]), tag: "wdth"))
        // The width fill's grid (0.1 steps): ten times the cache's 128 slots.
        let values = (0...1260).map { 25 + Double($0) / 10 }
        for _ in 0..<2 {
            for value in values + values.reversed() {
                #expect(source.coordinate(value) == source.sweep.coordinate(value), "wdth \(value)")
            }
        }
    }

    @Test("a line with a glyph id past the font's leaves the shared reading as it was: the same source then reads the line without it")
    func outOfRangeGlyphLeavesReadingUsable() throws {
        let fonts = try VariableFontTests.fonts()
        // An instance no other test reads, so that the line's glyphs are new to its source.
        let fixed = [FontVariation("wght", 437), FontVariation("opsz", 61)]
        let narrowest = fixed + [FontVariation("wdth", 25)]
        let piece = try Self.piece("Waving flags", narrowest)
        var bad = piece
        bad.glyphs = (Array(piece.glyphs) + [ShapedGlyph(
            id: 0xFFFF, cluster: piece.range.upperBound - 1, advance: 0.5, xOffset: 0, yOffset: 0, unsafeToBreak: false)])[...]
        var sweepSources: [Int: ReadvancedSweep.Source] = [:]
        #expect(ReadvancedSweep(
            (pieces: [bad], em: [bad].width(tracking: 0)), from: VariationSettings(narrowest), axis: "wdth", fonts: fonts,
            tracking: 0, sources: &sweepSources) == nil)
        // The same source (the font keeps it): the glyphs before the bad one must not be left
        // marked as being read, a mark would be taken for a place.
        let shape = (pieces: [piece], em: [piece].width(tracking: 0))
        let sweep = try #require(ReadvancedSweep(
            shape, from: VariationSettings(narrowest), axis: "wdth", fonts: fonts, tracking: 0, sources: &sweepSources))
        // Below the feature variation's edge at 85 (past it neither re-advances).
        for wdth in [30.3, 60.0, 84.0] {
            var sources: [Int: ReadvancedWidth.Source] = [:]
            let expected = try #require(ReadvancedWidth(
                shape, from: VariationSettings(narrowest), to: VariationSettings(fixed + [FontVariation("wdth", wdth)]),
                axis: "wdth", fonts: fonts, tracking: 0, sources: &sources), "wdth \(wdth)")
            let found = try #require(sweep.width(at: wdth))
            #expect(found.em == expected.em && found.bound == expected.bound)
        }
    }

    @Test("right to left, where pairs are not read, the any-pair bound is too wide to take a line without a shape")
    func anyPairBoundIsTooWide() throws {
        let fonts = try VariableFontTests.fonts()
        let fixed = [FontVariation("wght", 800), FontVariation("opsz", 60)]
        let narrowest = fixed + [FontVariation("wdth", 25)], target = fixed + [FontVariation("wdth", 60)]
        let text = NextSizeProofTests.texts[0]
        var piece = try Self.piece(text, narrowest)
        let shape = (pieces: [piece], em: [piece].width(tracking: 0))
        var sources: [Int: ReadvancedWidth.Source] = [:]
        let readable = try #require(ReadvancedWidth(
            shape, from: VariationSettings(narrowest), to: VariationSettings(target), axis: "wdth", fonts: fonts, tracking: 0,
            sources: &sources))
        piece.level = 1
        var otherSources: [Int: ReadvancedWidth.Source] = [:]
        let anyPair = try #require(ReadvancedWidth(
            ([piece], shape.em), from: VariationSettings(narrowest), to: VariationSettings(target), axis: "wdth", fonts: fonts,
            tracking: 0, sources: &otherSources))
        // The kerning's change is not followed right to left: the bound covers it instead.
        #expect(abs(anyPair.em - readable.em) <= anyPair.bound + readable.bound)
        #expect(readable.bound <= readable.em * LayoutEngine.readvancedBoundLimit)
        #expect(anyPair.bound > anyPair.em * LayoutEngine.readvancedBoundLimit)
    }

    @Test("a width-axis line's reported axes, made from the size's report at the narrowest, equal the full report")
    func reportedAtWidthEqualsFullReport() throws {
        let fonts = try VariableFontTests.fonts()
        for (variations, opticalSizing) in [([FontVariation("wght", 800)], true), ([], false), ([FontVariation("GRAD", -50)], true)] {
            var options = LayoutOptions(width: 960, minSize: 18, maxSize: 300, lineFill: .widthAxis)
            options.variations = variations
            options.opticalSizing = opticalSizing
            let plan = try VariationPlan(options: options, fonts: fonts)
            let axis = try #require(plan.widthAxis)
            for size in [18.0, 57.3, 144.0, 300.0] {
                let atSize = plan.reported(plan.settings(size: size, width: axis.minValue))
                #expect(atSize.contains { $0.tag == "wdth" })
                for width in stride(from: 25.0, through: 151.0, by: 6.3) + [151.0, 200.0, 10.0] {
                    #expect(plan.reported(atSize, width: width) == plan.reported(plan.settings(size: size, width: width)))
                }
            }
        }
    }
}
