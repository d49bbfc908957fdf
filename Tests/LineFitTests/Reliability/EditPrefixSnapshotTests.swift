import Testing

@testable import LineFit

/// The balanced session tightens a window re-measure's agreement (the window's start) by
/// comparing what the re-measure rewrote between the window's start and the edit with a
/// record of it made before (`EditPrefixSnapshot`). The tightened offset must be what a
/// comparison of the whole fresh measurements finds (capped at the edit's start), never more:
/// candidate lines, stage 2 entries and fitted lines up to it are kept.
@Suite struct EditPrefixSnapshotTests {
    @Test(arguments: [false, true])
    func theTightenedAgreementIsWhatAFreshComparisonFinds(hardText: Bool) throws {
        var random = SplitMix64(seed: hardText ? 0x5A_F17 : 0x7_16E7)
        func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let words = ["sun", "a", "coffee", "morning", "WOW", "together", "il", "x", "summer", "ferry", "office", "Ta", "AV."]
        // Hard text among Latin words (a paragraph of hard text alone is mostly measured afresh):
        // marks, bidi, Arabic, Hebrew, Devanagari, emoji through the fallback fonts.
        let hard = EditorHardTextPropertyTests.pieces.filter { !$0.contains("\n") }
        let pieces = words.map { $0 + " " } + (hardText ? hard : [])
        let chain = hardText
            ? try #require(EditorHardTextPropertyTests.chains[TestFonts.spartan])
            : try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        let options = LayoutOptions(width: 500, minSize: 24, maxSize: 260)
        let engine = try LayoutEngine()
        let style = engine.shapingStyle(options)
        func measure(_ units: [UInt16]) -> MeasuredParagraph {
            engine.measureParagraphs(units, fonts: chain, options: options)[0].1
        }
        var snapshot = EditPrefixSnapshot()
        var windows = 0, compared = 0, tightened = 0
        for _ in 0..<(hardText ? 600 : 300) {
            let old = Array((0..<(3 + next(20))).map { _ in pieces[next(pieces.count)] }.joined().utf16)
            let oldMeasured = measure(old)
            guard oldMeasured.contentLength == old.count else { continue }
            // Mostly typing at the end, a letter or a piece; else inserts, deletions and
            // replacements inside.
            let lo: Int, hi: Int, inserted: [UInt16]
            switch next(4) {
            case 0, 1:
                (lo, hi) = (old.count, old.count)
                inserted = Array((next(2) == 0 ? ["s", "f", "i", ".", " ", "V"][next(6)] : pieces[next(pieces.count)]).utf16)
            case 2:
                lo = next(old.count)
                hi = min(old.count, lo + next(4))
                inserted = next(2) == 0 ? [] : Array(pieces[next(pieces.count)].utf16)
            default:
                lo = next(old.count)
                hi = min(old.count, lo + 1)
                inserted = Array(["m", "i", "f"][next(3)].utf16)
            }
            // (No surrogate pair cut in two.)
            func splits(_ i: Int) -> Bool { i > 0 && i < old.count && old[i] & 0xFC00 == 0xDC00 }
            guard lo > 0, !splits(lo), !splits(hi) else { continue }
            let units = Array(old[..<lo]) + inserted + Array(old[hi...])
            guard !units.isEmpty else { continue }
            snapshot.record(oldMeasured, editStart: lo)
            var patched = oldMeasured
            guard let window = engine.remeasure(
                &patched, units: units, previousLength: old.count, contentLength: units.count, edit: lo..<hi,
                insertedCount: inserted.count, fonts: chain, options: options, style: style) else { continue }
            let tight = snapshot.agreement(of: patched, windowStart: window.lowerBound)
            windows += 1
            let fresh = measure(units).agreement(with: oldMeasured, comparingSums: false)
            let context = "\(String(decoding: old, as: UTF16.self).debugDescription) edit \(lo)..<\(hi) window \(window)"
            #expect(tight >= window.lowerBound && tight <= max(window.lowerBound, fresh), "\(context): \(tight), fresh \(fresh)")
            if window.lowerBound >= snapshot.from, window.lowerBound < lo {
                #expect(tight == max(window.lowerBound, min(fresh, lo)), "\(context): \(tight), fresh \(fresh)")
                compared += 1
                if tight > window.lowerBound { tightened += 1 }
            }
        }
        // Hard text re-measures in a window less often (bidi, dictionary scripts, fallback runs).
        #expect(compared > (hardText ? 10 : 60) && tightened > (hardText ? 5 : 30),
                "windows \(windows), compared \(compared), tightened \(tightened)")
    }
}
