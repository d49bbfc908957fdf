import CHarfBuzzBench

/// A faithful reference implementation of the algorithm in Instagram's "Building Type Mode
/// for Stories on iOS and Android" write-up (Android part), with HarfBuzz standing in for
/// `Paint.measureText`:
///
/// 1. Lay the text out at the minimum size: hard breaks (`\n`, `\r\n`, `\r`, U+2028,
///    U+2029) start new lines; inside a paragraph lines break greedily at spaces, and every
///    candidate line (the current line plus the next word) is measured by shaping it with
///    HarfBuzz at the minimum size.
/// 2. For each line, binary-search the INTEGER sizes in [min, max] for the largest one at
///    which the line still fits the width, reshaping the line with HarfBuzz at that size at
///    every probe (`hb_font_set_scale` to the size, `hb_shape`, sum of the advances).
///
/// It is naive on purpose: no shaping cache, no linear scaling of widths, no prefix sums.
/// That is the point of comparison for LineFit's "shape once in design units" design.
/// Simplifications that do not change the cost: a word wider than the width at the minimum
/// size stays whole on its own line (Android would break it), and trailing spaces are left
/// out of a line's measured width (LineFit does the same).
public final class NaiveTypeMode {
    /// A line: UTF-16 range of its content (trailing spaces and the break excluded) and its size.
    public struct Line: Equatable {
        public var start: Int
        public var end: Int
        public var size: Int
    }

    /// 26.6 fixed point, as FreeType and Android's Skia pass sizes: advances come back in
    /// 1/64 point, so a width in points is the sum divided by 64.
    static let subpixel: Int32 = 64

    let face: HarfBuzzFace
    let shaper = HarfBuzzLineShaper()
    /// HarfBuzz calls and UTF-16 units shaped by the last layout (the cost model: each unit
    /// is shaped once per candidate line and once per size probe of its line).
    public private(set) var probes = 0
    public private(set) var shapedUnits = 0

    public init(face: HarfBuzzFace) {
        self.face = face
    }

    /// Lays out `text`; `lines` is cleared and refilled (pass the same array every time to
    /// keep its storage).
    public func layout(_ text: [UInt16], width: Double, minSize: Int, maxSize: Int, into lines: inout [Line]) {
        lines.removeAll(keepingCapacity: true)
        probes = 0
        shapedUnits = 0
        text.withUnsafeBufferPointer { units in
            var paragraphStart = 0
            var i = 0
            while i <= units.count {
                let isEnd = i == units.count
                let unit: UInt16 = isEnd ? 0 : units[i]
                if isEnd || unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029 {
                    breakParagraph(units, paragraphStart..<i, width: width, minSize: minSize, into: &lines)
                    if !isEnd, unit == 0x0D, i + 1 < units.count, units[i + 1] == 0x0A { i += 1 }
                    paragraphStart = i + 1
                }
                i += 1
            }
            for index in lines.indices {
                lines[index].size = fitSize(units, lines[index].start..<lines[index].end, width: width, minSize: minSize, maxSize: maxSize)
            }
        }
    }

    /// Step 1: greedy breaking at the minimum size, shaping every candidate line.
    private func breakParagraph(
        _ units: UnsafeBufferPointer<UInt16>, _ paragraph: Range<Int>, width: Double, minSize: Int,
        into lines: inout [Line]
    ) {
        setSize(minSize)
        let limit = Int(width * Double(Self.subpixel))
        var lineStart = -1  // no line open yet
        var lineEnd = paragraph.lowerBound
        var position = paragraph.lowerBound
        while position < paragraph.upperBound {
            // The next word: skip spaces, then run to the next space.
            var wordStart = position
            while wordStart < paragraph.upperBound, units[wordStart] == 0x20 { wordStart += 1 }
            guard wordStart < paragraph.upperBound else { break }
            var wordEnd = wordStart
            while wordEnd < paragraph.upperBound, units[wordEnd] != 0x20 { wordEnd += 1 }
            if lineStart < 0 {
                lineStart = wordStart
                lineEnd = wordEnd
            } else if measure(units, lineStart..<wordEnd) <= limit {
                lineEnd = wordEnd
            } else {
                lines.append(Line(start: lineStart, end: lineEnd, size: minSize))
                lineStart = wordStart
                lineEnd = wordEnd
            }
            position = wordEnd
        }
        if lineStart >= 0 {
            lines.append(Line(start: lineStart, end: lineEnd, size: minSize))
        } else {
            lines.append(Line(start: paragraph.lowerBound, end: paragraph.lowerBound, size: minSize))  // empty paragraph
        }
    }

    /// Step 2: the largest integer size in [min, max] at which the line fits, by binary
    /// search with a reshape at every probe.
    private func fitSize(_ units: UnsafeBufferPointer<UInt16>, _ line: Range<Int>, width: Double, minSize: Int, maxSize: Int) -> Int {
        guard !line.isEmpty else { return minSize }
        let limit = Int(width * Double(Self.subpixel))
        var low = minSize, high = maxSize
        while low < high {
            let mid = (low + high + 1) / 2
            setSize(mid)
            if measure(units, line) <= limit { low = mid } else { high = mid - 1 }
        }
        return low
    }

    private func setSize(_ size: Int) {
        hb_font_set_scale(face.font, Int32(size) * Self.subpixel, Int32(size) * Self.subpixel)
    }

    private func measure(_ units: UnsafeBufferPointer<UInt16>, _ range: Range<Int>) -> Int {
        probes += 1
        shapedUnits += range.count
        return shaper.advance(units, range, face: face)
    }
}
