import Foundation
import Testing

@testable import LineFit

/// The editor's contract: after every edit its layout equals a fresh layout of the same text.
@Suite struct EditorSessionTests {
    static let corpus: [CorpusJob] = CorpusJob.all()

    /// Each job with its width drawn from 1 (a cluster a line), 40 (a few letters), 120 and
    /// its own, linear or hinted, with or without tracking (negative too), so that edits
    /// meet emergency breaks, overflowing clusters and narrower-with-more-text lines.
    @Test(arguments: corpus)
    func randomEditsMatchFreshLayouts(job: CorpusJob) throws {
        let fonts = try EditorFixtures.chain(primary: job.font)
        var rng = SplitMix64(seed: job.name.utf8.reduce(0x5EED) { $0 &* 31 &+ UInt64($1) })
        var options = LayoutOptions(width: rng.pick([1, 40, 120, job.width]), minSize: job.min, maxSize: job.max)
        options.widthMode = rng.chance(25) ? .hinted : .linear
        options.tracking = rng.pick([0, 0, 0.04, -0.1])
        let session = try EditorSession(text: job.text, fonts: fonts, options: options)
        let engine = try LayoutEngine()
        #expect(session.layout == (try engine.layout(job.text, fonts: fonts, options: options)))
        let steps = options.widthMode == .hinted ? 60 : 150
        for step in 0..<steps {
            let edit = RandomEdit.next(&rng, length: session.utf16Count, text: Array(session.text.utf16))
            try session.replace(edit.range, with: edit.replacement)
            let expected = try engine.layout(session.text, fonts: fonts, options: options)
            if session.layout != expected {
                Issue.record("\(job.name) (width \(options.width), \(options.widthMode), tracking \(options.tracking)) step \(step): after replacing \(edit.range) with \(edit.replacement.debugDescription), the session differs from a fresh layout of \(session.text.debugDescription)")
                return
            }
        }
    }

    @Test(arguments: [LayoutOptions.WidthMode.linear, .hinted], [0.0, 0.04])
    func editsInOtherModesMatchFreshLayouts(mode: LayoutOptions.WidthMode, tracking: Double) throws {
        let job = try CorpusJob.load("paragraph")
        let fonts = try EditorFixtures.chain(primary: job.font)
        var options = LayoutOptions(width: 420, minSize: 14, maxSize: 90)
        options.widthMode = mode
        options.tracking = tracking
        let session = try EditorSession(text: job.text, fonts: fonts, options: options)
        let engine = try LayoutEngine()
        var rng = SplitMix64(seed: 77)
        for step in 0..<40 {
            let edit = RandomEdit.next(&rng, length: session.utf16Count, text: Array(session.text.utf16))
            try session.replace(edit.range, with: edit.replacement)
            if session.layout != (try engine.layout(session.text, fonts: fonts, options: options)) {
                Issue.record("\(mode), tracking \(tracking), step \(step): differs from a fresh layout")
                return
            }
        }
    }

    @Test func aHeightLimitedSessionMatchesFreshLayouts() throws {
        let job = try CorpusJob.load("paragraph")
        let fonts = try EditorFixtures.chain(primary: job.font)
        let options = LayoutOptions(width: 600, minSize: 40, maxSize: 200, maxHeight: 300)
        let engine = try LayoutEngine()
        let session = try EditorSession(text: job.text, fonts: fonts, options: options)
        #expect(session.layout == (try engine.layout(job.text, fonts: fonts, options: options)))
        #expect(session.layout.heightScale < 1)
        try session.insert(" and more", at: session.utf16Count)
        try session.backspace(at: 10)
        #expect(session.layout == (try engine.layout(session.text, fonts: fonts, options: options)))
    }

