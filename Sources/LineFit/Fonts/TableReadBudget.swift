/// How much work LineFit's own readers of a font's variation tables may do, in elements
/// produced or records visited, set from the sizes of the tables read.
///
/// OpenType tables point into themselves by offset, so a hostile font can point a thousand
/// lookups at one subtable, or a thousand delta sets at one block of deltas, or give a class
/// range of every glyph many times over: work that a few kilobytes of table multiply into
/// billions of steps or gigabytes of arrays. A real font's tables describe each element about
/// once, so its readers stay within a small multiple of its table bytes and glyph count; a
/// reader that runs out gives up, as for a malformed table (nil: no bound, shape as before).
final class TableReadBudget {
    private(set) var left: Int

    /// A budget of `perByte` steps per table byte and `perGlyph` per glyph of the font.
    init(tableBytes: Int, glyphCount: Int, perByte: Int = 16, perGlyph: Int = 256) {
        left = tableBytes.multipliedReportingOverflow(by: perByte).partialValue
            &+ glyphCount.multipliedReportingOverflow(by: perGlyph).partialValue
    }

    /// Takes `steps` from the budget, before the work is done; false (and nothing left) when
    /// they are more than what is left, or negative (an overflowed count).
    func spend(_ steps: Int) -> Bool {
        guard steps >= 0, steps <= left else {
            left = 0
            return false
        }
        left -= steps
        return true
    }
}
