extension LayoutEngine {
    /// A paragraph's balanced state (`BalancedParagraphState`: candidate lines, stage 2's
    /// front and finals, fitted lines, the measurement) behind one reference, copied on
    /// write. An editor session copies and drops these on every keystroke (in arrays, a
    /// dictionary, the seeds of the next edit); as a struct of some twenty arrays each copy or
    /// drop retained or released every one of them, through generic value witnesses inside
    /// arrays (about a fifth of a short keystroke). Fields read and write as before.
    @dynamicMemberLookup
    struct BalancedParagraph {
        private final class Storage {
            // Reached only through `BalancedParagraph`'s subscript, which never nests two
            // accesses to one storage: the run-time exclusivity check (about 85 instructions
            // an access, some 25 a short keystroke) guards nothing.
            @exclusivity(unchecked) var state: BalancedParagraphState
            init(_ state: BalancedParagraphState) { self.state = state }
        }

        private var storage: Storage

        init(candidates: CandidateLines, settings: BalancedSettings, overrides: [LineKey: Double] = [:]) {
            storage = Storage(BalancedParagraphState(candidates: candidates, settings: settings, overrides: overrides))
        }

        subscript<Value>(dynamicMember path: WritableKeyPath<BalancedParagraphState, Value>) -> Value {
            _read { yield storage.state[keyPath: path] }
            _modify {
                if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.state) }
                yield &storage.state[keyPath: path]
            }
        }
    }
}
