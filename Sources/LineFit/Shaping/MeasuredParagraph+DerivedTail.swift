/// The tables `deriveGlyphTables` makes, kept from one keystroke to the next by the balanced
/// editor: its prefix sums must be freshly summed (the session's patched ones differ in the
/// last bits), and summing the whole paragraph again was ~9.8 K instructions a keystroke at
/// 230 characters, which greedy does not pay.
struct DerivedGlyphTables {
    var prefixAdvance: ShiftablePrefixSums<Double>
    var prefixClusters: ShiftablePrefixSums<Int>
    var isSafeBoundary: GapArray<Bool>
    var isClusterStart: GapArray<Bool>
    /// The earlier paragraph's content length: its entries from there on are the
    /// terminator's (all set), so only entries below it may be kept.
    var contentLength: Int

    init(_ measured: borrowing MeasuredParagraph) {
        contentLength = measured.contentLength
        prefixAdvance = measured.prefixAdvance
        prefixClusters = measured.prefixClusters
        isSafeBoundary = measured.isSafeBoundary
        isClusterStart = measured.isClusterStart
    }
}

extension MeasuredParagraph {
    /// `deriveGlyphTables`, bit for bit, from `tables`: those derived for an earlier
    /// measurement that agrees with this one through `agreed` (`agreement(with:)`: the same
    /// runs and the same glyphs, in order, for every cluster before it). Entries up to and
    /// including `agreed` read only those clusters, so they are kept; the rest is summed
    /// again from them in the same order, in O(length − agreed).
    /// (`shortestKept`: below that many units kept it derives in full; tests pass 1.)
    mutating func deriveGlyphTables(from tables: consuming DerivedGlyphTables, agreed: Int, shortestKept: Int = 64) {
        let length = units.count
        let oldCount = tables.prefixAdvance.count
        // Below `shortestKept` units kept, summing again in the kept storage costs less than
        // splicing the tables (a short paragraph's keystroke: 6.7 K against 2.3 K at 3 units).
        guard agreed >= max(1, shortestKept), agreed < oldCount, agreed <= min(contentLength, tables.contentLength), tables.prefixClusters.count == oldCount,
              tables.isSafeBoundary.count == oldCount, tables.isClusterStart.count == oldCount else {
            // The kept storage is this paragraph's own (the current tables are shared with the
            // session): derived in it, nothing is allocated.
            swap(&prefixAdvance, &tables.prefixAdvance)
            swap(&prefixClusters, &tables.prefixClusters)
            swap(&isSafeBoundary, &tables.isSafeBoundary)
            swap(&isClusterStart, &tables.isClusterStart)
            deriveGlyphTables()
            return
        }
        let contentLength = self.contentLength
        let newCount = length + 1 - agreed
        // Flags from `agreed` on start again; the gap is left after them (at the end).
        tables.isSafeBoundary.replaceSubrange(agreed..<oldCount, with: repeatElement(false, count: newCount))
        tables.isClusterStart.replaceSubrange(agreed..<oldCount, with: repeatElement(false, count: newCount))
        tables.isSafeBoundary.withUnsafeMutableBufferBeforeGap { safe in
            tables.isClusterStart.withUnsafeMutableBufferBeforeGap { clusterStart in
                for (run, runGlyphs) in zip(runs, glyphs) where run.range.upperBound > agreed {
                    runGlyphs.forEach(clusters: agreed..<run.range.upperBound, rightToLeft: run.isRightToLeft) { glyph in
                        let cluster = glyph.cluster
                        if !clusterStart[cluster] {
                            clusterStart[cluster] = true
                            safe[cluster] = true
                        }
                        if glyph.unsafeToBreak { safe[cluster] = false }
                    }
                    if run.range.lowerBound >= agreed {
                        safe[run.range.lowerBound] = true
                        clusterStart[run.range.lowerBound] = true
                    }
                }
                for i in max(contentLength, agreed)...length {
                    safe[i] = true
                    clusterStart[i] = true
                }
            }
        }
        // The sums after `agreed`: per-cluster advances first, then accumulated from the
        // kept entry at `agreed`, as `deriveGlyphTables` adds them.
        let window = (agreed + 1)..<oldCount
        tables.prefixAdvance.replace(window, count: length - agreed, added: { $1 - $0 }) { advance, _ in
            for (run, runGlyphs) in zip(runs, glyphs) where run.range.upperBound > agreed {
                runGlyphs.forEach(clusters: agreed..<run.range.upperBound, rightToLeft: run.isRightToLeft) { glyph in
                    advance[glyph.cluster + 1] += glyph.advance
                }
            }
            for i in agreed..<length { advance[i + 1] += advance[i] }
        }
        tables.isClusterStart.withUnsafeMutableBufferBeforeGap { clusterStart in
            tables.prefixClusters.replace(window, count: length - agreed, added: { $1 - $0 }) { clusters, _ in
                for i in agreed..<length { clusters[i + 1] = clusters[i] &+ (clusterStart[i] ? 1 : 0) }
            }
        }
        prefixAdvance = tables.prefixAdvance
        prefixClusters = tables.prefixClusters
        isSafeBoundary = tables.isSafeBoundary
        isClusterStart = tables.isClusterStart
    }
}
