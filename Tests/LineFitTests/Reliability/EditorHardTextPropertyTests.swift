import Foundation
import Testing

@testable import LineFit

/// The editor's promise on hard text, across strategies and boxes: after every random edit a
/// session equals a fresh layout of its text (stable breaks off); with stable breaks on, every
/// layout holds the invariants of a valid layout.
///
/// Each case is one seed. The default run tries a few seeds per configuration (seconds);
/// `LINEFIT_PROPERTY_SEEDS=N` tries N (CI's long step sets it), and
/// `LINEFIT_PROPERTY_SEED=S` runs only seed S, which a failure prints with everything it drew.
@Suite("Editor properties on hard text")
struct EditorHardTextPropertyTests {
    /// How a configuration breaks and boxes its lines.
    enum Configuration: String, CaseIterable, CustomTestStringConvertible {
        case greedy, greedyLimit, greedyFill, balanced, balancedLimit, balancedFill, balancedStable, greedyStable
        var testDescription: String { rawValue }
    }

    static let seeds: [UInt64] = {
        let environment = ProcessInfo.processInfo.environment
        if let one = environment["LINEFIT_PROPERTY_SEED"].flatMap({ UInt64($0) }) { return [one] }
        let count = environment["LINEFIT_PROPERTY_SEEDS"].flatMap { Int($0) } ?? 6
        return (0..<UInt64(max(1, count))).map { $0 &* 0x9E37 &+ 1 }
    }()

    /// Pieces that change breaks and shaping around an edit: soft hyphens, lone and stacked
    /// combining marks, ZWJ sequences, VS16, skin-tone modifiers (alone and on a base), every
    /// bidi embedding, isolate and mark, tabs, line breaks, CJK with its punctuation, Thai
    /// (dictionary breaks), Arabic (joining across an edit), Hebrew, Devanagari, spaces of
    /// other kinds, and plain Latin words to break between.
    static let pieces = [
        "a", " ", "word ", "Super", "aaaaa", "Type Mode ", "-", "\u{00AD}", "\u{00AD}Super", "\u{0301}", "\u{0308}\u{0323}",
        "e\u{0301}", "\u{200D}", "👩‍❤️‍💋‍👨", "👨‍👩‍👧", "\u{FE0F}", "❤️", "👍🏽", "🏿", "🏿🏿🏿", "🫠", "🇫🇷",
        "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
        "\u{200E}", "\u{200F}", "\t", "\n", "\r\n", "\u{2028}", "中文字", "今天", "「東京」、", "。", "สวัสดีครับ", "ภาษาไทย",
        "مرحبا بالعالم", "ل", "שלום", "नमस्ते", "\u{00A0}", "\u{200B}", "123", "\u{0E31}",
    ]

    static let primaries = [TestFonts.courier, TestFonts.notoSans, TestFonts.bebas, TestFonts.spartan, TestFonts.kaushan]

    /// Each primary followed by the bundled fallbacks, loaded once for the suite.
    static let chains: [String: FontChain] = {
        var chains: [String: FontChain] = [:]
        for primary in primaries {
            var names = [primary]
            names += BundledFonts.defaultFallbackNames.filter { $0 != primary }
            chains[primary] = try? FontChain(fonts: names.map { try TestFonts.font($0) })
        }
        return chains
    }()

    /// One drawn case: fonts, options, starting text. `description` reproduces it by hand.
    struct Case: CustomStringConvertible {
        var seed: UInt64
        var configuration: Configuration
        var primary: String
        var options: LayoutOptions
        var text: String
        var description: String {
            "seed \(seed) (\(configuration.rawValue)): \(primary), width \(options.width), \(options.minSize)-\(options.maxSize) step \(options.step), \(options.widthMode), tracking \(options.tracking), box \(options.box), direction \(options.baseDirection)"
        }
    }

    static func hardText(_ rng: inout SplitMix64, pieces count: Int) -> String {
        (0..<count).map { _ in rng.pick(pieces) }.joined()
    }

