/// The result of fitting a text: lines in order with their sizes, positions and glyphs.
///
/// A `Layout` is an immutable value, cheap to compare; every range is in UTF-16 offsets of
/// the text it was made from (`text`), and the lines' ranges tile that text: nothing is lost
/// and nothing appears twice. Coordinates are points, y grows downward from the block's top.
public struct Layout: Hashable, Sendable {
    /// The text this layout was made from.
    public var text: String
    /// The lines, top to bottom; their ranges tile the text. A random-access collection
    /// indexed from 0 (`Array(lines)` for an array), see `LineList`.
    public var lines: LineList
    /// The available width the lines were fitted to.
    public var width: Double
    /// The height of the block: the sum of the lines' heights.
    public var height: Double
    /// The min and max sizes actually used: the options' own, or scaled down by the height limit.
    public var minSize: Double
    /// The largest size a line could take (see `minSize`).
    public var maxSize: Double
    /// The factor the height limit scaled min and max by (1 when it did not apply).
    public var heightScale: Double
    /// True when a height limit was set and the block is still taller at the floor.
    public var overflowsHeight: Bool
    /// Grapheme clusters no font covers; they are drawn with the primary font's .notdef.
    public var missing: [MissingCharacters]
    /// The fonts runs refer to by index: the chain the layout was made with.
    public var fontNames: [String]
    /// What the layout applied other than asked (an axis value clamped to a font's range).
    public var warnings: [LayoutWarning] = []
    /// How the lines were broken.
    public var breakStrategy: LayoutOptions.BreakStrategy = .greedy
    /// The box the block was set in (`.none` without one).
    public var box: LayoutOptions.Box = .none
    /// The smallest line size the breaks were chosen for: the minimum used (greedy, or
    /// balanced without a box), or t*, the largest smallest-line size whose block fits the
    /// box (filling). 0 when the layout has no lines.
    public var chosenMinimum: Double = 0
    /// When filling a box stopped growing because a segment that cannot break fills the width
    /// (a long word or URL): that segment's UTF-16 range.
    public var limitingRange: Range<Int>? = nil
    /// Where the block's top sits inside its box (from `verticalAlignment`); 0 without a box.
    public var blockTop: Double = 0

    /// Equal blocks: the same lines, sizes and flags. The box the block was placed in (`box`,
    /// `blockTop`) is a record of the request, not part of the block: a height limit the
    /// block already meets gives the same layout as no limit.
    public static func == (lhs: Layout, rhs: Layout) -> Bool {
        lhs.lines == rhs.lines && lhs.width == rhs.width && lhs.height == rhs.height
            && lhs.minSize == rhs.minSize && lhs.maxSize == rhs.maxSize && lhs.heightScale == rhs.heightScale
            && lhs.overflowsHeight == rhs.overflowsHeight && lhs.missing == rhs.missing
            && lhs.fontNames == rhs.fontNames && lhs.text == rhs.text && lhs.breakStrategy == rhs.breakStrategy
            && lhs.chosenMinimum == rhs.chosenMinimum && lhs.limitingRange == rhs.limitingRange && lhs.warnings == rhs.warnings
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(lines)
    }

    /// The per-line size spans a platform text view applies: Android's `AbsoluteSizeSpan`
    /// over each line's range, iOS font attribute ranges. Adjacent lines of equal size are
    /// kept apart, since a span per line is what the view re-applies on each edit.
    public var sizeSpans: [SizeSpan] {
        lines.map { SizeSpan(start: $0.start, end: $0.end, size: $0.size, axisValues: $0.axisValues) }
    }

    /// The text of a line (its trailing whitespace and line break included).
    public func text(of line: Line) -> String {
        substring(line.start, line.end)
    }

    /// The text of a UTF-16 range of `text`. Offsets are clamped to `0...text.utf16.count`
    /// and a reversed range gives the empty string (a layout decoded from JSON may carry any
    /// numbers); half a surrogate pair at an end reads as U+FFFD.
    public func substring(_ start: Int, _ end: Int) -> String {
        let utf16 = text.utf16
        let count = utf16.count
        let lower = Swift.min(Swift.max(0, start), count)
        let upper = Swift.min(Swift.max(lower, end), count)
        guard upper > lower else { return "" }
        let from = utf16.index(utf16.startIndex, offsetBy: lower)
        let to = utf16.index(from, offsetBy: upper - lower)
        // A range on scalar boundaries (every line's) is a plain substring; decoding the code
        // units (0.7 M instructions the first time: unspecialized generic code) only repairs
        // a range that splits a surrogate pair.
        return String(utf16[from..<to]) ?? String(decoding: Array(utf16[from..<to]), as: UTF16.self)
    }
}

