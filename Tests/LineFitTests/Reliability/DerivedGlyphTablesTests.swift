import Foundation
import Testing

@testable import LineFit

/// The balanced editor re-derives an edited paragraph's glyph tables only from where its
/// measurement parts from the previous one: the tables must equal a full derivation bit for
/// bit (candidate lines rank by the prefix sums).
@Suite struct DerivedGlyphTablesTests {
    @Test func tablesDerivedFromTheAgreementEqualAFullDerivation() throws {
        let words = ["sun", "a", "coffee", "morning", "WOW", "together", "il", "x", "summer", "ferry", "office", "Ta"]
        let (checked, _) = try Self.checkRandomEdits(
            seed: 0x7AB1E, rounds: 60, chain: try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf"), width: 700,
            text: { next in (0..<(5 + next(40))).map { _ in words[next(words.count)] }.joined(separator: " ") },
            at: { next, count in next(3) == 0 ? next(count + 1) : count - next(count / 3 + 1) },
            inserted: { next in ["f", " ", "fi", " office"][next(4)] }, appended: { _ in " s" })
        #expect(checked > 60)
    }

    /// The same over hard text (EditorHardTextPropertyTests' pieces: marks, ZWJ, bidi
    /// controls, Arabic, Hebrew, Devanagari, Thai, CJK, emoji through the fallback fonts) and
    /// paragraphs ended by a line break, so runs are right to left, change font and end in
    /// a terminator.
    @Test func tablesDerivedFromTheAgreementEqualAFullDerivationOnHardText() throws {
        let pieces = EditorHardTextPropertyTests.pieces
        let (checked, terminated) = try Self.checkRandomEdits(
            seed: 0xD371, rounds: 150, chain: try #require(EditorHardTextPropertyTests.chains[TestFonts.spartan]), width: 500,
            text: { next in
                let text = (0..<(4 + next(24))).map { _ in pieces[next(pieces.count)] }.joined()
                return next(3) == 0 ? text + "\n" + pieces[next(pieces.count)] : text
            },
            at: { next, count in next(count + 1) },
            inserted: { next in pieces[next(pieces.count)] }, appended: { next in pieces[next(pieces.count)] })
        #expect(checked > 120 && terminated > 10, "checked \(checked), terminated \(terminated)")
    }

    /// Draws `rounds` texts and one edit of each (an insertion at `at`, a deletion there, or an
    /// appended piece), and checks the edited paragraph's tables derived from the old ones at
    /// the agreement, and at an offset before it, against a full derivation. Returns the
    /// derivations checked and how many of them were of a paragraph ended by a terminator.
    static func checkRandomEdits(
        seed: UInt64, rounds: Int, chain: FontChain, width: Double,
        text: (_ next: (Int) -> Int) -> String, at: (_ next: (Int) -> Int, _ count: Int) -> Int,
        inserted: (_ next: (Int) -> Int) -> String, appended: (_ next: (Int) -> Int) -> String
    ) throws -> (checked: Int, terminated: Int) {
        var random = SplitMix64(seed: seed)
        func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let options = LayoutOptions(width: width, minSize: 24, maxSize: 260)
        let engine = try LayoutEngine()
        func measure(_ text: String) -> MeasuredParagraph {
            var measured = engine.measureParagraphs(Array(text.utf16), fonts: chain, options: options)[0].1
            measured.deriveGlyphTables()
            return measured
        }
        var checked = 0, terminated = 0
        for _ in 0..<rounds {
            var edited = text(next)
            let old = measure(edited)
            let units = Array(edited.utf16)
            let offset = at(next, units.count)
            let prefix = String(decoding: units[..<offset], as: UTF16.self), suffix = String(decoding: units[offset...], as: UTF16.self)
            switch next(3) {
            case 0: edited = prefix + inserted(next) + suffix
            case 1: edited = String(decoding: units[..<offset] + units[min(units.count, offset + 1 + next(4))...], as: UTF16.self)
            default: edited = prefix + suffix + appended(next)
            }
            let fresh = measure(edited)
            let agreed = fresh.agreement(with: old)
            // On fresh sums, comparing them cuts nothing the glyphs and flags do not (what
            // lets a session skip its patched ones).
            #expect(fresh.agreement(with: old, comparingSums: false) == agreed, "\(edited.debugDescription)")
            guard agreed > 0 else { continue }
            if fresh.contentLength < fresh.units.count { terminated += 1 }
            // Any offset up to the agreement will do (the editor's window start is one).
            for from in [agreed, 1 + next(agreed)] {
                expectDerivedEqualsFresh(fresh, old: old, from: from, context: edited.debugDescription)
                checked += 1
            }
        }
        return (checked, terminated)
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
