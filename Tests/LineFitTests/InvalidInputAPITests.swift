import Foundation
import Testing
@testable import LineFit

/// Bad input through the library: invalid options throw `LineFitError.invalidOption` naming
/// the option, before any work; fonts that are missing or not fonts throw with their path.
@Suite("Invalid options and fonts through the library API")
struct InvalidInputAPITests {
    struct InvalidOption: Sendable, CustomTestStringConvertible {
        var label: String
        var name: String
        var change: @Sendable (inout LayoutOptions) -> Void
        var testDescription: String { label }
    }

    static let cases: [InvalidOption] = [
        InvalidOption(label: "width 0", name: "width") { $0.width = 0 },
        InvalidOption(label: "width -1", name: "width") { $0.width = -1 },
        InvalidOption(label: "width nan", name: "width") { $0.width = .nan },
        InvalidOption(label: "width inf", name: "width") { $0.width = .infinity },
        InvalidOption(label: "min 0", name: "min") { $0.minSize = 0 },
        InvalidOption(label: "min nan", name: "min") { $0.minSize = .nan },
        InvalidOption(label: "min > max", name: "min") { $0.minSize = 300; $0.maxSize = 200 },
        InvalidOption(label: "max inf", name: "max") { $0.maxSize = .infinity },
        InvalidOption(label: "max nan", name: "max") { $0.maxSize = .nan },
        InvalidOption(label: "max above the largest size", name: "max") { $0.maxSize = LayoutOptions.largestSize * 2 },
        InvalidOption(label: "step 0", name: "step") { $0.step = 0 },
        InvalidOption(label: "step nan", name: "step") { $0.step = .nan },
        InvalidOption(label: "step below the smallest", name: "step") { $0.step = LayoutOptions.smallestStep / 2 },
        InvalidOption(label: "tracking -0.5 em", name: "tracking") { $0.tracking = -0.5 },
        InvalidOption(label: "tracking inf", name: "tracking") { $0.tracking = .infinity },
        InvalidOption(label: "line spacing 0", name: "line spacing") { $0.lineSpacing = 0 },
        InvalidOption(label: "minimum floor 0", name: "minimum floor") { $0.minimumFloor = 0 },
        InvalidOption(label: "minimum floor below 1 pt", name: "minimum floor") { $0.minimumFloor = 0.999 },
        InvalidOption(label: "minimum floor 5e-324", name: "minimum floor") { $0.minimumFloor = Double.leastNonzeroMagnitude },
        InvalidOption(label: "minimum floor above the largest size", name: "minimum floor") { $0.minimumFloor = 16_000.5 },
        InvalidOption(label: "height below one line at the floor", name: "height") { $0.maxHeight = 5.99 },
        InvalidOption(label: "height 1e-300", name: "height") { $0.maxHeight = 1e-300 },
        InvalidOption(label: "height 0", name: "height") { $0.maxHeight = 0 },
        InvalidOption(label: "height nan", name: "height") { $0.maxHeight = .nan },
        InvalidOption(label: "feature tag of five letters", name: "feature") { $0.features = [FontFeature("ligat")] },
    ]

    static let valid = LayoutOptions(width: 960, minSize: 24, maxSize: 300)

    @Test("each invalid option throws invalidOption with its name", arguments: cases)
    func invalidOption(_ invalid: InvalidOption) throws {
        var options = Self.valid
        invalid.change(&options)
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let error = #expect(throws: LineFitError.self) { try layOut("hello", fonts: fonts, options: options) }
        guard case .invalidOption(let name, let reason)? = error else {
            Issue.record("\(invalid.label): expected invalidOption, got \(String(describing: error))")
            return
        }
        #expect(name == invalid.name, "\(invalid.label): \(reason)")
        #expect(!reason.isEmpty)
        // The message a person sees names the option on one line.
        let message = LineFitError.invalidOption(name: name, reason: reason).description
        #expect(message.hasPrefix("invalid \(invalid.name):") && !message.contains("\n"))
        // The same answer without laying anything out.
        #expect(throws: LineFitError.invalidOption(name: name, reason: reason)) { try options.validate() }
    }

    @Test("the boundaries of the domains are valid")
    func validBoundaries() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        var options = LayoutOptions(width: 0.5, minSize: 12, maxSize: 12)
        options.step = LayoutOptions.smallestStep
        options.maxHeight = 1_000_000
        #expect(throws: Never.self) { try layOut("hi", fonts: fonts, options: options) }
        options = LayoutOptions(width: 960, minSize: 1, maxSize: LayoutOptions.largestSize)
        #expect(throws: Never.self) { try layOut("hi", fonts: fonts, options: options) }
    }

    @Test("a missing font throws fontNotFound with its path")
    func missingFont() {
        let path = "/nonexistent/dir/NoSuchFont.otf"
        #expect(throws: LineFitError.fontNotFound(path: path)) { try Font(path: path) }
        #expect(throws: LineFitError.fontNotFound(path: path)) { try FontChain(paths: [path]) }
        // A folder or a device is there but is no font file: say so (issue 13, defect 7).
        let directory = TestPaths.fontsDirectory.path
        #expect(throws: LineFitError.fontUnreadable(path: directory, reason: "it is a folder, not a font file")) {
            try Font(path: directory)
        }
        #expect(throws: LineFitError.fontUnreadable(
            path: "/dev/null", reason: "it is not a regular file (a device, pipe or socket cannot hold a font)")) {
            try Font(path: "/dev/null")
        }
    }

    @Test("garbage bytes throw fontInvalid with the path, from a file or from memory")
    func corruptFont() throws {
        var random = SplitMix64(seed: 0xBAD_F0)
        let garbage = Data((0..<512).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-corrupt-\(UUID().uuidString).ttf")
        try garbage.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        for attempt in [{ try Font(path: url.path) }, { try Font(data: garbage, name: url.path) }] {
            let error = #expect(throws: LineFitError.self) { _ = try attempt() }
            guard case .fontInvalid(let path, let faceIndex, let reason)? = error else {
                Issue.record("expected fontInvalid, got \(String(describing: error))")
                continue
            }
            #expect(path == url.path && faceIndex == 0 && !reason.isEmpty)
        }
        // Empty data, and a face index the file does not have.
        #expect(throws: LineFitError.self) { try Font(data: Data(), name: "empty") }
        let notoSans = try TestPaths.font(TestFonts.notoSans)
        let error = #expect(throws: LineFitError.self) { try Font(path: notoSans, faceIndex: 3) }
        if case .fontInvalid(let path, let faceIndex, _)? = error {
            #expect(path == notoSans && faceIndex == 3)
        } else {
            Issue.record("expected fontInvalid for face 3, got \(String(describing: error))")
        }
    }

    @Test("an empty chain throws noFonts; an empty text is an empty layout, not an error")
    func emptyInputs() throws {
        #expect(throws: LineFitError.noFonts) { try FontChain(fonts: []) }
        #expect(throws: LineFitError.noFonts) { try FontChain(paths: []) }
        let layout = try layOut("", fonts: TestFonts.chain(TestFonts.notoSans), options: Self.valid)
        #expect(layout.lines.isEmpty && layout.height == 0)
    }
}
