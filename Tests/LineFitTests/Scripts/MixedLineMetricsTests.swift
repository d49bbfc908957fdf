import Foundation
import Testing

@testable import LineFit

/// A line that mixes fonts (Latin, Devanagari, colour emoji) is one line box: its ascent and
/// descent are the largest of the fonts it uses at the line's size, and every run on it is
/// set at that one size.
@Suite struct MixedLineMetricsTests {
    static let mixed = "Hello नमस्ते 🎉"
    static let fontFiles = ["NotoSans-Regular.ttf", "NotoSansDevanagari-Regular.ttf", "NotoColorEmoji.ttf"]

    /// Ascender and descender in em, from the Font objects' `metrics` and `unitsPerEm`.
    static func em(_ font: Font) -> (ascent: Double, descent: Double) {
        (Double(font.metrics.ascender) / Double(font.unitsPerEm), Double(font.metrics.descender) / Double(font.unitsPerEm))
    }

    static func font(_ file: String, in chain: FontChain) throws -> Font {
        chain.fonts[try #require(ScriptFonts.index(of: file, in: chain))]
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(1, abs(b)) }

    @Test func fontMetricsMatchTheFilesTables() throws {
        // The Font objects' metrics, checked against the `head`, `hhea` and `OS/2` tables read
        // straight from the files: none of these three sets USE_TYPO_METRICS, so the hhea
        // ascender and descender are the ones that apply.
        let chain = try ScriptFonts.chain()
        for file in Self.fontFiles {
            let font = try Self.font(file, in: chain)
            let tables = try SfntReader(path: ScriptFonts.path("Fonts/\(file)"))
            #expect(font.unitsPerEm == Int(try tables.uint16("head", at: 18)), "\(file)")
            let useTypo = (try? tables.uint16("OS/2", at: 62)).map { $0 & (1 << 7) != 0 } ?? false
            try #require(!useTypo, "\(file) sets USE_TYPO_METRICS: this test reads hhea")
            #expect(font.metrics.ascender == Int(try tables.int16("hhea", at: 4)), "\(file)")
            #expect(font.metrics.descender == -Int(try tables.int16("hhea", at: 6)), "\(file)")
        }
    }

    @Test func ascentAndDescentAreTheMaximaOverTheLinesFonts() throws {
        let chain = try ScriptFonts.chain()
        let layout = try LayoutEngine().layout(
            Self.mixed, fonts: chain, options: LayoutOptions(width: 960, minSize: 30, maxSize: 240))
        LayoutInvariants.expectAll(layout)
        try #require(layout.lines.count == 1)
        let line = layout.lines[0]

        // The line uses exactly these three fonts.
        let used = Set(line.runs.map { layout.fontNames[$0.fontIndex].split(separator: "/").last.map(String.init) ?? "" })
        #expect(used == Set(Self.fontFiles))

        let metrics = try Self.fontFiles.map { Self.em(try Self.font($0, in: chain)) }
        let ascent = metrics.map(\.ascent).max()! * line.size
        let descent = metrics.map(\.descent).max()! * line.size
        #expect(Self.close(line.ascent, ascent), "ascent \(line.ascent), expected \(ascent)")
        #expect(Self.close(line.descent, descent), "descent \(line.descent), expected \(descent)")
        // The maxima come from different fonts (NotoSans ascends highest, Devanagari descends
        // lowest), so a line box taken from any single font would be wrong.
        #expect(Self.close(ascent, metrics[0].ascent * line.size))
        #expect(Self.close(descent, metrics[1].descent * line.size))
        #expect(metrics.allSatisfy { !Self.close($0.ascent, metrics[0].ascent) || !Self.close($0.descent, metrics[1].descent) })
        #expect(Self.close(line.height, line.ascent + line.descent))
    }

    @Test func everyRunIsSetAtTheLinesSize() throws {
        // A reference layout at a fixed 100 pt gives each glyph's advance at 100 pt; the
        // fitted line must scale every glyph of every run (all three fonts) by size / 100.
        let chain = try ScriptFonts.chain()
        let engine = try LayoutEngine()
        let reference = try engine.layout(
            Self.mixed, fonts: chain, options: LayoutOptions(width: 100_000, minSize: 100, maxSize: 100))
        let fitted = try engine.layout(
            Self.mixed, fonts: chain, options: LayoutOptions(width: 777, minSize: 20, maxSize: 400))
        try #require(reference.lines.count == 1 && fitted.lines.count == 1)
        let line = fitted.lines[0]
        #expect(!line.flags.contains(.heldAtMax) && line.size > 20)
        let scale = line.size / 100
        let referenceRuns = reference.lines[0].runs
        try #require(referenceRuns.map(\.start) == line.runs.map(\.start))
        for (run, referenceRun) in zip(line.runs, referenceRuns) {
            #expect(run.fontIndex == referenceRun.fontIndex)
            try #require(run.glyphs.count == referenceRun.glyphs.count)
            for (glyph, referenceGlyph) in zip(run.glyphs, referenceRun.glyphs) {
                #expect(glyph.id == referenceGlyph.id)
                #expect(Self.close(glyph.advance, referenceGlyph.advance * scale),
                        "run at \(run.start), font \(run.fontIndex): \(glyph.advance) vs \(referenceGlyph.advance) × \(scale)")
            }
            #expect(Self.close(run.width, referenceRun.width * scale))
        }
    }

