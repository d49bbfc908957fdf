import Foundation
import Testing

@testable import LineFit

/// The non-Latin, emoji and mixed-direction jobs of the shared corpus (copied byte for byte
/// into Fixtures/corpus), each laid out with its job font followed by the bundled default
/// fallbacks, at the job's width and at narrower ones: every line fits, fills within one
/// size step unless held at the maximum, the lines tile the text, no boundary splits a
/// cluster, nothing is missing, and every run is as wide as `hb-shape` says its text is.
@Suite struct ScriptCorpusTests {
    typealias Job = CorpusJob

    static let names = ["arabic", "cjk", "devanagari", "emoji", "hebrew", "mixed-direction", "thai"]
    /// The job's width, then narrower ones down to a few characters per line.
    static let widthFactors = [1.0, 0.5, 0.25, 0.125]
    static let step = 0.01

    static func job(_ name: String) throws -> Job {
        try CorpusJob.load(name)
    }

    @Test(arguments: names)
    func jobFitsFillsAndTilesAtSeveralWidths(name: String) throws {
        let job = try Self.job(name)
        let chain = try ScriptFonts.chain(primary: job.font)
        let engine = try LayoutEngine()
        let boundaries = SwiftGraphemes.boundaries(job.text)
        for factor in Self.widthFactors {
            let options = LayoutOptions(width: job.width * factor, minSize: job.min, maxSize: job.max, step: Self.step)
            let layout = try engine.layout(job.text, fonts: chain, options: options)
            let context = "\(name) at width \(options.width)"
            LayoutInvariants.expectAll(layout)
            LayoutInvariants.expectFills(layout, step: Self.step)
            #expect(layout.missing.isEmpty, "\(context): missing \(layout.missing)")
            #expect(!layout.lines.isEmpty)
            for line in layout.lines {
                #expect(line.size >= job.min && line.size <= job.max, "\(context): size \(line.size)")
                #expect(boundaries.contains(line.start) && boundaries.contains(line.end), "\(context): \(line.range) splits a cluster")
                #expect(!line.flags.contains(.overflows), "\(context): \(layout.text(of: line).debugDescription) overflows")
                #expect(line.runs.allSatisfy { $0.glyphs.allSatisfy { $0.id != 0 } }, "\(context): .notdef drawn")
            }
        }
    }

    @Test(arguments: names)
    func lettersUseTheJobFontAndRTLRunsAreOdd(name: String) throws {
        let job = try Self.job(name)
        let chain = try ScriptFonts.chain(primary: job.font)
        let layout = try LayoutEngine().layout(
            job.text, fonts: chain, options: LayoutOptions(width: job.width, minSize: job.min, maxSize: job.max))
        let runs = layout.lines.flatMap(\.runs)
        let rtlScripts: Set<String> = ["Arab", "Hebr"]
        for run in runs {
            let text = layout.substring(run.start, run.end)
            let isLetters = text.unicodeScalars.contains { $0.properties.isAlphabetic }
            if rtlScripts.contains(run.script), isLetters {
                #expect(run.isRightToLeft, "\(name): \(text.debugDescription) is at level \(run.bidiLevel)")
            }
            if run.script == "Latn" || run.script == "Thai" || run.script == "Deva" || run.script == "Hani" {
                #expect(!run.isRightToLeft, "\(name): \(text.debugDescription) is at level \(run.bidiLevel)")
            }
        }
        // The job's own letters are drawn by the job's font (index 0), not a fallback.
        // (Punctuation may fall back: NotoSansHebrew has no comma, so ", " is NotoSans's.)
        let ownScript: [String: String] = [
            "arabic": "Arab", "cjk": "Hani", "devanagari": "Deva", "hebrew": "Hebr", "thai": "Thai",
        ]
        if let script = ownScript[name] {
            let scriptRuns = runs.filter {
                $0.script == script && layout.substring($0.start, $0.end).unicodeScalars.contains { $0.properties.isAlphabetic }
            }
            #expect(!scriptRuns.isEmpty)
            #expect(scriptRuns.allSatisfy { $0.fontIndex == 0 }, "\(name): \(scriptRuns.map(\.fontIndex))")
        }
        // Paragraphs that start with a right-to-left letter read from the right edge: the
        // first logical run of each line is its rightmost.
        if name == "arabic" || name == "hebrew" {
            for line in layout.lines {
                #expect(line.runs.last?.start == line.start, "\(name): line \(line.range) does not start at the right")
            }
        }
    }

    @Test(arguments: names)
    func runWidthsAgreeWithHBShape(name: String) throws {
        // An oracle outside the engine: HarfBuzz's own command-line shaper, unhinted, in design
        // units, scaled linearly by the line's size. A missing hb-shape fails the test.
        let job = try Self.job(name)
        let chain = try ScriptFonts.chain(primary: job.font)
        let layout = try LayoutEngine().layout(
            job.text, fonts: chain, options: LayoutOptions(width: job.width / 2, minSize: job.min, maxSize: job.max))
        var checked = 0
        for line in layout.lines {
            for run in line.runs {
                let font = chain.fonts[run.fontIndex]
                let text = layout.substring(run.start, run.end)
                let units = try HBShapeOracle.advance(
                    of: text, font: font.name, rightToLeft: run.isRightToLeft, script: run.script)
                let expected = Double(units) * line.size / Double(font.unitsPerEm)
                #expect(abs(run.width - expected) <= LayoutInvariants.tolerance(max(1, expected)) + 1e-9,
                        "\(name): run \(text.debugDescription) is \(run.width) pt, hb-shape says \(expected)")
                checked += 1
            }
        }
        #expect(checked >= layout.lines.count)
    }
}

/// `hb-shape` (Debian: libharfbuzz-bin) as a width oracle.
enum HBShapeOracle {
    static let executable = "/usr/bin/hb-shape"

    /// Sum of the x advances, in design units, of `text` shaped alone with the font file.
    static func advance(of text: String, font: String, rightToLeft: Bool, script: String) throws -> Int {
        try #require(FileManager.default.isExecutableFile(atPath: executable), "\(executable) is missing: apt-get install libharfbuzz-bin")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        var arguments = ["--output-format=json", "--no-glyph-names", "--direction=\(rightToLeft ? "rtl" : "ltr")"]
        if script != "Zyyy" && script != "Zzzz" { arguments.append("--script=\(script)") }
        process.arguments = arguments + [font, "--", text]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "hb-shape failed on \(text.debugDescription)")
        struct Shaped: Decodable { var ax: Int }
        return try JSONDecoder().decode([Shaped].self, from: data).reduce(0) { $0 + $1.ax }
    }
}
