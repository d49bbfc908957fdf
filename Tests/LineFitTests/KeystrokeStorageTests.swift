import Testing

@testable import LineFit

/// The storage that keeps a keystroke in a long paragraph from touching the whole paragraph
/// (lazily shifted prefix sums), and the measurement storage one engine reuses from layout
/// to layout: neither may change a value anyone reads.
@Suite("Keystroke storage")
struct KeystrokeStorageTests {
    /// Prefix sums of `values` (one more entry than values, starting at 0).
    static func prefixSums(_ values: [Int]) -> [Int] {
        var sums = [0]
        for value in values { sums.append(sums[sums.count - 1] + value) }
        return sums
    }

    /// Replaces `values[range]` by `new` in `sums`, the way `patchGlyphTables` does: the
    /// entries after the range's start are rewritten from the one before them.
    static func replace(_ sums: inout ShiftablePrefixSums<Int>, _ range: Range<Int>, with new: [Int]) {
        sums.replace((range.lowerBound + 1)..<(range.upperBound + 1), count: new.count, added: { $1 - $0 }) { stored, _ in
            for (k, value) in new.enumerated() {
                stored[range.lowerBound + 1 + k] = stored[range.lowerBound + k] + value
            }
        }
    }

    @Test("shifted prefix sums, worked by hand: the entries after an edit are not touched")
    func handWorked() {
        // Values 1 2 3 4 5: sums 0 1 3 6 10 15.
        var sums = ShiftablePrefixSums([0, 1, 3, 6, 10, 15])
        // The 2 becomes 7 7: values 1 7 7 3 4 5, sums 0 1 8 15 18 22 27.
        Self.replace(&sums, 1..<2, with: [7, 7])
        #expect(Array(sums) == [0, 1, 8, 15, 18, 22, 27])
        // The old entries 6 10 15 are stored as they were, after the gap left where the edit
        // ended; only the pending shift (+12) moved.
        #expect(Array(sums.stored) == [0, 1, 8, 15, 6, 10, 15])
        #expect(sums.stored.gapStart == 4)
        #expect(sums.shiftFrom == 4 && sums.shift == 12)
        // The 4 (now at index 4) becomes 0: values 1 7 7 3 0 5, sums 0 1 8 15 18 18 23.
        Self.replace(&sums, 4..<5, with: [0])
        #expect(Array(sums) == [0, 1, 8, 15, 18, 18, 23])
        // Now an edit before the pending start: the first value 1 is deleted.
        // Values 7 7 3 0 5: sums 0 7 14 17 17 22.
        Self.replace(&sums, 0..<1, with: [])
        #expect(Array(sums) == [0, 7, 14, 17, 17, 22])
        #expect(sums.last == 22 && sums.count == 6)
    }

    @Test("shifted prefix sums equal sums recomputed from scratch after random edits anywhere")
    func randomEdits() {
        var random = SplitMix64(seed: 1_205)
        for round in 0..<40 {
            var values = (0..<Int(random.next() % 60)).map { _ in Int(random.next() % 50) }
            var sums = ShiftablePrefixSums(Self.prefixSums(values))
            var caret = values.count / 2
            for step in 0..<60 {
                // Mostly typing near the caret (the lazy case), sometimes a jump anywhere.
                if random.next() % 5 == 0 { caret = values.isEmpty ? 0 : Int(random.next() % UInt64(values.count + 1)) }
                caret = min(caret, values.count)
                let removed = min(values.count - caret, Int(random.next() % 3))
                let inserted = (0..<Int(random.next() % 3)).map { _ in Int(random.next() % 50) - 10 }
                values.replaceSubrange(caret..<(caret + removed), with: inserted)
                Self.replace(&sums, caret..<(caret + removed), with: inserted)
                caret += inserted.count
                if Array(sums) != Self.prefixSums(values) {
                    Issue.record("round \(round), step \(step): \(Array(sums)) != \(Self.prefixSums(values))")
                    return
                }
            }
        }
    }

