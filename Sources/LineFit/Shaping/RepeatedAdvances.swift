/// A HarfBuzz font over a variable font's design font that asks FreeType for each glyph's
/// advance, and each character's glyph, once per shaping call.
///
/// At a non-default instance FreeType computes an advance from `HVAR` by evaluating every
/// variation region on every axis, for every glyph HarfBuzz asks about: about 3,300
/// instructions an advance with Roboto Flex, more than half of an optical-size layout
/// (callgrind, `bench-driver loop variable-opsz`). A line repeats its letters, so most of
/// those evaluations repeat too (and FreeType's cmap lookups, a tenth of the rest). This
/// font is a HarfBuzz sub-font of the design font (`GlyphMemoFont`): every function but
/// the horizontal advances and nominal glyphs is the parent's, and its coordinates are copied
/// from the parent when it is made, so GSUB and GPOS see the same instance. Advances come
/// from the parent (hb-ft, FreeType) and are kept for the rest of the call: the values are
/// FreeType's own, bit for bit, so widths still agree with `hb-shape --font-funcs=ft`.
///
/// Nothing outlives the call: the parent's coordinates may change as soon as the font's lock
/// is released, and a memo kept longer would need the instance in its key. (A static font's
/// design font keeps its memo for good instead.)
enum RepeatedAdvances {
    /// Runs `body` with a sub-font of `parent` (which must stay set to one instance meanwhile).
    /// `advances`, when given, are the instance's advances computed from `HVAR`: asked instead
    /// of FreeType (they are equal to its own; see `HorizontalVariations`).
    static func withFont<R>(
        over parent: OpaquePointer, advances: VariationAdvances.Instance? = nil, _ body: (OpaquePointer) throws -> R
    ) rethrows -> R {
        try GlyphMemoFont.withCallFont(over: parent, advances: advances, body)
    }
}
