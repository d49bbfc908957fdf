import Foundation
import Testing

/// The `linefit` command line as a person types it: the forms of an option, repeats, `--`,
/// the help that documents every option of docs/OPTIONS.md, and a command line that cannot
/// be read answered with one line and exit status 64 (EX_USAGE).
@Suite("Command line through the CLI")
struct CommandLineCLITests {
    static let font = TestPaths.fontsDirectory.appendingPathComponent(TestFonts.notoSans).path

    func linefit(_ arguments: [String], stdin: Data? = nil) throws -> ProcessResult {
        try ProcessRunner.run(CLITools.linefit(), arguments, stdin: stdin)
    }

    /// The layout's text and line sizes from `--json`.
    func layout(_ arguments: [String]) throws -> (text: String, sizes: [Double]) {
        let result = try linefit(["--json"] + arguments)
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let lines = try #require(object["lines"] as? [[String: Any]])
        return (object["text"] as? String ?? "", lines.compactMap { $0["size"] as? Double })
    }

    /// Every `--name` the option tables of docs/OPTIONS.md name, read from the file itself.
    static func documentedOptions() throws -> Set<String> {
        let url = TestPaths.packageRoot.appendingPathComponent("docs/OPTIONS.md")
        let text = try String(contentsOf: url, encoding: .utf8)
        var names: Set<String> = []
        for line in text.split(separator: "\n") where line.hasPrefix("|") {
            let regex = try NSRegularExpression(pattern: "--[a-z][a-z-]*[a-z]")
            let string = String(line)
            for match in regex.matches(in: string, range: NSRange(string.startIndex..., in: string)) {
                names.insert(String(string[Range(match.range, in: string)!]))
            }
        }
        return names
    }

