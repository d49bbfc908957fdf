import Foundation
import Testing

@testable import LineFit

/// Property: no line break ever splits a grapheme cluster, whatever the script mix and the
/// width. Seeded random strings of combining sequences, emoji ZWJ sequences, flags, keycaps,
/// Arabic, Devanagari conjuncts, Thai, pointed Hebrew and Latin are laid out at random narrow
/// widths with the default fallback chain, and every line boundary (and every glyph run
/// boundary: fonts are chosen per cluster) is checked against an oracle the engine does not
/// use: Swift's `Character` segmentation (UAX #29 in the standard library).
///
/// Oracle versions: the engine asks ICU 72 (Unicode 15.0); Swift 6.3's standard library
/// implements Unicode 15.1 grapheme rules, including GB9c, which keeps Indic conjuncts such as
/// क्ष (KA, VIRAMA, SSA) and स्त्र in one cluster. Unicode 15.0's rules alone would split क्|ष,
/// but ICU 72's root rules already carry the conjunct rule (checked with
/// `ubrk_open(UBRK_CHARACTER, …)`: क्ष, स्त्र, क्‍ष and न्दी are one cluster each), so both
/// oracles agree on every piece below (`piecesAreSingleClustersForBothOracles` pins that).
/// Were they to disagree (a newer Swift with Unicode 16 rules against ICU 72), a failure
/// here would be an oracle mismatch first: check `measured.isGraphemeStart` before blaming
/// the breaker. HarfBuzz cluster starts are no safety net: स्त्र shapes as two clusters
/// (स् and त्र), so only the grapheme rule keeps it whole.
@Suite struct GraphemeBreakPropertyTests {
    /// Pieces that are exactly one grapheme cluster each.
    static let clusters: [String] = [
        "e\u{301}\u{323}", "a\u{308}", "o\u{302}\u{303}", "n\u{303}",
        "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}",  // family
        "\u{1F9D1}\u{1F3FD}\u{200D}\u{1F680}",  // astronaut, medium skin tone
        "\u{1F441}\u{FE0F}\u{200D}\u{1F5E8}\u{FE0F}",  // eye in speech bubble
        "\u{1F1EB}\u{1F1F7}", "\u{1F1EF}\u{1F1F5}", "\u{1F1E7}\u{1F1F7}",  // flags
        "1\u{FE0F}\u{20E3}", "\u{1F44D}\u{1F3FD}", "\u{1F389}",
        "क्ष", "स्त्र", "क्\u{200D}ष", "न्दी", "स्ते",
        "שָׁ", "בְּ", "וֹ",
        "ดี", "นี้", "วั",
    ]
    /// Words and syllables of several clusters.
    static let words: [String] = [
        "مرحبا", "السلام", "عليكم", "بِسْمِ", "شُكْرًا",
        "नमस्ते", "हिन्दी", "क्षमा", "विद्यालय",
        "สวัสดี", "ภาษาไทย", "ขอบคุณ",
        "שָׁלוֹם", "בְּרֵאשִׁית", "עִבְרִית",
        "the", "quick", "fox", "extraordinary", "café", "naïve",
    ]

    struct Case: CustomStringConvertible {
        var text: String
        var options: LayoutOptions
        var seed: UInt64
        var description: String {
            "seed \(seed), width \(options.width), min \(options.minSize): \(text.debugDescription)"
        }
    }

    static func randomCase(seed: UInt64) -> Case {
        var rng = SplitMix64(seed: seed)
        func pick<T>(_ array: [T]) -> T { array[Int(rng.next() % UInt64(array.count))] }
        var text = ""
        for _ in 0..<(2 + Int(rng.next() % 12)) {
            switch rng.next() % 10 {
            case 0, 1, 2: text += pick(clusters)
            case 3, 4, 5: text += pick(words)
            case 6: text += pick(clusters) + pick(clusters) + pick(clusters)
            default: text += " "
            }
        }
        let minSize = 10 + Double(rng.next() % 21)
        let width = 12 + Double(rng.next() % 2400) / 10
        return Case(text: text, options: LayoutOptions(width: width, minSize: minSize, maxSize: minSize * 4), seed: seed)
    }

    /// One broken promise.
    struct Violation {
        var message: String
    }

    /// Grapheme clusters of a line's content that are not whitespace.
    static func visibleClusters(_ layout: Layout, _ line: Line, _ boundaries: Set<Int>) -> Int {
        let ends = boundaries.filter { $0 > line.start && $0 <= line.contentEnd }.sorted()
        var start = line.start
        var count = 0
        for end in ends {
            if layout.substring(start, end).unicodeScalars.contains(where: { !$0.properties.isWhitespace }) { count += 1 }
            start = end
        }
        return count
    }

