@testable import LineFit

/// SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a tiny generator whose sequence depends only on the seed, so every random
/// job below is the same on every machine and every run. Draws below use only `next()`,
/// not the standard library's `random(in:using:)`, whose algorithm may change.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in 0..<bound (Lemire's multiply-shift; the tiny bias is irrelevant here).
    mutating func int(below bound: Int) -> Int {
        Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// Uniform in the closed range, with 53 random bits.
    mutating func double(in range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) / Double(1 << 53)
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }

    mutating func pick<T>(_ items: [T]) -> T { items[int(below: items.count)] }

    mutating func chance(_ percent: Int) -> Bool { int(below: 100) < percent }
}

/// A random layout job: text from a fixed vocabulary, a bundled font, and options drawn
/// around the Type Mode ranges. `description` is enough to reproduce it by hand.
struct RandomJob: CustomStringConvertible {
    var seed: UInt64
    var text: String
    var fontName: String
    var withEmoji: Bool
    var options: LayoutOptions

    static let vocabulary = [
        "the", "a", "of", "and", "to", "in", "we", "it", "is", "on", "sun", "day", "night", "city", "lights",
        "summer", "weekend", "coffee", "morning", "adventure", "together", "forever", "beautiful", "WOW",
        "GOOD", "MORNING", "Type", "Mode", "fills", "every", "line", "width", "don't", "can't", "well-known",
        "self-made", "e-mail", "100%", "$20", "3.14", "2024", "(yes)", "no!", "why?", "ok,", "done.", "so...",
        "\u{201C}quoted\u{201D}", "naïve", "café", "über", "façade", "Straße", "x", "I",
        "supercalifragilisticexpialidocious", "https://example.com/a/long/path",
        // Combining marks (not precomposed), VS16, soft hyphens, bidi, CJK.
        "cafe\u{0301}", "n\u{0303}o\u{0308}", "a\u{0301}\u{0323}", "\u{2764}\u{FE0F}", "\u{263A}\u{FE0F}",
        "hyph\u{00AD}en\u{00AD}ation", "super\u{00AD}long\u{00AD}word", "שלום", "مرحبا", "abc\u{202E}def\u{202C}",
        "\u{2067}עברית\u{2069}", "x\u{200F}y", "今天", "中文字", "東京タワー", "한국어",
    ]
    static let emojiWords = ["🎉", "👩‍👩‍👧‍👦", "🐕", "👍🏽", "🇫🇷"]
    static let fonts = [TestFonts.courier, TestFonts.notoSans, TestFonts.bebas, TestFonts.spartan, TestFonts.kaushan]
    static let steps = [0.01, 0.01, 0.01, 0.05, 0.1, 0.25, 0.5, 1]

    init(seed: UInt64, allowEmoji: Bool = true) {
        var random = SplitMix64(seed: seed)
        self.seed = seed
        fontName = random.pick(Self.fonts)
        withEmoji = allowEmoji && random.chance(20)
        var text = ""
        let words = 1 + random.int(below: 40)
        for index in 0..<words {
            if index > 0 {
                switch random.int(below: 100) {
                case 0..<6: text += "\n"
                case 6..<8: text += "\n\n"
                case 8..<10: text += "   "
                default: text += " "
                }
            }
            text += withEmoji && random.chance(10) ? random.pick(Self.emojiWords) : random.pick(Self.vocabulary)
        }
        self.text = text
        let minSize = random.double(in: 6...60)
        let maxSize = random.chance(10) ? minSize : minSize + random.double(in: 0...300)
        options = LayoutOptions(
            width: random.double(in: 40...1200), minSize: minSize, maxSize: maxSize, step: random.pick(Self.steps),
            tracking: random.chance(20) ? random.double(in: -0.05...0.2) : 0,
            lineSpacing: random.double(in: 0.8...1.6))
    }

    /// The job's font, then the bundled fallbacks for the Hebrew, Arabic and CJK words (and
    /// colour emoji when the job has emoji).
    func fonts() throws -> FontChain {
        var names = [fontName, "NotoSansHebrew-Regular.ttf", "NotoSansArabic-Regular.ttf", "DroidSansFallbackFull.ttf"]
        if withEmoji { names.append(TestFonts.emoji) }
        return try FontChain(fonts: names.map { try TestFonts.font($0) })
    }

    var description: String {
        let o = options
        return "seed \(seed): \(fontName)\(withEmoji ? " + emoji" : ""), width \(o.width), min \(o.minSize), "
            + "max \(o.maxSize), step \(o.step), tracking \(o.tracking), text \(text.debugDescription)"
    }
}
