import Foundation
import LineFit
import LineFitRender
import Testing

/// The Swift snippet in README.md, line for line (fonts found from the package root), with
/// the values its comments claim checked.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeSnippetRunsAndSaysTrue() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let fonts = FontChain(try Font(path: root + "/Fonts/BebasNeue-Regular.otf"))
        let options = LayoutOptions(width: 960, minSize: 24, maxSize: 300)
        let engine = try LayoutEngine()
        let layout = try engine.layout("GOOD MORNING", fonts: fonts, options: options)
        #expect(layout.lines.count == 1)
        #expect(layout.lines[0].size == 219.32)
        #expect(abs(layout.lines[0].width - 959.96) < 0.005)
        #expect(layout.text(of: layout.lines[0]) == "GOOD MORNING")
        #expect(layout.sizeSpans == [SizeSpan(start: 0, end: 12, size: 219.32)])

        let session = try EditorSession(text: "GOOD MORNING", fonts: fonts, options: options)
        let change = try session.insert(" WORLD", at: 12)
        #expect(change.layout.lines.count == 1)
        #expect(change.changedLines == 0..<1)
        #expect(session.typingSize(at: 18) == change.layout.lines[0].size)

        let story = try Style.strong.layout("GOOD MORNING", width: 960)
        let svg = SVGRenderer(canvas: .story).render(story)
        #expect(svg.contains("<path") && !svg.contains("<text"))
        let png = try PNGRenderer(canvas: .story).render(story).pngData()
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let webp = try PNGRenderer(canvas: .story).render(story).encoded(as: .webp)
        #expect(webp.starts(with: Array("RIFF".utf8)) && webp[8..<12].elementsEqual("WEBP".utf8))
        let rects = story.layout.rects(for: 5..<12)
        #expect(rects.count == 1)
    }
}