    @Test func eachLineOfAMixedParagraphHasItsOwnFontsBox() throws {
        // Four lines, four font sets, four sizes; line spacing 1.2 spreads each box evenly.
        let text = "Hello नमस्ते 🎉\nनमस्ते\n🎉🎉\nplain"
        let expectedFonts: [Set<String>] = [
            Set(Self.fontFiles), ["NotoSansDevanagari-Regular.ttf"], ["NotoColorEmoji.ttf"], ["NotoSans-Regular.ttf"],
        ]
        let chain = try ScriptFonts.chain()
        let spacing = 1.2
        let layout = try LayoutEngine().layout(
            text, fonts: chain, options: LayoutOptions(width: 600, minSize: 20, maxSize: 400, lineSpacing: spacing))
        LayoutInvariants.expectAll(layout)
        try #require(layout.lines.count == expectedFonts.count)
        var top = 0.0
        for (line, files) in zip(layout.lines, expectedFonts) {
            let used = Set(line.runs.map { layout.fontNames[$0.fontIndex].split(separator: "/").last.map(String.init) ?? "" })
            #expect(used == files)
            let metrics = try files.map { Self.em(try Self.font($0, in: chain)) }
            let ascent = metrics.map(\.ascent).max()! * line.size
            let descent = metrics.map(\.descent).max()! * line.size
            #expect(Self.close(line.ascent, ascent) && Self.close(line.descent, descent),
                    "\(layout.text(of: line).debugDescription): \(line.ascent)/\(line.descent), expected \(ascent)/\(descent)")
            #expect(Self.close(line.height, (ascent + descent) * spacing))
            #expect(Self.close(line.top, top))
            #expect(Self.close(line.baseline, top + (line.height - ascent - descent) / 2 + ascent))
            top += line.height
        }
        #expect(Self.close(layout.height, top))
        #expect(Set(layout.lines.map(\.size)).count == 4, "sizes \(layout.lines.map(\.size))")
    }
}

/// Reads big-endian integers from a font file's tables (the sfnt table directory), without
/// FreeType or HarfBuzz, for an independent look at the metrics.
struct SfntReader {
    let data: [UInt8]
    let tables: [String: Int]

    init(path: String) throws {
        data = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var tables: [String: Int] = [:]
        let count = Int(data[4]) << 8 | Int(data[5])
        for index in 0..<count {
            let record = 12 + 16 * index
            let tag = String(decoding: data[record..<(record + 4)], as: UTF8.self)
            tables[tag] = Int(data[record + 8]) << 24 | Int(data[record + 9]) << 16 | Int(data[record + 10]) << 8 | Int(data[record + 11])
        }
        self.tables = tables
    }

    func uint16(_ table: String, at offset: Int) throws -> UInt16 {
        let start = try #require(tables[table], "no \(table) table") + offset
        return UInt16(data[start]) << 8 | UInt16(data[start + 1])
    }

    func int16(_ table: String, at offset: Int) throws -> Int16 {
        Int16(bitPattern: try uint16(table, at: offset))
    }
}
