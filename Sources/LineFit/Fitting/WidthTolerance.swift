/// The one width comparison of the engine: a line fits when `width ≤ available × (1 + 1e-12)`.
///
/// Widths are products of decimal inputs in binary doubles: 572 × 16.10 / 1000 is 9.2092 in
/// decimal, but 9.209200000000001 in doubles while `--width 9.2092` parses to 9.20919999…,
/// so an exact fit would lose a grid step to rounding noise. 1e-12 relative is a few ulps
/// (a picometre on a 1000-point line): far below anything visible, far above the noise of
/// one multiplication. The breaker and the fitter use this same test, so a line the breaker
/// accepts at the minimum size is never one the fitter finds too wide.
///
/// Width-axis fills (`--fit width-axis`) add one stated tolerance on top of this test, on the
/// `wdth` chosen, never on the width: a line taken without shaping (`ReadvancedWidth`, the
/// line's glyphs at the narrowest `wdth` re-advanced by their exact `HVAR` and kerning
/// changes) fits with its bound b added, so HarfBuzz's shaping of it never overflows, and
/// its `wdth` may be below the exact largest one only by what b cannot decide: the next 0.1
/// step is wider than the width minus 2b (b is at most `LayoutEngine.readvancedBoundLimit`
/// of the width, about 1e-5 of it with Roboto Flex; a line with a wider b is shaped). Its
/// glyph positions are the re-advanced ones, within b of HarfBuzz's (`Line.probes` = 0);
/// a shaped line's are HarfBuzz's.
enum WidthTolerance {
    /// Relative tolerance on the available width.
    static let relative = 1e-12

    /// Whether `width` fits in `available` within the tolerance.
    @inline(__always)
    static func fits(_ width: Double, in available: Double) -> Bool {
        width <= available * (1 + relative)
    }
}
