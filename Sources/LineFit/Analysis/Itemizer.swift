/// A maximal piece of a paragraph with one bidi level, one script and one font: the unit
/// HarfBuzz shapes.
struct ItemRun: Hashable {
    var range: Range<Int>
    var level: UInt8
    var script: Int32
    var fontIndex: Int

    var isRightToLeft: Bool { level & 1 == 1 }
}

/// Characters of the text that no font in the chain covers.
public struct MissingCharacters: Hashable, Sendable, Codable {
    /// UTF-16 range of the grapheme cluster in the text.
    public var start: Int
    /// The end of the cluster's UTF-16 range (exclusive).
    public var end: Int
    /// The code points of the cluster that no font covers.
    public var codePoints: [UInt32]
}

/// Splits a paragraph into item runs: UAX #9 levels (ICU ubidi) → script runs → font runs.
///
/// Fonts are chosen per grapheme cluster (UAX #29), so a cluster is never split between
/// fonts: a cluster goes to the first font covering all of its characters (default-ignorable
/// characters such as ZWJ and variation selectors aside); emoji sequences go to the first
/// colour font covering them; Common and Inherited clusters (spaces, punctuation, digits)
/// stay with the previous cluster's font when it covers them, so a space between two Arabic
/// words does not split the Arabic run.
struct Itemizer {
    var levels: [UInt8] = []
    var scripts: [Int32] = []
    var fonts: [Int] = []
    var scalars: [UInt32] = []
    var asciiCoverage = ASCIICoverage()
    /// ASCII text skips the per-character script, font and grapheme work (`SimpleText`);
    /// false for tests that compare with the general path.
    var simpleTextPath = true

    mutating func itemize(
        _ text: [UInt16], paragraph: Range<Int>, graphemeEnds: [Int], bidi: BidiResolver,
        direction: LayoutOptions.BaseDirection, chain: FontChain,
        runs: inout [ItemRun], missing: inout [MissingCharacters]
    ) -> UInt8 {
        runs.removeAll(keepingCapacity: true)
        let count = paragraph.count
        let base = paragraph.lowerBound
        let paragraphLevel = bidi.resolve(text, range: paragraph, direction: direction, into: &levels)
        guard count > 0 else { return paragraphLevel }
        resolveScripts(text, range: paragraph, carry: nil)
        chooseFonts(text, range: paragraph, graphemeEnds: graphemeEnds, chain: chain, previous: nil, missing: &missing)

        var start = 0
        for i in 1...count {
            if i == count || levels[i] != levels[start] || scripts[i] != scripts[start] || fonts[i] != fonts[start] {
                runs.append(ItemRun(
                    range: (base + start)..<(base + i), level: levels[start], script: scripts[start],
                    fontIndex: fonts[start]))
                start = i
            }
        }
        return paragraphLevel
    }

    /// Scripts per UTF-16 unit of `range`, Common and Inherited resolved to the preceding
    /// script (`carry` before the range; or the following one at the start of a paragraph),
    /// as UAX #24 suggests for itemizing. Returns whether the range has a script of its own.
    @discardableResult
    mutating func resolveScripts(_ text: [UInt16], range paragraph: Range<Int>, carry: Int32?) -> Bool {
        let count = paragraph.count
        scripts.removeAll(keepingCapacity: true)
        scripts.reserveCapacity(count)
        // ASCII: letters are Latin, everything else Common, so the range resolves to one
        // script: Latin when it has a letter (and no other script is carried into it), else
        // the carried script or Common.
        if simpleTextPath, SimpleText.isASCII(text, paragraph) {
            let hasLetter = text[paragraph].contains { SimpleText.isASCIILetter($0) }
            if !hasLetter || carry == nil || carry == SimpleText.latinScript {
                let script = hasLetter ? SimpleText.latinScript : carry ?? UnicodeProperties.commonScript
                scripts.append(contentsOf: repeatElement(script, count: count))
                return hasLetter
            }
        }
        // Han ideographs are all of the Han script (SimpleText.isHanIdeographs).
        if simpleTextPath, SimpleText.isHanIdeographs(text, paragraph) {
            scripts.append(contentsOf: repeatElement(SimpleText.hanScript, count: count))
            return true
        }
        var firstReal: Int32?
        var i = paragraph.lowerBound
        while i < paragraph.upperBound {
            let (scalar, length) = UTF16Scalars.decode(text, at: i, limit: paragraph.upperBound)
            let script = UnicodeProperties.script(scalar)
            if firstReal == nil, script != UnicodeProperties.commonScript, script != UnicodeProperties.inheritedScript {
                firstReal = script
            }
            for _ in 0..<length { scripts.append(script) }
            i += length
        }
        var current = carry ?? firstReal ?? UnicodeProperties.commonScript
        for j in 0..<count {
            let script = scripts[j]
            if script == UnicodeProperties.commonScript || script == UnicodeProperties.inheritedScript {
                scripts[j] = current
            } else {
                current = script
            }
        }
        return firstReal != nil
    }

