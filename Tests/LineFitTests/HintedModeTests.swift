import Testing
@testable import LineFit

/// `widthMode: .hinted`: widths come from FreeType hinting at each probed size. Widths are
/// then only nearly monotone in the size, so fill is not promised; fitting is.
@Suite("Hinted width mode")
struct HintedModeTests {
    static let text = "The quick brown fox jumps over the lazy dog and keeps running far away"

    /// Random jobs at small sizes, where hinting matters, in hinted mode.
    static func hintedJobs() -> [RandomJob] {
        (UInt64(1)...40).map { seed in
            var job = RandomJob(seed: 0x4141_0000 + seed)
            var random = SplitMix64(seed: seed)
            job.options.widthMode = .hinted
            job.options.minSize = random.double(in: 6...16)
            job.options.maxSize = job.options.minSize + random.double(in: 0...24)
            job.options.width = random.double(in: 60...400)
            return job
        }
    }

    @Test("every hinted line fits, with sizes on the grid in [min, max]")
    func linesFit() throws {
        var checked = 0
        for job in Self.hintedJobs() {
            let options = job.options
            let layout = try layOut(job.text, fonts: job.fonts(), options: options)
            expectTiling(layout)
            for (index, line) in layout.lines.enumerated() {
                let where_ = "line \(index) \(layout.text(of: line).debugDescription) at \(line.size): width \(line.width) — \(job)"
                #expect(options.minSize <= line.size && line.size <= options.maxSize, "\(where_)")
                #expect(FittingPropertyTests.isOnGrid(line.size, options), "off the grid: \(where_)")
                if line.flags.contains(.overflows) {
                    #expect(line.size == options.minSize, "\(where_)")
                } else {
                    #expect(line.width <= options.width * (1 + WidthTolerance.relative), "overflows: \(where_)")
                    checked += 1
                }
            }
        }
        #expect(checked >= 100)
    }

    @Test("hinting changes the widths of small lines")
    func hintingChangesWidths() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        // A fixed 9 pt (min = max) so both modes set the same lines at the same size.
        var options = LayoutOptions(width: 200, minSize: 9, maxSize: 9)
        let linear = try layOut(Self.text, fonts: fonts, options: options)
        options.widthMode = .hinted
        let hinted = try layOut(Self.text, fonts: fonts, options: options)
        #expect(hinted.lineTexts == linear.lineTexts)
        #expect(hinted.lines.map(\.size) == linear.lines.map(\.size))
        let differing = zip(linear.lines, hinted.lines).filter { abs($0.width - $1.width) > 0.01 }
        #expect(!differing.isEmpty, "hinted widths \(hinted.lines.map(\.width)) equal linear \(linear.lines.map(\.width))")
        // The reported width is the sum of the hinted advances that are drawn.
        for line in hinted.lines {
            let advances = line.runs.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
            #expect(widthsAgree(line.width, advances))
            #expect(line.width <= options.width * (1 + WidthTolerance.relative))
        }
        // Hinting rounds advances to whole pixels (at 72 dpi, 1 px = 1 pt): most are integers.
        let glyphs = hinted.lines.flatMap(\.runs).flatMap(\.glyphs)
        let whole = glyphs.filter { $0.advance == $0.advance.rounded() }
        #expect(whole.count * 2 > glyphs.count, "\(whole.count) whole advances of \(glyphs.count)")
    }

    @Test("both modes break the same way at small sizes, and both fit")
    func bothModesFit() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        var options = LayoutOptions(width: 200, minSize: 8, maxSize: 14)
        let linear = try layOut(Self.text, fonts: fonts, options: options)
        options.widthMode = .hinted
        let hinted = try layOut(Self.text, fonts: fonts, options: options)
        #expect(hinted.lineTexts == linear.lineTexts)
        for line in linear.lines + hinted.lines {
            #expect(line.width <= options.width * (1 + WidthTolerance.relative))
            #expect(FittingPropertyTests.isOnGrid(line.size, options))
        }
        // hb-shape: "The quick … dog and" is 22,984 units (183.9 pt at min 8; adding "keeps"
        // makes 26,000, 208 pt), so linearly it gets ⌊200 × 1000 × 100 / 22984⌋ / 100 = 8.70.
        #expect(linear.lines.first?.size == 8.70)
        #expect(linear.lineTexts.first == "The quick brown fox jumps over the lazy dog and ")
    }

    @Test("a bitmap-only colour font, which cannot be hinted, is measured linearly and still fits")
    func bitmapFontFallsBackToLinear() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans, TestFonts.emoji)
        var options = LayoutOptions(width: 120, minSize: 8, maxSize: 40)
        options.widthMode = .hinted
        let layout = try layOut("party 🎉🎉 time 🐕", fonts: fonts, options: options)
        expectTiling(layout)
        #expect(layout.lines.contains { line in line.runs.contains { $0.fontIndex == 1 } })
        for line in layout.lines {
            #expect(line.width <= options.width * (1 + WidthTolerance.relative), "\(layout.text(of: line)) \(line.width)")
        }
    }
}
