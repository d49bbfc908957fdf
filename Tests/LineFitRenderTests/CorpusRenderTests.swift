import Foundation
import LineFit
@testable import LineFitRender
import Testing

// Every style renders every sample job of the shared corpus (copied into Fixtures/corpus)
// to SVG and PNG: no error, every character covered by the style's fonts, pictures that
// decode, and numbers that are numbers.

@Suite("Corpus renders")
struct CorpusRenderTests {
    static let jobs: [CorpusJob] = (try? CorpusJob.all()) ?? []

    @Test("the corpus fixtures are present")
    func fixturesPresent() {
        #expect(Self.jobs.count >= 18, "Fixtures/corpus is missing jobs")
    }

    @Test("every style renders every job", arguments: Style.Preset.allCases, Self.jobs)
    func renders(preset: Style.Preset, job: CorpusJob) throws {
        let canvas = RenderFixtures.small
        let style = preset.style.scaled(by: Double(canvas.width) / Style.referenceCanvasWidth)
        // The job's width is on the 1080 canvas; scale it with the style.
        let width = job.width * Double(canvas.width) / Style.referenceCanvasWidth
        let styled = try style.layout(job.text, width: width, maxHeight: Double(canvas.height) - 4 * style.margin)
        #expect(styled.layout.missing.isEmpty, "\(job.name): no font for \(styled.layout.missing)")
        #expect(styled.layout.lines.last?.end == job.text.utf16.count)

        let svg = try SVGRenderer(canvas: canvas).render(styled)
        #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>\n"))
        // Numbers only: an embedded emoji's base64 may spell "inf" by chance.
        let numbers = svg.replacing(/base64,[A-Za-z0-9+\/=]+/, with: "base64,")
        #expect(!numbers.contains("nan") && !numbers.contains("inf"))
        #expect(svg.contains("<use "), "\(job.name): nothing drawn")

        let png = try PNGRenderer(canvas: canvas).render(styled).pngData()
        let decoded = try PNGCodec.decode(png)
        #expect(decoded.width == canvas.width && decoded.height == canvas.height)
    }
}
