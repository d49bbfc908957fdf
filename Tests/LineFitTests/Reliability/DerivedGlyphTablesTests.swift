import Foundation
import Testing

@testable import LineFit

/// The balanced editor re-derives an edited paragraph's glyph tables only from where its
/// measurement parts from the previous one: the tables must equal a full derivation bit for
/// bit (candidate lines rank by the prefix sums).
@Suite struct DerivedGlyphTablesTests {
    @Test func tablesDerivedFromTheAgreementEqualAFullDerivation() throws {
        var random = SplitMix64(seed: 0x7AB1E)
        func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let words = ["sun", "a", "coffee", "morning", "WOW", "together", "il", "x", "summer", "ferry", "office", "Ta"]
        let chain = try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        let options = LayoutOptions(width: 700, minSize: 24, maxSize: 260)
        let engine = try LayoutEngine()
        func measure(_ text: String) -> MeasuredParagraph {
            var measured = engine.measureParagraphs(Array(text.utf16), fonts: chain, options: options)[0].1
            measured.deriveGlyphTables()
            return measured
        }
        var checked = 0
        for _ in 0..<60 {
            var text = (0..<(5 + next(40))).map { _ in words[next(words.count)] }.joined(separator: " ")
            let old = measure(text)
            let units = Array(text.utf16)
            let at = next(3) == 0 ? next(units.count + 1) : units.count - next(units.count / 3 + 1)
            let prefix = String(decoding: units[..<at], as: UTF16.self), suffix = String(decoding: units[at...], as: UTF16.self)
            switch next(3) {
            case 0: text = prefix + ["f", " ", "fi", " office"][next(4)] + suffix
            case 1: text = String(decoding: units[..<at] + units[min(units.count, at + 1 + next(4))...], as: UTF16.self)
            default: text = prefix + suffix + " s"
            }
            let fresh = measure(text)
            let agreed = fresh.agreement(with: old)
            guard agreed > 0 else { continue }
            // Any offset up to the agreement will do (the editor's window start is one).
            for from in [agreed, 1 + next(agreed)] {
                var derived = fresh
                derived.deriveGlyphTables(from: DerivedGlyphTables(old), agreed: from)
                let context = "\(text.debugDescription) from \(from)"
                #expect(derived.prefixAdvance.map(\.bitPattern) == fresh.prefixAdvance.map(\.bitPattern), "\(context)")
                #expect(Array(derived.prefixClusters) == Array(fresh.prefixClusters), "\(context)")
                #expect(Array(derived.isSafeBoundary) == Array(fresh.isSafeBoundary), "\(context)")
                #expect(Array(derived.isClusterStart) == Array(fresh.isClusterStart), "\(context)")
                checked += 1
            }
        }
        #expect(checked > 60)
    }
}
