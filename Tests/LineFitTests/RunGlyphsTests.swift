import Testing

@testable import LineFit

/// A long run's glyphs are kept in chunks with chunk-relative clusters (`RunGlyphs`); what
/// any reader sees must be what one flat array of paragraph-relative clusters gives.
@Suite struct RunGlyphsTests {
    /// A run of `clusters` clusters, every fifth cluster of two glyphs, in storage order
    /// (descending clusters for right to left). Advances tell the glyphs apart.
    static func run(clusters: Int, from first: Int = 0, rightToLeft: Bool, seed: Int = 0) -> [ShapedGlyph] {
        var glyphs: [ShapedGlyph] = []
        for cluster in first..<(first + clusters) {
            for part in 0..<(cluster % 5 == 0 ? 2 : 1) {
                glyphs.append(ShapedGlyph(
                    id: UInt32(cluster % 97 + part), cluster: cluster, advance: Double(cluster * 3 + part + seed),
                    xOffset: 0, yOffset: 0, unsafeToBreak: false))
            }
        }
        return rightToLeft ? glyphs.reversed() : glyphs
    }

    /// The flat array's answer, as the measurement computed it before chunks.
    static func flatSlice(_ glyphs: [ShapedGlyph], _ range: Range<Int>, rightToLeft: Bool) -> [ShapedGlyph] {
        Array(glyphs.slice(clusters: range, rightToLeft: rightToLeft))
    }

    static func absolute(_ slice: (glyphs: ArraySlice<ShapedGlyph>, base: Int)) -> [ShapedGlyph] {
        slice.glyphs.map { $0.shifted(by: slice.base) }
    }

    /// Random replacements of cluster ranges (typing, deleting, pasting), anywhere and across
    /// chunk cuts, applied both to a flat array and to the chunks; every slice agrees after each.
    @Test(arguments: [false, true])
    func splicesMatchAFlatArray(rightToLeft: Bool) {
        var flat = Self.run(clusters: 5000, rightToLeft: rightToLeft)
        var chunked = RunGlyphs(flat)
        #expect(chunked.chunks.count > 2)
        var generator = SplitMix64(seed: rightToLeft ? 7 : 3)
        var length = 5000
        for step in 0..<300 {
            let start = Int(generator.next() % UInt64(length))
            let removed = min(length - start, Int(generator.next() % 5) + (step % 25 == 0 ? 900 : 0))
            let inserted = Int(generator.next() % 4) + (step % 40 == 0 ? 2500 : 0)
            let delta = inserted - removed
            // New glyphs of start..<start + inserted, in new offsets.
            let inner = Self.run(clusters: inserted, from: start, rightToLeft: rightToLeft, seed: step + 1)
            // The flat edit: replace, then move the clusters after the edit (logical order).
            let old = flat.slice(clusters: start..<(start + removed), rightToLeft: rightToLeft).indices
            flat.replaceSubrange(old, with: inner)
            let after = rightToLeft ? 0..<old.lowerBound : (old.lowerBound + inner.count)..<flat.count
            for index in after { flat[index].cluster += delta }
            chunked.splice(replaced: start..<(start + removed), with: inner[...], rightToLeft: rightToLeft, delta: delta)
            length += delta

            #expect(chunked.chunks.allSatisfy { !$0.glyphs.isEmpty && $0.glyphs.count <= RunGlyphs.chunkLimit })
            var all: [ShapedGlyph] = []
            chunked.forEach { all.append($0) }
            #expect(all == flat, "step \(step)")
            for _ in 0..<4 {
                let from = Int(generator.next() % UInt64(length + 1))
                let to = min(length, from + Int(generator.next() % 200))
                let expected = Self.flatSlice(flat, from..<to, rightToLeft: rightToLeft)
                #expect(Self.absolute(chunked.slice(clusters: from..<to, rightToLeft: rightToLeft)) == expected)
                #expect(chunked.glyphs(clusters: from..<to, rightToLeft: rightToLeft) == expected)
                #expect(chunked.elementsEqual(clusters: from..<to, rightToLeft: rightToLeft, shift: 0, expected[...]))
            }
        }
    }

    /// A long one-paragraph text (several chunks) edited anywhere, also across the chunk
    /// cuts: each layout equals a fresh one.
    @Test func editorOnALongParagraphEqualsFreshLayouts() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let options = LayoutOptions(width: 300, minSize: 8, maxSize: 40)
        let text = String(repeating: "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod. ", count: 60)
        let session = try EditorSession(text: text, fonts: fonts, options: options)
        var generator = SplitMix64(seed: 29)
        let insertions = ["e", " ", "word ", "fi", "W"]
        for step in 0..<40 {
            let count = session.utf16Count
            // Half the edits near the cuts of 1,024-glyph chunks.
            let near = (1 + Int(generator.next() % 4)) * RunGlyphs.chunkSize + Int(generator.next() % 9) - 4
            let caret = step % 2 == 0 ? min(count, near) : Int(generator.next() % UInt64(count + 1))
            if generator.next() % 3 == 0, caret < count {
                try session.delete(caret..<min(count, caret + 1 + Int(generator.next() % 4)))
            } else {
                try session.insert(insertions[Int(generator.next() % UInt64(insertions.count))], at: caret)
            }
            #expect(session.layout == (try layOut(session.text, fonts: fonts, options: options)), "edit \(step)")
        }
        #expect(session.statistics.windowMeasures > 30)
    }
}
