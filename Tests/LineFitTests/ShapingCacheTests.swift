import Testing

@testable import LineFit

/// The shaping cache returns exactly what HarfBuzz returns, and forgets least recently used first.
@Suite struct ShapingCacheTests {
    @Test func aCachedEngineLaysOutExactlyLikeAnUncachedOne() throws {
        let plain = try LayoutEngine()
        let cached = try LayoutEngine(shapingCacheCapacity: 64)
        for job in CorpusJob.all() {
            let fonts = try EditorFixtures.chain(primary: job.font)
            let options = LayoutOptions(width: job.width, minSize: job.min, maxSize: job.max)
            let expected = try plain.layout(job.text, fonts: fonts, options: options)
            #expect(try cached.layout(job.text, fonts: fonts, options: options) == expected, "\(job.name), cold")
            // The second time every run comes from the cache.
            #expect(try cached.layout(job.text, fonts: fonts, options: options) == expected, "\(job.name), warm")
            // Another width re-breaks and refits the same shaped runs.
            var narrow = options
            narrow.width = job.width / 3
            #expect(try cached.layout(job.text, fonts: fonts, options: narrow)
                    == (try plain.layout(job.text, fonts: fonts, options: narrow)), "\(job.name), narrow")
        }
        let statistics = cached.shapingCacheStatistics
        #expect(statistics.hits >= statistics.misses * 2)
        #expect(plain.shapingCacheStatistics.hits == 0)
    }

    @Test func evictsTheLeastRecentlyUsedEntry() throws {
        let font = try Font(path: TestPaths.font("NotoSans-Regular.ttf"))
        let cache = ShapingCache(capacity: 2, glyphBudget: 100)
        func key(_ text: String, rightToLeft: Bool = false) -> ShapingCache.Key {
            let units = Array(text.utf16)
            return ShapingCache.Key(
                units: units, itemStart: 0, itemEnd: units.count, font: font, isRightToLeft: rightToLeft, script: 25,
                language: 0, features: [])
        }
        let glyph = ShapedGlyph(id: 1, cluster: 0, advance: 0.5, xOffset: 0, yOffset: 0, unsafeToBreak: false)
        cache.insert(key("a"), [glyph])
        cache.insert(key("b"), [glyph, glyph])
        #expect(cache.lookup(key("a")) == [glyph])  // "a" is now the most recent
        cache.insert(key("c"), [glyph])  // evicts "b"
        #expect(cache.lookup(key("b")) == nil)
        #expect(cache.lookup(key("a")) == [glyph])
        #expect(cache.lookup(key("c")) == [glyph])
        // The glyph budget bounds memory too: a 100-glyph entry needs the whole budget.
        cache.insert(key("d"), Array(repeating: glyph, count: 100))
        #expect(cache.lookup(key("a")) == nil && cache.lookup(key("c")) == nil)
        #expect(cache.lookup(key("d"))?.count == 100)
        // Different context or direction is a different key.
        #expect(cache.lookup(key("d", rightToLeft: true)) == nil)
    }
}
