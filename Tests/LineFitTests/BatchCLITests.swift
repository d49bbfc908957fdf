import Foundation
import Testing

/// `linefit batch` through the executable: results in input order whatever the workers do,
/// bad jobs reported by line without stopping the others, outputs written where asked (and
/// never twice), defaults from the command line, and a long layout-only input.
@Suite("linefit batch")
struct BatchCLITests {
    /// One result line of the batch.
    struct Result: Decodable {
        struct FittedLine: Decodable {
            var range: [Int]
            var size: Double
        }
        var line: Int
        var ok: Bool
        var error: String?
        var skipped: Bool?
        var outputs: [String]?
        var lines: [FittedLine]?
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `linefit batch ARGUMENTS` in `directory` with `input` on standard input.
    static func batch(_ arguments: [String], input: String, in directory: URL? = nil) throws -> (ProcessResult, [Result]) {
        let linefit = try CLITools.linefit()
        let result: ProcessResult
        if let directory {
            // Relative output paths are relative to the working folder.
            result = try ProcessRunner.run(
                "/bin/sh", ["-c", "cd \"$0\" && tool=\"$1\" && shift && exec \"$tool\" batch \"$@\"", directory.path, linefit] + arguments,
                stdin: Data(input.utf8))
        } else {
            result = try ProcessRunner.run(linefit, ["batch"] + arguments, stdin: Data(input.utf8))
        }
        let results = try result.stdoutText.split(separator: "\n").map {
            try JSONDecoder().decode(Result.self, from: Data($0.utf8))
        }
        return (result, results)
    }

    static func job(_ fields: [String: Any]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: fields, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    @Test("results come in input order whatever order the workers finish in, and match one worker's")
    func inputOrder() throws {
        // Long and short texts mixed, so later jobs often finish first on four workers.
        let texts = (0..<40).map { index in
            index % 3 == 0
                ? String(repeating: "a long caption number \(index) that wraps over several lines ", count: 4)
                : "short \(index)"
        }
        let input = texts.map { Self.job(["text": $0]) }.joined(separator: "\n") + "\n"
        let (parallel, results) = try Self.batch(["--jobs", "4", "--no-progress"], input: input)
        #expect(parallel.status == 0)
        #expect(results.map(\.line) == Array(1...40))
        for (result, text) in zip(results, texts) {
            let lines = try #require(result.lines)
            // The ranges tile the job's own text: the result belongs to its line.
            #expect(lines.first?.range.first == 0)
            #expect(lines.last?.range.last == text.utf16.count, "line \(result.line)")
        }
        let (_, serial) = try Self.batch(["--jobs", "1", "--no-progress"], input: input)
        #expect(serial.map { $0.lines?.map(\.size) ?? [] } == results.map { $0.lines?.map(\.size) ?? [] })
    }

    @Test("a job's sizes are the CLI's for the same options")
    func sameAsCLI() throws {
        let (_, results) = try Self.batch(
            ["--no-progress", "--width", "500"], input: Self.job(["text": "Type Mode\nfills every line", "max": 120]))
        let single = try ProcessRunner.run(try CLITools.linefit(), ["--json", "--width", "500", "--max", "120", "Type Mode\nfills every line"])
        let layout = try #require(try JSONSerialization.jsonObject(with: single.stdout) as? [String: Any])
        let lines = try #require(layout["lines"] as? [[String: Any]])
        let sizes = lines.compactMap { $0["size"] as? Double }
        #expect(sizes.count == 2)
        #expect(results.first?.lines?.map(\.size) == sizes)
    }

    @Test("bad lines fail alone, by line number, and the good ones around them succeed")
    func badLinesAmongGood() throws {
        let lines = [
            Self.job(["text": "first"]),
            "this is not json",
            Self.job(["text": "third"]),
            Self.job(["text": "negative", "width": -5]),
            "",
            Self.job(["width": 300]),
            Self.job(["text": "unknown", "no-such-option": 1]),
            Self.job(["text": "last"]),
        ]
        var input = Data(lines.joined(separator: "\n").utf8)
        input.append(contentsOf: [0x0A, 0xFF, 0xFE, 0x0A])  // line 9: not UTF-8
        let result = try ProcessRunner.run(try CLITools.linefit(), ["batch", "--no-progress"], stdin: input)
        let results = try result.stdoutText.split(separator: "\n").map { try JSONDecoder().decode(Result.self, from: Data($0.utf8)) }
        #expect(result.status == 1)
        #expect(results.map(\.line) == [1, 2, 3, 4, 6, 7, 8, 9], "blank line 5 is no job")
        #expect(results.map(\.ok) == [true, false, true, false, false, false, true, false])
        #expect(results[1].error?.contains("JSON") == true)
        #expect(results[3].error?.contains("width") == true)
        #expect(results[4].error?.contains("text") == true)
        #expect(results[5].error?.contains("no-such-option") == true)
        #expect(results[7].error?.contains("UTF-8") == true)
        #expect(results.allSatisfy { $0.ok || !($0.error ?? "").contains("\n") })
        #expect(result.stderr.contains("8 jobs") && result.stderr.contains("3 ok, 5 failed"))
    }

    @Test("an unwritable output fails its job only; missing folders are made, relative to the working folder")
    func outputPaths() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("a file, not a folder".utf8).write(to: folder.appendingPathComponent("file.txt"))
        let input = [
            Self.job(["text": "one", "svg": "file.txt/inside.svg"]),
            Self.job(["text": "two", "svg": "made/for/you/two.svg", "json": "made/two.json"]),
        ].joined(separator: "\n")
        let (result, results) = try Self.batch(["--no-progress"], input: input, in: folder)
        #expect(result.status == 1)
        #expect(results.map(\.ok) == [false, true])
        #expect(results[0].error?.contains("file.txt/inside.svg") == true)
        #expect(results[1].outputs == ["made/for/you/two.svg", "made/two.json"])
        let svg = try String(contentsOf: folder.appendingPathComponent("made/for/you/two.svg"), encoding: .utf8)
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        let json = try Data(contentsOf: folder.appendingPathComponent("made/two.json"))
        let layout = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(layout["text"] as? String == "two")
    }

