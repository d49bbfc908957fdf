import Foundation
import Testing

/// Bad input through the `linefit` executable: each case must exit with status 1 (not by a
/// signal), print nothing on standard output and exactly the one expected line on standard
/// error, and nothing that looks like a crash report.
@Suite("Bad input through the CLI")
struct BadInputCLITests {
    struct BadInput: Sendable, CustomTestStringConvertible {
        var label: String
        var arguments: [String]
        var stdin: [UInt8]? = nil
        /// The whole line on standard error (`<garbage>` stands for the garbage file's path).
        var message: String
        var status: Int32 = 1
        var testDescription: String { label }
    }

    static let font = TestPaths.fontsDirectory.appendingPathComponent(TestFonts.notoSans).path
    /// Replaced by the path of a file of garbage bytes.
    static let garbagePlaceholder = "<garbage>"

    static let folder = TestPaths.fontsDirectory.path

    static let cases: [BadInput] = [
        BadInput(label: "missing font", arguments: ["--font", "/nonexistent/NoSuchFont.otf", "hello"],
                 message: "linefit: font not found: /nonexistent/NoSuchFont.otf"),
        BadInput(label: "corrupt font", arguments: ["--font", garbagePlaceholder, "hello"],
                 message: "linefit: not a usable font: <garbage> (face 0): unknown file format"),
        BadInput(label: "a folder as the font", arguments: ["--font", folder, "hello"],
                 message: "linefit: cannot read font \(folder): it is a folder, not a font file"),
        BadInput(label: "/dev/null as the font", arguments: ["--font", "/dev/null", "hello"],
                 message: "linefit: cannot read font /dev/null: it is not a regular file (a device, pipe or socket cannot hold a font)"),
        BadInput(label: "width 0", arguments: ["--font", font, "--width", "0", "hello"],
                 message: "linefit: invalid width: must be greater than 0, got 0.0"),
        BadInput(label: "negative width", arguments: ["--font", font, "--width=-5", "hello"],
                 message: "linefit: invalid width: must be greater than 0, got -5.0"),
        BadInput(label: "min > max", arguments: ["--font", font, "--min", "100", "--max", "50", "hello"],
                 message: "linefit: invalid min: min (100.0) is greater than max (50.0)"),
        BadInput(label: "width nan", arguments: ["--font", font, "--width", "nan", "hello"],
                 message: "linefit: invalid width: nan is not a finite number"),
        BadInput(label: "max inf", arguments: ["--font", font, "--max", "inf", "hello"],
                 message: "linefit: invalid max: inf is not a finite number"),
        BadInput(label: "min nan", arguments: ["--font", font, "--min", "nan", "hello"],
                 message: "linefit: invalid min: nan is not a finite number"),
        BadInput(label: "invalid UTF-8 on stdin", arguments: ["--font", font], stdin: [0xFF, 0xFE],
                 message: "linefit: standard input is not valid UTF-8"),
        BadInput(label: "empty text argument", arguments: ["--font", font, ""],
                 message: "linefit: empty text: give some text to lay out"),
        // Issue 13, defect 5: resource limits.
        BadInput(label: "canvas over 40 megapixels", arguments: ["--font", font, "--canvas", "8000x8000", "--png", "/tmp/linefit-never.png", "hi"],
                 message: "linefit: bad --canvas '8000x8000': 64000000 pixels is over the limit of 40 megapixels (40000000)"),
        BadInput(label: "canvas side over 16384", arguments: ["--font", font, "--canvas", "16385x10", "--png", "/tmp/linefit-never.png", "hi"],
                 message: "linefit: bad --canvas '16385x10': use WxH with whole pixels from 1 to 16384, such as 1080x1920, or none"),
        BadInput(label: "text over a million units", arguments: ["--font", font], stdin: Array(repeating: 0x61, count: 1_000_001),
                 message: "linefit: text too long: 1000001 UTF-16 units, over the limit of 1000000"),
        // Issue 13, defect 7: a picture that cannot be written fails before the table is printed.
        BadInput(label: "--png into a folder", arguments: ["--font", font, "--png", "/tmp", "hi"],
                 message: "linefit: cannot write /tmp: it is a folder"),
    ]

