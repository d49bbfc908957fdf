/// A break position of a measured paragraph with what a line ending or starting there reads
/// of the prefix sums, read once for a search that measures many lines between the same
/// positions (the fill's greedy check at every rung, a fresh build of candidate lines).
///
/// A line from `start` to this stop has its content end at this stop's `content` (trailing
/// whitespace left out, measured from the paragraph's start), or at `start` when the line is
/// all whitespace: the value `MeasuredParagraph.contentEnd(from:to:)` finds for any start at
/// or before the content's end. `width(from:tracking:)` is then `estimatedWidth` of that line,
/// the same operations on the same values.
struct PrefixStop {
    var position: Int
    var advance: Double
    var clusters: Int
    var content: Int
    var contentAdvance: Double
    var contentClusters: Int

    init(_ paragraph: MeasuredParagraph, _ position: Int) {
        // Not through the init below: the general scan of `CandidateLines` (a keystroke's)
        // calls this in a local function that the compiler then no longer inlines.
        self.position = position
        let content = paragraph.contentEnd(from: 0, to: position)
        (advance, clusters) = (paragraph.prefixAdvance[position], paragraph.prefixClusters[position])
        (self.content, contentAdvance, contentClusters) = (
            content, paragraph.prefixAdvance[content], paragraph.prefixClusters[content])
    }

    /// The stop at `position`, whose content end (`contentEnd(from: 0, to: position)`) is
    /// `content`, on the paragraph's prefix sums: for a caller making many stops of one
    /// paragraph, which reads the tables out of it once.
    @inline(__always)
    init(
        _ position: Int, content: Int, advance: borrowing ShiftablePrefixSums<Double>,
        clusters: borrowing ShiftablePrefixSums<Int>
    ) {
        self.position = position
        (self.advance, self.clusters) = (advance[position], clusters[position])
        (self.content, contentAdvance, contentClusters) = (content, advance[content], clusters[content])
    }

    /// The content end of the line from `start` (a stop at or before the content's end) to here.
    @inline(__always)
    func contentEnd(from start: PrefixStop) -> Int { max(start.position, content) }

    /// The estimated em width of the line from `start` to here, tracking included.
    @inline(__always)
    func width(from start: PrefixStop, tracking: Double) -> Double {
        guard content > start.position else { return 0 }
        // Cluster counts are prefix sums (not negative): neither difference can overflow.
        let clusters = contentClusters &- start.clusters
        return contentAdvance - start.advance + tracking * Double(max(0, clusters &- 1))
    }
}