    @Test("empty input: no results, a summary, success")
    func emptyInput() throws {
        for input in ["", "\n  \n\t\n"] {
            let (result, results) = try Self.batch(["--no-progress"], input: input)
            #expect(result.status == 0)
            #expect(results.isEmpty)
            #expect(result.stderr.contains("0 jobs"))
        }
    }

    @Test("two jobs writing one file: the earlier line keeps it, the later one fails")
    func twoJobsOnePath() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("same.svg").path
        let input = [
            Self.job(["text": "first", "svg": path, "canvas": "100x200"]),
            Self.job(["text": "second", "svg": folder.path + "/./same.svg", "canvas": "300x200"]),
        ].joined(separator: "\n")
        // Four workers: which job a worker finishes first must not matter.
        let (result, results) = try Self.batch(["--no-progress", "--jobs", "4"], input: input)
        #expect(result.status == 1)
        #expect(results.map(\.ok) == [true, false])
        #expect(results[1].error?.contains("line 1") == true)
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        #expect(svg.contains("width=\"100\""), "the file is the first job's picture")
    }

    /// Fuzz finding (round 3's CI): a key starting with a combining mark made the option
    /// "--\u{316}lity", whose "-" and mark are one Character, so character-level checks took
    /// the "--" for "-" and the key for a short option.
    @Test("keys are checked by scalars: a dash or equals sign joined by a combining mark is still refused or reported")
    func keysWithCombiningMarks() throws {
        let input = [
            Self.job(["text": "a", "-\u{316}max": 40]),
            Self.job(["text": "b", "max=\u{301}": 40]),
            Self.job(["text": "c", "\u{316}lity": 12.5]),
            Self.job(["text": "d", "max": 40]),
        ].joined(separator: "\n")
        let (result, results) = try Self.batch(["--no-progress", "--max", "30"], input: input)
        #expect(result.status == 1)
        #expect(results.map(\.ok) == [false, false, false, true])
        #expect(results[0].error?.contains("bad key") == true)
        #expect(results[1].error?.contains("bad key") == true)
        #expect(results[2].error?.contains("lity") == true, "an unknown option, named")
        #expect(results.allSatisfy { !($0.error ?? "").contains("\n") })
        #expect(results[3].lines?.map(\.size) == [40])
    }

