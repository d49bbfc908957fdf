import Foundation
import Testing
import LineFit

/// Saved options (batch jobs, the C API's JSON, a host's settings) must survive new options
/// being added: every field round-trips, a missing key takes the documented default
/// (docs/OPTIONS.md), and a newer file is refused instead of half-read.
@Suite("LayoutOptions Codable")
struct LayoutOptionsCodableTests {
    /// Every field away from its default, so a field the coder forgets cannot pass.
    static let everyFieldSet = LayoutOptions(
        width: 640, minSize: 30, maxSize: 210, step: 0.5, widthMode: .hinted, tracking: -0.05,
        lineSpacing: 1.2, alignment: .right, minimumFloor: 9, features: [FontFeature("liga", 0)],
        baseDirection: .rightToLeft, language: "ja", breakStrategy: .balanced, box: .fill(height: 1400),
        verticalAlignment: .bottom, stableBreaks: true, variations: [FontVariation("wght", 700)],
        namedInstance: "Bold", opticalSizing: false, lineFill: .mixed)

    @Test("options with every field set decode to the same options")
    func roundTrip() throws {
        let data = try JSONEncoder().encode(Self.everyFieldSet)
        #expect(try JSONDecoder().decode(LayoutOptions.self, from: data) == Self.everyFieldSet)
    }

    @Test("each box kind round-trips, and a limit is the old height limit")
    func boxes() throws {
        for box in [LayoutOptions.Box.none, .limit(height: 900), .fill(height: 1600)] {
            var options = LayoutOptions(width: 300, minSize: 20, maxSize: 90)
            options.box = box
            let decoded = try JSONDecoder().decode(LayoutOptions.self, from: JSONEncoder().encode(options))
            #expect(decoded.box == box)
        }
        let limit = try JSONDecoder().decode(
            LayoutOptions.self,
            from: Data(#"{"width": 300, "minSize": 20, "maxSize": 90, "box": {"kind": "limit", "height": 900}}"#.utf8))
        #expect(limit.maxHeight == 900)
    }

    @Test("only width, minSize and maxSize are required; the rest take the documented defaults")
    func defaults() throws {
        let decoded = try JSONDecoder().decode(
            LayoutOptions.self, from: Data(#"{"width": 960, "minSize": 24, "maxSize": 300, "futureKey": 1}"#.utf8))
        // The defaults as docs/OPTIONS.md states them, written out rather than read from the type.
        #expect(decoded.step == 0.01 && decoded.widthMode == .linear && decoded.tracking == 0)
        #expect(decoded.lineSpacing == 1 && decoded.alignment == .center && decoded.box == .none)
        #expect(decoded.verticalAlignment == .center && decoded.minimumFloor == 6 && decoded.features.isEmpty)
        #expect(decoded.baseDirection == .auto && decoded.language == nil && decoded.breakStrategy == .greedy)
        #expect(!decoded.stableBreaks && decoded.variations.isEmpty && decoded.namedInstance == nil)
        #expect(decoded.opticalSizing && decoded.lineFill == .size)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(LayoutOptions.self, from: Data(#"{"width": 960, "minSize": 24}"#.utf8))
        }
    }

    @Test("a newer version, or an unknown box kind, is refused with a message that names it")
    func refused() throws {
        for (json, needle) in [
            (#"{"version": 7, "width": 960, "minSize": 24, "maxSize": 300}"#, "version 7"),
            (#"{"width": 960, "minSize": 24, "maxSize": 300, "box": {"kind": "stretch"}}"#, "stretch"),
        ] {
            do {
                _ = try JSONDecoder().decode(LayoutOptions.self, from: Data(json.utf8))
                Issue.record("decoded \(json)")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.debugDescription.contains(needle))
            }
        }
    }
}