    /// Fonts per UTF-16 unit of `range` (whose grapheme clusters end at `graphemeEnds`),
    /// `previous` being the font of the cluster before the range.
    mutating func chooseFonts(
        _ text: [UInt16], range paragraph: Range<Int>, graphemeEnds: [Int], chain: FontChain,
        previous: Int?, missing: inout [MissingCharacters]
    ) {
        let base = paragraph.lowerBound
        fonts.removeAll(keepingCapacity: true)
        fonts.reserveCapacity(paragraph.count)
        // ASCII clusters of one unit each that the primary font all covers, with no fallback
        // font before them: each one's first covering font is the primary (the neutral rule
        // only keeps a fallback's font), so no lookup is needed per cluster.
        if simpleTextPath, previous ?? 0 == 0, graphemeEnds.count == paragraph.count, SimpleText.isASCII(text, paragraph),
           asciiCoverage.coversAll(text[paragraph], primary: chain.primary) {
            fonts.append(contentsOf: repeatElement(0, count: paragraph.count))
            return
        }
        // The same rule for any text of one-unit simple clusters (Han, kana, Hangul, accented
        // Latin, Cyrillic…) that the primary font covers: each cluster's first covering font
        // is the primary, asked about all of them in one call instead of one per cluster.
        if simpleTextPath, previous ?? 0 == 0, graphemeEnds.count == paragraph.count,
           primaryCoversSimpleClusters(text, paragraph, chain: chain) {
            fonts.append(contentsOf: repeatElement(0, count: paragraph.count))
            return
        }
        var previousFont = previous
        var clusterStart = base
        for end in graphemeEnds {
            // Most clusters are one BMP character that cannot be an emoji (Latin and most
            // scripts below U+231A; Han, kana, Hangul): one cmap lookup per font decides.
            if end == clusterStart + 1, UnicodeProperties.isSimpleCluster(text[clusterStart]),
               let index = FontSelection.font(forSimple: UInt32(text[clusterStart]), chain: chain, previous: previousFont) {
                fonts.append(index)
                previousFont = index
                clusterStart = end
                continue
            }
            scalars.removeAll(keepingCapacity: true)
            var i = clusterStart
            while i < end {
                let (scalar, length) = UTF16Scalars.decode(text, at: i, limit: end)
                scalars.append(scalar)
                i += length
            }
            let choice = FontSelection.font(
                for: scalars[...], chain: chain, previous: previousFont)
            let index: Int
            if let choice {
                index = choice
            } else {
                index = 0
                let uncovered = scalars.filter { scalar in
                    !UnicodeProperties.isDefaultIgnorable(scalar)
                        && !chain.fonts.contains { $0.covers(Unicode.Scalar(scalar) ?? "\u{FFFD}") }
                }
                missing.append(MissingCharacters(start: clusterStart, end: end, codePoints: uncovered))
            }
            for _ in clusterStart..<end { fonts.append(index) }
            previousFont = index
            clusterStart = end
        }
    }
}

