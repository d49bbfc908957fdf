import Foundation
import LineFit
import LineFitTestSupport
@testable import LineFitRender
import Testing

/// Where the render tests keep their files: next to this source, found through #filePath so
/// the goldens can be rewritten in place and the tests never need /work/shared.
enum RenderTestFiles {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let goldens = folder.appendingPathComponent("Goldens")
    static let corpus = folder.appendingPathComponent("Fixtures/corpus")
}

/// One sample job of the shared corpus (copied into Fixtures/corpus).
typealias CorpusJob = SampleJob

extension SampleJob {
    static func all() throws -> [SampleJob] {
        let files = try FileManager.default.contentsOfDirectory(at: RenderTestFiles.corpus, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try files.map { try SampleJob(contentsOf: $0) }
    }
}

/// SVG snapshots with an accept switch: `LINEFIT_ACCEPT=1 swift test` rewrites the goldens;
/// a mismatch writes the new output to Goldens/current/ and says where.
enum Golden {
    static var accepting: Bool { ProcessInfo.processInfo.environment["LINEFIT_ACCEPT"] == "1" }

    static func check(_ output: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let golden = RenderTestFiles.goldens.appendingPathComponent(name)
        let currentFolder = RenderTestFiles.goldens.appendingPathComponent("current")
        let current = currentFolder.appendingPathComponent(name)
        if accepting {
            try FileManager.default.createDirectory(at: RenderTestFiles.goldens, withIntermediateDirectories: true)
            try Data(output.utf8).write(to: golden)
            try? FileManager.default.removeItem(at: current)
            // Accepting checks nothing: say so where the person running it will see it.
            FileHandle.standardError.write(Data(
                "LINEFIT_ACCEPT=1: golden \(name) REWRITTEN from the renderer's own output; this run ASSERTED NOTHING about it. Review the diff before committing.\n".utf8))
            return
        }
        let expected = try? String(contentsOf: golden, encoding: .utf8)
        if expected == output {
            try? FileManager.default.removeItem(at: current)
            return
        }
        try FileManager.default.createDirectory(at: currentFolder, withIntermediateDirectories: true)
        try Data(output.utf8).write(to: current)
        let problem = expected == nil ? "golden \(name) is missing" : "output differs from golden \(name)"
        Issue.record(
            "\(problem); the current output is in \(current.path) (LINEFIT_ACCEPT=1 swift test accepts it)",
            sourceLocation: sourceLocation)
    }
}

/// Styled layouts for tests, on a canvas the style is scaled to.
enum RenderFixtures {
    static func styled(_ text: String, style: Style, canvas: RenderCanvas) throws -> StyledLayout {
        let scaled = style.scaled(by: Double(canvas.width) / Style.referenceCanvasWidth)
        let width = Double(canvas.width) - 2 * scaled.margin
        return try scaled.layout(text, width: width, maxHeight: Double(canvas.height) - 4 * scaled.margin)
    }

    /// A flat backdrop makes "untouched" pixels one known colour.
    static func flat(_ style: Style, _ color: StyleColor) -> Style {
        var style = style
        style.backdrop = Style.Backdrop(color)
        return style
    }

    static let small = RenderCanvas(width: 270, height: 480)
    static let medium = RenderCanvas(width: 540, height: 960)
}

extension RGBAImage {
    /// Whether the pixel is `color` within one step per channel (8-bit rounding).
    func pixel(x: Int, y: Int, is color: StyleColor) -> Bool {
        let p = pixel(x: x, y: y)
        func near(_ a: UInt8, _ b: Double) -> Bool { abs(Int(a) - Int((b * 255).rounded())) <= 1 }
        return near(p.red, color.red) && near(p.green, color.green) && near(p.blue, color.blue) && near(p.alpha, color.alpha)
    }
}