    static func draw(seed: UInt64, configuration: Configuration) -> Case {
        var rng = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ UInt64(configuration.rawValue.utf8.count))
        let primary = rng.pick(primaries)
        let width = rng.pick([1.0, 2, 3, 5, 5, 40, 40, 120, 400])
        let minSize = rng.pick([6.0, 12, 24, 40])
        let maxSize = rng.chance(20) ? minSize : rng.pick([minSize, 60, 90, 200])
        var options = LayoutOptions(width: width, minSize: minSize, maxSize: max(minSize, maxSize))
        options.step = rng.pick([0.01, 0.01, 0.5, 1])
        options.tracking = rng.pick([0, 0, -0.1, -0.04, 0.04, 0.3])
        options.baseDirection = rng.pick([.auto, .auto, .leftToRight, .rightToLeft])
        // Hinted mode reshapes every line at each size it tries: a quarter of the greedy cases.
        if configuration == .greedy || configuration == .greedyStable { options.widthMode = rng.chance(25) ? .hinted : .linear }
        switch configuration {
        case .greedy, .greedyStable: break
        case .greedyLimit, .balancedLimit: options.box = .limit(height: rng.pick([40.0, 120, 400]))
        case .greedyFill, .balancedFill: options.box = .fill(height: rng.pick([40.0, 120, 400]))
        case .balanced, .balancedStable: break
        }
        if configuration.rawValue.hasPrefix("balanced") { options.breakStrategy = .balanced }
        if configuration == .balancedStable || configuration == .greedyStable { options.stableBreaks = true }
        options.minimumFloor = 1
        let text = hardText(&rng, pieces: rng.int(below: 7))
        return Case(seed: seed, configuration: configuration, primary: primary, options: options, text: text)
    }

    /// An edit of hard text: typing a piece, deleting, backspacing, replacing a selection.
    static func edit(_ rng: inout SplitMix64, _ session: EditorSession) throws -> String {
        let units = Array(session.text.utf16)
        let length = units.count
        func snapped(_ offset: Int) -> Int {
            var offset = min(max(0, offset), length)
            while offset > 0, offset < length, units[offset] & 0xFC00 == 0xDC00 { offset -= 1 }
            return offset
        }
        let at = snapped(rng.chance(30) ? length : rng.int(below: length + 1))
        let piece = rng.pick(pieces)
        switch rng.int(below: 5) {
        case 0, 1:
            try session.insert(piece, at: at)
            return "insert(\(piece.debugDescription), at: \(at))"
        case 2:
            try session.backspace(at: at)
            return "backspace(at: \(at))"
        case 3:
            let end = snapped(at + 1 + rng.int(below: 8))
            try session.delete(at..<end)
            return "delete(\(at)..<\(end))"
        default:
            let end = snapped(at + rng.int(below: 6))
            try session.replace(at..<end, with: piece)
            return "replace(\(at)..<\(end), with: \(piece.debugDescription))"
        }
    }

    /// What every layout holds whether or not it equals a fresh one: lines tile the text,
    /// a line wider than the width is flagged, sizes within the scaled range, finite numbers.
    static func invariantFailure(_ layout: Layout, text: String, options: LayoutOptions) -> String? {
        var expectedStart = 0
        let count = text.utf16.count
        for (index, line) in layout.lines.enumerated() {
            guard line.start == expectedStart, line.start <= line.contentEnd, line.contentEnd <= line.end else {
                return "line \(index) \(line.start)..<\(line.end) does not continue the tiling at \(expectedStart)"
            }
            expectedStart = line.end
            guard line.size.isFinite, line.width.isFinite else { return "line \(index) has a non-finite size or width" }
            let tolerance = options.width * 1e-9 + 1e-9
            if line.width > options.width + tolerance, !line.flags.contains(.overflows) {
                return "line \(index) is \(line.width) wide in \(options.width) without the overflow flag"
            }
            if !line.flags.contains(.empty), line.size > layout.maxSize + 1e-9 {
                return "line \(index) size \(line.size) is above the layout's largest \(layout.maxSize)"
            }
        }
        if expectedStart != count { return "lines end at \(expectedStart), the text at \(count)" }
        return nil
    }

    @Test("a session equals a fresh layout after every edit of hard text", arguments: Configuration.allCases)
    func sessionsEqualFreshLayouts(configuration: Configuration) throws {
        let edits = configuration.rawValue.hasSuffix("Fill") || configuration.rawValue.hasSuffix("Limit") ? 6 : 12
        for seed in Self.seeds {
            let drawn = Self.draw(seed: seed, configuration: configuration)
            guard let fonts = Self.chains[drawn.primary] else {
                throw MissingPrerequisite(description: "bundled fonts for \(drawn.primary) did not load")
            }
            var rng = SplitMix64(seed: seed ^ 0xED17)
            let session = try EditorSession(text: drawn.text, fonts: fonts, options: drawn.options)
            var history = ["EditorSession(text: \(drawn.text.debugDescription))"]
            for step in 0...edits {
                if step > 0 { history.append(try Self.edit(&rng, session)) }
                let text = session.text
                let layout = session.layout
                let reproduce = "\(drawn); edits: \(history.joined(separator: "; ")); text \(TestPaths.codePoints(text)) — rerun with LINEFIT_PROPERTY_SEED=\(seed)"
                if let failure = Self.invariantFailure(layout, text: text, options: drawn.options) {
                    Issue.record("\(failure): \(reproduce)")
                    break
                }
                // With stable breaks a session keeps earlier breaks a fresh layout may not
                // choose; only its validity is asserted (above).
                if drawn.options.stableBreaks { continue }
                let fresh = try layOut(text, fonts: fonts, options: drawn.options)
                if layout != fresh {
                    let got = layout.lines.map { "\($0.start)..<\($0.end)@\($0.size)" }
                    let want = fresh.lines.map { "\($0.start)..<\($0.end)@\($0.size)" }
                    Issue.record("session \(got) != fresh \(want): \(reproduce)")
                    break
                }
            }
        }
    }
}
