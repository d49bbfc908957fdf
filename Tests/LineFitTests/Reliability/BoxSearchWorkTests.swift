import Foundation
import Testing

@testable import LineFit

/// The input `FuzzBalanced` reported as a timeout in round 2 (13 s under ASan at load 20; 4.7 s
/// alone): a long word and control characters in Kaushan Script, balanced breaking, hinted
/// widths, a height limit of 152 at min 61. It is a constant factor, not super-linear: the
/// limit's search lays the text out at most `BoxFitting.shrinkSteps` + 5 times (the full size,
/// the floor, the bisection on linear widths, up to three hinted layouts), each linear in the
/// text. Counted in work (candidate lines measured, units shaped), not seconds.
@Suite struct BoxSearchWorkTests {
    /// The fuzzer's text, decoded as `FuzzBytes.text` decodes it (invalid UTF-8 → U+FFFD).
    static let text = "alifragilisticexpialidocious\u{4}\u{0}\u{1}\u{4}\u{1}\u{1}\u{1}\u{3}\u{3}\u{8}\u{3}\u{0}\u{0}\u{0}"
        + "\u{1}\u{3}\u{928}\u{96E}\u{938}\u{1}\u{0}  l\u{FFFD}\u{1}\u{0}\u{0}eading( spaces \n\n bl+an\u{0}\u{0}\u{0}\u{1}k"
        + "\u{4}\u{FFFD}\u{947}\u{FE0F}\u{1F3FB}"

    /// The options `FuzzOptions.readStory` decoded from the input's first 18 bytes.
    static func options(_ mode: LayoutOptions.WidthMode, box: LayoutOptions.Box) -> LayoutOptions {
        var options = LayoutOptions(width: 120.5625, minSize: 61, maxSize: 161)
        options.widthMode = mode
        options.breakStrategy = .balanced
        options.minimumFloor = 6
        options.box = box
        return options
    }

    struct Work {
        var layout: Layout
        var candidateLines: Int
        var shapedUnits: Int
    }

    static func work(_ options: LayoutOptions) throws -> Work {
        let fonts = try EditorFixtures.chain(primary: "Fonts/KaushanScript-Regular.otf")
        let engine = try LayoutEngine()
        let layout = try engine.layout(text, fonts: fonts, options: options)
        return Work(layout: layout, candidateLines: engine.balancedCandidateLines, shapedUnits: engine.shapedUnits)
    }

    @Test(arguments: [LayoutOptions.WidthMode.linear, .hinted])
    func aHeightLimitCostsABoundedNumberOfLayouts(_ mode: LayoutOptions.WidthMode) throws {
        let limited = try Self.work(Self.options(mode, box: .limit(height: 152)))
        #expect(limited.layout.height <= 152 && !limited.layout.overflowsHeight)
        let scale = limited.layout.heightScale
        #expect(scale < 0.5, "the limit did not shrink the block: scale \(scale)")
        // One layout at each end of the search and at the scale it chose, without a box.
        let one = Self.options(mode, box: .none)
        var perLayout = 0, shapedAtScale = 0
        for factor in [1, scale, one.minimumFloor / one.minSize] {
            var scaled = one
            scaled.minSize = one.minSize * factor
            scaled.maxSize = one.maxSize * factor
            let single = try Self.work(scaled)
            perLayout = max(perLayout, single.candidateLines)
            if factor == scale { shapedAtScale = single.shapedUnits }
        }
        let layouts = BoxFitting.shrinkSteps + 5
        #expect(limited.candidateLines <= layouts * perLayout,
                "\(mode): \(limited.candidateLines) candidate lines, one layout measures up to \(perLayout)")
        // Issue 13, defect 8: hinted widths in a height limit cost at most three hinted layouts
        // (the search itself runs on linear widths, which shape nothing new).
        #expect(limited.shapedUnits <= 3 * shapedAtScale,
                "\(mode): \(limited.shapedUnits) units shaped, one layout at the chosen scale \(shapedAtScale)")
    }
}
