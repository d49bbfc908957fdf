import Foundation
import Testing
@testable import LineFit

/// What an app's alert shows: `localizedDescription` of every `LineFitError` is the CLI's one
/// line, not Foundation's "The operation could not be completed"; edit ranges have their own case.
@Suite("LineFitError messages and edit range errors")
struct ErrorMessageTests {
    @Test("localizedDescription is the one-line message of each case", arguments: [
        (LineFitError.fontNotFound(path: "Nope.otf"), "font not found: Nope.otf"),
        (.fontUnreadable(path: "/x.ttf", reason: "permission denied"), "cannot read font /x.ttf: permission denied"),
        (.fontInvalid(path: "/x.ttf", faceIndex: 2, reason: "invalid face index"), "not a usable font: /x.ttf (face 2): invalid face index"),
        (.invalidOption(name: "width", reason: "must be positive"), "invalid width: must be positive"),
        (.invalidRange(start: 3, end: 9, length: 5), "invalid range 3..<9: outside the text (0..<5)"),
        (.invalidRange(start: 4, end: 2, length: 5), "invalid range 4..<2: the start is after the end"),
        (.noFonts, "no fonts given"),
        (.library(name: "hb_buffer_create", code: 3), "hb_buffer_create failed with error 3"),
    ])
    func localizedDescription(error: LineFitError, expected: String) {
        #expect(error.description == expected)
        #expect(error.localizedDescription == expected)
        #expect((error as any Error).localizedDescription == expected)
        #expect(!expected.contains("\n"))
    }

    @Test("a font not found by name says where it looked")
    func searchedFolders() {
        let error = LineFitError.fontNotFound(path: "Missing.otf", searched: ["/a/Fonts", "/b/Fonts"])
        #expect(error.localizedDescription.hasPrefix("font not found: Missing.otf (looked in /a/Fonts, /b/Fonts"))
        #expect(error.localizedDescription.contains("LINEFIT_FONTS"))
    }

    @Test("an edit range past the text or inside a surrogate pair is invalidRange, not an option")
    func editRanges() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let session = try EditorSession(text: "ab😀", fonts: fonts, options: LayoutOptions(width: 300, minSize: 10, maxSize: 40))
        // "ab" is 2 units, the emoji 2 more: 4 in all; offset 3 is between its halves.
        #expect(throws: LineFitError.invalidRange(start: 2, end: 9, length: 4)) { try session.delete(2..<9) }
        #expect(throws: LineFitError.invalidRange(start: 3, end: 3, length: 4)) { try session.insert("x", at: 3) }
        #expect(throws: LineFitError.invalidRange(start: -1, end: -1, length: 4)) { try session.insert("x", at: -1) }
        let message = LineFitError.invalidRange(start: 3, end: 3, length: 4).localizedDescription
        #expect(message == "invalid range 3..<3: an end is inside a surrogate pair (between the two halves of one character)")
        #expect(session.text == "ab😀")
    }
}
