import Testing

@testable import LineFit

/// Estimates without shaping (`AdvanceChange`, `MeasuredParagraph.readvanced`) against
/// FreeType's advances and hb-shape's widths at the target instance. Width filling chooses
/// its block size on them and skips shaping a line at the widest `wdth` when the estimate
/// clears the width by `LayoutEngine.clearReachMargin`, so their error must stay below it.
@Suite("Re-advanced estimates")
struct ReadvancedParagraphTests {
    static let moves: [([FontVariation], [FontVariation])] = [
        // The width-axis block search: narrowest to widest at one optical size, heavy.
        ([FontVariation("opsz", 32), FontVariation("wdth", 25), FontVariation("wght", 900)],
         [FontVariation("opsz", 32), FontVariation("wdth", 151), FontVariation("wght", 900)]),
        // Optical size and width moving together, default weight.
        ([FontVariation("opsz", 8), FontVariation("wdth", 25)], [FontVariation("opsz", 120.5), FontVariation("wdth", 151)]),
        // Back from the default instance to a light, narrow one.
        ([], [FontVariation("wdth", 61.7), FontVariation("wght", 100)]),
    ]

    @Test("a glyph's advance change between two instances is FreeType's within one unit", arguments: moves)
    func advanceChanges(from: [FontVariation], to: [FontVariation]) throws {
        let font = try TestFonts.font(VariableFontTests.robotoFlex)
        let source = VariationSettings(from), target = VariationSettings(to)
        let change = try #require(font.advanceChange(from: source, to: target))
        // FreeType's advances at each end (design units × 64 in HarfBuzz's design font).
        let before = HorizontalVariationsTests.advances(font, source).freeType
        let after = HorizontalVariationsTests.advances(font, target).freeType
        var largestError = 0.0
        var largestChange = 0.0
        for glyph in before.indices {
            let expected = Double(after[glyph] - before[glyph]) / 64
            let estimated = try #require(change.change(UInt32(glyph))) * Double(font.unitsPerEm)
            largestError = max(largestError, abs(estimated - expected))
            largestChange = max(largestChange, abs(expected))
        }
        // FreeType rounds each end's delta sum to a unit (≤ 0.5 each); the estimate does not.
        // What is left (HarfBuzz's 2.14 coordinates against FreeType's 16.16) is hundredths.
        #expect(largestError <= 1.05, "largest error \(largestError) units")
        // The moves are large: an estimate that changed nothing would fail above.
        #expect(largestChange > 100)
    }

    /// `text` measured at `from` (a width-axis block's options) and re-advanced to `to`.
    static func readvanced(_ text: String, from: [FontVariation], to: [FontVariation]) throws
        -> (fonts: FontChain, units: [UInt16], paragraph: MeasuredParagraph, moved: MeasuredParagraph) {
        let fonts = try VariableFontTests.fonts()
        let engine = try LayoutEngine()
        let units = Array(text.utf16)
        let options = LayoutOptions(width: 960, minSize: 32, maxSize: 220)
        var style = engine.shapingStyle(options)
        style.variations = VariationSettings(from)
        let paragraph = engine.measure(units: units, contentLength: units.count, fonts: fonts, options: options, style: style)
        let moved = try #require(paragraph.readvanced(fonts: fonts, from: VariationSettings(from), to: VariationSettings(to)))
        return (fonts, units, paragraph, moved)
    }

