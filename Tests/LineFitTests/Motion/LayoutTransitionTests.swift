import Foundation
import Testing

@testable import LineFit

/// `LayoutTransition`: exact ends, bounded speed, cross-fades only where glyphs change,
/// reversible, and retargetable without a jump.
@Suite struct LayoutTransitionTests {
    static let options = LayoutOptions(width: 400, minSize: 14, maxSize: 120)

    static func session(_ text: String) throws -> EditorSession {
        try EditorSession(text: text, fonts: TestFonts.chain(TestFonts.notoSans, TestFonts.emoji), options: options)
    }

    /// A glyph as the layout places it, computed here from the layout's public properties.
    struct Placed: Hashable, Comparable {
        var y: Double, x: Double, size: Double, id: UInt32, font: Int
        static func < (a: Placed, b: Placed) -> Bool { (a.y, a.x, a.id, a.size, a.font) < (b.y, b.x, b.id, b.size, b.font) }
    }

    static func placed(_ layout: Layout) -> [Placed] {
        layout.lines.flatMap { line in
            line.runs.flatMap { run in
                run.glyphs.map {
                    Placed(y: line.baseline - $0.yOffset, x: line.x + run.x + $0.x + $0.xOffset, size: line.size, id: $0.id, font: run.fontIndex)
                }
            }
        }.sorted()
    }

    static func placed(_ frame: TransitionFrame) -> [Placed] {
        frame.glyphs.map { Placed(y: $0.y, x: $0.x, size: $0.size, id: $0.id, font: $0.fontIndex) }.sorted()
    }

    static func lineBoxes(_ layout: Layout) -> [LayoutRect] {
        layout.lines.map { LayoutRect(x: $0.x, y: $0.top, width: max(0, $0.width), height: $0.height) }
    }

    /// Seeded random edits of a paragraph, each as (old layout, new layout, edit).
    static func randomEdits(count: Int, seed: UInt64) throws -> [(Layout, Layout, TextEdit)] {
        let session = try session("Summer nights and city lights, every line fills the width 🌙 fine")
        var rng = SplitMix64(seed: seed)
        var result: [(Layout, Layout, TextEdit)] = []
        for _ in 0..<count {
            let before = session.layout
            let change = RandomEdit.next(&rng, length: session.utf16Count, text: Array(session.text.utf16))
            let edit = try session.replace(change.range, with: change.replacement)
            result.append((before, edit.layout, edit.edit))
        }
        return result
    }

    @Test func endsAreExactlyTheTwoLayouts() throws {
        for (old, new, edit) in try Self.randomEdits(count: 40, seed: 9) {
            let transition = LayoutTransition(from: old, to: new, edit: edit)
            let start = transition.frame(at: 0), end = transition.frame(at: 1)
            #expect(Self.placed(start) == Self.placed(old))
            #expect(Self.placed(end) == Self.placed(new))
            #expect(start.glyphs.allSatisfy { $0.opacity == 1 } && end.glyphs.allSatisfy { $0.opacity == 1 })
            #expect(start.lines.map(\.rect) == Self.lineBoxes(old))
            #expect(end.lines.map(\.rect) == Self.lineBoxes(new))
            #expect(end == TransitionFrame(new))
            #expect(start.height == old.height && end.height == new.height)
            #expect(start.mergedOutline(padding: 8, cornerRadius: 12) == old.mergedOutline(padding: 8, cornerRadius: 12))
            #expect(end.mergedOutline(padding: 8, cornerRadius: 12) == new.mergedOutline(padding: 8, cornerRadius: 12))
        }
    }

