import Foundation
import Testing
@testable import LineFit

/// Properties every linear-mode layout has, checked on seeded random jobs (`RandomJob`):
/// 480 jobs over five bundled fonts, widths 40–1200, min 6–60, max up to min + 300, steps
/// 0.01–1 pt, some tracking, some emoji fallback, hard breaks and runs of spaces.
@Suite("Fitting properties on seeded random texts")
struct FittingPropertyTests {
    static let jobsPerChunk: UInt64 = 60
    static let chunks: [UInt64] = Array(0..<8)

    static func jobs(chunk: UInt64) -> [RandomJob] {
        (0..<jobsPerChunk).map { RandomJob(seed: 0x5EED_0000 + chunk * jobsPerChunk + $0) }
    }

    /// A size is on the grid when it is min, max, or a whole multiple of the step.
    static func isOnGrid(_ size: Double, _ options: LayoutOptions) -> Bool {
        if size == options.minSize || size == options.maxSize { return true }
        let steps = size / options.step
        return abs(steps - steps.rounded()) <= widthTolerance * max(1, steps)
    }

    @Test("lines fit and fill within one grid step, sizes on the grid in [min, max]", arguments: chunks)
    func fitAndFill(chunk: UInt64) throws {
        var filled = 0, held = 0, overflowing = 0
        for job in Self.jobs(chunk: chunk) {
            let options = job.options
            let layout = try layOut(job.text, fonts: job.fonts(), options: options)
            expectTiling(layout)
            #expect(!layout.lines.isEmpty, "\(job)")
            for (index, line) in layout.lines.enumerated() {
                let where_ = "line \(index) \(layout.text(of: line).debugDescription) at \(line.size) pt, width \(line.width) — \(job)"
                #expect(options.minSize <= line.size && line.size <= options.maxSize, "\(where_)")
                #expect(Self.isOnGrid(line.size, options), "off the grid: \(where_)")
                if line.flags.contains(.empty) { continue }
                if line.flags.contains(.overflows) {
                    // Only a line too wide even at the minimum may overflow, and it stays there.
                    #expect(line.size == options.minSize && line.width > options.width, "\(where_)")
                    overflowing += 1
                    continue
                }
                #expect(line.width <= options.width * (1 + WidthTolerance.relative), "overflows: \(where_)")
                if line.flags.contains(.heldAtMax) {
                    #expect(line.size == options.maxSize, "\(where_)")
                    held += 1
                    continue
                }
                // One more step would not fit: the next grid size is at most size + step.
                let grown = line.width * (line.size + options.step) / line.size
                #expect(grown > options.width * (1 - widthTolerance), "does not fill: \(where_)")
                filled += 1
            }
        }
        // Not vacuous: each chunk of 60 jobs fills some 250–500 lines and holds 50–250 at max.
        #expect(filled >= 200 && held >= 40, "filled \(filled), held \(held), overflowing \(overflowing)")
    }

    @Test("a layout survives a JSON round trip unchanged", arguments: chunks)
    func jsonRoundTrip(chunk: UInt64) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        for job in Self.jobs(chunk: chunk) {
            let layout = try layOut(job.text, fonts: job.fonts(), options: job.options)
            let data = try encoder.encode(layout)
            let decoded = try JSONDecoder().decode(Layout.self, from: data)
            #expect(decoded == layout, "\(job)")
            #expect(decoded.lines.map(\.flags) == layout.lines.map(\.flags), "\(job)")
            #expect(try encoder.encode(decoded) == data, "\(job)")
        }
    }

    /// hb-shape as the oracle for linear widths: a line's width is its content's advance
    /// in design units (shaped alone, as hb-shape shapes it) × size / unitsPerEm.
    @Test("linear widths agree with hb-shape for a sample of lines")
    func widthsAgainstHBShape() throws {
        var checked = 0
        for seed in UInt64(1)...40 {
            var job = RandomJob(seed: 0xB0B0_0000 + seed, allowEmoji: false)
            job.options.tracking = 0
            let layout = try layOut(job.text, fonts: job.fonts(), options: job.options)
            let path = try TestPaths.font(job.fontName)
            let unitsPerEm = Double(try OpenTypeTables(path: path).unitsPerEm)
            // The first and the last line with content: one starts the text, one ends it.
            // Lines in the primary font at one bidi level only: hb-shape is given that font
            // alone and shapes the line as one run.
            let lines = layout.lines.filter { line in
                !line.flags.contains(.empty) && line.runs.allSatisfy { $0.fontIndex == 0 }
                    && Set(line.runs.map(\.bidiLevel)).count == 1
            }
            for line in [lines.first, lines.last].compactMap({ $0 }) {
                let content = layout.substring(line.start, line.contentEnd)
                let units = try HBShape.units(fontPath: path, text: content)
                let expected = Double(units) * line.size / unitsPerEm
                #expect(widthsAgree(line.width, expected),
                        "\(content.debugDescription) at \(line.size): engine \(line.width), hb-shape \(expected) — \(job)")
                checked += 1
            }
        }
        #expect(checked >= 40)
    }

    @Test("the random jobs are the same on every run")
    func determinism() {
        var random = SplitMix64(seed: 0)
        // SplitMix64's reference output for seed 0.
        #expect(random.next() == 0xE220_A839_7B1D_CDAF)
        #expect(random.next() == 0x6E78_9E6A_A1B9_65F4)
        let a = RandomJob(seed: 42), b = RandomJob(seed: 42)
        #expect(a.text == b.text && a.options == b.options && a.fontName == b.fontName)
    }
}
