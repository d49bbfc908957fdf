import Foundation
import Testing
@testable import LineFit

/// The CLI cases of issue 11, each as written there: fonts by bundled name, one font per
/// `--fallback`, `--list-fonts`, `--list-styles`, `--version`, `--png -`, CSS colours, font
/// names in `--json`, Korean and tabs in the default chain, `--language`, `--style-file`,
/// and the exact-fit width 9.2092.
@Suite("Adoption through the CLI")
struct AdoptionCLITests {
    static let notoSans = TestPaths.fontsDirectory.appendingPathComponent(TestFonts.notoSans).path

    func linefit(_ arguments: [String], stdin: Data? = nil) throws -> ProcessResult {
        try ProcessRunner.run(CLITools.linefit(), arguments, stdin: stdin)
    }

    func json(_ arguments: [String]) throws -> [String: Any] {
        let result = try linefit(["--json"] + arguments)
        try #require(result.status == 0, "\(result.stderr)")
        return try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
    }

    /// (text of each run, font of each run) in logical order.
    func runs(_ layout: [String: Any]) -> [(start: Int, font: String)] {
        let lines = layout["lines"] as? [[String: Any]] ?? []
        return lines.flatMap { ($0["runs"] as? [[String: Any]]) ?? [] }
            .map { (start: $0["start"] as? Int ?? -1, font: $0["font"] as? String ?? "") }
            .sorted { $0.start < $1.start }
    }

    @Test("--fallback takes one file per use: the caption after it is the text, and it repeats")
    func fallbackOnePerUse() throws {
        let hebrew = TestPaths.fontsDirectory.appendingPathComponent("NotoSansHebrew-Regular.ttf").path
        let result = try linefit(["--fallback", hebrew, "hello world"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("hello world"))
        let layout = try json([
            "--font", Self.notoSans, "--fallback", hebrew, "--fallback", "NotoSansThai-Regular.ttf", "a שלום สวัสดี",
        ])
        #expect(layout["fonts"] as? [String] == [Self.notoSans, hebrew, "NotoSansThai-Regular.ttf"])
        #expect((layout["missing"] as? [Any])?.isEmpty == true)
    }

    @Test("--font takes a bundled file name or a family, as the styles name fonts")
    func fontByName() throws {
        for name in ["BebasNeue-Regular.otf", "Bebas Neue"] {
            let layout = try json(["--font", name, "--no-fallback", "GOOD MORNING"])
            #expect(layout["fonts"] as? [String] == ["BebasNeue-Regular.otf"], "\(name)")
        }
    }

    @Test("--json names fonts as given or by bundled name, never by a machine path")
    func jsonFontNames() throws {
        let layout = try json(["Sunday שבת 🌅 안녕"])
        let fonts = try #require(layout["fonts"] as? [String])
        #expect(fonts.first == "LeagueSpartan-Bold.otf")
        #expect(!fonts.contains { $0.contains("/") }, "\(fonts)")
        #expect(runs(layout).allSatisfy { !$0.font.contains("/") })
    }

    @Test("--version prints LineFit.version; --list-styles and --list-fonts list what names may be")
    func listings() throws {
        let version = try linefit(["--version"])
        #expect(version.status == 0 && version.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines) == LineFit.version)
        let styles = try linefit(["--list-styles"])
        #expect(styles.status == 0)
        let names = styles.stdoutText.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        #expect(names == ["classic", "modern", "neon", "typewriter", "strong", "poster"])
        let fonts = try linefit(["--list-fonts"])
        #expect(fonts.status == 0)
        let index = try #require(FontIndex.load(directory: TestPaths.fontsDirectory.path))
        for entry in index.fonts {
            #expect(fonts.stdoutText.contains(entry.file) && fonts.stdoutText.contains(entry.family), "\(entry.file)")
        }
    }

    @Test("--png - writes the PNG, and only the PNG, to standard output")
    func pngToStandardOutput() throws {
        let result = try linefit(["--canvas", "108x192", "--png", "-", "hello"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        #expect(result.stdout.suffix(8).starts(with: Array("IEND".utf8)) || result.stdout.count > 100)
        #expect(!FileManager.default.fileExists(atPath: "-"))
    }

    @Test("colours as #RGB, #RGBA, #RRGGBB, #RRGGBBAA, CSS names and rgb()/rgba()", arguments: [
        ("#F00", "#ff0000", nil), ("#f008", "#ff0000", "0.53"), ("#FF0000", "#ff0000", nil),
        ("#ff000080", "#ff0000", "0.5"), ("red", "#ff0000", nil), ("rgb(255,0,0)", "#ff0000", nil),
        ("rgba(255, 0, 0, 0.5)", "#ff0000", "0.5"), ("rebeccapurple", "#663399", nil),
    ] as [(String, String, String?)])
    func colours(argument: String, fill: String, opacity: String?) throws {
        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-colour-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: svg) }
        let result = try linefit(["--style", "strong", "--color", argument, "--svg", svg.path, "hi"])
        #expect(result.status == 0, "\(result.stderr)")
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains("fill=\"\(fill)\""), "\(argument)")
        if let opacity { #expect(text.contains("fill-opacity=\"\(opacity)\""), "\(argument)") }
    }

    @Test("a bad colour or language is one line on standard error", arguments: [
        (["--color", "#12345", "hi"], "bad --color '#12345'"),
        (["--background", "rgb(300,0,0)", "hi"], "bad --background"),
        (["--language", "k o", "hi"], "bad --language"),
        (["--font", "No Such Family", "hi"], "font not found: No Such Family (looked in"),
    ])
    func badValues(arguments: [String], message: String) throws {
        let result = try linefit(arguments)
        #expect(result.status != 0 && result.exited)
        #expect(result.stdout.isEmpty)
        #expect(result.stderrLines.count == 1 && result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("Korean and a tab in the default chain: no character reported missing")
    func koreanAndTab() throws {
        for text in ["안녕하세요 여러분", "a\tb", "今天天气很好", "こんにちは"] {
            let result = try linefit([text])
            #expect(result.status == 0)
            #expect(!result.stdoutText.contains("no font covers"), "\(text): \(result.stdoutText)")
        }
    }

    @Test("--language ko puts CJK punctuation in the Korean face; the text's scripts decide without it")
    func language() throws {
        let chinese = runs(try json(["「你好」"]))
        #expect(chinese.first?.font == "DroidSansFallbackFull.ttf")
        let korean = runs(try json(["--language", "ko", "「你好」"]))
        #expect(korean.first?.font == "NotoSansCJKkr-Hangul-Bold.otf")
    }

    @Test("the exact fit 572 × 16.10 / 1000 = 9.2092 gets 16.10, one step narrower gets 16.09")
    func exactFitWidth() throws {
        func size(_ width: String) throws -> String {
            let result = try linefit([
                "--font", Self.notoSans, "--no-fallback", "--width", width, "--min", "6", "--max", "40", "0",
            ])
            #expect(result.status == 0)
            return result.stdoutText.split(separator: "\n")[1].split(separator: " ")[1].description
        }
        #expect(try size("9.2092") == "16.10")
        #expect(try size("9.2091") == "16.09")
    }

    @Test("a saved style, extended with an unknown key and missing others, loads through --style-file")
    func styleFile() throws {
        var saved = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Style.modern)) as! [String: Any]
        saved["futureOption"] = ["anything": 1]
        saved.removeValue(forKey: "tracking")
        saved.removeValue(forKey: "glow")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-style-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try JSONSerialization.data(withJSONObject: saved).write(to: url)
        let layout = try json(["--style-file", url.path, "--no-fallback", "good morning"])
        #expect(layout["fonts"] as? [String] == ["BebasNeue-Regular.otf"])
        // Modern uppercases; the layout indexes the original text.
        #expect(layout["maxSize"] as? Double == 320)
        let bad = try linefit(["--style-file", "/nonexistent/style.json", "hi"])
        #expect(bad.status != 0 && bad.stderrLines.count == 1 && bad.stderr.contains("style file"))
    }