/// A point size over a UTF-16 range.
public struct SizeSpan: Hashable, Sendable, Codable {
    /// The first UTF-16 offset the size applies to.
    public var start: Int
    /// The end of the span (exclusive).
    public var end: Int
    /// The point size of the span's characters.
    public var size: Double
    /// Variable-font axis values over the range (a font descriptor's variation attribute
    /// on iOS, `setFontVariationSettings` in a span on Android); empty for static fonts.
    public var axisValues: [FontVariation]

    /// A span of `start..<end` at `size` points (at `axisValues` for a variable font).
    public init(start: Int, end: Int, size: Double, axisValues: [FontVariation] = []) {
        self.start = start
        self.end = end
        self.size = size
        self.axisValues = axisValues
    }
}

/// One line of a layout.
public struct Line: Hashable, Sendable {
    /// UTF-16 range of the line in the text, end exclusive; it includes trailing whitespace
    /// and the line break that ends the line.
    public var start: Int
    /// The end of the line's range (exclusive), after its trailing whitespace and line break.
    public var end: Int
    /// Where the visible content ends: trailing whitespace and the line break start here.
    public var contentEnd: Int
    /// The point size of every glyph on the line.
    public var size: Double
    /// Width of the content in points, trailing whitespace left out, tracking included.
    public var width: Double
    /// Left edge of the content within the block (from the alignment option).
    public var x: Double
    /// Top of the line's box, from the block's top.
    public var top: Double
    /// The baseline, from the block's top.
    public var baseline: Double
    /// The largest ascent and descent of the fonts on the line, at the line's size (points).
    public var ascent: Double
    /// The largest descent of the fonts on the line, at its size (points, positive).
    public var descent: Double
    /// The line's box height: (ascent + descent) × line spacing.
    public var height: Double
    /// What happened to the line (held at max, broken inside a word, ...).
    public var flags: Flags
    /// Glyph runs in visual order, left to right.
    ///
    /// Stored at offsets `runShift` below their true ones: an edit before a line moves it by
    /// adjusting one number instead of copying its runs and glyphs (the previous layout still
    /// holds them), so reading the runs of a moved line makes a shifted copy.
    public var runs: [GlyphRun] {
        get { runShift == 0 ? storedRuns : storedRuns.map { $0.shifted(by: runShift) } }
        set {
            storedRuns = newValue
            runShift = 0
        }
    }
    /// The runs as made, before `runShift` is added to their offsets.
    private(set) var storedRuns: [GlyphRun]
    /// What every offset in `storedRuns` is short of its true value.
    private(set) var runShift = 0
    /// The variable-font axis values the line is shaped and drawn at (with optical sizing,
    /// `opsz` = the line's size, clamped to the axis; with width-axis filling, its `wdth`).
    /// Every font of the chain that has an axis applies its value. Empty for static fonts.
    public var axisValues: [FontVariation] = []
    /// How many widths the line's size or `wdth` search measured by reshaping the line
    /// (optical sizing, width axis); 0 when its width was linear in its size.
    public var probes: Int = 0

