import Foundation
import Testing

@testable import LineFit

/// Roboto Flex: axes, instances, widths against hb-shape's FreeType path, optical sizes,
/// width-axis filling, clamping, typed errors and editor sessions with variations.
@Suite("Variable fonts")
struct VariableFontTests {
    static let robotoFlex = "RobotoFlex-VF.ttf"
    static let story = "Nothing beats a quiet walk by the lake before the city wakes up"
    /// The 280-character story of the benchmarks, in two paragraphs.
    static let longStory = """
        We missed the last train home, so we walked along the river until the sky went pink \
        and the bakeries opened.
        Best night of the summer: cold coffee, warm croissants, sore feet and a sunrise over \
        the bridge that none of us will ever forget, even the ones who slept through it.
        """

    static func fonts() throws -> FontChain { try TestFonts.chain(robotoFlex) }

    // MARK: - fvar

    @Test("axes and named instances are read from fvar")
    func axesAndInstances() throws {
        let font = try TestFonts.font(Self.robotoFlex)
        // Values from fontTools' reading of the file's fvar table.
        #expect(font.isVariable && font.variationAxes.count == 13)
        #expect(font.axis("opsz") == VariationAxis(tag: "opsz", minValue: 8, defaultValue: 14, maxValue: 144))
        #expect(font.axis("wdth") == VariationAxis(tag: "wdth", minValue: 25, defaultValue: 100, maxValue: 151))
        #expect(font.axis("wght") == VariationAxis(tag: "wght", minValue: 100, defaultValue: 400, maxValue: 1000))
        #expect(font.axis("GRAD") == VariationAxis(tag: "GRAD", minValue: -200, defaultValue: 0, maxValue: 150))
        #expect(font.namedInstances.count == 20)
        let bold = try #require(font.namedInstance("bold"))
        #expect(bold.name == "Bold" && bold.coordinates.first { $0.tag == "wght" }?.value == 700)
        #expect(font.namedInstance("Extra Black Italic")?.coordinates.first { $0.tag == "slnt" }?.value == -10)
        #expect(try !TestFonts.font(TestFonts.notoSans).isVariable)
    }

    // MARK: - Widths against the oracle

    /// A line's width in em from hb-shape with FreeType's functions at the line's axis values.
    static func oracleEm(_ text: String, variations: [FontVariation]) throws -> Double {
        let font = try TestFonts.font(robotoFlex)
        let scale = font.unitsPerEm * 64
        let arguments = ["--font-funcs=ft", "--font-size=\(scale)"]
            + (variations.isEmpty ? [] : ["--variations=" + variations.map { "\($0.tag)=\($0.value)" }.joined(separator: ",")])
        return Double(try HBShape.units(fontPath: TestPaths.font(robotoFlex), text: text, extraArguments: arguments))
            / Double(scale)
    }