    @Test func matchedGlyphsMoveNoFasterThanTheBound() throws {
        let steps = 32
        for (old, new, edit) in try Self.randomEdits(count: 30, seed: 21) {
            let transition = LayoutTransition(from: old, to: new, edit: edit)
            let frames = (0...steps).map { transition.frame(at: Double($0) / Double(steps)) }
            // A glyph present at full opacity mid-way is a matched one (fading ones are at 0.5).
            let middle = transition.frame(at: 0.5)
            let matched = Set(middle.glyphs.filter { $0.opacity == 1 }.map { Key($0) })
            #expect(matched.count == transition.matchedGlyphCount)
            let byKey = frames.map { frame in
                Dictionary(frame.glyphs.filter { $0.cluster != nil }.map { (Key($0), $0) }, uniquingKeysWith: { a, _ in a })
            }
            for key in matched {
                guard let first = byKey[0][key], let last = byKey[steps][key] else {
                    Issue.record("matched glyph \(key) missing at an end")
                    continue
                }
                let displacement = hypot(last.x - first.x, last.y - first.y)
                let ratio = max(first.size, last.size) / min(first.size, last.size)
                let k = ratio == 1 ? 1 : ratio * log(ratio) / (ratio - 1)
                let bound = k * displacement / Double(steps)
                for step in 0..<steps {
                    guard let a = byKey[step][key], let b = byKey[step + 1][key] else {
                        Issue.record("matched glyph \(key) missing at step \(step)")
                        break
                    }
                    let moved = hypot(b.x - a.x, b.y - a.y)
                    #expect(moved <= bound * (1 + 1e-9) + 1e-9, "glyph \(key) moved \(moved) > \(bound) at step \(step)")
                    #expect(a.opacity == 1, "a matched glyph's opacity changed")
                    let low = min(first.size, last.size), high = max(first.size, last.size)
                    #expect(a.size >= low * (1 - 1e-12) && a.size <= high * (1 + 1e-12))
                }
            }
            // Everything else fades linearly: in with p, out with 1 − p.
            for (step, frame) in frames.enumerated() where step > 0 && step < steps {
                let p = Double(step) / Double(steps)
                for glyph in frame.glyphs where !(glyph.cluster.map { matched.contains(Key(glyph, cluster: $0)) } ?? false) {
                    let expected = glyph.cluster == nil ? 1 - p : p
                    #expect(abs(glyph.opacity - expected) < 1e-12)
                }
            }
        }
    }

    struct Key: Hashable {
        var cluster: Int, index: Int, id: UInt32
        init(_ glyph: AnimatedGlyph, cluster: Int? = nil) {
            self.cluster = cluster ?? glyph.cluster ?? -1
            index = glyph.indexInCluster
            id = glyph.id
        }
    }

    @Test func lettersKeepTheirSpacingAtTheInterpolatedSize() throws {
        // Same text at two widths: every line keeps its glyphs and changes only its size.
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let engine = try LayoutEngine()
        let wide = try engine.layout("Hello world", fonts: fonts, options: LayoutOptions(width: 600, minSize: 10, maxSize: 400))
        let narrow = try engine.layout("Hello world", fonts: fonts, options: LayoutOptions(width: 300, minSize: 10, maxSize: 400))
        #expect(wide.lines.count == 1 && narrow.lines.count == 1)
        let ratio = narrow.lines[0].size / wide.lines[0].size
        #expect(abs(ratio - 0.5) < 0.01)
        let transition = LayoutTransition(from: wide, to: narrow, edit: .none)
        let start = transition.frame(at: 0)
        for p in [0.25, 0.5, 0.75] {
            let frame = transition.frame(at: p)
            #expect(abs(frame.glyphs[0].size - wide.lines[0].size * pow(ratio, p)) < 1e-9)
            for index in 1..<frame.glyphs.count {
                let gap = (frame.glyphs[index].x - frame.glyphs[index - 1].x) / frame.glyphs[index].size
                let gapAtStart = (start.glyphs[index].x - start.glyphs[index - 1].x) / start.glyphs[index].size
                #expect(abs(gap - gapAtStart) < 1e-9, "glyph \(index) at p = \(p)")
            }
        }
    }

    @Test func reversingRetracesTheSameFrames() throws {
        for (old, new, edit) in try Self.randomEdits(count: 10, seed: 5) {
            let transition = LayoutTransition(from: old, to: new, edit: edit)
            let forward = stride(from: 0.0, through: 1.0, by: 0.125).map { transition.frame(at: $0) }
            let backward = stride(from: 1.0, through: 0.0, by: -0.125).map { transition.frame(at: $0) }
            #expect(forward == Array(backward.reversed()))
        }
    }