    /// What the fitter did with a line, as a set.
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The line would grow past the maximum size; it is held there and aligned.
        public static let heldAtMax = Flags(rawValue: 1 << 0)
        /// A word wider than the width at the minimum size was broken between grapheme clusters.
        public static let brokenInsideWord = Flags(rawValue: 1 << 1)
        /// The line is wider than the width even at the minimum size (one cluster too wide).
        public static let overflows = Flags(rawValue: 1 << 2)
        /// The line has no content (an empty paragraph).
        public static let empty = Flags(rawValue: 1 << 3)
        /// The line ends with a mandatory break (a newline or paragraph separator).
        public static let endsParagraph = Flags(rawValue: 1 << 4)
        /// Filling by the width axis: the axis range could not fill this line, so it is
        /// filled by its size instead (at the axis end nearest to filling it).
        public static let widthAxisFallback = Flags(rawValue: 1 << 5)
    }

    /// The line's UTF-16 range, `start..<end`.
    public var range: Range<Int> { start..<end }

    init(
        start: Int, end: Int, contentEnd: Int, size: Double, width: Double, x: Double, top: Double, baseline: Double,
        ascent: Double, descent: Double, height: Double, flags: Flags, runs: [GlyphRun],
        axisValues: [FontVariation] = [], probes: Int = 0
    ) {
        self.start = start
        self.end = end
        self.contentEnd = contentEnd
        self.size = size
        self.width = width
        self.x = x
        self.top = top
        self.baseline = baseline
        self.ascent = ascent
        self.descent = descent
        self.height = height
        self.flags = flags
        storedRuns = runs
        self.axisValues = axisValues
        self.probes = probes
    }

    /// How many glyph runs the line has (without copying the runs of a moved line).
    package var runCount: Int { storedRuns.count }

    /// The run at `index` of `runs` (shifting only that run of a moved line).
    package func run(at index: Int) -> GlyphRun { storedRuns[index].shifted(by: runShift) }

    /// The same line with every offset moved by `delta` (text inserted or deleted before it);
    /// the runs are shared with `self`, see `runs`.
    func shifted(by delta: Int) -> Line {
        var line = self
        line.shift(by: delta)
        return line
    }

    /// Moves every offset by `delta` where the line stands (no copy of it: a copy retains
    /// and releases its arrays).
    mutating func shift(by delta: Int) {
        start &+= delta
        end &+= delta
        contentEnd &+= delta
        runShift &+= delta
    }

    /// Equal lines: every public property equal (runs compared at their true offsets).
    public static func == (lhs: Line, rhs: Line) -> Bool {
        lhs.top == rhs.top && lhs.baseline == rhs.baseline && lhs.sameBox(as: rhs, shiftedBy: 0, otherShiftedBy: 0)
    }

    /// Equal lines but for `top` and `baseline`, `self` moved by `shift` and `other` by
    /// `otherShift` (lines where a `LineList` stores them), compared where they stand.
    func sameBox(as other: Line, shiftedBy shift: Int, otherShiftedBy otherShift: Int) -> Bool {
        let delta = shift &- otherShift
        return start &+ delta == other.start && end &+ delta == other.end && contentEnd &+ delta == other.contentEnd
            && size == other.size && width == other.width && x == other.x
            && ascent == other.ascent && descent == other.descent && height == other.height
            && flags == other.flags && axisValues == other.axisValues && probes == other.probes
            && sameRuns(as: other, delta: delta)
    }

    /// Hashes what `==` compares, except the runs' contents: their count, true starts and
    /// glyph counts (equal lines hash equally; a coarser hash needs no second list of fields).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(end)
        hasher.combine(contentEnd)
        hasher.combine(size)
        hasher.combine(width)
        hasher.combine(x)
        hasher.combine(top)
        hasher.combine(baseline)
        hasher.combine(ascent)
        hasher.combine(descent)
        hasher.combine(height)
        hasher.combine(flags)
        hasher.combine(axisValues)
        hasher.combine(probes)
        hasher.combine(storedRuns.count)
        for run in storedRuns {
            hasher.combine(run.start + runShift)
            hasher.combine(run.glyphs.count)
        }
    }

    /// Compares runs at their true offsets; lines moved by the same amount (the editor's
    /// lines against each other) compare their stored runs without a copy.
    private func sameRuns(as other: Line, delta lineDelta: Int) -> Bool {
        guard storedRuns.count == other.storedRuns.count else { return false }
        let delta = runShift &+ lineDelta &- other.runShift
        // Lines an editor carried over share their runs' storage: equal without a look inside
        // (comparing them run by run was 11% of a keystroke in a 10,000-character paragraph).
        if delta == 0, storedRuns.withUnsafeBufferPointer({ $0.baseAddress })
            == other.storedRuns.withUnsafeBufferPointer({ $0.baseAddress }) {
            return true
        }
        return zip(storedRuns, other.storedRuns).allSatisfy { $0.shifted(by: delta) == $1 }
    }
}

/// A run of glyphs of one font, one bidi level and one script, positioned on its line.
public struct GlyphRun: Hashable, Sendable {
    /// UTF-16 range of the characters the run draws.
    public var start: Int
    /// The end of the run's UTF-16 range (exclusive).
    public var end: Int
    /// Index into `Layout.fontNames` (and into the `FontChain` the layout was made with).
    public var fontIndex: Int
    /// UAX #9 embedding level: odd levels are right-to-left.
    public var bidiLevel: UInt8
    /// ISO 15924 script tag, such as "Latn" or "Arab".
    public var script: String
    /// Left edge of the run relative to the line's `x`.
    public var x: Double
    /// Advance width of the run in points (tracking included).
    public var width: Double
    /// Glyphs in visual order, left to right.
    public var glyphs: [Glyph]

    /// True for an odd (right-to-left) bidi level: the glyphs read right to left.
    public var isRightToLeft: Bool { bidiLevel & 1 == 1 }

    /// The run with every offset moved by `delta`.
    func shifted(by delta: Int) -> GlyphRun {
        guard delta != 0 else { return self }
        var run = self
        run.start += delta
        run.end += delta
        run.glyphs.withUnsafeMutableBufferPointer { glyphs in
            for index in glyphs.indices { glyphs[index].cluster += delta }
        }
        return run
    }
}

/// One positioned glyph. Positions are points at the line's size.
public struct Glyph: Hashable, Sendable, Codable {
    /// The glyph id in the run's font (0 is .notdef).
    public var id: UInt32
    /// UTF-16 offset in the text of the first character of the glyph's cluster.
    public var cluster: Int
    /// Pen position of the glyph's origin relative to the run's left edge.
    public var x: Double
    /// How far the pen moves after the glyph, in points (tracking included).
    public var advance: Double
    /// HarfBuzz's offsets (y up, as in font units).
    public var xOffset: Double
    /// HarfBuzz's vertical offset, in points, y up.
    public var yOffset: Double
}