    @Test("each glyph of a re-advanced paragraph moves by its own AdvanceChange, bit for bit", arguments: moves.prefix(2))
    func paragraphGlyphsMoveByTheirChange(from: [FontVariation], to: [FontVariation]) throws {
        // The reference `ReadvancedWidths` is compared with: each glyph, repeated ones too,
        // moves by exactly what its change says.
        let (fonts, _, paragraph, moved) = try Self.readvanced(
            "We missed the last train home, so we walked along the river until the sky went pink.", from: from, to: to)
        var compared = 0, repeated = 0
        var seen = Set<UInt32>()
        for (index, run) in paragraph.runs.enumerated() {
            let change = try #require(fonts.fonts[run.fontIndex].advanceChange(from: VariationSettings(from), to: VariationSettings(to)))
            var before: [ShapedGlyph] = [], after: [ShapedGlyph] = []
            paragraph.glyphs[index].forEach { before.append($0) }
            moved.glyphs[index].forEach { after.append($0) }
            #expect(before.count == after.count)
            for (old, new) in zip(before, after) {
                #expect(new.id == old.id)
                #expect(new.advance == old.advance + (try #require(change.change(old.id))), "glyph \(old.id)")
                if !seen.insert(old.id).inserted { repeated += 1 }
                compared += 1
            }
        }
        #expect(compared > 50 && repeated > 20)
    }

    @Test("ReadvancedWidths gives the re-advanced paragraph's estimated widths, bit for bit", arguments: moves.prefix(2))
    func widthsEqualReadvancedParagraph(from: [FontVariation], to: [FontVariation]) throws {
        // The widths are summed straight from the moved advances, each glyph's change computed
        // once (a repeated glyph reads it back): every slice, at two trackings, must equal the
        // paragraph re-advanced and derived again.
        let (fonts, units, paragraph, moved) = try Self.readvanced(
            "We missed the last train home, so we walked along the river until the sky went pink.", from: from, to: to)
        var compared = 0, moves = 0
        // Made twice: the second reads every change back from what the first kept with the
        // font's `AdvanceChange` (shared across paragraphs and layouts).
        for _ in 0..<2 {
            let widths = try #require(
                ReadvancedWidths(paragraph, fonts: fonts, from: VariationSettings(from), to: VariationSettings(to)))
            for start in 0...units.count {
                for end in start...units.count {
                    for tracking in [0, 0.013] {
                        let expected = moved.estimatedWidth(start, end, tracking: tracking)
                        #expect(widths.estimatedWidth(start, end, tracking: tracking) == expected, "\(start)..<\(end)")
                        if expected != paragraph.estimatedWidth(start, end, tracking: tracking) { moves += 1 }
                        compared += 1
                    }
                }
            }
        }
        // Most slices move: widths equal to the unmoved paragraph's would fail above.
        #expect(moves > compared / 2)
        // A paragraph's own widths are its estimated widths.
        let own = ReadvancedWidths(paragraph)
        for start in stride(from: 0, through: units.count, by: 7) {
            #expect(own.estimatedWidth(start, units.count, tracking: 0.013) == paragraph.estimatedWidth(start, units.count, tracking: 0.013))
        }
    }

    @Test("a paragraph re-advanced to other axis values is within 1% of hb-shape there, slice by slice", arguments: moves.prefix(2))
    func paragraphSlices(from: [FontVariation], to: [FontVariation]) throws {
        let (_, units, paragraph, moved) = try Self.readvanced(
            "We missed the last train home, so we walked along the river until the sky went pink and the bakeries opened.",
            from: from, to: to)
        // Slices of about a line of a width-axis block each, starting and ending at breaks.
        let breaks = [0] + paragraph.breaks.filter { $0 < units.count }
        var slices = 0
        for index in stride(from: 0, to: breaks.count - 4, by: 2) {
            let start = breaks[index], end = paragraph.contentEnd(from: start, to: breaks[index + 4])
            let text = String(decoding: units[start..<end], as: UTF16.self)
            let expected = try VariableFontTests.oracleEm(text, variations: to)
            let estimated = moved.estimatedWidth(start, end, tracking: 0)
            #expect(abs(estimated - expected) <= expected * 0.01, "\(text): \(estimated) em, hb-shape \(expected)")
            // The move is real: the unmoved paragraph is more than 1% off.
            #expect(abs(paragraph.estimatedWidth(start, end, tracking: 0) - expected) > expected * 0.01)
            slices += 1
        }
        #expect(slices >= 4)
    }
}
