import Foundation
import Testing
import LineFit
import LineFitTestSupport

/// A sample job from `Fixtures/corpus` (a copy of the project's `../shared/corpus`).
typealias CorpusJob = SampleJob

extension SampleJob {
    static func load(_ name: String) throws -> SampleJob {
        try SampleJob(contentsOf: try TestPaths.fixture("corpus/\(name).json"))
    }

    var arguments: [String] {
        ["--font", TestPaths.packageRoot.appendingPathComponent(font).path, "--width", "\(width)",
         "--min", "\(min)", "--max", "\(max)", "--json", "--", text]
    }
}

/// The part of `linefit --json` these tests read.
struct LayoutDocument: Decodable {
    struct Line: Decodable {
        var text: String
        var start: Int
        var end: Int
        var size: Double
        var width: Double
        var flags: [String]
    }
    var lines: [Line]
}

/// Every sample job through the built `linefit` executable, checked two ways: the JSON's
/// invariants in Swift, and the project's independent `check-fit` (hb-shape measures every
/// line) when `../shared/tools/check-fit` exists beside the package.
@Suite("Corpus jobs through the linefit CLI")
struct CorpusCLITests {
    static let latinJobs = [
        "blank-lines", "emphasis", "narrow", "one-letter-lines", "paragraph", "punctuation", "script-face",
        "sentence", "shout", "typewriter", "url",
    ]
    static let otherScriptJobs = ["arabic", "cjk", "devanagari", "emoji", "hebrew", "mixed-direction", "thai"]
    /// Least fill ratio of a line below the maximum size: with a 0.01 pt step at 18 pt or
    /// more, a line that cannot grow one step fills more than 0.9994 of the width.
    static let minimumFill = 0.999

    @Test("the two lists name every job in the corpus")
    func listsAreComplete() throws {
        let folder = try TestPaths.fixture("corpus")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }
        #expect(Set(names) == Set(Self.latinJobs + Self.otherScriptJobs))
        #expect(Set(Self.latinJobs).isDisjoint(with: Self.otherScriptJobs))
    }

    @Test("Latin jobs: the JSON holds its invariants", arguments: latinJobs)
    func latinJob(_ name: String) throws {
        try run(CorpusJob.load(name))
    }

    /// `--json` names bundled fonts by file name (never a machine's path); check-fit opens
    /// fonts by the names it reads, so bundled names become paths into `Fonts/` for it.
    static func withFontPaths(_ json: Data) -> Data {
        let fonts = TestPaths.packageRoot.appendingPathComponent("Fonts").path
        let text = String(decoding: json, as: UTF8.self)
        let rewritten = text.replacingOccurrences(
            of: #""font":"([^"/]+)""#, with: "\"font\":\"\(fonts)/$1\"", options: .regularExpression)
        return Data(rewritten.utf8)
    }

    /// The independent oracle lives outside the package (`../shared/tools/check-fit`); in a
    /// clone without it this test is reported as skipped, with the reason, instead of the
    /// sample tests passing without it.
    @Test("every sample job passes check-fit (hb-shape measures every line)",
          .enabled(if: CLITools.checkFit != nil,
                   "../shared/tools/check-fit is missing: the sample layouts were NOT checked against hb-shape"),
          arguments: latinJobs + otherScriptJobs)
    func checkFitJob(_ name: String) throws {
        let job = try CorpusJob.load(name)
        let checkFit = try #require(CLITools.checkFit)
        let result = try ProcessRunner.run(CLITools.linefit(), job.arguments)
        try #require(result.status == 0, "linefit failed on \(job.name): \(result.stderr)")
        let check = try ProcessRunner.run(
            checkFit,
            ["--text", job.text, "--width", "\(job.width)", "--min", "\(job.min)", "--max", "\(job.max)",
             "--min-fill", "\(Self.minimumFill)", "-"],
            stdin: Self.withFontPaths(result.stdout))
        #expect(check.status == 0, "check-fit on \(job.name):\n\(check.stdoutText)\(check.stderr)")
    }

    @Test("other scripts (bidi, complex shaping, dictionary breaks, emoji): same checks", arguments: otherScriptJobs)
    func otherScriptJob(_ name: String) throws {
        try run(CorpusJob.load(name))
    }

    func run(_ job: CorpusJob) throws {
        let result = try ProcessRunner.run(CLITools.linefit(), job.arguments)
        try #require(result.status == 0, "linefit failed on \(job.name): \(result.stderr)")
        let document = try JSONDecoder().decode(LayoutDocument.self, from: result.stdout)
        checkInvariants(document, job)
    }

    func checkInvariants(_ document: LayoutDocument, _ job: CorpusJob) {
        #expect(!document.lines.isEmpty, "\(job.name)")
        #expect(document.lines.map(\.text).joined() == job.text, "\(job.name): the lines' texts joined")
        var offset = 0
        for (index, line) in document.lines.enumerated() {
            let label = "\(job.name) line \(index) \(line.text.debugDescription) at \(line.size) pt"
            #expect(line.start == offset && line.end == offset + line.text.utf16.count,
                    "\(label): \(line.start)..<\(line.end), expected \(offset)..<\(offset + line.text.utf16.count)")
            offset += line.text.utf16.count
            #expect(job.min <= line.size && line.size <= job.max, "\(label)")
            #expect(line.width <= job.width * (1 + 1e-12), "\(label): width \(line.width) > \(job.width)")
            let clamped = line.size >= job.max || line.flags.contains("heldAtMax")
            if !clamped && !line.flags.contains("empty") {
                #expect(line.width / job.width >= Self.minimumFill, "\(label): fill \(line.width / job.width)")
            }
        }
        #expect(offset == job.text.utf16.count, "\(job.name): the lines end at \(offset)")
    }
}