    /// Everything wrong with one layout; empty when it keeps every promise.
    static func violations(_ layout: Layout, _ sample: Case) -> [Violation] {
        var found: [Violation] = []
        let boundaries = SwiftGraphemes.boundaries(sample.text)
        let tolerance = LayoutInvariants.tolerance(sample.options.width)
        let hasContent = sample.text.unicodeScalars.contains { !$0.properties.isWhitespace }
        var position = 0
        for (index, line) in layout.lines.enumerated() {
            let text = layout.text(of: line).debugDescription
            func add(_ message: String) {
                found.append(Violation(message: "line \(index) \(text): \(message)"))
            }
            if line.start != position { add("starts at \(line.start), expected \(position)") }
            if line.end <= line.start { add("is empty") }
            position = line.end
            if !boundaries.contains(line.end) { add("ends inside a grapheme cluster at \(line.end)") }
            if !line.flags.contains(.overflows), line.width > sample.options.width + tolerance {
                add("is \(line.width) wide, available \(sample.options.width)")
            }
            if hasContent, line.contentEnd == line.start {
                add("holds only whitespace (a blank line in a paragraph with text)")
            }
            if line.flags.contains(.overflows) {
                // Only one unbreakable piece may overflow: one grapheme cluster (which HarfBuzz
                // may shape as several clusters: स्त्र is स् + त्र) or one HarfBuzz cluster
                // (which may hold several grapheme clusters: an Arabic lam-alef ligature).
                // Leading whitespace stays with the first cluster: alone it would be a blank line.
                let graphemes = Self.visibleClusters(layout, line, boundaries)
                let shaped = Set(line.runs.flatMap { $0.glyphs.map(\.cluster) }).count
                if graphemes != 1 && shaped != 1 {
                    add("overflows (\(line.width) of \(sample.options.width)) with \(graphemes) clusters (\(shaped) shaped)")
                }
            }
            for run in line.runs where !boundaries.contains(run.start) || !boundaries.contains(run.end) {
                add("run \(run.start)..<\(run.end) \(layout.substring(run.start, run.end).debugDescription) splits a cluster")
            }
        }
        if position != sample.text.utf16.count {
            found.append(Violation(message: "lines end at \(position) of \(sample.text.utf16.count)"))
        }
        if !layout.missing.isEmpty { found.append(Violation(message: "missing \(layout.missing)")) }
        return found
    }

    @Test func piecesAreSingleClustersForBothOracles() throws {
        for piece in Self.clusters {
            #expect(piece.count == 1, "Swift splits \(piece.debugDescription) into \(piece.count)")
        }
        // The engine's own grapheme starts (ICU) inside each cluster piece: none.
        let engine = try LayoutEngine()
        let chain = try ScriptFonts.chain()
        for piece in Self.clusters {
            let units = Array(piece.utf16)
            let measured = engine.measure(
                units: units, contentLength: units.count, fonts: chain,
                options: LayoutOptions(width: 100, minSize: 10, maxSize: 10))
            let inner = (1..<units.count).filter { measured.isGraphemeStart[$0] }
            #expect(inner.isEmpty, "ICU starts a cluster inside \(piece.debugDescription) at \(inner)")
        }
    }

    @Test func noLineBreakSplitsAGraphemeCluster() throws {
        let chain = try ScriptFonts.chain()
        let engine = try LayoutEngine()
        var overflowingLines = 0, brokenWords = 0, lines = 0
        for seed in UInt64(1)...400 {
            let sample = Self.randomCase(seed: seed)
            let layout = try engine.layout(sample.text, fonts: chain, options: sample.options)
            let problems = Self.violations(layout, sample)
            if !problems.isEmpty {
                Issue.record("\(sample)\n\(problems.map(\.message).joined(separator: "\n"))")
                return
            }
            lines += layout.lines.count
            overflowingLines += layout.lines.filter { $0.flags.contains(.overflows) }.count
            brokenWords += layout.lines.filter { $0.flags.contains(.brokenInsideWord) }.count
        }
        // The widths are narrow enough that the emergency path (words broken between clusters,
        // single clusters overflowing) is exercised, not only ordinary breaks.
        #expect(brokenWords > 50, "only \(brokenWords) of \(lines) lines broke inside a word")
        #expect(overflowingLines > 0)
    }

    @Test func everyLineFillsOrIsHeldAtMax() throws {
        // The same random cases must also be fitted lines: within one grid step of the width.
        let chain = try ScriptFonts.chain()
        let engine = try LayoutEngine()
        for seed in UInt64(1001)...1100 {
            let sample = Self.randomCase(seed: seed)
            let layout = try engine.layout(sample.text, fonts: chain, options: sample.options)
            LayoutInvariants.expectTiles(layout)
            LayoutInvariants.expectFills(layout, step: sample.options.step)
            LayoutInvariants.expectRunsConsistent(layout)
        }
    }
}
