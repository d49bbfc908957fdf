import Foundation
import Testing

/// What a child process did: its exit status and everything it wrote.
struct ProcessResult {
    var status: Int32
    /// False when a signal ended the process (a trap, a crash).
    var exited: Bool
    var stdout: Data
    var stderr: String

    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    /// The non-empty lines written to standard error.
    var stderrLines: [String] { stderr.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) }
}

/// Runs executables the tests use as oracles or subjects: `hb-shape`, `linefit`, `check-fit`.
enum ProcessRunner {
    /// Runs `executable` to completion. Output goes through temporary files, so a child that
    /// writes more than a pipe holds never blocks. `stdin` nil gives the child an empty input.
    static func run(_ executable: String, _ arguments: [String], stdin: Data? = nil) throws -> ProcessResult {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("linefit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let inURL = directory.appendingPathComponent("stdin")
        let outURL = directory.appendingPathComponent("stdout")
        let errURL = directory.appendingPathComponent("stderr")
        try (stdin ?? Data()).write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let input = try FileHandle(forReadingFrom: inURL)
        let output = try FileHandle(forWritingTo: outURL)
        let errors = try FileHandle(forWritingTo: errURL)
        defer {
            try? input.close()
            try? output.close()
            try? errors.close()
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = TestPaths.packageRoot
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        return ProcessResult(
            status: process.terminationStatus,
            exited: process.terminationReason == .exit,
            stdout: try contents(of: outURL),
            stderr: String(decoding: try contents(of: errURL), as: UTF8.self))
    }

    /// A file's bytes read with POSIX calls: Foundation's `Data(contentsOf:)` leaves a buffer
    /// behind on Linux that AddressSanitizer's leak check reports (issue 13, defect 9).
    static func contents(of url: URL) throws -> Data {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor >= 0 else {
            throw MissingPrerequisite(description: "cannot read \(url.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }
}

/// HarfBuzz's own command-line shaper: the independent oracle for widths. It shapes with
/// HarfBuzz's OpenType functions, not with FreeType, so it shares no code path with the
/// engine's hb-ft font beyond HarfBuzz's shaping itself.
enum HBShape {
    static let path = "/usr/bin/hb-shape"

    private struct ShapedGlyph: Decodable {
        var ax: Int
    }

    /// The advance width of `text` shaped alone in `fontPath`, in design units (or in the
    /// units `extraArguments` such as `--font-size` give, with `--variations` and the like).
    static func units(fontPath: String, text: String, extraArguments: [String] = []) throws -> Int {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw MissingPrerequisite(description: "\(path) is missing: install Debian's libharfbuzz-bin")
        }
        guard !text.isEmpty else { return 0 }
        let result = try ProcessRunner.run(
            path, ["--output-format=json", "--no-glyph-names"] + extraArguments + [fontPath, "--", text])
        guard result.status == 0 else {
            throw MissingPrerequisite(description: "hb-shape failed (\(result.status)) on \(fontPath): \(result.stderr)")
        }
        return try JSONDecoder().decode([ShapedGlyph].self, from: result.stdout).reduce(0) { $0 + $1.ax }
    }
}

/// The `linefit` executable built with this package, and the project's `check-fit` oracle.
enum CLITools {
    /// `linefit` next to the test bundle (the same build directory), else `.build/debug`.
    static func linefit() throws -> String {
        var candidates: [URL] = []
        if let executable = Bundle.main.executableURL {
            candidates.append(executable.deletingLastPathComponent().appendingPathComponent("linefit"))
        }
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("linefit"))
        }
        candidates.append(TestPaths.packageRoot.appendingPathComponent(".build/debug/linefit"))
        if let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) {
            return found.path
        }
        throw MissingPrerequisite(
            description: "the linefit executable is missing: looked for "
                + candidates.map(\.path).joined(separator: ", ") + " (run `swift build` first)")
    }

    /// `../shared/tools/check-fit` beside the package, when the project's shared folder exists.
    static var checkFit: String? {
        let path = TestPaths.packageRoot.appendingPathComponent("../shared/tools/check-fit").standardized.path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }
}