    @Test("--help lists every option of docs/OPTIONS.md, each with a description, in 80 columns; -h is the same")
    func helpDocumentsEveryOption() throws {
        let help = try linefit(["--help"])
        #expect(help.status == 0 && help.stderr.isEmpty)
        let lines = help.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let documented = try Self.documentedOptions()
        // The docs' tables name 34 options; a parse that found few would make this vacuous.
        #expect(documented.count >= 30, "\(documented.sorted())")
        for option in documented.sorted() {
            // An entry starts the line: "  --name VALUE   help" or "  -o, --name VALUE".
            guard let row = lines.firstIndex(where: { $0.hasPrefix("  \(option) ") || $0 == "  \(option)" || $0.hasPrefix("  -o, \(option) ") }) else {
                Issue.record("\(option) is not in --help")
                continue
            }
            let described = lines[row].count > 30 || (row + 1 < lines.count && lines[row + 1].hasPrefix(String(repeating: " ", count: 28)))
            #expect(described, "\(option) has no description")
        }
        for line in lines { #expect(line.count <= 80, "over 80 columns: \(line)") }
        for word in ["--version", "--help", "USAGE", "batch"] { #expect(help.stdoutText.contains(word), "\(word)") }
        let short = try linefit(["-h"])
        #expect(short.status == 0 && short.stdout == help.stdout)
        // Help wins over a bad option, as the version does.
        #expect(try linefit(["--nope", "--help"]).stdout == help.stdout)
        #expect(try linefit(["--nope", "--version"]).status == 0)
    }

    @Test("--name=value and --name value, before or after the text, give the same layout")
    func optionForms() throws {
        let separate = try layout(["--font", Self.font, "--width", "300", "--max", "90", "two words"])
        let joined = try layout(["--font=\(Self.font)", "--width=300", "--max=90", "two words"])
        let after = try layout(["two words", "--font", Self.font, "--width=300", "--max", "90"])
        #expect(separate.text == "two words")
        #expect(separate.sizes == joined.sizes && separate.sizes == after.sizes)
        // The options took effect: two words at most 90 pt on a 300-point line.
        #expect(!separate.sizes.isEmpty && separate.sizes.allSatisfy { $0 <= 90 })
        let wider = try layout(["--font", Self.font, "--width", "600", "--max", "90", "two words"])
        #expect(wider.sizes != separate.sizes || separate.sizes.allSatisfy { $0 == 90 })
    }

    @Test("-- ends the options: linefit -- batch lays out the word, -- -5 the number")
    func terminator() throws {
        #expect(try layout(["--font", Self.font, "--", "batch"]).text == "batch")
        #expect(try layout(["--font", Self.font, "--", "-5"]).text == "-5")
        #expect(try layout(["--font", Self.font, "--", "--width"]).text == "--width")
        // The text itself may come first and the options after it.
        #expect(try layout(["batch words", "--font", Self.font]).text == "batch words")
    }

    @Test("a repeated option keeps every value: two --axis tags give two warnings, in order")
    func repeatedAxis() throws {
        // Noto Sans has no variation axes, so each tag is reported by name (axisNotInFonts),
        // in the table's warning rows.
        let result = try linefit(["--font", Self.font, "--axis", "XXXA=1", "--axis=XXXB=2", "hi"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stdoutText.split(separator: "\n").filter { $0.hasPrefix("warning: axis") }
        #expect(warnings.count == 2, "\(result.stdoutText)")
        #expect(warnings.first?.contains("XXXA=1.0") == true && warnings.last?.contains("XXXB=2.0") == true)
    }

    /// "office" in Noto Sans: the "ffi" ligature makes 4 glyphs of 6 letters; with liga off
    /// there is one glyph per letter.
    @Test("--feature reaches HarfBuzz: liga=0 gives one glyph per letter of \"office\"")
    func featureOption() throws {
        func glyphCount(_ extra: [String]) throws -> Int {
            let result = try linefit(["--json", "--font", Self.font] + extra + ["office"])
            try #require(result.status == 0, "\(result.stderr)")
            let object = try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            let lines = object["lines"] as? [[String: Any]] ?? []
            return lines.flatMap { $0["runs"] as? [[String: Any]] ?? [] }.map { ($0["glyphs"] as? [Any])?.count ?? 0 }.reduce(0, +)
        }
        #expect(try glyphCount(["--feature", "liga=0"]) == 6)
        #expect(try glyphCount([]) < 6)
        #expect(try glyphCount(["--feature=liga=0", "--feature", "liga"]) < 6, "the later value of a tag wins")
    }

    struct BadCommandLine: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    static let badCommandLines: [BadCommandLine] = [
        .init(arguments: ["--width"], message: "--width needs a value (POINTS); a value starting with - is written --width=VALUE"),
        .init(arguments: ["--width", "abc", "hi"], message: "bad --width 'abc': use a number"),
        .init(arguments: ["--nope", "hi"], message: "unknown option '--nope'; see linefit --help"),
        .init(arguments: ["--wdith", "300", "hi"], message: "unknown option '--wdith' (did you mean --width?); see linefit --help"),
        .init(arguments: ["--nope=3", "hi"], message: "unknown option '--nope'; see linefit --help"),
        .init(arguments: ["--o", "x.png", "hi"], message: "unknown option '--o'; see linefit --help"),
        .init(arguments: ["-output", "x.png", "hi"], message: "unknown option '-output' (did you mean --output?); text that starts with - goes after --; see linefit --help"),
        .init(arguments: ["-x", "hi"], message: "unknown option '-x'; text that starts with - goes after --; see linefit --help"),
        .init(arguments: ["-5 degrees"], message: "unknown option '-5 degrees'; text that starts with - goes after --; see linefit --help"),
        .init(arguments: ["two", "texts"], message: "unexpected argument 'texts': the text is one argument (quote it), options start with --"),
        .init(arguments: ["--", "a", "b"], message: "unexpected argument 'b': the text is one argument (quote it), options start with --"),
        .init(arguments: ["--json=yes", "hi"], message: "--json is a flag and takes no value"),
        .init(arguments: ["--quality", "1.5", "hi"], message: "bad --quality '1.5': use a whole number"),
        .init(arguments: ["--fps", "x", "hi"], message: "bad --fps 'x': use a whole number"),
        .init(arguments: ["--font", "--width", "3", "hi"], message: "--font needs a value (FONT); a value starting with - is written --font=VALUE"),
        .init(arguments: ["-o"], message: "--output needs a value (FILE); a value starting with - is written --output=VALUE"),
        .init(arguments: ["--align", "up", "hi"], message: "bad --align 'up': use one of left, center, right"),
        .init(arguments: ["--breaks=Greedy", "hi"], message: "bad --breaks 'Greedy': use one of greedy, balanced"),
        .init(arguments: ["--direction", "sideways", "hi"], message: "bad --direction 'sideways': use one of auto, ltr, rtl"),
        .init(arguments: ["--vertical-align", "middle", "hi"], message: "bad --vertical-align 'middle': use one of top, center, bottom"),
        .init(arguments: ["--fit", "width", "hi"], message: "bad --fit 'width': use one of size, width-axis, mixed"),
        .init(arguments: ["--max=", "hi"], message: "bad --max '': use a number"),
        .init(arguments: ["--feature", "liga=on", "hi"], message: "bad --feature 'liga=on': use TAG or TAG=VALUE with a whole VALUE from 0, such as liga=0"),
        .init(arguments: ["--hinted=1", "hi"], message: "--hinted is a flag and takes no value"),
    ]

    @Test("a command line that cannot be read: exit 64, nothing on stdout, one line on stderr", arguments: badCommandLines)
    func badCommandLine(_ input: BadCommandLine) throws {
        let result = try linefit(["--font", Self.font] + input.arguments)
        #expect(result.exited && result.status == 64, "status \(result.status): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines == ["linefit: \(input.message)"])
    }

    @Test("a negative number after a numeric option is its value; \"-\" after a file option is standard output")
    func dashValues() throws {
        // Negative tracking packs the letters, so the same line fits a larger size.
        let base = ["--font", Self.font, "--width", "300", "--max", "1000", "hello"]
        let tight = try layout(base + ["--tracking", "-0.05"])
        let plain = try layout(base + ["--tracking", "0"])
        #expect(tight.sizes.count == 1 && plain.sizes.count == 1)
        #expect((tight.sizes.first ?? 0) > (plain.sizes.first ?? 0), "\(tight.sizes) vs \(plain.sizes)")
        let png = try linefit(["--png=-", "--canvas", "54x96", "hi"])
        #expect(png.status == 0 && png.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(png.stderr)")
    }
}