    @Test("a gap array equals an array after random edits, writes and closings of the gap")
    func gapArrayRandomEdits() {
        var random = SplitMix64(seed: 77)
        var array = (0..<300).map { _ in Int(random.next() % 1000) }
        var gapped = GapArray(array)
        var caret = 150
        for step in 0..<400 {
            // Mostly typing near the caret, sometimes a jump or a long paste.
            if random.next() % 6 == 0 { caret = Int(random.next() % UInt64(array.count + 1)) }
            caret = min(caret, array.count)
            let removed = min(array.count - caret, Int(random.next() % 3))
            let inserted = (0..<(step % 50 == 0 ? 150 : Int(random.next() % 3))).map { _ in Int(random.next() % 1000) }
            array.replaceSubrange(caret..<(caret + removed), with: inserted)
            gapped.replaceSubrange(caret..<(caret + removed), with: inserted)
            caret += inserted.count
            if !array.isEmpty {
                let index = Int(random.next() % UInt64(array.count))
                array[index] += 1
                gapped[index] += 1
            }
            if step % 97 == 0 {
                var other = [1, 2, 3]
                gapped.swapStorage(with: &other)
                #expect(other == array && gapped == [1, 2, 3])
                gapped.swapStorage(with: &other)
            }
            if Array(gapped) != array {
                Issue.record("step \(step): \(Array(gapped)) != \(array)")
                return
            }
        }
        var buffer: [Int] = []
        gapped.withUnsafeMutableBufferPointer { buffer = Array($0) }
        #expect(buffer == array && gapped.gapLength == 0)
    }

    @Test("one engine laying out different jobs in turn (its measurement storage reused) equals fresh engines")
    func reusedMeasurementStorage() throws {
        let jobs = CorpusJob.all()
        let engine = try LayoutEngine()
        // Twice round, and each job after a different one: long, short, CJK, bidi and blank-line texts.
        for job in jobs + jobs.reversed() {
            let fonts = try EditorFixtures.chain(primary: job.font)
            let reused = try engine.layout(job.text, fonts: fonts, options: job.options)
            let fresh = try LayoutEngine().layout(job.text, fonts: fonts, options: job.options)
            #expect(reused == fresh, "\(job.name)")
            #expect(reused.missing == fresh.missing, "\(job.name)")
        }
        // The storage was kept (the samples are short paragraphs) and holds no stale glyphs:
        // a paragraph with fewer runs than the one before it measures as a fresh engine does.
        #expect(!(engine.measurer.spare?.units.isEmpty ?? true))
    }

    @Test("typing new text back and forth in a long paragraph equals fresh layouts (lazy shifts folded either side)")
    func longParagraphTyping() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/NotoSans-Regular.ttf")
        var options = LayoutOptions(width: 500, minSize: 12, maxSize: 80)
        options.box = .none
        let words = ["lorem", "ipsum", "dolor", "sit", "amet", "consectetur", "adipiscing", "elit", "sed", "do"]
        var random = SplitMix64(seed: 77)
        let text = (0..<450).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(separator: " ")
        let session = try EditorSession(text: text, fonts: fonts, options: options)
        let engine = try LayoutEngine()
        // Three places far apart, typed at in turn: each jump lands before or after the
        // previous edit's pending shift.
        var carets = [text.utf16.count - 40, 30, text.utf16.count / 2]
        let typed = Array("quick brown fox ")
        for step in 0..<24 {
            let which = step % carets.count
            let character = String(typed[step % typed.count])
            try session.insert(character, at: carets[which])
            for other in carets.indices where carets[other] > carets[which] { carets[other] += 1 }
            carets[which] += 1
            let expected = try engine.layout(session.text, fonts: fonts, options: options)
            if session.layout != expected {
                Issue.record("keystroke \(step) at \(carets[which] - 1) differs from a fresh layout")
                return
            }
        }
    }
}
