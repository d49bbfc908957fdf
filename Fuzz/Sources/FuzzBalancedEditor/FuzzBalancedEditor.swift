import FuzzSupport
@testable import LineFit

/// Balanced and boxed editor sessions, equal to fresh layouts (`FuzzTargets.balancedEditor`);
/// with the stability rule, equal to a fresh layout given the rule's hints and within the
/// rule's cost margin of a fresh layout (`StableChecks`).
@_cdecl("FuzzBalancedEditor_main")
public func fuzzBalancedEditorMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzBalancedEditorInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBalancedEditorInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzOneInput(data, size) { FuzzTargets.balancedEditor(&$0, afterEdit: StableChecks.hintedEqualsFresh) }
}

/// The story issue's invariants of the stability rule beyond a valid layout: a session equals
/// a fresh layout of its text given the previous layout's breaks as hints (`BreakHint.stability`),
/// as `BalancedEditorTests.stableEqualsFreshWithHint` checks on Latin captions (the session's
/// cache, seeds and window re-measure must change nothing), and the breaks it keeps cost at
/// most (1 + `BalancedCost.stabilityMargin`) × a fresh layout's on the same oracle
/// (`BalancedLayoutCost`, compiled from the unit tests through a link).
enum StableChecks {
    static func hintedEqualsFresh(fonts: FontChain, options: LayoutOptions) -> EditorChecks.AfterEdit {
        { session, previous, before, edit in
            // Where the session keeps stable breaks: balanced, without a height limit (a fill
            // with a fixed size and a limit lay the text out afresh).
            guard options.stableBreaks, options.breakStrategy == .balanced, options.lineFill == .size else { return }
            let fillHeight: Double?
            switch options.box {
            case .none: fillHeight = nil
            case .fill(let height) where options.minSize != options.maxSize: fillHeight = height
            default: return
            }
            let engine = try LayoutEngine()
            let units = Array(session.text.utf16)
            let (chain, resolved) = engine.forLayout(units, fonts: fonts, options: options)
            // An edit that changes the text's language lays it out afresh, without hints.
            if engine.forLayout(Array(before.utf16), fonts: fonts, options: options).1.language != resolved.language { return }
            let paragraphs = engine.measureParagraphs(units, fonts: chain, options: resolved)
            let hints = BreakHint.stability(previous: previous, paragraphs: paragraphs.map(\.0), edit: edit)
            var cache: [LayoutEngine.BalancedParagraph?] = []
            let fresh = BoxFitting.placed(
                engine.fitBalanced(
                    session.text, paragraphs: paragraphs, cache: &cache, fonts: chain, options: resolved,
                    minSize: resolved.minSize, maxSize: resolved.maxSize, fillHeight: fillHeight, hints: hints),
                options: resolved)
            if session.layout != fresh {
                fatalError("fuzz: a stable-breaks session differs from a fresh layout with the same hints after \(edit) of \(session.text.debugDescription) under \(options)")
            }
            var free = options
            free.stableBreaks = false
            let optimum = try engine.layout(session.text, fonts: fonts, options: free)
            if let keptCost = try BalancedLayoutCost.of(session.layout, fonts: fonts, options: options, fillHeight: fillHeight),
               let freeCost = try BalancedLayoutCost.of(optimum, fonts: fonts, options: options, fillHeight: fillHeight),
               keptCost > (1 + BalancedCost.stabilityMargin) * freeCost + 1e-9 * max(1, freeCost) {
                fatalError("fuzz: a stable-breaks session's breaks cost \(keptCost), over the margin of a fresh layout's \(freeCost), after \(edit) of \(session.text.debugDescription) under \(options)")
            }
        }
    }
}