    @Test func retargetStartsFromTheCurrentFrame() throws {
        let session = try Self.session("Summer nights")
        let l0 = session.layout
        let first = try session.insert(" and city lights", at: session.utf16Count)
        let l1 = first.layout
        let second = try session.insert(" 🌙", at: session.utf16Count)
        let transition = LayoutTransition(from: l0, to: l1, edit: first.edit)
        for p in [0.2, 0.5, 0.8] {
            let current = transition.frame(at: p)
            let retarget = LayoutTransition(from: current, to: second.layout, edit: second.edit)
            let start = retarget.frame(at: 0)
            #expect(Self.placed(start) == Self.placed(current))
            #expect(start.lines == current.lines)
            #expect(Set(start.glyphs.map(\.opacity)) == Set(current.glyphs.map(\.opacity)))
            #expect(retarget.frame(at: 1) == TransitionFrame(second.layout))
            // A tiny step later nothing has jumped.
            let next = retarget.frame(at: 1e-6)
            let before = Dictionary(current.glyphs.compactMap { g in g.cluster.map { _ in (Key(g), g) } }, uniquingKeysWith: { a, _ in a })
            for glyph in next.glyphs {
                guard let cluster = glyph.cluster, let was = before[Key(glyph, cluster: cluster)] else { continue }
                #expect(abs(glyph.x - was.x) < 0.01 && abs(glyph.y - was.y) < 0.01)
            }
        }
        let composed = first.edit.followed(by: second.edit)
        let direct = LayoutTransition(from: l0, to: second.layout, edit: composed)
        #expect(direct.matchedGlyphCount == Self.placed(l0).count, "every glyph of the first text survives both edits")
    }

    @Test func ligatureFormingCrossFades() throws {
        let session = try Self.session("f")
        let before = session.layout
        let result = try session.insert("i", at: 1)
        #expect(Self.placed(result.layout).count == 1, "NotoSans shapes fi as one ligature glyph")
        let transition = LayoutTransition(from: before, to: result.layout, edit: result.edit)
        #expect(transition.matchedGlyphCount == 0)
        #expect(transition.fadingGlyphCount == 2)
        let middle = transition.frame(at: 0.25)
        #expect(middle.glyphs.map(\.opacity).sorted() == [0.25, 0.75])
    }

    @Test func anAppearingLineGrowsFromZeroHeight() throws {
        let session = try Self.session("Summer nights")
        let before = session.layout
        let result = try session.insert("\nmore", at: session.utf16Count)
        #expect(before.lines.count == 1 && result.layout.lines.count == 2)
        let transition = LayoutTransition(from: before, to: result.layout, edit: result.edit)
        let early = transition.frame(at: 0.01)
        #expect(early.lines.count == 2)
        let grown = result.layout.lines[1]
        #expect(abs(early.lines[1].rect.height - 0.01 * grown.height) < 1e-9)
        #expect(early.lines[1].rect.y == grown.top)
        #expect(abs(early.lines[1].presence - 0.01) < 1e-12)
        #expect(transition.frame(at: 0).lines.count == 1)
    }

    @Test func unrelatedTextsMapTheirCommonPrefixAndSuffix() throws {
        #expect(TextEdit.between("Hello world", "Hello there world") == TextEdit(range: 6..<6, insertedLength: 6))
        #expect(TextEdit.between("abc", "xyz") == TextEdit(range: 0..<3, insertedLength: 3))
        #expect(TextEdit.between("aa", "aaa") == TextEdit(range: 2..<2, insertedLength: 1))
        // Never between the halves of a surrogate pair: 🌙 and 🌛 share their high surrogate.
        #expect(TextEdit.between("x🌙", "x🌛") == TextEdit(range: 1..<3, insertedLength: 2))
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let engine = try LayoutEngine()
        let old = try engine.layout("city lights", fonts: fonts, options: Self.options)
        let new = try engine.layout("summer city lights", fonts: fonts, options: Self.options)
        let transition = LayoutTransition(from: old, to: new, edit: .between(old.text, new.text))
        #expect(transition.matchedGlyphCount == Self.placed(old).count)
    }

    @Test func composedEditsKeepTheUnchangedEnds() throws {
        var rng = SplitMix64(seed: 3)
        for _ in 0..<200 {
            var text = Array("The quick brown fox".utf16)
            let original = text
            var composed = TextEdit.none
            for _ in 0..<3 {
                let start = rng.int(below: text.count + 1)
                let end = start + rng.int(below: text.count - start + 1)
                let inserted = Array(String(repeating: "z", count: rng.int(below: 3)).utf16)
                text.replaceSubrange(start..<end, with: inserted)
                composed = composed.followed(by: TextEdit(range: start..<end, insertedLength: inserted.count))
            }
            let range = composed.range
            #expect(Array(original[..<range.lowerBound]) == Array(text[..<range.lowerBound]))
            #expect(Array(original[range.upperBound...]) == Array(text[(range.lowerBound + composed.insertedLength)...]))
        }
    }
}
