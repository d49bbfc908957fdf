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
        // (Choosing a colour font for an emoji asks each font of the chain whether it has
        // colour, which opens the ones before it too.)
        #expect(chain.fonts[3].isOpen && chain.fonts[3].hasColor)
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

    @Test("a missing deferred font is an error when the chain is made, not later")
    func missingDeferred() {
        #expect(throws: LineFitError.self) { try FontCache().font("/no/such/font.ttf", deferred: true) }
    }
}