    /// Round 4's fuzz check: the job's `--font=VALUE` token with a value starting with a
    /// combining mark (or ZWJ) had its "=" and the mark as one Character, and ArgumentParser,
    /// which finds the "=" by Characters, reported an unknown option `--font=́x.otf`.
    @Test("a value starting with a combining mark or ZWJ reaches its option whole (font, fallback list)")
    func valuesStartingWithCombiningMarks() throws {
        let directory = try Self.folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let font = TestPaths.fontsDirectory.appendingPathComponent(TestFonts.notoSans)
        try FileManager.default.copyItem(at: font, to: directory.appendingPathComponent("\u{301}x.ttf"))
        try FileManager.default.copyItem(at: font, to: directory.appendingPathComponent("\u{200D}y.ttf"))
        let input = [
            Self.job(["text": "hi", "font": "\u{301}x.ttf", "max": 40]),
            Self.job(["text": "hi", "fallback": ["\u{200D}y.ttf"], "max": 40]),
            Self.job(["text": "hi", "font": "\u{301}missing.ttf"]),
        ].joined(separator: "\n")
        let (result, results) = try Self.batch(["--no-progress"], input: input, in: directory)
        #expect(result.status == 1)
        #expect(results.map(\.ok) == [true, true, false])
        #expect(results[0].lines?.map(\.size) == [40])
        #expect(results[1].lines?.map(\.size) == [40])
        // The value is read as the font's name, not as part of an option's.
        #expect(results[2].error?.hasPrefix("font not found: \u{301}missing.ttf") == true, "\(results[2].error ?? "")")
    }

    @Test("command-line options are every job's defaults; a job's key replaces one")
    func defaultsAndOverrides() throws {
        let input = [Self.job(["text": "hi"]), Self.job(["text": "hi", "max": 40]), Self.job(["text": "hi", "max": NSNull()])]
            .joined(separator: "\n")
        let (result, results) = try Self.batch(["--no-progress", "--max", "30", "--width", "900"], input: input)
        #expect(result.status == 0)
        #expect(results[0].lines?.map(\.size) == [30])
        #expect(results[1].lines?.map(\.size) == [40])
        // null unsets the default: the style's own maximum, far above 30 for a short word.
        #expect((results[2].lines?.first?.size ?? 0) > 100)
    }

