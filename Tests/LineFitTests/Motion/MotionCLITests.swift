import Foundation
import Testing

/// `linefit --animate`, `--frames-dir` and the highlight options through the CLI: files and
/// frame counts for good input, one line on stderr and nothing on stdout for bad input.
@Suite struct MotionCLITests {
    static let font = TestPaths.fontsDirectory.appendingPathComponent(TestFonts.notoSans).path

    @Test(arguments: [
        (["--animate", "/tmp/story.mp4"], ".webp or .gif"),
        (["--animate", "/tmp/story.gif", "--fps", "0"], "fps"),
        (["--animate", "/tmp/story.gif", "--canvas", "none"], "canvas"),
        (["--animate", "/nonexistent-folder/story.gif"], "no folder"),
        (["--png", "/tmp/story.png", "--highlight", "0..99"], "offsets 0 to 2"),
        (["--png", "/tmp/story.png", "--highlight", "2-1"], "START..END"),
        (["--png", "/tmp/story.png", "--highlight-text", "zz"], "not in the text"),
        (["--png", "/tmp/story.png", "--highlight-text", "hi", "--spotlight-dim", "2"], "spotlight-dim"),
    ])
    func badMotionInput(arguments: [String], message: String) throws {
        let result = try ProcessRunner.run(CLITools.linefit(), ["--font", Self.font] + arguments + ["hi"])
        #expect(result.exited && result.status != 0)
        #expect(result.stdout.isEmpty, "nothing is printed before the error")
        #expect(result.stderrLines.count == 1 && result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func animationFileAndFrames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-motion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let gif = folder.appendingPathComponent("typing.gif")
        let frames = folder.appendingPathComponent("frames")
        // 3 graphemes: ceil(10 × (3 × 0.1 + 0.2)) = 5 frames.
        let result = try ProcessRunner.run(CLITools.linefit(), [
            "--canvas", "270x480", "--animate", gif.path, "--frames-dir", frames.path, "--fps", "10",
            "--keystroke-ms", "100", "--hold-ms", "200", "Hi!",
        ])
        #expect(result.exited && result.status == 0, "\(result.stderr)")
        let header = try Data(contentsOf: gif).prefix(6)
        #expect(String(decoding: header, as: UTF8.self) == "GIF89a")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        #expect(names == (0..<5).map { String(format: "frame-%04d.png", $0) })
    }

    /// An animation is laid out as the picture would be (a per-line-fill style: balanced
    /// breaks filling the canvas' text area); the flags the user gives still win.
    @Test func animationsUseThePictureDefaults() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-motion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let frames = folder.appendingPathComponent("frames").path
        func layout(_ extra: [String]) throws -> [String: Any] {
            let result = try ProcessRunner.run(CLITools.linefit(), [
                "--canvas", "270x480", "--frames-dir", frames, "--fps", "1", "--keystroke-ms", "0", "--hold-ms", "1000",
                "--json",
            ] + extra + ["Summer nights"])
            #expect(result.exited && result.status == 0, "\(result.stderr)")
            return try #require(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        }
        let defaults = try layout([])
        #expect(defaults["breaks"] as? String == "balanced" && defaults["box"] as? String == "fill")
        let chosen = try layout(["--breaks", "greedy", "--no-fill-box"])
        #expect(chosen["breaks"] as? String == "greedy" && chosen["box"] as? String != "fill")
    }
}