    /// Signs of a trap or an uncaught error rather than a message for a person.
    static let crashMarkers = ["fatal error", "stack dump", "stack trace", "backtrace", "crashed", "signal", "0x0000"]

    /// 512 deterministic bytes that are no font format FreeType knows.
    static func garbageFont() throws -> String {
        var random = SplitMix64(seed: 0xBAD_F0)
        let bytes = (0..<512).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-garbage-\(UUID().uuidString).ttf")
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Runs the case; the expected stderr line with the garbage file's path filled in.
    func runLinefit(_ input: BadInput) throws -> (ProcessResult, String) {
        var arguments = input.arguments
        var garbage: String?
        if let index = arguments.firstIndex(of: Self.garbagePlaceholder) {
            garbage = try Self.garbageFont()
            arguments[index] = garbage!
        }
        defer { if let garbage { try? FileManager.default.removeItem(atPath: garbage) } }
        let result = try ProcessRunner.run(CLITools.linefit(), arguments, stdin: input.stdin.map { Data($0) })
        return (result, input.message.replacingOccurrences(of: Self.garbagePlaceholder, with: garbage ?? ""))
    }

    func expectOneLineError(
        _ result: ProcessResult, _ input: BadInput, message: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.exited, "\(input.label): ended by signal \(result.status)", sourceLocation: sourceLocation)
        #expect(result.status == input.status, "\(input.label): exit status \(result.status)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "\(input.label): printed \(result.stdoutText)", sourceLocation: sourceLocation)
        #expect(result.stderrLines.count == 1, "\(input.label): stderr is\n\(result.stderr)", sourceLocation: sourceLocation)
        let lowered = result.stderr.lowercased()
        for marker in Self.crashMarkers {
            #expect(!lowered.contains(marker), "\(input.label): '\(marker)' in \(result.stderr)", sourceLocation: sourceLocation)
        }
        #expect(result.stderrLines == [message ?? input.message], "\(input.label): \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("bad input exits non-zero with one line on stderr", arguments: cases)
    func badInput(_ input: BadInput) throws {
        let (result, message) = try runLinefit(input)
        expectOneLineError(result, input, message: message)
    }

    /// swift-argument-parser would read "-5" after `--width` as an option name and print its
    /// usage text; the numeric options are declared `parsing: .unconditional` and `main()`
    /// prints one line, so this stays a value and a one-line error.
    @Test("a negative number after an option is a value, reported on one line")
    func negativeNumberAfterOption() throws {
        let input = BadInput(label: "--width -5", arguments: ["--font", Self.font, "--width", "-5", "hello"],
                             message: "linefit: invalid width: must be greater than 0, got -5.0")
        let (result, message) = try runLinefit(input)
        expectOneLineError(result, input, message: message)
    }

    @Test("good input through the same runner succeeds, so the failures above are meaningful")
    func goodInput() throws {
        let result = try ProcessRunner.run(CLITools.linefit(), ["--font", Self.font, "--width", "300", "hello there"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutText.contains("hello there"))
        let piped = try ProcessRunner.run(CLITools.linefit(), ["--font", Self.font, "--json"], stdin: Data("héllo\n".utf8))
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdoutText.contains("\"text\":\"héllo\""))
    }

    @Test("no text at all (empty stdin) fits the sample story and says so on one stderr line")
    func emptyStandardInputShowsTheSample() throws {
        let result = try ProcessRunner.run(CLITools.linefit(), ["--font", Self.font], stdin: Data())
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderrLines.count == 1 && result.stderr.contains("sample story"), "stderr is\n\(result.stderr)")
        #expect(result.stdoutText.contains("Type Mode"))
    }
}
