/// Paragraphs measured once more at a second optical size, shared by their lines as the
/// upper point of their starting estimates (interpolating between two measured instances).
///
/// Without it each line measures itself once at its linear estimate before the search, a
/// reshaping per line; one paragraph shaping at a second `opsz` serves every line of the
/// paragraph whose linear estimate falls in the same `binWidth` band (HarfBuzz's and
/// FreeType's per-glyph work is shared across those lines too).
///
/// A line's start must depend on the line alone: an editor keeps lines whose text did not
/// change, and where widths are not monotone in the size the search's answer depends on its
/// start, so a line fitted from another start could differ from a fresh layout. So the
/// second `opsz` comes from the line's own linear estimate (rounded up to its band), and its
/// width there is read from the paragraph only where both ends of the line are safe
/// boundaries (where a slice equals the line shaped alone).
///
/// Only the most recent anchors are kept: an editor session keeps its fitting context, and
/// each keystroke makes a new paragraph.
final class OpticalAnchors {
    private var recent: [(units: [UInt16], opticalSize: Double, paragraph: MeasuredParagraph)] = []
    static let kept = 8
    /// Width of the bands (points) that linear estimates are rounded up to.
    static let binWidth = 4.0
    /// A larger optical size sets tighter, so answers lie a little above the linear estimate.
    static let lift = 1.02

    /// The second optical size for a line whose linear estimate is `linear`, clamped by `clamp`.
    static func opticalSize(linear: Double, clamp: (Double) -> Double) -> Double {
        clamp((linear * lift / binWidth).rounded(.up) * binWidth)
    }

    /// `paragraph` measured at `opticalSize`, by `measure` the first time it is asked for.
    func paragraph(
        _ paragraph: MeasuredParagraph, at opticalSize: Double, measure: (Double) -> MeasuredParagraph
    ) -> MeasuredParagraph {
        if let known = recent.first(where: { $0.opticalSize == opticalSize && $0.units == paragraph.units }) {
            return known.paragraph
        }
        let measured = measure(opticalSize)
        recent.insert((paragraph.units, opticalSize, measured), at: 0)
        if recent.count > Self.kept { recent.removeLast() }
        return measured
    }
}
