import Foundation
import Testing

@testable import LineFit

/// The engine never traps on user input and never loses characters: seeded strings of
/// arbitrary code points (controls, format characters, unassigned and private-use code points,
/// every line separator, combining marks with nothing to combine with) at arbitrary widths,
/// in both width modes, fresh and through an editor session.
@Suite struct ArbitraryInputTests {
    static func randomText(_ rng: inout SplitMix64, length: Int) -> String {
        var scalars = String.UnicodeScalarView()
        while scalars.count < length {
            let pick = rng.next() % 10
            let value: UInt32
            switch pick {
            case 0: value = UInt32(rng.next() % 0x80)  // ASCII, controls included
            case 1: value = [0x0A, 0x0D, 0x0B, 0x0C, 0x85, 0x2028, 0x2029, 0x20, 0xA0, 0x3000][Int(rng.next() % 10)]
            case 2: value = 0x0300 + UInt32(rng.next() % 0x70)  // combining marks
            case 3: value = [0x200B, 0x200C, 0x200D, 0x200E, 0x200F, 0x202A, 0x202E, 0x2066, 0x2069, 0xFE0F, 0xFEFF][Int(rng.next() % 11)]
            case 4: value = 0x1F300 + UInt32(rng.next() % 0x300)  // pictographs
            case 5: value = 0x0590 + UInt32(rng.next() % 0x200)  // Hebrew, Arabic
            default: value = UInt32(rng.next() % 0x10FFFF)
            }
            if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    @Test func freshLayoutsOfArbitraryText() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/NotoSans-Regular.ttf")
        let engine = try LayoutEngine()
        var rng = SplitMix64(seed: 0xA5B1)
        for round in 0..<120 {
            let text = Self.randomText(&rng, length: 1 + Int(rng.next() % 60))
            let width = [1.0, 7.5, 40, 300, 960][Int(rng.next() % 5)]
            var options = LayoutOptions(width: width, minSize: 8 + Double(rng.next() % 40), maxSize: 200)
            options.widthMode = round % 6 == 0 ? .hinted : .linear
            options.tracking = round % 5 == 0 ? 0.05 : 0
            let layout = try engine.layout(text, fonts: fonts, options: options)
            expectTiles(layout, text, "round \(round)")
        }
    }

    @Test func editingArbitraryText() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/NotoSans-Regular.ttf")
        let options = LayoutOptions(width: 200, minSize: 12, maxSize: 120)
        let engine = try LayoutEngine()
        var rng = SplitMix64(seed: 0xED17)
        let session = try EditorSession(text: Self.randomText(&rng, length: 30), fonts: fonts, options: options)
        for step in 0..<200 {
            let units = Array(session.text.utf16)
            func boundary(_ offset: Int) -> Int {
                var offset = min(offset, units.count)
                while offset > 0, offset < units.count, units[offset] & 0xFC00 == 0xDC00 { offset -= 1 }
                return offset
            }
            let start = boundary(Int(rng.next() % UInt64(units.count + 1)))
            let end = boundary(min(units.count, start + Int(rng.next() % 6)))
            let inserted = rng.next() % 3 == 0 ? "" : Self.randomText(&rng, length: 1 + Int(rng.next() % 4))
            try session.replace(start..<max(start, end), with: inserted)
            let fresh = try engine.layout(session.text, fonts: fonts, options: options)
            if session.layout != fresh {
                Issue.record("step \(step): session differs from a fresh layout of \(session.text.debugDescription)")
                return
            }
            expectTiles(session.layout, session.text, "step \(step)")
        }
    }

    private func expectTiles(_ layout: Layout, _ text: String, _ label: String) {
        var position = 0
        for line in layout.lines {
            #expect(line.start == position, "\(label): \(text.debugDescription)")
            #expect(line.end > line.start && line.contentEnd >= line.start && line.contentEnd <= line.end)
            #expect(line.size.isFinite && line.width.isFinite && line.baseline.isFinite)
            position = line.end
        }
        #expect(position == text.utf16.count, "\(label): lines end at \(position) of \(text.utf16.count)")
    }
}