    @Test("--skip-existing leaves finished jobs alone")
    func skipExisting() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = Self.job(["text": "done once", "svg": "out/a.svg"]) + "\n" + Self.job(["text": "layout only"])
        let (first, _) = try Self.batch(["--no-progress"], input: input, in: folder)
        #expect(first.status == 0)
        let svg = folder.appendingPathComponent("out/a.svg")
        let before = try FileManager.default.attributesOfItem(atPath: svg.path)[.modificationDate] as? Date
        let (second, results) = try Self.batch(["--no-progress", "--skip-existing"], input: input, in: folder)
        #expect(second.status == 0)
        #expect(results.map { $0.skipped ?? false } == [true, false])
        // Jobs with the same options share one parse; the outputs stay each job's own.
        #expect(results[1].outputs == [])
        let after = try FileManager.default.attributesOfItem(atPath: svg.path)[.modificationDate] as? Date
        #expect(before == after)
        #expect(second.stderr.contains("1 skipped"))
    }

    @Test("story-aware keys (breaks, fill-box, height, vertical-align) lay out as the CLI does, and fill the box")
    func balancedAndFillKeys() throws {
        let text = "We missed the last train home so we walked along the river until the sky went pink and the bakeries opened"
        let common: [String: Any] = ["text": text, "width": 600, "min": 20, "max": 160]
        var filling = common
        filling["breaks"] = "balanced"
        filling["fill-box"] = true
        filling["height"] = 900
        filling["vertical-align"] = "top"
        var balanced = common
        balanced["breaks"] = "balanced"
        let input = [Self.job(filling), Self.job(balanced), Self.job(common)].joined(separator: "\n")
        let (result, results) = try Self.batch(["--no-progress", "--full-layout"], input: input)
        #expect(result.status == 0)
        let layouts = try result.stdoutText.split(separator: "\n").map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["layout"] as? [String: Any])
        }
        #expect(layouts.map { $0["breaks"] as? String } == ["balanced", "balanced", "greedy"])

        // The same options on the CLI give the same lines.
        let single = try ProcessRunner.run(try CLITools.linefit(), [
            "--json", "--width", "600", "--min", "20", "--max", "160", "--breaks", "balanced", "--fill-box",
            "--height", "900", "--vertical-align", "top", text,
        ])
        let cli = try #require(try JSONSerialization.jsonObject(with: single.stdout) as? [String: Any])
        let cliLines = try #require(cli["lines"] as? [[String: Any]])
        #expect(results[0].lines?.map(\.size) == cliLines.compactMap { $0["size"] as? Double })

        // Filling: the block reaches into the 900-point box without passing it, and its
        // smallest line is larger than without the box (the box is far taller than the
        // unboxed block).
        let filledHeight = try #require(layouts[0]["height"] as? Double)
        let freeHeight = try #require(layouts[1]["height"] as? Double)
        #expect(filledHeight <= 900 * (1 + 1e-12))
        #expect(freeHeight < 900 && filledHeight > freeHeight)
        let smallest = { (result: Result) in result.lines?.map(\.size).min() ?? 0 }
        #expect(smallest(results[0]) > smallest(results[1]))
        // Greedy breaks where the text fits at the minimum: fewer lines than balanced here.
        #expect((results[2].lines?.count ?? 0) <= (results[1].lines?.count ?? 0))
        #expect(results.allSatisfy { $0.lines?.last?.range.last == text.utf16.count })
    }

    @Test("picture keys: image format by extension, one quality key for JPEG, animate writes an animation, frames-dir is refused")
    func pictureAndAnimationKeys() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = [
            Self.job(["text": "Game night", "image": "low.jpg", "quality": 5, "canvas": "270x480"]),
            Self.job(["text": "Game night", "image": "high.jpg", "quality": 95, "canvas": "270x480"]),
            Self.job(["text": "Hi", "animate": "typed.webp", "canvas": "90x160", "fps": 10, "hold-ms": 0, "keystroke-ms": 100]),
            Self.job(["text": "Hi", "animate": "typed.webp", "canvas": "90x160"]),
            Self.job(["text": "Hi", "animate": "frames.webp", "frames-dir": "frames", "canvas": "90x160"]),
            Self.job(["text": "Hi", "quality": 101, "image": "bad.jpg"]),
        ].joined(separator: "\n")
        let (result, results) = try Self.batch(["--no-progress"], input: input, in: folder)
        #expect(result.status == 1)
        #expect(results.map(\.ok) == [true, true, true, false, false, false])
        let low = try Data(contentsOf: folder.appendingPathComponent("low.jpg"))
        let high = try Data(contentsOf: folder.appendingPathComponent("high.jpg"))
        #expect(low.prefix(2) == Data([0xFF, 0xD8]) && high.prefix(2) == Data([0xFF, 0xD8]))
        #expect(low.count < high.count, "quality 5 is smaller than quality 95")
        // An animated WebP: RIFF....WEBP with a VP8X header whose animation bit is set.
        let webp = try Data(contentsOf: folder.appendingPathComponent("typed.webp"))
        #expect(webp.count > 30 && String(decoding: webp[8..<16], as: UTF8.self) == "WEBPVP8X")
        #expect(webp[20] & 0x02 != 0, "the animation flag")
        #expect(results[2].outputs == ["typed.webp"])
        #expect(results[3].error?.contains("line 3") == true, "the animation file is claimed like a picture")
        #expect(results[4].error?.contains("frames-dir") == true)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("frames").path))
        #expect(results[5].error?.contains("--quality 101") == true)
    }

    @Test("`linefit -- batch` lays out the word")
    func batchAsText() throws {
        let result = try ProcessRunner.run(try CLITools.linefit(), ["--", "batch"])
        #expect(result.status == 0)
        #expect(result.stdoutText.contains("batch"))
        #expect(result.stdoutText.contains("size pt"))
    }

    @Test("10,000 layout-only jobs: every one answered, in order")
    func tenThousandLines() throws {
        let words = ["story", "night", "GAME", "coffee", "the", "harbour", "late", "again", "🎉", "and"]
        var generator = SplitMix64(seed: 10_000)
        let lines = (0..<10_000).map { _ -> String in
            let count = Int(generator.next() % 6) + 1
            let text = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
            return Self.job(["text": text])
        }
        let (result, results) = try Self.batch(["--no-progress"], input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0)
        #expect(results.count == 10_000)
        #expect(results.map(\.line) == Array(1...10_000))
        #expect(results.allSatisfy { $0.ok && !($0.lines ?? []).isEmpty })
        #expect(result.stderr.contains("10000 jobs"))
    }
}