extension Itemizer {
    /// Whether every unit of `range` is a simple cluster (`UnicodeProperties.isSimpleCluster`)
    /// that the primary font covers, as `FontSelection.font(forSimple:)` asks it.
    mutating func primaryCoversSimpleClusters(_ text: [UInt16], _ range: Range<Int>, chain: FontChain) -> Bool {
        scalars.removeAll(keepingCapacity: true)
        scalars.append(contentsOf: repeatElement(0, count: range.count))
        // Written through buffers: an append per unit cost more than the cmap look-up saved.
        let simple = text.withUnsafeBufferPointer { text in
            scalars.withUnsafeMutableBufferPointer { scalars in
                for (k, i) in range.enumerated() {
                    let unit = text[i]
                    guard UnicodeProperties.isSimpleCluster(unit) else { return false }
                    scalars[k] = TabAdvance.coverageScalar(UInt32(unit))
                }
                return true
            }
        }
        return simple && scalars.withUnsafeBufferPointer { chain.primary.coversAll($0) }
    }
}

enum FontSelection {
    /// The font for one grapheme cluster, or nil when no font covers it.
    static func font(for scalars: ArraySlice<UInt32>, chain: FontChain, previous: Int?) -> Int? {
        if UnicodeProperties.isEmojiCluster(scalars) {
            for (index, font) in chain.fonts.enumerated() where font.hasColor && covers(font, scalars) {
                return index
            }
        }
        // A colour emoji font covers spaces and digits too, but draws them with emoji advances.
        if let previous, !chain.fonts[previous].hasColor, let first = scalars.first, isNeutral(first),
           covers(chain.fonts[previous], scalars) {
            return previous
        }
        for (index, font) in chain.fonts.enumerated() where covers(font, scalars) {
            // A colour emoji font is only for emoji: text-presentation symbols it happens to
            // cover (digits, #, ©) look wrong in colour next to text.
            if font.hasColor && !UnicodeProperties.isEmojiCluster(scalars) && index != 0 {
                if chain.fonts[(index + 1)...].contains(where: { !$0.hasColor && covers($0, scalars) }) { continue }
            }
            return index
        }
        return nil
    }

    /// The font for a cluster of one character that cannot be an emoji.
    @inline(__always)
    static func font(forSimple scalar: UInt32, chain: FontChain, previous: Int?) -> Int? {
        guard let value = Unicode.Scalar(TabAdvance.coverageScalar(scalar)) else { return nil }
        if let previous, previous != 0, !chain.fonts[previous].hasColor, isNeutral(scalar),
           chain.fonts[previous].covers(value) {
            return previous
        }
        for index in chain.fonts.indices where chain.fonts[index].covers(value) {
            if index == 0 || !chain.fonts[index].hasColor { return index }
            // A colour font covering a text character: the slow path decides.
            return nil
        }
        return nil
    }

    private static func isNeutral(_ scalar: UInt32) -> Bool {
        let script = UnicodeProperties.script(scalar)
        return script == UnicodeProperties.commonScript || script == UnicodeProperties.inheritedScript
    }

    /// Whether the font covers every character of the cluster that has to be drawn.
    static func covers(_ font: Font, _ scalars: ArraySlice<UInt32>) -> Bool {
        for scalar in scalars {
            guard let value = Unicode.Scalar(scalar) else { return false }
            if font.covers(value) { continue }
            if UnicodeProperties.isDefaultIgnorable(scalar) { continue }
            // Emoji modifiers and tags fall back to their base glyph when unsupported.
            return false
        }
        return true
    }
}

extension Array where Element == MissingCharacters {
    func shifted(by offset: Int) -> [MissingCharacters] {
        map { MissingCharacters(start: $0.start + offset, end: $0.end + offset, codePoints: $0.codePoints) }
    }
}
