import Testing

@testable import LineFit

/// What one engine carries from layout to layout to save work (the UTF-16 copy, the
/// variable-font plan, the language check) must not change any layout.
@Suite("Per-layout shortcuts")
struct LayoutReuseTests {
    @Test("UTF-16 units from UTF-8: code units worked out by hand")
    func handTranscoded() {
        #expect(UTF16Units.of("") == [])
        #expect(UTF16Units.of("Az~") == [0x41, 0x7A, 0x7E])
        // é U+00E9 (2 bytes), 今 U+4ECA (3 bytes), 😀 U+1F600 (4 bytes: D83D DE00).
        #expect(UTF16Units.of("é今😀") == [0x00E9, 0x4ECA, 0xD83D, 0xDE00])
        // The edges of each UTF-8 length: U+007F, U+0080, U+07FF, U+0800, U+FFFF, U+10000, U+10FFFF.
        #expect(UTF16Units.of("\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}")
            == [0x007F, 0x0080, 0x07FF, 0x0800, 0xFFFF, 0xD800, 0xDC00, 0xDBFF, 0xDFFF])
    }

    @Test("UTF-16 units equal the standard library's UTF-16 view on random texts, short and long")
    func randomTexts() {
        var random = SplitMix64(seed: 12)
        // Ranges of every UTF-8 length, surrogates excluded (they are not scalars).
        let ranges: [ClosedRange<UInt32>] = [0x20...0x7E, 0x80...0x7FF, 0x800...0xD7FF, 0xE000...0xFFFF, 0x10000...0x10FFFF]
        for round in 0..<300 {
            let length = round < 200 ? Int(random.next() % 20) : Int(random.next() % 2_000)
            var text = ""
            for _ in 0..<length {
                let range = ranges[Int(random.next() % UInt64(ranges.count))]
                let value = range.lowerBound + UInt32(random.next() % UInt64(range.count))
                text.unicodeScalars.append(Unicode.Scalar(value)!)
            }
            #expect(UTF16Units.of(text) == Array(text.utf16), "round \(round)")
        }
    }

    @Test("one engine alternating variable-font options lays out as fresh engines do, and still rejects bad ones")
    func variationPlansFollowOptions() throws {
        let fonts = try TestFonts.chain(VariableFontTests.robotoFlex)
        let text = VariableFontTests.story
        var plain = LayoutOptions(width: 600, minSize: 12, maxSize: 200)
        plain.box = .limit(height: 300)
        var bold = plain
        bold.namedInstance = "bold"
        var narrow = plain
        narrow.variations = [FontVariation("wdth", 60)]
        var filled = plain
        filled.lineFill = .widthAxis
        var fixedOpsz = plain
        fixedOpsz.opticalSizing = false
        var unknown = plain
        unknown.namedInstance = "no such instance"
        let engine = try LayoutEngine()
        for options in [plain, bold, narrow, plain, filled, fixedOpsz, bold, plain] {
            let reused = try engine.layout(text, fonts: fonts, options: options)
            let fresh = try LayoutEngine().layout(text, fonts: fonts, options: options)
            #expect(reused == fresh)
            #expect(reused.warnings == fresh.warnings)
        }
        // The wdth=60 text is narrower than the default: the plan really changed with the options.
        let wide = try engine.layout(text, fonts: fonts, options: plain)
        let condensed = try engine.layout(text, fonts: fonts, options: narrow)
        #expect(condensed.lines[0].axisValues.contains(FontVariation("wdth", 60)))
        #expect(!wide.lines[0].axisValues.contains { $0.tag == "wdth" && $0.value == 60 })
        #expect(throws: LineFitError.self) { try engine.layout(text, fonts: fonts, options: unknown) }
        // A chain of other fonts is a new plan too: a static font reports no axis values.
        let staticFonts = try TestFonts.chain(TestFonts.notoSans)
        #expect(try engine.layout(text, fonts: staticFonts, options: narrow).lines.allSatisfy { $0.axisValues.isEmpty })
    }

    @Test("fonts of simple clusters asked in one call: the primary where it covers them, else per cluster")
    func simpleClusterFonts() throws {
        let latinFirst = try TestFonts.chain(TestFonts.notoSans, "DroidSansFallbackFull.ttf")
        let hanFirst = try TestFonts.chain("DroidSansFallbackFull.ttf", TestFonts.notoSans)
        let options = LayoutOptions(width: 400, minSize: 10, maxSize: 90)
        let engine = try LayoutEngine()
        func fonts(_ text: String, _ chain: FontChain) -> [Int] {
            let units = Array(text.utf16)
            return Array(engine.measure(units: units, contentLength: units.count, fonts: chain, options: options).fontIndices)
        }
        // Noto Sans has no ideographs (its cmap stops before U+4E00); DroidSansFallback has them.
        #expect(fonts("今天", latinFirst) == [1, 1])
        #expect(fonts("今天", hanFirst) == [0, 0])
        // Cyrillic and accented Latin: Noto Sans covers them.
        #expect(fonts("Привет é", latinFirst) == Array(repeating: 0, count: 8))
        // One ideograph among Latin letters: only it falls back.
        #expect(fonts("ab今c", latinFirst) == [0, 0, 1, 0])
    }

    @Test("random texts of simple clusters in several scripts: the one-call check equals the per-cluster path")
    func simpleClustersLikeGeneralPath() throws {
        let pieces = ["今", "天", "é", "ж", "Ω", "ا", "あ", "カ", "한", "a", " ", "\t", "\n", "。", "\u{0301}", "😀", "ｶ"]
        let chains = [
            try TestFonts.chain(TestFonts.notoSans, "DroidSansFallbackFull.ttf"),
            try TestFonts.chain("DroidSansFallbackFull.ttf", TestFonts.notoSans),
        ]
        let fast = try LayoutEngine(), general = try LayoutEngine()
        general.simpleTextPath = false
        var random = SplitMix64(seed: 55)
        for round in 0..<200 {
            var text = ""
            for _ in 0..<random.int(below: 25) { text += pieces[random.int(below: pieces.count)] }
            let options = LayoutOptions(width: [100, 400, 960][round % 3], minSize: 10, maxSize: 90)
            let fonts = chains[round % 2]
            #expect(try fast.layout(text, fonts: fonts, options: options) == general.layout(text, fonts: fonts, options: options),
                    "round \(round): \(text.debugDescription)")
        }
    }

    @Test("lines sharing their runs' storage are equal at once; a changed glyph still makes them differ")
    func sharedRunsEquality() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        let layout = try LayoutEngine().layout(
            "Two paragraphs,\nso two lines", fonts: fonts, options: LayoutOptions(width: 300, minSize: 10, maxSize: 90))
        let line = try #require(layout.lines.first)
        let copy = line
        #expect(copy == line)
        var changed = line
        changed.runs[0].glyphs[0].x += 0.5
        #expect(changed != line)
        var reassigned = changed
        reassigned.runs = line.runs
        #expect(reassigned == line)
        #expect(layout.lines.count == 2)
        #expect(layout.lines[0] != layout.lines[1])
    }
}