    @Test func typingAndBackspacingACaption() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/NotoSans-Regular.ttf")
        let options = LayoutOptions(width: 960, minSize: 30, maxSize: 240)
        let session = try EditorSession(fonts: fonts, options: options)
        let engine = try LayoutEngine()
        let caption = "Sunday market haul 🍓🥖 first strawberries of the year!\nWho else is ready for summer? ☀️"
        for character in caption {
            try session.insert(String(character), at: session.utf16Count)
            #expect(session.layout == (try engine.layout(session.text, fonts: fonts, options: options)))
        }
        #expect(session.text == caption)
        while session.utf16Count > 0 {
            try session.backspace(at: session.utf16Count)
            #expect(session.layout == (try engine.layout(session.text, fonts: fonts, options: options)))
        }
        #expect(session.layout.lines.isEmpty)
    }

    @Test func typingInsideALongParagraphReshapesOnlyAWindow() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/NotoSans-Regular.ttf")
        let options = LayoutOptions(width: 960, minSize: 32, maxSize: 220)
        let text = CorpusJob.all().first { $0.name == "paragraph" }!.text
        let session = try EditorSession(text: text, fonts: fonts, options: options)
        let engine = try LayoutEngine()
        for (offset, typed) in [(40, "x"), (41, "y"), (100, " "), (150, "word ")] {
            try session.insert(typed, at: offset)
            #expect(session.layout == (try engine.layout(session.text, fonts: fonts, options: options)))
        }
        try session.backspace(at: 42)
        #expect(session.layout == (try engine.layout(session.text, fonts: fonts, options: options)))
        #expect(session.statistics.windowMeasures == 5)
        #expect(session.statistics.paragraphMeasures == 0)
    }

    @Test func typingSizeIsTheCaretLinesSize() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/BebasNeue-Regular.otf")
        let session = try EditorSession(
            text: "this weekend\nONLY", fonts: fonts, options: LayoutOptions(width: 960, minSize: 36, maxSize: 320))
        let lines = session.layout.lines
        #expect(lines.count == 2)
        #expect(session.typingSize(at: 0) == lines[0].size)
        #expect(session.typingSize(at: 5) == lines[0].size)
        #expect(session.typingSize(at: 13) == lines[1].size)
        #expect(session.typingSize(at: 17) == lines[1].size)
        #expect(session.sizeSpans.map(\.size) == lines.map(\.size))
    }

    @Test func rejectsRangesOutsideTheText() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/BebasNeue-Regular.otf")
        let session = try EditorSession(text: "abc", fonts: fonts, options: LayoutOptions(width: 960, minSize: 36, maxSize: 320))
        #expect(throws: LineFitError.self) { try session.replace(2..<9, with: "x") }
        #expect(session.text == "abc")
        try session.insert("🎉", at: 3)
        #expect(throws: LineFitError.self) { try session.replace(4..<5, with: "") }
        #expect(session.text == "abc🎉")
    }
}

/// Random edits of the kinds people make: typing, backspace, delete, replacing a selection,
/// pasting, newlines and emoji, at the start, middle and end; and the pieces that change
/// breaks around them: a soft hyphen, a lone combining mark, ZWJ, VS16, an emoji modifier,
/// bidi controls and marks, CJK.
enum RandomEdit {
    static let snippets = [
        "a", "e", " ", "\n", "word ", "🎉", "👩‍👩‍👧‍👦", "é", "ש", "م", "क्ष", "สวัสดี", "中", ".", "\r\n", "  ",
        "\u{00AD}", "\u{0301}", "\u{200D}", "\u{FE0F}", "🏻", "🫠", "\u{202E}", "\u{202C}", "\u{2067}", "\u{2069}",
        "\u{200F}", "今天", "中文字", "Super",
    ]

    static func next(_ rng: inout SplitMix64, length: Int, text: [UInt16]) -> (range: Range<Int>, replacement: String) {
        // Editors hand over ranges on code point boundaries: never between surrogate halves.
        func snapped(_ offset: Int) -> Int {
            var offset = min(offset, length)
            while offset > 0, offset < length, text[offset] & 0xFC00 == 0xDC00 { offset -= 1 }
            return offset
        }
        func position() -> Int {
            switch rng.next() % 4 {
            case 0: return 0
            case 1: return length
            default: return length == 0 ? 0 : snapped(Int(rng.next() % UInt64(length + 1)))
            }
        }
        let kind = rng.next() % 6
        let snippet = snippets[Int(rng.next() % UInt64(snippets.count))]
        var start = position()
        switch kind {
        case 0, 1:  // typing
            return (start..<start, snippet)
        case 2:  // backspace / delete one unit
            guard length > 0 else { return (0..<0, snippet) }
            start = snapped(min(start, length - 1))
            return (start..<snapped(start + 1 + (text[start] & 0xFC00 == 0xD800 ? 1 : 0)), "")
        case 3:  // replace a selection
            let end = snapped(start + Int(rng.next() % 12))
            return (start..<end, snippet)
        case 4:  // paste
            return (start..<start, "paste of several words \(snippet) here")
        default:  // delete a selection
            let end = snapped(start + Int(rng.next() % 20))
            return (start..<end, "")
        }
    }
}

extension CorpusJob {
    /// Every sample job in `Fixtures/corpus`, in name order.
    static func all() -> [CorpusJob] {
        let directory = TestPaths.packageRoot.appendingPathComponent("Tests/LineFitTests/Fixtures/corpus")
        // A fixture that fails to load or parse stops the run with its name: dropping it would
        // let the tests pass without it.
        do {
            let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            let jobs = try files.filter { $0.hasSuffix(".json") }.sorted().map { file in
                try CorpusJob.load(String(file.dropLast(".json".count)))
            }
            // An empty list would make the parameterized tests pass vacuously.
            precondition(!jobs.isEmpty, "no sample jobs found in \(directory.path)")
            return jobs
        } catch {
            preconditionFailure("sample jobs in \(directory.path) do not load: \(error)")
        }
    }
}

enum EditorFixtures {
    /// A job's font (a path relative to the package) followed by the bundled fallback chain.
    static func chain(primary: String) throws -> FontChain {
        let primaryPath = TestPaths.packageRoot.appendingPathComponent(primary).path
        var paths = [primaryPath]
        for name in BundledFonts.defaultFallbackNames {
            let path = try TestPaths.font(name)
            if path != primaryPath { paths.append(path) }
        }
        return try FontChain(paths: paths)
    }
}
