import Foundation
import Testing

@testable import LineFit

/// Issue 13, defects 3, 4 and 6: every value a caller can pass is answered with a typed error
/// or a documented clamp, never a trap; degenerate options are rejected at their bounds.
@Suite struct APITrapTests {
    static let options = LayoutOptions(width: 960, minSize: 24, maxSize: 300)

    func session(_ text: String) throws -> EditorSession {
        try EditorSession(text: text, fonts: TestFonts.chain(TestFonts.notoSans), options: Self.options)
    }

    @Test func backspacePastTheEndThrowsInvalidRange() throws {
        let session = try session("abc")
        #expect(throws: LineFitError.invalidRange(start: 1000, end: 1000, length: 3)) { try session.backspace(at: 1000) }
        #expect(throws: LineFitError.invalidRange(start: -1, end: -1, length: 3)) { try session.backspace(at: -1) }
        #expect(session.text == "abc")
        try session.backspace(at: 3)
        #expect(session.text == "ab")
        try session.backspace(at: 0)
        #expect(session.text == "ab")
    }

    @Test func editRangesOutsideTheTextThrowInvalidRange() throws {
        let session = try session("abc")
        #expect(throws: LineFitError.invalidRange(start: 2, end: 9, length: 3)) { try session.replace(2..<9, with: "x") }
        #expect(throws: LineFitError.invalidRange(start: -2, end: 1, length: 3)) { try session.delete(-2..<1) }
        #expect(throws: LineFitError.invalidRange(start: 4, end: 4, length: 3)) { try session.insert("x", at: 4) }
        try session.insert("🎉", at: 3)
        // Offset 4 is between the two halves of U+1F389.
        #expect(throws: LineFitError.invalidRange(start: 4, end: 5, length: 5)) { try session.replace(4..<5, with: "") }
        #expect(throws: LineFitError.invalidRange(start: 4, end: 4, length: 5)) { try session.insert("x", at: 4) }
        #expect(session.text == "abc🎉")
    }

    @Test func typingSizeClampsTheCaret() throws {
        let session = try session("one two")
        let sizes = session.layout.lines.map(\.size)
        #expect(session.typingSize(at: -5) == sizes.first)
        #expect(session.typingSize(at: 1_000) == sizes.last)
    }

    @Test func faceIndicesFontsCannotTakeThrowFontInvalid() throws {
        let path = try TestPaths.font(TestFonts.notoSans)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: LineFitError.fontInvalid(path: "noto", faceIndex: 1 << 32, reason: "face index above 65535")) {
            try Font(data: data, name: "noto", faceIndex: 1 << 32)
        }
        #expect(throws: LineFitError.fontInvalid(path: "noto", faceIndex: 65_536, reason: "face index above 65535")) {
            try Font(data: data, name: "noto", faceIndex: 65_536)
        }
        #expect(throws: LineFitError.fontInvalid(path: "noto", faceIndex: -1, reason: "negative face index")) {
            try Font(data: data, name: "noto", faceIndex: -1)
        }
    }

    @Test func substringClampsAndReversedRangesAreEmpty() throws {
        let layout = try layOut("hello", fonts: TestFonts.chain(TestFonts.notoSans), options: Self.options)
        #expect(layout.substring(5, 2) == "")
        #expect(layout.substring(-3, 2) == "he")
        #expect(layout.substring(3, 99) == "lo")
        #expect(layout.substring(99, 100) == "")
        #expect(layout.substring(1, 4) == "ell")
    }

    @Test func rectsForRangesPastTheTextAreClamped() throws {
        let layout = try layOut("hello", fonts: TestFonts.chain(TestFonts.notoSans), options: Self.options)
        #expect(layout.rects(for: 3..<1_000) == layout.rects(for: 3..<5))
        #expect(layout.rects(for: -10..<2) == layout.rects(for: 0..<2))
        let other = "a much longer string than hello"
        let far = other.index(other.startIndex, offsetBy: 20)..<other.endIndex
        #expect(layout.rects(for: far) == [])
        let emoji = "🎉🎉 party"
        let inside = emoji.utf8.index(emoji.startIndex, offsetBy: 2)..<emoji.endIndex
        _ = layout.rects(for: inside)
    }

    /// Defect 4: the issue's reproducer no longer validates, and the bounds themselves do.
    @Test func degenerateFloorAndHeightAreRejectedAtTheirBounds() throws {
        var options = Self.options
        options.minimumFloor = Double.leastNonzeroMagnitude
        options.maxHeight = 1e-300
        #expect(throws: LineFitError.invalidOption(name: "minimum floor", reason: "must be from 1.0 to 16000.0 pt, got 5e-324")) {
            try options.validate()
        }
        options.minimumFloor = 1
        #expect(throws: LineFitError.invalidOption(
            name: "height", reason: "must be at least one line at the minimum floor (1.0 pt), got 1e-300")) {
            try options.validate()
        }
        // The edges are valid: a floor of exactly 1 pt and a height of exactly one em at it.
        options.maxHeight = 1
        try options.validate()
        // Line spacing below 1 lowers the smallest height with it.
        options.lineSpacing = 0.5
        options.maxHeight = 0.5
        try options.validate()
        options.lineSpacing = 1
        options.minimumFloor = LayoutOptions.largestSize
        options.maxHeight = LayoutOptions.largestSize
        try options.validate()
        // At the smallest valid floor and height, a layout has real sizes and says it overflows.
        options.minimumFloor = 1
        options.maxHeight = 1
        let layout = try layOut("a few words of text", fonts: TestFonts.chain(TestFonts.notoSans), options: options)
        #expect(layout.overflowsHeight)
        #expect(layout.lines.allSatisfy { $0.size >= 1 && $0.size <= LayoutOptions.largestSize })
    }

    /// Defect 6: Noto Sans cut to its first 200 KB used to load and draw nothing.
    @Test func aTruncatedFontFailsAtOpenWithTheReason() throws {
        let path = try TestPaths.font(TestFonts.notoSans)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = data.prefix(200_000)
        let error = #expect(throws: LineFitError.self) { try Font(data: cut, name: "cut") }
        guard case .fontInvalid(let name, let face, let reason)? = error else {
            Issue.record("expected fontInvalid, got \(String(describing: error))")
            return
        }
        #expect(name == "cut" && face == 0)
        #expect(reason.hasSuffix("is past the end of the file (200000 bytes): the file is truncated"), "\(reason)")
        // A table directory cut in the middle.
        #expect(throws: LineFitError.fontInvalid(
            path: "head", faceIndex: 0, reason: "the table directory is cut short (the file ends at byte 20)")) {
            try Font(data: data.prefix(20), name: "head")
        }
    }

    /// Defect 6: a required table missing (its tag renamed in the directory) is named.
    @Test func aMissingRequiredTableIsNamed() throws {
        let path = try TestPaths.font(TestFonts.notoSans)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let tableCount = Int(bytes[4]) << 8 | Int(bytes[5])
        for index in 0..<tableCount {
            let record = 12 + 16 * index
            if Array(bytes[record..<(record + 4)]) == Array("hmtx".utf8) {
                bytes.replaceSubrange(record..<(record + 4), with: Array("xxxx".utf8))
            }
        }
        #expect(throws: LineFitError.fontInvalid(path: "renamed", faceIndex: 0, reason: "the required table 'hmtx' is missing")) {
            try Font(data: Data(bytes), name: "renamed")
        }
    }
}
