import Foundation
import Testing

@testable import LineFit

/// `LineFitter.fitMeasured`, the measured-width search (hinted mode today, optical sizes
/// next): from an estimate, bounded probes; without one, bisection of the whole grid.
@Suite("Measured-width search")
struct MeasuredSearchTests {
    static let grid = SizeGrid(minSize: 10, maxSize: 30, step: 0.01)

    /// The answer by brute force: the largest grid size whose width fits, scanning every size.
    static func bruteForce(_ widthAt: (Double) -> Double, width: Double) -> Double? {
        var best: Double?
        for index in 0..<grid.count where widthAt(grid.size(at: index)) <= width {
            best = grid.size(at: index)
        }
        return best
    }

    /// A monotone, hinting-like width: proportional, rounded to whole points per glyph
    /// at an integer ppem (a step function of the size, as TrueType fonts that force
    /// integer ppem give).
    static func steppedWidth(glyphs: Int, em: Double) -> (Double) -> Double {
        { size in Double(glyphs) * (em * size.rounded()).rounded() }
    }

    @Test("from any estimate, the same size as a scan of the whole grid, for monotone widths")
    func agreesWithBruteForce() {
        var random = SplitMix64(seed: 12)
        for _ in 0..<300 {
            let glyphs = Int(random.double(in: 5...60))
            let em = random.double(in: 0.3...0.7)
            let widthAt = random.double(in: 0...1) < 0.5
                ? Self.steppedWidth(glyphs: glyphs, em: em) : { size in Double(glyphs) * em * size }
            let width = random.double(in: 40...900)
            let fitter = LineFitter(grid: Self.grid, width: width, tracking: 0)
            let estimate = random.double(in: 5...40)
            let guided = fitter.fitMeasured(estimate: estimate, widthAt)
            let bisected = fitter.fitMeasured(widthAt)
            let expected = Self.bruteForce(widthAt, width: width)
            #expect(guided.size == bisected.size && guided.overflows == bisected.overflows)
            if let expected {
                #expect(guided.size == expected && !guided.overflows, "estimate \(estimate), width \(width)")
            } else {
                #expect(guided.overflows && guided.size == Self.grid.minSize)
            }
        }
    }

    @Test("a close estimate takes a few probes; bisection of 2,001 sizes takes about 11")
    func probesAreBounded() {
        let widthAt: (Double) -> Double = { size in 31 * 0.52 * size }
        let width = 600.0
        let fitter = LineFitter(grid: Self.grid, width: width, tracking: 0)
        let closedForm = width / (31 * 0.52)  // 37.22…: above the grid, so the maximum
        #expect(fitter.fitMeasured(estimate: closedForm, widthAt).probes == 1)
        let narrower = LineFitter(grid: Self.grid, width: 400, tracking: 0)
        // Proportional widths: the estimate's own width predicts the answer exactly, so one
        // probe at the estimate, one at the prediction, one above it.
        let fit = narrower.fitMeasured(estimate: 20, widthAt)
        #expect(fit.size == 24.81)  // ⌊400 / 16.12 × 100⌋ / 100
        #expect(fit.probes <= 3, "\(fit.probes) probes")
        #expect(narrower.fitMeasured(widthAt).probes >= 10)
    }

    @Test("non-monotone widths: the answer fits and the next grid size does not")
    func localAnswerWhenNotMonotone() {
        var random = SplitMix64(seed: 99)
        for _ in 0..<300 {
            let glyphs = Double(Int(random.double(in: 5...60)))
            let em = random.double(in: 0.3...0.7)
            let wobble = random.double(in: 0...3)
            // Hinting-like noise: up to ±wobble pt, varying with the ppem.
            let widthAt: (Double) -> Double = { size in
                glyphs * em * size + wobble * sin(size.rounded() * 2.1)
            }
            let width = random.double(in: 40...900)
            let fitter = LineFitter(grid: Self.grid, width: width, tracking: 0)
            let fit = fitter.fitMeasured(estimate: width / (glyphs * em), widthAt)
            if fit.overflows {
                #expect(widthAt(Self.grid.minSize) > width)
                continue
            }
            #expect(widthAt(fit.size) <= width)
            let index = Int(((fit.size - Self.grid.minSize) / Self.grid.step).rounded())
            #expect(Self.grid.size(at: index) == fit.size)
            if index + 1 < Self.grid.count {
                #expect(widthAt(Self.grid.size(at: index + 1)) > width, "next size after \(fit.size) fits too")
            }
        }
    }
}

