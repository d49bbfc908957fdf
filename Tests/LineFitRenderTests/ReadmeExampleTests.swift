import Foundation
import LineFit
import LineFitRender
import Testing

/// The Swift snippet in README.md: line for line here with the values its comments claim
/// checked, and copied verbatim into a new package that depends on LineFit by path, built,
/// and run from a directory outside the repository, as a developer adopting LineFit would.
@Suite struct ReadmeExampleTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test func theReadmeSnippetRunsAndSaysTrue() throws {
        let fonts = FontChain(try Font(named: "BebasNeue-Regular.otf"))
        let options = LayoutOptions(width: 960, minSize: 24, maxSize: 300)
        let engine = try LayoutEngine()
        let layout = try engine.layout("GOOD MORNING", fonts: fonts, options: options)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].size == 219.32)
        #expect(abs(layout.lines[0].width - 959.96) < 0.005)
        #expect(layout.text(of: layout.lines[0]) == "GOOD MORNING")
        #expect(layout.sizeSpans == [SizeSpan(start: 0, end: 12, size: 219.32)])

        let session = try EditorSession(text: "GOOD MORNING", fonts: fonts, options: options)
        let change = try session.insert(" WORLD", at: 12)
        #expect(change.layout.lines.count == 1)
        #expect(change.changedLines == 0..<1)
        #expect(session.typingSize(at: 18) == change.layout.lines[0].size)

        let story = try Style.strong.layout("GOOD MORNING", width: 960)
        let svg = try SVGRenderer(canvas: .story).render(story)
        #expect(svg.contains("<path") && !svg.contains("<text"))
        let png = try PNGRenderer(canvas: .story).render(story).pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let webp = try PNGRenderer(canvas: .story).render(story).encoded(as: .webp)
        #expect(webp.starts(with: Array("RIFF".utf8)) && webp[8..<12].elementsEqual("WEBP".utf8))
        let rects = story.layout.rects(for: 5..<12)
        #expect(rects.count == 1)
    }

    /// The README's ```swift block as the main.swift of a package outside the repository.
    static func readmeSnippet() throws -> String {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "```swift\n"),
              let end = readme.range(of: "\n```", range: start.upperBound..<readme.endIndex) else {
            throw ReadmeMissing(description: "README.md has no ```swift block")
        }
        return String(readme[start.upperBound..<end.lowerBound])
    }

    struct ReadmeMissing: Error, CustomStringConvertible { var description: String }

    @Test func theReadmeSnippetRunsFromAnotherDirectoryThroughADependentPackage() throws {
        let snippet = try Self.readmeSnippet()
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-adopter-\(UUID().uuidString)")
        let sources = work.appendingPathComponent("Sources/Adopter")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try """
            // swift-tools-version:6.1
            import PackageDescription
            let package = Package(
                name: "Adopter",
                dependencies: [.package(name: "LineFit", path: "\(Self.packageRoot.path)")],
                targets: [.executableTarget(name: "Adopter", dependencies: [
                    .product(name: "LineFit", package: "LineFit"),
                    .product(name: "LineFitRender", package: "LineFit"),
                ])]
            )
            """.write(to: work.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        // Imports first (Swift wants them before statements), then the snippet as written.
        let lines = snippet.split(separator: "\n", omittingEmptySubsequences: false)
        let imports = lines.filter { $0.hasPrefix("import ") }
        let body = lines.filter { !$0.hasPrefix("import ") }
        try (imports + body).joined(separator: "\n")
            .write(to: sources.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)

        // A scratch folder kept in this package's .build, so a second run builds incrementally.
        let scratch = Self.packageRoot.appendingPathComponent(".build/readme-adopter").path
        let swift = ProcessInfo.processInfo.environment["SWIFT_EXEC_FOR_TESTS"] ?? Self.swiftExecutable()
        let build = try Self.run(swift, ["build", "--package-path", work.path, "--scratch-path", scratch], in: work)
        try #require(build.status == 0, "building the adopter package failed:\n\(build.output.suffix(3000))")

        // Run from a directory that is neither the repository nor the adopter package.
        let elsewhere = FileManager.default.temporaryDirectory
        let run = try Self.run(scratch + "/debug/Adopter", [], in: elsewhere, environment: ["LINEFIT_FONTS": ""])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.hasPrefix("219.32 959.9"), "\(run.output)")
        #expect(run.output.contains("GOOD MORNING"))
        #expect(!run.output.contains("font not found"))
    }

    static func swiftExecutable() -> String {
        for candidate in ["/opt/swift/usr/bin/swift", "/usr/bin/swift"] where FileManager.default.isExecutableFile(atPath: candidate) {
            return candidate
        }
        return "/usr/bin/env"
    }

    struct Result { var status: Int32; var output: String }

    static func run(_ executable: String, _ arguments: [String], in directory: URL, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = executable == "/usr/bin/env" ? ["swift"] + arguments : arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-adopter-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return Result(status: process.terminationStatus, output: (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }
}
