import Foundation
import Testing

@testable import LineFit

/// Emoji sequences are single grapheme clusters (UAX #29 GB11, GB12/13, GB9 for modifiers
/// and keycaps): each goes whole to the colour emoji font, shapes to one glyph (the font's
/// GSUB ligature for the sequence), and no line break ever falls inside one.
@Suite struct EmojiClusterTests {
    /// U+1F469 ZWJ U+1F469 ZWJ U+1F467 ZWJ U+1F466: four people joined by three ZWJs.
    static let family = "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
    static let emojiFontFile = "NotoColorEmoji.ttf"

    /// The fitted size is the minimum in these tests so that widths are easy to reason about.
    static func options(width: Double) -> LayoutOptions {
        LayoutOptions(width: width, minSize: 30, maxSize: 30)
    }

    static func expectWholeEmoji(
        _ layout: Layout, range: Range<Int>, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let runs = layout.lines.flatMap(\.runs).filter { $0.start < range.upperBound && range.lowerBound < $0.end }
        #expect(runs.count == 1, "the cluster \(range) is drawn by \(runs.count) runs", sourceLocation: sourceLocation)
        guard let run = runs.first else { return }
        #expect(run.start <= range.lowerBound && range.upperBound <= run.end, sourceLocation: sourceLocation)
        #expect(layout.fontNames[run.fontIndex].hasSuffix(emojiFontFile),
                "drawn with \(layout.fontNames[run.fontIndex])", sourceLocation: sourceLocation)
        let glyphs = run.glyphs.filter { range.contains($0.cluster) }
        #expect(glyphs.count == 1, "\(glyphs.count) glyphs for one emoji", sourceLocation: sourceLocation)
        #expect(glyphs.first?.cluster == range.lowerBound, sourceLocation: sourceLocation)
        #expect(glyphs.allSatisfy { $0.id != 0 }, "a .notdef glyph in \(glyphs)", sourceLocation: sourceLocation)
    }

    @Test func familyIsOneClusterOneGlyphFromTheEmojiFont() throws {
        // The oracle for "one cluster": Swift's Character (UAX #29) and the code points.
        #expect(Self.family.count == 1)
        #expect(Self.family.unicodeScalars.map(\.value) == [0x1F469, 0x200D, 0x1F469, 0x200D, 0x1F467, 0x200D, 0x1F466])
        #expect(Self.family.utf16.count == 11)

        let chain = try ScriptFonts.chain()
        let layout = try LayoutEngine().layout(Self.family, fonts: chain, options: Self.options(width: 400))
        try #require(layout.lines.count == 1)
        LayoutInvariants.expectAll(layout)
        Self.expectWholeEmoji(layout, range: 0..<11)
        #expect(layout.missing.isEmpty)
    }

    @Test func familiesNeverSplitWhenOnlyOneFitsPerLine() throws {
        let count = 12
        let text = String(repeating: Self.family, count: count)
        let chain = try ScriptFonts.chain()
        let engine = try LayoutEngine()
        // At 30 pt one family is 37.35 pt wide (2550/2048 em); 50 pt holds one and not two.
        let layout = try engine.layout(text, fonts: chain, options: Self.options(width: 50))
        LayoutInvariants.expectAll(layout)
        #expect(layout.lines.count == count)
        for (index, line) in layout.lines.enumerated() {
            #expect(line.range == (index * 11)..<(index * 11 + 11))
            #expect(layout.text(of: line) == Self.family)
            #expect(!line.flags.contains(.overflows))
            Self.expectWholeEmoji(layout, range: line.range)
        }
    }

    @Test func familiesNeverSplitEvenNarrowerThanOneEmoji() throws {
        // 10 pt holds no emoji at all: each goes alone on a line that says it overflows.
        let count = 5
        let text = String(repeating: Self.family, count: count)
        let chain = try ScriptFonts.chain()
        let layout = try LayoutEngine().layout(text, fonts: chain, options: Self.options(width: 10))
        LayoutInvariants.expectAll(layout)
        #expect(layout.lines.count == count)
        for (index, line) in layout.lines.enumerated() {
            #expect(line.range == (index * 11)..<(index * 11 + 11))
            #expect(line.flags.contains(.overflows))
            Self.expectWholeEmoji(layout, range: line.range)
        }
    }

    @Test func aClusterAloneOnItsLineIsNotABrokenWord() throws {
        // The families are separate UAX #14 segments (there is a break opportunity between
        // two of them), so a line holding one whole family broke no word, even when it
        // overflows. The engine flags it anyway: `GreedyLineBreaker.breakLines` marks every
        // line that comes from `emergencyBreak` as `brokenInsideWord`, including the case
        // where the emergency break ends at the break opportunity itself.
        let text = String(repeating: Self.family, count: 3)
        let layout = try LayoutEngine().layout(text, fonts: try ScriptFonts.chain(), options: Self.options(width: 10))
        for line in layout.lines {
            #expect(!line.flags.contains(.brokenInsideWord))
        }
    }

    /// Flags (two regional indicators), keycaps (digit or # + VS16 + U+20E3), skin tones
    /// (base + Fitzpatrick modifier), a VS16 presentation sequence and another ZWJ sequence.
    static let sequences: [(name: String, text: String, scalars: [UInt32])] = [
        ("flag FR", "\u{1F1EB}\u{1F1F7}", [0x1F1EB, 0x1F1F7]),
        ("flag JP", "\u{1F1EF}\u{1F1F5}", [0x1F1EF, 0x1F1F5]),
        ("keycap 1", "1\u{FE0F}\u{20E3}", [0x31, 0xFE0F, 0x20E3]),
        ("keycap #", "#\u{FE0F}\u{20E3}", [0x23, 0xFE0F, 0x20E3]),
        ("thumbs up, medium skin tone", "\u{1F44D}\u{1F3FD}", [0x1F44D, 0x1F3FD]),
        ("waving hand, dark skin tone", "\u{1F44B}\u{1F3FF}", [0x1F44B, 0x1F3FF]),
        ("rainbow flag", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}", [0x1F3F3, 0xFE0F, 0x200D, 0x1F308]),
        ("red heart", "\u{2764}\u{FE0F}", [0x2764, 0xFE0F]),
    ]

    @Test(arguments: sequences.indices)
    func sequenceGoesWholeToTheEmojiFont(index: Int) throws {
        let sample = Self.sequences[index]
        #expect(sample.text.unicodeScalars.map(\.value) == sample.scalars, "\(sample.name)")
        #expect(sample.text.count == 1, "\(sample.name) should be one Character")

        // Alone, and between words of Latin text where the neighbours' font is NotoSans.
        let prefix = "Vive la "
        for text in [sample.text, prefix + sample.text + " ok"] {
            let chain = try ScriptFonts.chain()
            let layout = try LayoutEngine().layout(text, fonts: chain, options: Self.options(width: 1000))
            try #require(layout.lines.count == 1)
            LayoutInvariants.expectAll(layout)
            let start = text == sample.text ? 0 : prefix.utf16.count
            Self.expectWholeEmoji(layout, range: start..<(start + sample.text.utf16.count))
            #expect(layout.missing.isEmpty)
            if text != sample.text {
                let latin = layout.lines[0].runs.filter { $0.end <= start }
                #expect(latin.allSatisfy { $0.fontIndex == 0 }, "\(sample.name): the Latin text left NotoSans")
            }
        }
    }

    @Test func mixedEmojiNeverSplitAtNarrowWidths() throws {
        // Every sequence above side by side without spaces, at widths around one emoji:
        // every line boundary is a Character boundary and each line's emoji are whole.
        let text = Self.sequences.map(\.text).joined() + Self.family
        let boundaries = SwiftGraphemes.boundaries(text)
        let chain = try ScriptFonts.chain()
        let engine = try LayoutEngine()
        for width in stride(from: 10.0, through: 120, by: 7) {
            let layout = try engine.layout(text, fonts: chain, options: Self.options(width: width))
            LayoutInvariants.expectAll(layout)
            for line in layout.lines {
                #expect(boundaries.contains(line.start) && boundaries.contains(line.end), "width \(width): \(line.range)")
                for run in line.runs {
                    #expect(layout.fontNames[run.fontIndex].hasSuffix(Self.emojiFontFile))
                }
            }
        }
    }
}
