import Foundation
@testable import LineFit
import Testing

// Fallback fonts opened only when text needs them, once, from any thread; a broken one found
// late covers nothing instead of failing the layout.

@Suite("Deferred fonts")
struct DeferredFontTests {
    static func chain(_ cache: FontCache) throws -> FontChain {
        let primary = try cache.font(TestPaths.font(TestFonts.spartan))
        let fallbacks = try [TestFonts.notoSans, "DroidSansFallbackFull.ttf", TestFonts.emoji].map {
            try cache.font(TestPaths.font($0), deferred: true)
        }
        return FontChain(primary, fallbacks: fallbacks)
    }

    @Test("a Latin caption opens only the primary font; an emoji opens the emoji font")
    func opensOnlyWhatTextNeeds() throws {
        let cache = FontCache()
        let chain = try Self.chain(cache)
        #expect(chain.fonts.map(\.isOpen) == [true, false, false, false])
        let latin = try layOut("GAME NIGHT at eight", fonts: chain, options: LayoutOptions(width: 600, minSize: 20, maxSize: 200))
        #expect(latin.missing.isEmpty)
        #expect(chain.fonts.map(\.isOpen) == [true, false, false, false])

        let party = try layOut("party 🎉", fonts: chain, options: LayoutOptions(width: 600, minSize: 20, maxSize: 200))
        #expect(party.missing.isEmpty)
        let emojiRun = party.lines.flatMap(\.runs).first { $0.fontIndex == 3 }
        #expect(emojiRun != nil, "the emoji is drawn from the emoji font")
        // Choosing a colour font for an emoji asks each font of the chain whether it has
        // colour; the text fallbacks answer from their table directories, unopened.
        #expect(chain.fonts.map(\.isOpen) == [true, false, false, true])
        #expect(chain.fonts[3].hasColor)
    }

    @Test("colour from the table directory agrees with FreeType's colour flag for every bundled font")
    func colourFromDirectory() throws {
        let directory = TestPaths.fontsDirectory.path
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { [".ttf", ".otf", ".ttc", ".otc"].contains(where: $0.lowercased().hasSuffix) }.sorted()
        #expect(files.count >= 10)
        var colourFiles: [String] = []
        for file in files {
            let path = (directory as NSString).appendingPathComponent(file)
            let deferred = try FontCache().font(path, deferred: true)
            let answer = deferred.hasColor
            let settledUnopened = !deferred.isOpen
            let opened = try Font(path: path)
            #expect(answer == opened.hasColor, "\(file)")
            // None of the bundled fonts has an SVG table or both EBLC and CBLC, the only cases
            // the directory leaves to FreeType.
            #expect(settledUnopened, "\(file) was opened to answer")
            if opened.hasColor { colourFiles.append(file) }
        }
        #expect(colourFiles == [TestFonts.emoji], "the one colour font bundled is the emoji font")
    }

    @Test("colour rules: CBLC, sbix or COLR is colour; SVG, or EBLC with CBLC, is left to FreeType")
    func colourRules() {
        #expect(FontFileTables.hasColor(tags: ["cmap", "glyf", "head"]) == false)
        #expect(FontFileTables.hasColor(tags: ["cmap", "CBDT", "CBLC"]) == true)
        #expect(FontFileTables.hasColor(tags: ["cmap", "sbix"]) == true)
        #expect(FontFileTables.hasColor(tags: ["cmap", "COLR", "CPAL"]) == true)
        #expect(FontFileTables.hasColor(tags: ["cmap", "EBDT", "EBLC"]) == false)
        #expect(FontFileTables.hasColor(tags: ["cmap", "SVG "]) == nil)
        #expect(FontFileTables.hasColor(tags: ["cmap", "EBLC", "CBLC"]) == nil)
    }

    @Test("threads needing a closed font at once all get it, opened once, and agree")
    func concurrentOpening() async throws {
        let cache = FontCache()
        let chain = try Self.chain(cache)
        let options = LayoutOptions(width: 500, minSize: 16, maxSize: 120)
        let text = "漢字 and emoji 🎉 together"
        let layouts = try await withThrowingTaskGroup(of: Layout.self) { group in
            for _ in 0..<8 {
                group.addTask { try layOut(text, fonts: chain, options: options) }
            }
            return try await group.reduce(into: [Layout]()) { $0.append($1) }
        }
        #expect(layouts.count == 8)
        #expect(layouts.allSatisfy { $0 == layouts[0] })
        #expect(layouts[0].missing.isEmpty)
        #expect(chain.fonts[2].isOpen && chain.fonts[3].isOpen)
        // One Font per file: the cache hands out the same objects, opened once.
        #expect(try cache.font(TestPaths.font(TestFonts.emoji), deferred: true) === chain.fonts[3])
    }

    @Test("a broken fallback found late covers nothing: its text goes to the next font, with the reason kept")
    func brokenFallback() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-deferred-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let broken = folder.appendingPathComponent("Broken.ttf").path
        try Data("this is not a font".utf8).write(to: URL(fileURLWithPath: broken))

