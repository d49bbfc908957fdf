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
            // On fresh sums, comparing them cuts nothing the glyphs and flags do not (what
            // lets a session skip its patched ones).
            #expect(fresh.agreement(with: old, comparingSums: false) == agreed, "\(text.debugDescription)")
            guard agreed > 0 else { continue }
            // Any offset up to the agreement will do (the editor's window start is one).
            for from in [agreed, 1 + next(agreed)] {
                Self.expectDerivedEqualsFresh(fresh, old: old, from: from, context: text.debugDescription)
                checked += 1
            }
        }
        #expect(checked > 60)
    }

    /// The same over hard text (EditorHardTextPropertyTests' pieces: marks, ZWJ, bidi
    /// controls, Arabic, Hebrew, Devanagari, Thai, CJK, emoji through the fallback fonts) and
    /// paragraphs ended by a line break, so runs are right to left, change font and end in
    /// a terminator.
    @Test func tablesDerivedFromTheAgreementEqualAFullDerivationOnHardText() throws {
        var random = SplitMix64(seed: 0xD371)
        func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let pieces = EditorHardTextPropertyTests.pieces
        let chain = try #require(EditorHardTextPropertyTests.chains[TestFonts.spartan])
        let options = LayoutOptions(width: 500, minSize: 24, maxSize: 260)
        let engine = try LayoutEngine()
        func measure(_ text: String) -> MeasuredParagraph {
            var measured = engine.measureParagraphs(Array(text.utf16), fonts: chain, options: options)[0].1
            measured.deriveGlyphTables()
            return measured
        }
        var checked = 0, terminated = 0
        for _ in 0..<150 {
            var text = (0..<(4 + next(24))).map { _ in pieces[next(pieces.count)] }.joined()
            if next(3) == 0 { text += "\n" + pieces[next(pieces.count)] }
            let old = measure(text)
            let units = Array(text.utf16)
            let at = next(units.count + 1)
            let prefix = String(decoding: units[..<at], as: UTF16.self), suffix = String(decoding: units[at...], as: UTF16.self)
            switch next(3) {
            case 0: text = prefix + pieces[next(pieces.count)] + suffix
            case 1: text = String(decoding: units[..<at] + units[min(units.count, at + 1 + next(4))...], as: UTF16.self)
            default: text = prefix + suffix + pieces[next(pieces.count)]
            }
            let fresh = measure(text)
            let agreed = fresh.agreement(with: old)
            // On fresh sums, comparing them cuts nothing the glyphs and flags do not (what
            // lets a session skip its patched ones).
            #expect(fresh.agreement(with: old, comparingSums: false) == agreed, "\(text.debugDescription)")
            guard agreed > 0 else { continue }
            if fresh.contentLength < fresh.units.count { terminated += 1 }
            for from in [agreed, 1 + next(agreed)] {
                Self.expectDerivedEqualsFresh(fresh, old: old, from: from, context: text.debugDescription)
                checked += 1
            }
        }
        #expect(checked > 120 && terminated > 10, "checked \(checked), terminated \(terminated)")
    }

    /// `fresh`'s tables derived from `old`'s at `from` equal its full derivation, the sums as
    /// bit patterns.
    static func expectDerivedEqualsFresh(_ fresh: MeasuredParagraph, old: MeasuredParagraph, from: Int, context: String) {
        var derived = fresh
        derived.deriveGlyphTables(from: DerivedGlyphTables(old), agreed: from, shortestKept: 1)
        let context = "\(context) from \(from)"
        #expect(derived.prefixAdvance.map(\.bitPattern) == fresh.prefixAdvance.map(\.bitPattern), "\(context)")
        #expect(Array(derived.prefixClusters) == Array(fresh.prefixClusters), "\(context)")
        #expect(Array(derived.isSafeBoundary) == Array(fresh.isSafeBoundary), "\(context)")
        #expect(Array(derived.isClusterStart) == Array(fresh.isClusterStart), "\(context)")
    }
}