    @Test("widths at a variation agree with hb-shape --font-funcs=ft --variations", arguments: [
        (LayoutOptions.LineFill.size, [FontVariation("wght", 800), FontVariation("GRAD", -150)], false),
        (.size, [FontVariation("wght", 250)], true),
        (.widthAxis, [FontVariation("wght", 900)], true),
        (.mixed, [], true),
    ])
    func widthsAgreeWithHBShape(fill: LayoutOptions.LineFill, variations: [FontVariation], optical: Bool) throws {
        var options = LayoutOptions(width: 700, minSize: 30, maxSize: 200)
        options.variations = variations
        options.opticalSizing = optical
        options.lineFill = fill
        let layout = try layOut(Self.story, fonts: try Self.fonts(), options: options)
        #expect(layout.lines.count > 1)
        for line in layout.lines {
            let text = layout.substring(line.start, line.contentEnd)
            let expected = try Self.oracleEm(text, variations: line.axisValues)
            if fill == .widthAxis, line.probes == 0, !line.flags.contains(.empty) {
                // Taken without a shape: re-advanced from the narrowest, within its bound of
                // hb-shape (at most `readvancedBoundLimit` of the width) and never wider.
                #expect(WidthTolerance.fits(expected * line.size, in: options.width), "\(text) at \(line.axisValues)")
                #expect(abs(line.width - expected * line.size) <= options.width * LayoutEngine.readvancedBoundLimit)
            } else {
                #expect(widthsAgree(line.width / line.size, expected), "\(text) at \(line.axisValues)")
            }
            if optical { #expect(line.axisValues.contains { $0.tag == "opsz" }) }
            for value in variations where fill == .size || value.tag != "wdth" {
                #expect(line.axisValues.contains(value))
            }
        }
    }

    // MARK: - Optical size

    @Test("optical sizes: no line overflows; each size fits at its own opsz and the next grid size does not", arguments: [
        (700.0, 20.0, 300.0), (960.0, 40.0, 260.0), (300.0, 6.0, 60.0),
    ])
    func opticalSizeRule(width: Double, minSize: Double, maxSize: Double) throws {
        let options = LayoutOptions(width: width, minSize: minSize, maxSize: maxSize)
        let layout = try layOut(Self.longStory, fonts: try Self.fonts(), options: options)
        var sawFollowing = false
        for line in layout.lines where !line.flags.contains(.empty) {
            let text = layout.substring(line.start, line.contentEnd)
            let opsz = try #require(line.axisValues.first { $0.tag == "opsz" }?.value)
            #expect(opsz == min(max(line.size, 8), 144), "opsz \(opsz) at \(line.size) pt")
            #expect(line.width <= width * (1 + 1e-12))
            #expect(line.probes <= 3 + Int(log2(Double((maxSize - minSize) / 0.01)).rounded(.up)))
            let fitsHere = try Self.oracleEm(text, variations: [FontVariation("opsz", opsz)]) * line.size
            #expect(fitsHere <= width * (1 + 1e-12), "\(text): \(fitsHere) at \(line.size) pt")
            guard !line.flags.contains(.heldAtMax), !line.flags.contains(.overflows) else { continue }
            let next = (line.size * 100 + 1).rounded() / 100
            let nextOpsz = min(max(next, 8), 144)
            let nextWidth = try Self.oracleEm(text, variations: [FontVariation("opsz", nextOpsz)]) * next
            #expect(nextWidth > width, "\(text): \(next) pt at opsz \(nextOpsz) is \(nextWidth), still fits")
            if opsz > minSize { sawFollowing = true }
        }
        #expect(sawFollowing)
    }

    @Test("lines break at the minimum with opsz = the minimum")
    func breaksAtMinimumOpticalSize() throws {
        let options = LayoutOptions(width: 500, minSize: 40, maxSize: 200)
        let layout = try layOut(Self.story, fonts: try Self.fonts(), options: options)
        let first = try #require(layout.lines.first)
        let rest = String(decoding: Array(Self.story.utf16)[first.end...], as: UTF16.self)
        let withNextWord = layout.substring(first.start, first.end) + (rest.split(separator: " ").first.map(String.init) ?? "")
        let atMinimum = [FontVariation("opsz", 40)]
        #expect(try Self.oracleEm(layout.substring(first.start, first.contentEnd), variations: atMinimum) * 40 <= 500)
        #expect(try Self.oracleEm(withNextWord, variations: atMinimum) * 40 > 500)
    }

    @Test("an explicit opsz or --no-optical-sizing keeps opsz fixed, and width linear in size")
    func opticalSizingOff() throws {
        var options = LayoutOptions(width: 700, minSize: 20, maxSize: 300)
        options.opticalSizing = false
        let off = try layOut(Self.story, fonts: try Self.fonts(), options: options)
        #expect(off.lines.allSatisfy { $0.axisValues.isEmpty && $0.probes == 0 })
        options.opticalSizing = true
        options.variations = [FontVariation("opsz", 14)]
        let fixed = try layOut(Self.story, fonts: try Self.fonts(), options: options)
        #expect(fixed.lines.allSatisfy { $0.axisValues == [FontVariation("opsz", 14)] && $0.probes == 0 })
        // opsz 14 is the default instance: the same glyphs and sizes as no axis at all.
        #expect(fixed.lines.map(\.size) == off.lines.map(\.size))
    }

    // MARK: - Width axis

    @Test("width-axis: one size, each line's wdth the largest on the 0.1 grid that fits", arguments: [
        (960.0, 40.0, 260.0, true), (600.0, 24.0, 300.0, false), (400.0, 30.0, 90.0, true),
    ])
    func widthAxisFill(width: Double, minSize: Double, maxSize: Double, optical: Bool) throws {
        var options = LayoutOptions(width: width, minSize: minSize, maxSize: maxSize, lineFill: .widthAxis)
        options.opticalSizing = optical
        options.variations = [FontVariation("wght", 900)]
        let layout = try layOut(Self.longStory, fonts: try Self.fonts(), options: options)
        let filled = layout.lines.filter { !$0.flags.contains(.empty) && !$0.flags.contains(.widthAxisFallback) }
        #expect(filled.count >= 3)
        let blockSize = try #require(filled.first?.size)
        for line in filled {
            let text = layout.substring(line.start, line.contentEnd)
            #expect(line.size == blockSize)
            let wdth = try #require(line.axisValues.first { $0.tag == "wdth" }?.value)
            #expect(wdth >= 25 && wdth <= 151 && abs(wdth * 10 - (wdth * 10).rounded()) < 1e-9)
            #expect(line.width <= width * (1 + 1e-12))
            // The stated tolerance: the next 0.1 of wdth would overflow (so the line misses
            // the width by less than one step), checked with hb-shape; for a line taken
            // without a shape (probes 0), unless within twice its bound of the width (at most
            // 2 × `readvancedBoundLimit`; Roboto Flex's bounds are about 1e-5 of the width).
            var next = line.axisValues.filter { $0.tag != "wdth" }
            next.append(FontVariation("wdth", ((wdth * 10).rounded() + 1) / 10))
            if wdth < 151 {
                let undecided = line.probes == 0 ? width * 1e-4 : 0
                #expect(try Self.oracleEm(text, variations: next) * line.size > width - undecided, "\(text) at wdth \(wdth)")
            }
            #expect(WidthTolerance.fits(try Self.oracleEm(text, variations: line.axisValues) * line.size, in: width))
            #expect(line.width >= width * 0.99, "\(text): \(line.width) of \(width)")
        }
        for line in layout.lines where line.flags.contains(.widthAxisFallback) {
            // Flagged because the widest wdth could not reach the width at the block's size.
            let text = layout.substring(line.start, line.contentEnd)
            var widest = line.axisValues.filter { $0.tag != "wdth" && $0.tag != "opsz" }
            widest.append(FontVariation("wdth", 151))
            if optical { widest.append(FontVariation("opsz", min(max(blockSize, 8), 144))) }
            #expect(try Self.oracleEm(text, variations: widest) * blockSize < width)
            #expect(line.axisValues.contains(FontVariation("wdth", 151)))
        }
    }

    @Test("mixed: sizes inside the band around the median, wdth fills the lines outside it")
    func mixedFill() throws {
        let text = "A\nvery long line of words that is set small\nmedium line here\nsome words"
        let options = LayoutOptions(width: 800, minSize: 20, maxSize: 400, lineFill: .mixed)
        let layout = try layOut(text, fonts: try Self.fonts(), options: options)
        let plain = try layOut(text, fonts: try Self.fonts(), options: LayoutOptions(width: 800, minSize: 20, maxSize: 400))
        let sizes = plain.lines.map(\.size).sorted()
        let median = sizes[(sizes.count - 1) / 2]
        for (line, original) in zip(layout.lines, plain.lines) {
            let wdth = try #require(line.axisValues.first { $0.tag == "wdth" }?.value)
            #expect(line.width <= 800 * (1 + 1e-12))
            if line.flags.contains(.widthAxisFallback) {
                #expect(line.size == original.size)
            } else if original.size < median / 1.2 - 0.01 || original.size > median * 1.2 + 0.01 {
                #expect(line.size >= median / 1.2 - 0.01 && line.size <= median * 1.2)
                #expect(original.size < median ? wdth < 100 : wdth > 100)
            } else {
                #expect(line.size == original.size && wdth == 100)
            }
        }
        #expect(layout.lines.contains { $0.axisValues.contains { $0.tag == "wdth" && $0.value < 100 } })
        #expect(layout.lines.contains { $0.axisValues.contains { $0.tag == "wdth" && $0.value > 100 } })
    }

    // MARK: - Clamping, instances, errors

    @Test("axis values stay within fvar; values outside are clamped and reported")
    func clampingAndWarnings() throws {
        var options = LayoutOptions(width: 600, minSize: 4, maxSize: 300)
        options.variations = [FontVariation("wght", 2000), FontVariation("GRAD", -900), FontVariation("ZZZZ", 3)]
        let layout = try layOut(Self.longStory, fonts: try Self.fonts(), options: options)
        let font = try TestFonts.font(Self.robotoFlex)
        for line in layout.lines {
            for value in line.axisValues {
                let axis = try #require(font.axis(value.tag))
                #expect(value.value >= axis.minValue && value.value <= axis.maxValue)
            }
            #expect(line.axisValues.contains(FontVariation("wght", 1000)))
            #expect(line.axisValues.contains(FontVariation("GRAD", -200)))
        }
        #expect(layout.warnings.map(\.kind) == [.axisClamped, .axisClamped, .axisNotInFonts])
        #expect(layout.warnings[0].message.contains("2000") && layout.warnings[0].message.contains("1000"))
        let json = String(decoding: try JSONEncoder().encode(layout), as: UTF8.self)
        #expect(json.contains("\"warnings\"") && json.contains("axisClamped") && json.contains("\"axes\""))
        let decoded = try JSONDecoder().decode(Layout.self, from: Data(json.utf8))
        #expect(decoded.warnings == layout.warnings && decoded.lines.map(\.axisValues) == layout.lines.map(\.axisValues))
        #expect(layout.sizeSpans.allSatisfy { $0.axisValues.contains(FontVariation("wght", 1000)) })
    }

    @Test("a named instance applies its coordinates; explicit axes override them")
    func namedInstances() throws {
        var options = LayoutOptions(width: 600, minSize: 20, maxSize: 200)
        options.namedInstance = "Black"
        let black = try layOut(Self.story, fonts: try Self.fonts(), options: options)
        #expect(black.lines.allSatisfy { $0.axisValues.contains(FontVariation("wght", 900)) })
        options.variations = [FontVariation("wght", 300)]
        let light = try layOut(Self.story, fonts: try Self.fonts(), options: options)
        #expect(light.lines.allSatisfy { $0.axisValues.contains(FontVariation("wght", 300)) })
        // Heavier letters are wider: the same text gets smaller sizes.
        #expect(black.lines[0].size < light.lines[0].size)
    }

    @Test("unsupported or contradictory variable-font options are typed errors", arguments: [
        "unknown instance", "instance of a static font", "width-axis with an explicit wdth", "width-axis with a static font",
        "width-axis with hinted widths", "an axis given twice",
    ])
    func typedErrors(label: String) throws {
        var options = LayoutOptions(width: 600, minSize: 20, maxSize: 200)
        var fonts = try Self.fonts()
        var name = "fit"
        switch label {
        case "unknown instance": options.namedInstance = "Wobbly"; name = "instance"
        case "instance of a static font": options.namedInstance = "Bold"; name = "instance"; fonts = try TestFonts.chain(TestFonts.notoSans)
        case "width-axis with an explicit wdth": options.lineFill = .widthAxis; options.variations = [FontVariation("wdth", 80)]; name = "axis"
        case "width-axis with a static font": options.lineFill = .widthAxis; fonts = try TestFonts.chain(TestFonts.notoSans)
        case "width-axis with hinted widths": options.lineFill = .widthAxis; options.widthMode = .hinted
        default: options.variations = [FontVariation("wght", 300), FontVariation("wght", 500)]; name = "axis"
        }
        do {
            _ = try layOut(Self.story, fonts: fonts, options: options)
            Issue.record("\(label) was accepted")
        } catch let LineFitError.invalidOption(option, reason) {
            #expect(option == name, "\(label): \(reason)")
        }
        #expect(throws: LineFitError.self) { _ = try EditorSession(text: Self.story, fonts: fonts, options: options) }
    }

    // MARK: - Caches, threads, editor

    @Test("the shaping cache keys on the variation")
    func cacheKeysOnVariation() throws {
        let engine = try LayoutEngine(shapingCacheCapacity: 64)
        for weight in [300.0, 900.0, 300.0] {
            var options = LayoutOptions(width: 600, minSize: 20, maxSize: 200)
            options.variations = [FontVariation("wght", weight)]
            let cached = try engine.layout(Self.story, fonts: try Self.fonts(), options: options)
            #expect(cached == (try layOut(Self.story, fonts: try Self.fonts(), options: options)))
        }
        #expect(engine.shapingCacheStatistics.hits > 0)
    }

    @Test("threads laying out at different axis values with one font get serial results")
    func concurrentVariations() async throws {
        let fonts = try Self.fonts()
        let weights = [100.0, 400.0, 700.0, 1000.0]
        func options(_ weight: Double) -> LayoutOptions {
            var options = LayoutOptions(width: 500, minSize: 12, maxSize: 160)
            options.variations = [FontVariation("wght", weight)]
            return options
        }
        let serial = try weights.map { try layOut(Self.longStory, fonts: fonts, options: options($0)) }
        try await withThrowingTaskGroup(of: (Int, Layout).self) { group in
            for round in 0..<16 {
                let index = round % weights.count
                let opts = options(weights[index])
                group.addTask { (index, try layOut(Self.longStory, fonts: fonts, options: opts)) }
            }
            for try await (index, layout) in group { #expect(layout == serial[index]) }
        }
    }

    /// Width-axis and mixed fills keep per-instance tables in the font (`VariationAdvances`,
    /// at most 8 of each kind); here engines on several threads share one cold font and ask for
    /// more instances than are kept, so tables are made, shared and evicted while others read
    /// them. Named to match `.ci/step-tsan`'s filter.
    @Test("width-axis fits on threads sharing one font equal serial fits")
    func concurrentVariationsWidthAxis() async throws {
        let weights = (0..<12).map { 200.0 + 60 * Double($0) }
        func options(_ index: Int) -> LayoutOptions {
            var options = LayoutOptions(
                width: 420, minSize: 12, maxSize: 120, lineFill: index.isMultiple(of: 2) ? .widthAxis : .mixed)
            options.variations = [FontVariation("wght", weights[index])]
            return options
        }
        let serial = try weights.indices.map { try layOut(Self.longStory, fonts: Self.fonts(), options: options($0)) }
        let shared = try FontChain(fonts: [Font(path: TestPaths.font(Self.robotoFlex))])
        try await withThrowingTaskGroup(of: (Int, Layout).self) { group in
            for round in 0..<36 {
                let index = (round * 5) % weights.count
                let opts = options(index)
                group.addTask { (index, try layOut(Self.longStory, fonts: shared, options: opts)) }
            }
            for try await (index, layout) in group { #expect(layout == serial[index]) }
        }
    }

    @Test("a width-axis session measures at its layout's axis values: a keystroke shapes what a warm engine's layout does")
    func widthAxisSessionShapesOnce() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/" + Self.robotoFlex)
        let options = LayoutOptions(width: 520, minSize: 18, maxSize: 220, lineFill: .widthAxis)
        let session = try EditorSession(text: Self.story, fonts: fonts, options: options)
        // The same cache state without the session's own measurements on top: what the layout
        // alone shapes for the edited text.
        let engine = try LayoutEngine(shapingCacheCapacity: ShapingCache.editorCapacity)
        _ = try engine.layout(Self.story, fonts: fonts, options: options)
        let before = (session: session.shapedUnits, engine: engine.shapedUnits)
        try session.insert(" now", at: session.utf16Count)
        _ = try engine.layout(session.text, fonts: fonts, options: options)
        // A session measuring at the minimum's opsz shaped the edited paragraph twice.
        #expect(session.shapedUnits - before.session == engine.shapedUnits - before.engine)
        #expect(session.layout == (try engine.layout(session.text, fonts: fonts, options: options)))
    }

    @Test("editor sessions with variations equal fresh layouts", arguments: [
        LayoutOptions.LineFill.size, .widthAxis, .mixed,
    ])
    func editorSessions(fill: LayoutOptions.LineFill) throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/" + Self.robotoFlex)
        var options = LayoutOptions(width: 520, minSize: 18, maxSize: 220, lineFill: fill)
        options.variations = [FontVariation("wght", 700)]
        let session = try EditorSession(text: Self.story, fonts: fonts, options: options)
        let engine = try LayoutEngine()
        #expect(session.layout == (try engine.layout(Self.story, fonts: fonts, options: options)))
        var rng = SplitMix64(seed: 1414)
        for step in 0..<(fill == .size ? 60 : 20) {
            let edit = RandomEdit.next(&rng, length: session.utf16Count, text: Array(session.text.utf16))
            try session.replace(edit.range, with: edit.replacement)
            if session.layout != (try engine.layout(session.text, fonts: fonts, options: options)) {
                Issue.record("\(fill) step \(step): replacing \(edit.range) with \(edit.replacement.debugDescription) differs from a fresh layout")
                return
            }
        }
    }
}
