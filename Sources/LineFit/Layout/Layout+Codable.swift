/// The JSON form of a layout (what `linefit --json` prints): every line and run carries its
/// own text and every run its font file's name, so the document can be checked on its own
/// (`../shared/tools/check-fit` reads `lines[].text/start/end/size/width` and
/// `lines[].runs[].text/start/end/font/size/glyphs`).
extension Layout: Codable {
    private enum CodingKeys: String, CodingKey {
        case text, width, height, minSize, maxSize, heightScale, overflowsHeight, lines, sizeSpans, missing, fonts
        case breaks, box, boxHeight, chosenMinimum, limitingRange, blockTop, warnings
    }

    /// `limitingRange` in JSON: the segment's offsets and its text.
    private struct LimitingDocument: Codable {
        var start: Int
        var end: Int
        var text: String?
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(minSize, forKey: .minSize)
        try container.encode(maxSize, forKey: .maxSize)
        try container.encode(heightScale, forKey: .heightScale)
        try container.encode(overflowsHeight, forKey: .overflowsHeight)
        try container.encode(lines.map { LineDocument($0, in: self) }, forKey: .lines)
        try container.encode(sizeSpans, forKey: .sizeSpans)
        try container.encode(missing, forKey: .missing)
        try container.encode(fontNames, forKey: .fonts)
        try container.encode(warnings, forKey: .warnings)
        try container.encode(breakStrategy, forKey: .breaks)
        switch box {
        case .none: try container.encode("none", forKey: .box)
        case .limit(let height):
            try container.encode("limit", forKey: .box)
            try container.encode(height, forKey: .boxHeight)
        case .fill(let height):
            try container.encode("fill", forKey: .box)
            try container.encode(height, forKey: .boxHeight)
        }
        try container.encode(chosenMinimum, forKey: .chosenMinimum)
        try container.encode(blockTop, forKey: .blockTop)
        if let range = limitingRange {
            try container.encode(
                LimitingDocument(start: range.lowerBound, end: range.upperBound, text: substring(range.lowerBound, range.upperBound)),
                forKey: .limitingRange)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        text = try container.decode(String.self, forKey: .text)
        width = try container.decode(Double.self, forKey: .width)
        height = try container.decode(Double.self, forKey: .height)
        minSize = try container.decode(Double.self, forKey: .minSize)
        maxSize = try container.decode(Double.self, forKey: .maxSize)
        heightScale = try container.decode(Double.self, forKey: .heightScale)
        overflowsHeight = try container.decode(Bool.self, forKey: .overflowsHeight)
        missing = try container.decode([MissingCharacters].self, forKey: .missing)
        fontNames = try container.decode([String].self, forKey: .fonts)
        lines = LineList(try container.decode([LineDocument].self, forKey: .lines).map(\.line))
        warnings = try container.decodeIfPresent([LayoutWarning].self, forKey: .warnings) ?? []
        breakStrategy = try container.decodeIfPresent(LayoutOptions.BreakStrategy.self, forKey: .breaks) ?? .greedy
        let boxHeight = try container.decodeIfPresent(Double.self, forKey: .boxHeight)
        switch (try container.decodeIfPresent(String.self, forKey: .box), boxHeight) {
        case ("limit", let height?): box = .limit(height: height)
        case ("fill", let height?): box = .fill(height: height)
        default: box = .none
        }
        chosenMinimum = try container.decodeIfPresent(Double.self, forKey: .chosenMinimum) ?? minSize
        blockTop = try container.decodeIfPresent(Double.self, forKey: .blockTop) ?? 0
        limitingRange = try container.decodeIfPresent(LimitingDocument.self, forKey: .limitingRange).map { $0.start..<$0.end }
    }
}

/// A line with its text, for JSON.
private struct LineDocument: Codable {
    var text: String
    var start, end, contentEnd: Int
    var size, width, x, top, baseline, ascent, descent, height: Double
    var flags: [String]
    var runs: [RunDocument]
    /// Variable-font axis values as an object (`{"opsz": 40.5, "wdth": 87.3}`), absent for static fonts.
    var axes: [String: Double]?
    var probes: Int?

    init(_ line: Line, in layout: Layout) {
        text = layout.text(of: line)
        start = line.start
        end = line.end
        contentEnd = line.contentEnd
        size = line.size
        width = line.width
        x = line.x
        top = line.top
        baseline = line.baseline
        ascent = line.ascent
        descent = line.descent
        height = line.height
        flags = LineDocument.flagNames.filter { line.flags.contains($0.1) }.map(\.0)
        runs = line.runs.map { RunDocument($0, size: line.size, in: layout) }
        axes = line.axisValues.isEmpty ? nil : Dictionary(line.axisValues.map { ($0.tag, $0.value) }) { $1 }
        probes = line.probes > 0 ? line.probes : nil
    }

    var line: Line {
        var flagSet: Line.Flags = []
        for (name, flag) in LineDocument.flagNames where flags.contains(name) { flagSet.insert(flag) }
        return Line(
            start: start, end: end, contentEnd: contentEnd, size: size, width: width, x: x, top: top,
            baseline: baseline, ascent: ascent, descent: descent, height: height, flags: flagSet,
            runs: runs.map(\.run),
            axisValues: (axes ?? [:]).map { FontVariation($0.key, $0.value) }.sorted { $0.tag < $1.tag },
            probes: probes ?? 0)
    }

    static let flagNames = Line.Flags.namedFlags
}

private struct RunDocument: Codable {
    var text: String
    var start, end: Int
    var font: String
    var fontIndex: Int
    var size: Double
    var bidiLevel: UInt8
    var script: String
    var x, width: Double
    var glyphs: [Glyph]

    init(_ run: GlyphRun, size: Double, in layout: Layout) {
        text = layout.substring(run.start, run.end)
        start = run.start
        end = run.end
        font = layout.fontNames.indices.contains(run.fontIndex) ? layout.fontNames[run.fontIndex] : ""
        fontIndex = run.fontIndex
        self.size = size
        bidiLevel = run.bidiLevel
        script = run.script
        x = run.x
        width = run.width
        glyphs = run.glyphs
    }

    var run: GlyphRun {
        GlyphRun(
            start: start, end: end, fontIndex: fontIndex, bidiLevel: bidiLevel, script: script, x: x,
            width: width, glyphs: glyphs)
    }
}

extension SizeSpan: CustomStringConvertible {
    public var description: String { "\(start)..<\(end) @ \(size) pt" }
}

extension SizeSpan {
    private enum CodingKeys: String, CodingKey { case start, end, size, axes }

    /// Axis values are written as an object (`"axes": {"wdth": 87.3}`) and only for variable
    /// fonts, so a static font's spans read as before.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
        try container.encode(size, forKey: .size)
        if !axisValues.isEmpty {
            try container.encode(Dictionary(axisValues.map { ($0.tag, $0.value) }) { $1 }, forKey: .axes)
        }
    }

    /// Reads a span written by `encode(to:)`; `axes` may be missing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let axes = try container.decodeIfPresent([String: Double].self, forKey: .axes) ?? [:]
        self.init(
            start: try container.decode(Int.self, forKey: .start), end: try container.decode(Int.self, forKey: .end),
            size: try container.decode(Double.self, forKey: .size),
            axisValues: axes.map { FontVariation($0.key, $0.value) }.sorted { $0.tag < $1.tag })
    }
}