    @Test("an installed CLI finds fonts beside its executable, and in LINEFIT_FONTS first")
    func fontsBesideTheExecutable() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-install-\(UUID().uuidString)")
        let bin = root.appendingPathComponent("bin")
        let other = root.appendingPathComponent("other-fonts")
        try FileManager.default.createDirectory(at: bin.appendingPathComponent("Fonts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: other, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let installed = bin.appendingPathComponent("linefit").path
        try FileManager.default.copyItem(atPath: try CLITools.linefit(), toPath: installed)
        let bebas = try TestPaths.font(TestFonts.bebas)
        // Names found nowhere but in these folders, so the checkout cannot be what finds them.
        try FileManager.default.copyItem(atPath: bebas, toPath: bin.appendingPathComponent("Fonts/Beside-Only.otf").path)
        try FileManager.default.copyItem(atPath: bebas, toPath: other.appendingPathComponent("Env-Only.otf").path)

        let beside = try ProcessRunner.run(installed, ["--font", "Beside-Only.otf", "--no-fallback", "--json", "HI"])
        #expect(beside.status == 0, "\(beside.stderr)")
        #expect(beside.stdoutText.contains("\"fonts\":[\"Beside-Only.otf\"]"))
        let env = try ProcessRunner.run(
            "/usr/bin/env", ["LINEFIT_FONTS=\(other.path)", installed, "--font", "Env-Only.otf", "--no-fallback", "HI"])
        #expect(env.status == 0, "\(env.stderr)")
        let missing = try ProcessRunner.run(installed, ["--font", "Env-Only.otf", "--no-fallback", "HI"])
        #expect(missing.status != 0)
        #expect(missing.stderr.contains(bin.appendingPathComponent("Fonts").path), "says where it looked: \(missing.stderr)")
    }
}