/// Hinted mode through `HintedSizes` (one FreeType size per ppem, one HarfBuzz font, cached
/// hinted advances) and the guided search, against the way it was done before.
@Suite("Hinted sizes from the closed form")
struct HintedSearchTests {
    @Test("cached hinted fonts shape exactly as a new hinted font per size does")
    func cachedFontsAgreeWithNewOnes() throws {
        let text = "Waffles, jumpy quartz; HAVOC at 09:41! Thai and fi ligatures: office"
        for fontName in [TestFonts.notoSans, TestFonts.spartan, TestFonts.courier, TestFonts.kaushan] {
            let fonts = try TestFonts.chain(fontName)
            var options = LayoutOptions(width: 10_000, minSize: 8, maxSize: 8)
            options.widthMode = .hinted
            // Revisit sizes in a scrambled order so that cached sizes and advances are reused.
            for size in [9.0, 13.37, 9.0, 27.5, 13.4, 8.01, 27.5, 61.25, 9.01] {
                options.minSize = size
                options.maxSize = size
                let cached = try LayoutEngine()
                let uncached = try LayoutEngine()
                uncached.uncachedHinting = true
                let a = try cached.layout(text, fonts: fonts, options: options)
                let b = try uncached.layout(text, fonts: fonts, options: options)
                #expect(a == b, "\(fontName) at \(size)")
            }
        }
    }

    @Test("sample jobs and random hinted jobs: guided search equals bisection with uncached fonts")
    func sameAsBefore() throws {
        var compared = 0
        var differing: [String] = []
        var jobs: [(String, String, FontChain, LayoutOptions)] = []
        for job in EditorSessionTests.corpus {
            var options = job.options
            options.widthMode = .hinted
            jobs.append((job.name, job.text, try EditorFixtures.chain(primary: job.font), options))
        }
        for job in HintedModeTests.hintedJobs() {
            jobs.append(("\(job)", job.text, try job.fonts(), job.options))
        }
        for (name, text, fonts, options) in jobs {
            let now = try LayoutEngine()
            let before = try LayoutEngine()
            before.uncachedHinting = true
            before.hintedSearchFromEstimate = false
            let a = try now.layout(text, fonts: fonts, options: options)
            let b = try before.layout(text, fonts: fonts, options: options)
            compared += 1
            if a != b { differing.append(name) }
        }
        // Hinted widths are monotone in the size on every one of these jobs, so the two
        // searches must find the same sizes; a job listed here would need its
        // non-monotone widths shown before being accepted.
        #expect(differing.isEmpty, "differ: \(differing)")
        #expect(compared >= 50)
    }

    @Test("hinted advances are loaded once per glyph and size key")
    func advancesAreCached() throws {
        let font = try Font(path: TestPaths.font(TestFonts.notoSans))  // its own: no other test adds loads
        let fonts = FontChain(font)
        var options = LayoutOptions(width: 300, minSize: 10, maxSize: 40)
        options.widthMode = .hinted
        let text = "The quick brown fox jumps over the lazy dog"
        _ = try layOut(text, fonts: fonts, options: options)
        let afterFirst = font.hintedAdvanceLoads
        #expect(afterFirst > 0)
        _ = try layOut(text, fonts: fonts, options: options)
        #expect(font.hintedAdvanceLoads == afterFirst, "the same layout again loads no advance")
    }
}
