import Foundation
import Testing
@testable import LineFit

/// Something a test needs is not there (a bundled font, a fixture, a tool). The message says
/// what is missing and where it was looked for: tests fail loudly, they never skip.
struct MissingPrerequisite: Error, CustomStringConvertible {
    var description: String
}

/// Where the package's own files are, found from this source file's path so that the tests
/// need nothing outside the package (no system fonts, no `../shared`).
enum TestPaths {
    /// This file is `Tests/LineFitTests/TestSupport.swift` inside the package.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var fontsDirectory: URL { packageRoot.appendingPathComponent("Fonts") }

    /// The path of a bundled font, or a clear failure when it is missing.
    static func font(_ fileName: String) throws -> String {
        let path = fontsDirectory.appendingPathComponent(fileName).path
        guard FileManager.default.fileExists(atPath: path) else {
            throw MissingPrerequisite(
                description: "bundled font \(fileName) is missing: looked for \(path) (the package's Fonts/ folder)")
        }
        return path
    }

    /// A file under `Tests/LineFitTests/Fixtures`, from the test bundle's resources.
    static func fixture(_ relativePath: String) throws -> URL {
        let url = Bundle.module.bundleURL.appendingPathComponent("Fixtures").appendingPathComponent(relativePath)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw MissingPrerequisite(
                description: "fixture \(relativePath) is missing: looked for \(url.path) (Tests/LineFitTests/Fixtures)")
        }
        return url
    }

    /// Unicode scalars written as `U+XXXX` for failure messages.
    static func codePoints(_ text: String) -> String {
        text.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}

/// The bundled fonts the tests use, loaded once per test process and shared (a `Font` is
/// safe to share between threads).
enum TestFonts {
    static let courier = "CourierPrime-Regular.otf"
    static let notoSans = "NotoSans-Regular.ttf"
    static let bebas = "BebasNeue-Regular.otf"
    static let spartan = "LeagueSpartan-Bold.otf"
    static let kaushan = "KaushanScript-Regular.otf"
    static let emoji = "NotoColorEmoji.ttf"

    private final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var fonts: [String: Font] = [:]

        func font(_ fileName: String) throws -> Font {
            lock.lock()
            defer { lock.unlock() }
            if let font = fonts[fileName] { return font }
            let font = try Font(path: TestPaths.font(fileName))
            fonts[fileName] = font
            return font
        }
    }

    private static let cache = Cache()

    static func font(_ fileName: String) throws -> Font {
        try cache.font(fileName)
    }

    /// A chain of bundled fonts, the first one primary.
    static func chain(_ fileNames: String...) throws -> FontChain {
        try FontChain(fonts: fileNames.map { try font($0) })
    }
}

/// Lays out with a fresh engine (an engine belongs to one thread; tests run in parallel).
func layOut(_ text: String, fonts: FontChain, options: LayoutOptions) throws -> Layout {
    try LayoutEngine().layout(text, fonts: fonts, options: options)
}

extension Layout {
    /// Each line's text with its trailing whitespace and line break, as the layout reads.
    var lineTexts: [String] { lines.map { text(of: $0) } }
}

/// The one tolerance of the suite: relative error allowed between widths computed two ways
/// (a sum of em advances times a size against hb-shape's integer units, in doubles).
let widthTolerance = 1e-9

/// Whether two widths in points agree within `widthTolerance`, relative to the larger.
func widthsAgree(_ a: Double, _ b: Double) -> Bool {
    abs(a - b) <= widthTolerance * max(1, abs(a), abs(b))
}
