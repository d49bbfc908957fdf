import Testing

@testable import LineFit

/// The fresh scan of candidate lines fits each line through `LinearFitShortcut`: its fit must
/// be `fitLinear`'s, bit for bit, on every kind of em width: sizes on the grid and one ulp
/// either side (where a truncated index is one off), past both ends, zero, and grids with
/// other steps and ends (fractional, below 1, none between the ends).
@Suite struct LinearFitShortcutTests {
    @Test func shortcutFitsAsFitLinear() {
        var random = SplitMix64(seed: 0x11_7E)
        var confirmed = 0, total = 0
        let grids = [
            SizeGrid(minSize: 24, maxSize: 300, step: 0.01), SizeGrid(minSize: 6.5, maxSize: 40.25, step: 0.01),
            SizeGrid(minSize: 10, maxSize: 20, step: 0.25), SizeGrid(minSize: 0.5, maxSize: 3, step: 0.003),
            SizeGrid(minSize: 12, maxSize: 12.005, step: 0.01), SizeGrid(minSize: 12, maxSize: 12, step: 0.01),
            SizeGrid(minSize: 33.33, maxSize: 96.37, step: 0.1),
        ]
        for grid in grids {
            for _ in 0..<1500 {
                let width = random.double(in: 50...1500)
                let fitter = LineFitter(grid: grid, width: width, tracking: 0)
                let shortcut = LinearFitShortcut(fitter)
                let size = grid.size(at: random.int(below: grid.count))
                let exact = width / size
                var ems = [exact, exact.nextUp, exact.nextDown, random.double(in: 0.01...200), 0, width / (grid.maxSize * 2)]
                ems.append(width / (grid.minSize / 2))
                for em in ems {
                    let expected = fitter.fitLinear(emWidth: em), got = shortcut.fit(emWidth: em)
                    let context = "grid \(grid.minSize)...\(grid.maxSize) step \(grid.step) width \(width) em \(em)"
                    #expect(got.size.bitPattern == expected.size.bitPattern, "\(context)")
                    #expect(got.width.bitPattern == expected.width.bitPattern, "\(context)")
                    #expect(got.overflows == expected.overflows && got.heldAtMax == expected.heldAtMax, "\(context)")
                    total += 1
                    // Counted when the hint alone decided (the fit is between the ends).
                    if !expected.overflows && !expected.heldAtMax { confirmed += 1 }
                }
            }
        }
        // Not vacuous: most fits land between the grid's ends.
        #expect(confirmed > total / 3, "\(confirmed) of \(total)")
    }
}
