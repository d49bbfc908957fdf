extension PrefixStop {
    /// Every field bit for bit the same: a line between two stops that read as the same
    /// measures the same (its content end and em width are computed from these alone), so a
    /// rebuild keeps the lines ending at a position whose stop reads as the earlier build's
    /// (`CandidateLines.reusableStarts`).
    func readsAsSame(_ other: PrefixStop) -> Bool {
        position == other.position && clusters == other.clusters && content == other.content
            && contentClusters == other.contentClusters && advance.bitPattern == other.advance.bitPattern
            && contentAdvance.bitPattern == other.contentAdvance.bitPattern
    }
}
