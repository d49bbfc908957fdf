extension BalancedLineBreaker {
    /// A front's gathered lists (`gather`), per position: what the next keystroke's resumed
    /// front (`resumedFront`) reads instead of gathering again where none of the lines ending
    /// at a position changed. A keystroke at the end of a paragraph solves each late start's
    /// last line against the same incoming entries as the keystroke before; gathering them
    /// again, and listing every line ending past the first solved start to do so, was most
    /// of the resumed front's work.
    ///
    /// Every list held is exactly what `gather` makes at its position over the lines and
    /// entries of the front holding it (same lines in the same order, same values, `edge` and
    /// `entry` in that front's numbering, and `lowest`). A fresh front holds none.
    struct GatheredLists {
        /// One position's list: its storage is kept when the list is dropped and written over
        /// when one is gathered there again (one array per position: a flat array of all of
        /// them was copied whole whenever it grew, ~1 instruction a byte).
        struct List {
            /// The list is `items[..<count]`; -1: none held.
            var count = -1
            var items: [Incoming] = []
            /// `gather`'s `lowest` (NaN for nil: a `lowest` is always finite).
            var lowest = Double.nan
        }

        var lists: [List] = []
        /// Lists renumbered (read again, not gathered) over the fronts that held these: for
        /// tests that check the lists are read.
        var renumbered = 0

        /// Positions from `count` on hold nothing; the others keep what they hold.
        mutating func cut(to positions: Int) {
            if lists.count > positions {
                lists.removeSubrange(positions...)
            } else {
                lists.append(contentsOf: repeatElement(List(), count: positions - lists.count))
            }
        }

        func isHeld(_ a: Int) -> Bool { lists[a].count >= 0 }

        /// Position `a` holds nothing.
        mutating func drop(_ a: Int) {
            lists[a].count = -1
        }

        /// Position `a`'s list renumbered into a resumed front's lines (in place), when each of
        /// its lines is one of the resumed lines (below `resumedEdges`, same number) or was
        /// copied with its entry (`newEdge`, per earlier line from `resumedEdges`: its number
        /// now, -1 when its entry was not copied); false (the list then no longer held) when
        /// one is not. `entryStart` must be set for every line ending at `a`.
        @inline(__always)
        mutating func renumber(
            _ a: Int, resumedEdges: Int, newEdge: UnsafeMutableBufferPointer<Int32>?,
            entryStart: UnsafeMutableBufferPointer<Int>
        ) -> Bool {
            let length = lists[a].count
            let held = lists[a].items.withUnsafeMutableBufferPointer { items -> Bool in
                // (`length` ≤ `items.count`: `gather` wrote them.)
                for i in 0..<length {
                    let old = items[i].edge
                    if old < resumedEdges { continue }
                    guard let newEdge, old &- resumedEdges < newEdge.count else { return false }
                    let now = Int(newEdge[old &- resumedEdges])
                    // (`newEdge` is also set for a copied line without an entry: no list holds one.)
                    guard now >= 0, entryStart[now &+ 1] > entryStart[now] else { return false }
                    items[i].edge = now
                    items[i].entry = entryStart[now]
                }
                return true
            }
            if held { renumbered += 1 } else { drop(a) }
            return held
        }
    }
}