        let cache = FontCache()
        let primary = try cache.font(TestPaths.font(TestFonts.spartan))
        let bad = try cache.font(broken, deferred: true)
        let emoji = try cache.font(TestPaths.font(TestFonts.emoji), deferred: true)
        #expect(bad.loadError == nil, "not opened yet")
        let chain = FontChain(primary, fallbacks: [bad, emoji])
        let layout = try layOut("ok 🎉", fonts: chain, options: LayoutOptions(width: 400, minSize: 20, maxSize: 100))
        #expect(layout.missing.isEmpty)
        #expect(layout.lines.flatMap(\.runs).contains { $0.fontIndex == 2 })
        #expect(!layout.lines.flatMap(\.runs).contains { $0.fontIndex == 1 })
        #expect(bad.loadError != nil)
        #expect(!bad.isOpen)
        // Asked for as a primary (not deferred), the same file is an error at once.
        #expect(throws: LineFitError.self) { try cache.font(broken) }
    }

    // MARK: - Deferred fonts carry main's font state (variations, hinted sizes)

    @Test("a deferred variable font reads fvar when first asked, and lays out and draws at the asked axis values")
    func deferredVariableFont() throws {
        // A static fallback says it has no axes from its table directory, without opening.
        let staticFont = try Font(deferredPath: try TestPaths.font(TestFonts.notoSans))
        #expect(!staticFont.isVariable && staticFont.namedInstances.isEmpty && !staticFont.isOpen)

        let path = try TestPaths.font(VariableFontTests.robotoFlex)
        let asked = try Font(deferredPath: path)
        #expect(!asked.isOpen)
        // fvar as fontTools reads it (the values VariableFontTests checks on an eager font).
        #expect(asked.axis("wght") == VariationAxis(tag: "wght", minValue: 100, defaultValue: 400, maxValue: 1000))
        #expect(asked.isOpen && asked.namedInstances.count == 20)

        var options = LayoutOptions(width: 700, minSize: 30, maxSize: 200)
        options.variations = [FontVariation("wght", 900)]
        let deferred = try Font(deferredPath: path)
        let layout = try layOut(VariableFontTests.story, fonts: FontChain(deferred), options: options)
        #expect(deferred.isOpen)
        #expect(layout.lines.count > 1)
        for line in layout.lines {
            let text = layout.substring(line.start, line.contentEnd)
            #expect(line.axisValues.contains(FontVariation("wght", 900)))
            // The oracle: hb-shape's FreeType path at the line's own axis values.
            let expected = try VariableFontTests.oracleEm(text, variations: line.axisValues)
            #expect(widthsAgree(line.width / line.size, expected), "\(text) at \(line.axisValues)")
        }
        let eager = try layOut(VariableFontTests.story, fonts: FontChain(try Font(path: path)), options: options)
        #expect(layout.lines.map(\.size) == eager.lines.map(\.size))

        // Outlines come from the face set to the asked instance: a black "o" is wider in ink
        // than a thin one.
        let drawn = try Font(deferredPath: path)
        let glyph = try #require(drawn.glyph(for: "o"))
        let thin = try #require(drawn.inkBounds(glyph: glyph, variations: [FontVariation("wght", 100)]))
        let black = try #require(drawn.inkBounds(glyph: glyph, variations: [FontVariation("wght", 1000)]))
        #expect(black.xMax - black.xMin > (thin.xMax - thin.xMin) * 1.1)
    }

    @Test("hinted mode on a deferred font: the cached hinted sizes open with it and give the uncached sizes")
    func deferredHintedFont() throws {
        var options = LayoutOptions(width: 300, minSize: 10, maxSize: 40)
        options.widthMode = .hinted
        let text = "The quick brown fox jumps over the lazy dog and keeps running"
        let path = try TestPaths.font(TestFonts.notoSans)

        let deferred = try Font(deferredPath: path)
        #expect(deferred.hintedAdvanceLoads == 0 && !deferred.isOpen)
        let cached = try layOut(text, fonts: FontChain(deferred), options: options)
        let loads = deferred.hintedAdvanceLoads
        #expect(deferred.isOpen && loads > 0)
        _ = try layOut(text, fonts: FontChain(deferred), options: options)
        #expect(deferred.hintedAdvanceLoads == loads, "the same layout again loads no advance")

        // The reference: a new FreeType face at every size (hinting as before HintedSizes),
        // on another deferred font.
        let reference = try LayoutEngine()
        reference.uncachedHinting = true
        let uncached = try reference.layout(text, fonts: FontChain(try Font(deferredPath: path)), options: options)
        #expect(cached.lines.count > 1)
        #expect(cached.lines.map(\.size) == uncached.lines.map(\.size))
        #expect(cached.lines.map(\.width) == uncached.lines.map(\.width))
        #expect(cached.lines.allSatisfy { $0.width <= 300 * (1 + 1e-12) })

        // A variable font in hinted mode shapes on the varied hinted face: opsz follows each
        // line's size there too, and deferred and eager fonts agree.
        let flex = try TestPaths.font(VariableFontTests.robotoFlex)
        var flexOptions = LayoutOptions(width: 500, minSize: 12, maxSize: 90)
        flexOptions.widthMode = .hinted
        let deferredFlex = try layOut(text, fonts: FontChain(try Font(deferredPath: flex)), options: flexOptions)
        let eagerFlex = try layOut(text, fonts: FontChain(try Font(path: flex)), options: flexOptions)
        #expect(deferredFlex.lines.map(\.size) == eagerFlex.lines.map(\.size))
        #expect(deferredFlex.lines.allSatisfy { line in
            line.axisValues.contains(FontVariation("opsz", min(max(line.size, 8), 144)))
        })
    }

    @Test("a missing deferred font is an error when the chain is made, not later")
    func missingDeferred() {
        #expect(throws: LineFitError.self) { try FontCache().font("/no/such/font.ttf", deferred: true) }
    }
}
