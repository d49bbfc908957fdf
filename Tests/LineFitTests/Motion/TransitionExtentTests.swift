import Foundation
import Testing

@testable import LineFit

/// Where a transition's glyphs may be: inside the width (no letter sticks out past a full
/// line while it shrinks to make room), and at which axis values a variable font is drawn.
@Suite struct TransitionExtentTests {
    static let caption = "Summer nights and city lights, every line fills the width, slowly"

    /// The horizontal room of a transition: the width, or wider where a layout itself puts a
    /// glyph's box outside it (a trailing space), from the layouts' public properties.
    static func room(_ layouts: Layout...) -> ClosedRange<Double> {
        var low = 0.0, high = layouts[0].width
        for layout in layouts {
            for line in layout.lines {
                for run in line.runs {
                    for glyph in run.glyphs {
                        let x = line.x + run.x + glyph.x + glyph.xOffset
                        low = min(low, x)
                        high = max(high, x + glyph.advance)
                    }
                }
            }
        }
        return low...high
    }

    /// Types the caption one character at a time and checks every transition on a grid of p.
    static func checkTyping(options: LayoutOptions, fonts: FontChain) throws {
        let session = try EditorSession(text: "", fonts: fonts, options: options)
        var checked = 0
        for character in caption {
            let before = session.layout
            let result = try session.replace(session.utf16Count..<session.utf16Count, with: String(character))
            let transition = LayoutTransition(from: before, to: result.layout, edit: result.edit)
            let room = room(before, result.layout)
            for step in 0...64 {
                let frame = transition.frame(at: Double(step) / 64)
                for glyph in frame.glyphs {
                    let left = glyph.x, right = glyph.x + glyph.advance
                    #expect(left >= room.lowerBound - 1e-9 && right <= room.upperBound + 1e-9,
                            "'\(session.text)' p=\(Double(step) / 64): glyph \(glyph.id) spans \(left)...\(right), room \(room)")
                    checked += 1
                }
            }
        }
        #expect(checked > 1000)
    }

    @Test func typedLettersStayInsideTheWidth() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans, TestFonts.emoji)
        try Self.checkTyping(options: LayoutOptions(width: 400, minSize: 14, maxSize: 120), fonts: fonts)
    }

    @Test func typedLettersStayInsideTheWidthWhenBalancedInABox() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans, TestFonts.emoji)
        var options = LayoutOptions(width: 300, minSize: 14, maxSize: 120)
        options.breakStrategy = .balanced
        options.box = .fill(height: 500)
        options.stableBreaks = true
        try Self.checkTyping(options: options, fonts: fonts)
    }

    /// Writing into one frame's storage, across transitions of different glyph counts, gives
    /// the same frames as new values.
    @Test func framesWrittenIntoReusedStorageAreTheSame() throws {
        let session = try EditorSession(text: "", fonts: try TestFonts.chain(TestFonts.notoSans), options: LayoutOptions(width: 400, minSize: 14, maxSize: 120))
        var reused = TransitionFrame(session.layout)
        for character in "Summer nights, city" {
            let before = session.layout
            let result = try session.replace(session.utf16Count..<session.utf16Count, with: String(character))
            let transition = LayoutTransition(from: before, to: result.layout, edit: result.edit)
            for p in [0.3, 0, 0.7, 1, 0.5] {
                transition.frame(at: p, into: &reused)
                #expect(reused == transition.frame(at: p))
            }
        }
    }

    /// At p = 1 a glyph's advance is exactly its layout's.
    @Test func advancesAreTheLayoutsAtTheEnds() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let session = try EditorSession(text: "Summer nights", fonts: fonts, options: LayoutOptions(width: 400, minSize: 14, maxSize: 120))
        let before = session.layout
        let result = try session.replace(13..<13, with: " and city lights")
        let frame = LayoutTransition(from: before, to: result.layout, edit: result.edit).frame(at: 1)
        let expected = result.layout.lines.flatMap { $0.runs.flatMap { $0.glyphs.map(\.advance) } }
        #expect(frame.glyphs.map(\.advance) == expected)
    }

    // MARK: - Variable fonts

    static func robotoFlex() throws -> FontChain { try TestFonts.chain("RobotoFlex-VF.ttf") }

    /// A glyph of both ends, by its cluster in the new text and place in the cluster.
    struct Key: Hashable {
        var cluster: Int
        var index: Int
    }

    static func values(_ frame: TransitionFrame, tag: String) -> [Key: Double] {
        var result: [Key: Double] = [:]
        for glyph in frame.glyphs {
            guard let cluster = glyph.cluster, let value = frame.axisSets[glyph.axes].first(where: { $0.tag == tag })?.value else { continue }
            result[Key(cluster: cluster, index: glyph.indexInCluster)] = value
        }
        return result
    }

    /// An edit that resizes every line: a long word typed into the first line.
    static func resizingEdit(_ options: LayoutOptions) throws -> (Layout, EditResult) {
        let session = try EditorSession(text: "Nothing beats a quiet walk by the lake", fonts: try robotoFlex(), options: options)
        let before = session.layout
        return (before, try session.replace(7..<7, with: " whatsoever"))
    }

    @Test func framesAtTheEndsCarryEachLinesAxisValues() throws {
        for fill in [LayoutOptions.LineFill.size, .widthAxis] {
            var options = LayoutOptions(width: 400, minSize: 14, maxSize: 120)
            options.lineFill = fill
            let (before, result) = try Self.resizingEdit(options)
            let transition = LayoutTransition(from: before, to: result.layout, edit: result.edit)
            let start = transition.frame(at: 0), end = transition.frame(at: 1)
            #expect(!result.layout.lines[0].axisValues.isEmpty)
            for glyph in end.glyphs {
                #expect(end.axisSets[glyph.axes] == result.layout.lines[glyph.line].axisValues)
            }
            for glyph in start.glyphs {
                #expect(start.axisSets[glyph.axes] == before.lines[glyph.line].axisValues)
            }
        }
    }

    /// With optical sizing `opsz` is the line's size; mid-way a moving glyph is drawn at
    /// `opsz` = the size it is drawn at (both ends inside the axis' 8...144).
    @Test func opticalSizeFollowsTheDrawnSize() throws {
        let (before, result) = try Self.resizingEdit(LayoutOptions(width: 400, minSize: 14, maxSize: 120))
        let sizes = Set(before.lines.map(\.size) + result.layout.lines.map(\.size))
        #expect(before.lines.map(\.size) != result.layout.lines.map(\.size))
        let transition = LayoutTransition(from: before, to: result.layout, edit: result.edit)
        var checked = 0, midway = 0
        for step in 1..<16 {
            let frame = transition.frame(at: Double(step) / 16)
            for glyph in frame.glyphs where glyph.opacity == 1 {
                let opsz = try #require(frame.axisSets[glyph.axes].first { $0.tag == "opsz" }?.value)
                #expect(abs(opsz - glyph.size) <= 1e-9 * glyph.size, "opsz \(opsz) drawn at \(glyph.size)")
                checked += 1
                if !sizes.contains(glyph.size) { midway += 1 }
            }
        }
        #expect(checked > 100 && midway > 10)
    }

    /// Width-axis filling: each glyph's `wdth` goes monotonically from its old line's value to
    /// its new line's.
    @Test func widthAxisMovesBetweenTheLinesValues() throws {
        var options = LayoutOptions(width: 400, minSize: 14, maxSize: 120)
        options.lineFill = .widthAxis
        let (before, result) = try Self.resizingEdit(options)
        let transition = LayoutTransition(from: before, to: result.layout, edit: result.edit)
        let from = Self.values(transition.frame(at: 0), tag: "wdth"), to = Self.values(transition.frame(at: 1), tag: "wdth")
        #expect(from.contains { key, value in to[key].map { $0 != value } ?? false })
        var previous = from
        var moved = 0
        for step in 1...16 {
            let now = Self.values(transition.frame(at: Double(step) / 16), tag: "wdth")
            for (key, start) in from {
                guard let end = to[key], let value = now[key], let last = previous[key] else { continue }
                #expect(value >= min(start, end) - 1e-9 && value <= max(start, end) + 1e-9)
                #expect((value - last) * (end - start) >= -1e-9, "wdth turned back")
                if step < 16 && value != start && value != end { moved += 1 }
            }
            previous = now
        }
        #expect(moved > 0)
    }
}
