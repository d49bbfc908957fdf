/// Per line, the largest size on the grid whose width is at most the available width.
///
/// Linear mode: a line's width is `emWidth × size`, so the closed form `width / emWidth`
/// gives the answer and the search confirms it with one probe on each side. Hinted mode: the
/// width at a size comes from reshaping with hinting at that size, and the same search runs.
/// Either way only a size that was measured to fit is returned (never rounded up), except a
/// line too wide even at the minimum, which gets the minimum and is marked as overflowing.
struct LineFitter {
    let grid: SizeGrid
    let width: Double
    let tracking: Double

    struct Fit {
        var size: Double
        /// Width in points at `size`, tracking included.
        var width: Double
        var overflows: Bool
        var heldAtMax: Bool
    }

    /// `emWidth` is the line's width at 1 pt.
    func fitLinear(emWidth: Double) -> Fit {
        guard emWidth > 0 else {
            return Fit(size: grid.maxSize, width: 0, overflows: false, heldAtMax: true)
        }
        let hint = grid.index(atOrBelow: width / emWidth)
        guard let index = grid.largestFitting(hint: hint, { WidthTolerance.fits(emWidth * $0, in: width) }) else {
            return Fit(size: grid.minSize, width: emWidth * grid.minSize, overflows: true, heldAtMax: false)
        }
        let size = grid.size(at: index)
        return Fit(size: size, width: emWidth * size, overflows: false, heldAtMax: index == grid.count - 1)
    }

    /// `widthAt` measures the line at a size in points.
    func fitMeasured(_ widthAt: (Double) -> Double) -> Fit {
        var widths: [Double: Double] = [:]
        func measured(_ size: Double) -> Double {
            if let known = widths[size] { return known }
            let value = widthAt(size)
            widths[size] = value
            return value
        }
        guard let index = grid.largestFitting({ WidthTolerance.fits(measured($0), in: width) }) else {
            return Fit(size: grid.minSize, width: measured(grid.minSize), overflows: true, heldAtMax: false)
        }
        let size = grid.size(at: index)
        return Fit(size: size, width: measured(size), overflows: false, heldAtMax: index == grid.count - 1)
    }
}
