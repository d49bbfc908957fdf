import Testing
@testable import LineFit

/// `maxHeight`: a block taller than the limit shrinks min and max by one factor (lines
/// re-broken at the scaled min) until it fits, never below `minimumFloor`; at the floor a
/// block still too tall comes back with `overflowsHeight` (see HeightLimit.swift).
@Suite("Height limit")
struct HeightLimitTests {
    static let text = "We packed the car at dawn, drove four hours north, missed two exits, found a diner "
        + "with the best pancakes in the state, and still made it to the cabin before the rain started. "
        + "Worth every minute of it."
    static let options = LayoutOptions(width: 960, minSize: 32, maxSize: 220)

    func layout(_ options: LayoutOptions) throws -> Layout {
        let layout = try layOut(Self.text, fonts: TestFonts.chain(TestFonts.notoSans), options: options)
        expectTiling(layout)
        return layout
    }

    /// Lines of a scaled layout obey the scaled range and still fit the width.
    func expectLinesWithin(_ layout: Layout, sourceLocation: SourceLocation = #_sourceLocation) {
        for line in layout.lines {
            #expect(layout.minSize <= line.size && line.size <= layout.maxSize, "\(line.size)", sourceLocation: sourceLocation)
            #expect(line.width <= layout.width * (1 + WidthTolerance.relative), "\(layout.text(of: line))", sourceLocation: sourceLocation)
        }
        #expect(widthsAgree(layout.height, layout.lines.reduce(0) { $0 + $1.height }), sourceLocation: sourceLocation)
    }

    @Test("no limit leaves the layout unscaled")
    func noLimit() throws {
        let layout = try layout(Self.options)
        #expect(layout.heightScale == 1)
        #expect(!layout.overflowsHeight)
        #expect(layout.minSize == 32 && layout.maxSize == 220)
        #expect(layout.lines.count >= 4)
    }

    @Test("a limit the block already meets changes nothing")
    func limitAlreadyMet() throws {
        let free = try layout(Self.options)
        var options = Self.options
        options.maxHeight = free.height + 1
        let limited = try layout(options)
        #expect(limited == free)
        #expect(limited.heightScale == 1)
    }

    @Test("a small limit scales min and max by one factor until the block fits")
    func shrinksToFit() throws {
        let free = try layout(Self.options)
        var options = Self.options
        options.maxHeight = free.height / 3
        let limited = try layout(options)
        #expect(limited.heightScale < 1)
        #expect(limited.heightScale > options.minimumFloor / options.minSize, "shrank all the way to the floor")
        #expect(limited.height <= options.maxHeight!)
        #expect(!limited.overflowsHeight)
        #expect(widthsAgree(limited.minSize, options.minSize * limited.heightScale))
        #expect(widthsAgree(limited.maxSize, options.maxSize * limited.heightScale))
        expectLinesWithin(limited)
        // Smaller sizes hold more text per line: never more lines than before.
        #expect(limited.lines.count <= free.lines.count)
        // The largest scale that fits: two bisection steps larger (the search's resolution
        // is (1 − floor scale) / 2^24) the block no longer fits.
        let floorScale = options.minimumFloor / options.minSize
        let larger = limited.heightScale + 2 * (1 - floorScale) / Double(1 << BoxFitting.shrinkSteps)
        var unlimited = Self.options
        unlimited.minSize = options.minSize * larger
        unlimited.maxSize = options.maxSize * larger
        let tooTall = try layout(unlimited)
        #expect(tooTall.height > options.maxHeight!, "scale \(larger) also fits: \(tooTall.height)")
    }

    @Test("an impossible limit stops at the floor and says the block still overflows")
    func impossibleLimit() throws {
        var options = Self.options
        options.maxHeight = 10
        options.minimumFloor = 10
        let layout = try layout(options)
        #expect(layout.overflowsHeight)
        #expect(layout.height > 10)
        // 10 / 32 = 0.3125 exactly, so the scaled min is the floor exactly.
        #expect(layout.heightScale == 0.3125)
        #expect(layout.minSize == 10)
        #expect(layout.maxSize == 220 * 0.3125)
        expectLinesWithin(layout)
        #expect(layout.lines.allSatisfy { $0.size >= options.minimumFloor })
    }

    @Test("a floor at or above min allows no shrinking")
    func floorAboveMinimum() throws {
        var options = Self.options
        options.minimumFloor = 40
        options.maxHeight = 40
        let layout = try layout(options)
        #expect(layout.overflowsHeight)
        #expect(layout.heightScale == 1)
        #expect(layout.minSize == 32)
    }

    @Test("the limit also applies to text made of empty lines")
    func emptyLines() throws {
        var options = LayoutOptions(width: 300, minSize: 40, maxSize: 100, maxHeight: 100)
        let layout = try layOut("\n\n\n\n", fonts: TestFonts.chain(TestFonts.notoSans), options: options)
        #expect(layout.height <= 100)
        #expect(layout.heightScale < 1)
        options.maxHeight = options.minimumFloor
        let impossible = try layOut("\n\n\n\n", fonts: TestFonts.chain(TestFonts.notoSans), options: options)
        #expect(impossible.overflowsHeight)
    }
}
