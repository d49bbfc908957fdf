import Foundation

/// The motion between two layouts, as a pure function of progress: `frame(at: p)` for p in
/// 0...1 gives every visible glyph's position, size and opacity and every line's background
/// rect. Nothing depends on time or on the frames asked for before, so the progress can be
/// scrubbed back and forth, reversed, or replaced mid-way by a new transition that starts
/// from the current frame (`init(from: frame, to:edit:)`, a retarget).
///
/// **Correspondence.** A glyph of the old layout is the same glyph in the new one when its
/// cluster's first character survived the edit (`TextEdit.map`), it has the same place among
/// its cluster's glyphs, the same glyph id and the same font. Such a glyph moves and resizes;
/// everything else cross-fades, old out and new in: a ligature forming, Arabic joining forms
/// changing, a fallback font taking over, "ß" uppercased to "SS". A fading glyph rides along
/// with its nearest matched neighbour on its line, so a typed letter appears beside the word
/// it joins instead of where that word will only be at the end.
///
/// **Sizes** interpolate geometrically, `s(p) = s₀·(s₁/s₀)ᵖ`: a line doubling in size grows
/// by the same factor in every equal step of p, which reads as an even zoom; linear
/// interpolation would look fast at the start of a growth and slow at its end.
///
/// **Positions follow the interpolated size**: every coordinate of a glyph or a line rect
/// moves by the fraction `g(p) = (s(p) − s₀)/(s₁ − s₀)` of its way (`g = p` when the size does
/// not change). On a line that only changes size, a glyph's offset from the line's anchor is
/// its size times a constant, so with this rule every frame is that line laid out exactly at
/// `s(p)`: letters keep their spacing, and the background rect stays snug around them.
/// Linear positions would place glyphs for the arithmetic mean size while drawing them at
/// the (smaller) geometric mean: gaps open between letters mid-way. The price is speed: a
/// glyph's largest speed is k·|displacement| per unit of p, with k = r·ln r/(r − 1) for the
/// size ratio r = max/min (k → 1 as r → 1), instead of 1.
///
/// **Easing is the caller's.** p is a fraction of the way, not of time: map time, or a
/// gesture, to p first. For example, a vertical drag that drives the change:
///
/// ```swift
/// let transition = LayoutTransition(from: before, to: after, edit: result.edit)
/// func dragChanged(translationY: Double, travel: Double) {
///     let p = min(1, max(0, translationY / travel))     // the finger's progress, scrubbable
///     draw(transition.frame(at: p))
/// }
/// func animationTick(elapsed: Double, duration: Double) {
///     let t = min(1, elapsed / duration)
///     draw(transition.frame(at: 1 - pow(1 - t, 3)))      // ease-out cubic on a timer
/// }
/// ```
///
/// At p = 0 the frame is exactly the old layout (or frame) and at p = 1 exactly the new one:
/// the same glyphs with bit-identical positions, sizes and ids. Both layouts must come from
/// the same font chain.
public struct LayoutTransition: Sendable {
    /// The frame the transition starts from.
    public let start: TransitionFrame
    /// The frame it ends at: the new layout at rest.
    public let end: TransitionFrame
    private var glyphTracks: [GlyphTrack] = []
    private var lineTracks: [LineTrack] = []
    /// The distinct (start, end) axis values of the glyphs; the first is the static pair.
    private var axisPairs: [AxisPair] = [AxisPair(from: [], to: [], fromSize: 0, toSize: 0)]
    private let fontNames: [String]

    /// A transition from one layout to another; `edit` says how the old text became the new
    /// one (`EditResult.edit`, or `TextEdit.between(old.text, new.text)` for unrelated texts).
    public init(from old: Layout, to new: Layout, edit: TextEdit) {
        self.init(from: TransitionFrame(old), to: new, edit: edit)
    }

    /// A transition from a frame (of a transition under way) to a new layout: a retarget when
    /// the text changes again mid-way. `edit` takes the frame's target text to the new text.
    public init(from frame: TransitionFrame, to new: Layout, edit: TextEdit) {
        start = frame
        end = TransitionFrame(new)
        var names = end.fontNames
        var fontMap: [Int] = []
        for name in frame.fontNames {
            if let index = names.firstIndex(of: name) {
                fontMap.append(index)
            } else {
                fontMap.append(names.count)
                names.append(name)
            }
        }
        fontNames = names
        buildTracks(edit: edit, fontMap: fontMap)
    }

    /// The frame at progress `p` (clamped to 0...1). Glyphs with zero opacity and lines with
    /// no presence are left out, so the ends are exactly the two layouts.
    public func frame(at p: Double) -> TransitionFrame {
        var result = TransitionFrame(glyphs: [], lines: [], width: end.width, height: 0, fontNames: fontNames)
        frame(at: p, into: &result)
        return result
    }

    /// Writes the frame at progress `p` into `frame`, reusing its arrays' storage: a caller
    /// that draws frame after frame into the same value allocates nothing per frame for the
    /// glyphs and lines (a frame of static fonts allocates nothing at all).
    public func frame(at p: Double, into frame: inout TransitionFrame) {
        let p = p.isNaN ? 0 : min(1, max(0, p))
        frame.width = end.width
        frame.height = lerp(start.height, end.height, p)
        frame.fontNames = fontNames
        frame.blockTop = lerp(start.blockTop, end.blockTop, p)
        if p == 0 {
            frame.boxHeight = start.boxHeight
        } else if let from = start.boxHeight, let to = end.boxHeight {
            frame.boxHeight = lerp(from, to, p)
        } else {
            frame.boxHeight = end.boxHeight
        }
        if p > 0 && p < 1 {
            interiorFrame(at: p, into: &frame)
            return
        }
        frame.axisSets = p == 0 ? start.axisSets : end.axisSets
        frame.glyphs.removeAll(keepingCapacity: true)
        frame.lines.removeAll(keepingCapacity: true)
        var lineIndex = [Int](repeating: -1, count: lineTracks.count)
        frame.lines.reserveCapacity(lineTracks.count)
        for (index, track) in lineTracks.enumerated() {
            let line = track.state(at: p)
            guard line.presence > 0 else { continue }
            lineIndex[index] = frame.lines.count
            frame.lines.append(line)
        }
        // Matched glyphs first: unmatched ones are placed relative to them.
        var states = [GlyphState](repeating: GlyphState(x: 0, y: 0, size: 0, opacity: 0, advance: 0), count: glyphTracks.count)
        for (index, track) in glyphTracks.enumerated() where track.anchor == nil {
            states[index] = track.state(at: p)
        }
        frame.glyphs.reserveCapacity(glyphTracks.count)
        for (index, track) in glyphTracks.enumerated() {
            var state = states[index]
            if let anchor = track.anchor {
                state = track.state(at: p, riding: states[anchor], anchorTrack: glyphTracks[anchor], width: end.width)
            }
            guard state.opacity > 0 else { continue }
            // At the start a glyph is on its source line; at the end on its target line (a
            // leaving glyph, there only in a retarget's start, keeps its own).
            let (first, second) = p == 0 ? (track.sourceLine, track.line) : (track.line, track.sourceLine)
            let line = lineIndex[first] >= 0 ? lineIndex[first] : lineIndex[second]
            frame.glyphs.append(AnimatedGlyph(
                fontIndex: track.fontIndex, id: track.id, cluster: track.cluster, indexInCluster: track.indexInCluster,
                x: state.x, y: state.y, size: state.size, opacity: state.opacity, line: max(0, line),
                advance: state.advance, axes: p == 0 ? track.fromAxes : track.toAxes))
        }
    }

    /// Strictly between the ends every line has some presence and every glyph some opacity,
    /// so nothing is left out and the frame is one pass over the tracks: a glyph that does
    /// not move is copied, and sizes shared by a line's glyphs cost one `exp`.
    private func interiorFrame(at p: Double, into frame: inout TransitionFrame) {
        // Every track gives one element, so the arrays are sized once (a frame written into
        // again by the same transition keeps its counts) and then written in place.
        if frame.lines.count != lineTracks.count {
            frame.lines.removeAll(keepingCapacity: true)
            frame.lines.append(contentsOf: repeatElement(Self.blankLine, count: lineTracks.count))
        }
        frame.lines.withUnsafeMutableBufferPointer { out in
            for index in 0..<lineTracks.count { out[index] = lineTracks[index].state(at: p) }
        }
        if axisPairs.count == 1 {
            frame.axisSets = axisPairs[0].staticSets
        } else {
            frame.axisSets = axisPairs.map { $0.values(at: p) }
        }
        if frame.glyphs.count != glyphTracks.count {
            frame.glyphs.removeAll(keepingCapacity: true)
            frame.glyphs.append(contentsOf: repeatElement(Self.blankGlyph, count: glyphTracks.count))
        }
        var cachedRatio = 0.0, cachedSize = (0.0, 0.0), cachedProgress = (size: 0.0, g: 0.0)
        let width = end.width
        frame.glyphs.withUnsafeMutableBufferPointer { out in
            glyphTracks.withUnsafeBufferPointer { tracks in
                for index in 0..<tracks.count {
                    let track = tracks[index]
                    var state: GlyphState
                    if let anchor = track.anchor {
                        state = track.state(at: p, riding: tracks[anchor].state(at: p), anchorTrack: tracks[anchor], width: width)
                    } else if track.isStill {
                        state = track.from
                    } else {
                        if track.logRatio != cachedRatio || track.from.size != cachedSize.0 || track.to.size != cachedSize.1 {
                            cachedRatio = track.logRatio
                            cachedSize = (track.from.size, track.to.size)
                            cachedProgress = sizeProgress(from: track.from.size, to: track.to.size, logRatio: track.logRatio, p: p)
                        }
                        let g = cachedProgress.g
                        state = GlyphState(
                            x: lerp(track.from.x, track.to.x, g), y: lerp(track.from.y, track.to.y, g), size: cachedProgress.size,
                            opacity: lerp(track.from.opacity, track.to.opacity, p), advance: lerp(track.from.advance, track.to.advance, g))
                    }
                    out[index] = AnimatedGlyph(
                        fontIndex: track.fontIndex, id: track.id, cluster: track.cluster, indexInCluster: track.indexInCluster,
                        x: state.x, y: state.y, size: state.size, opacity: state.opacity, line: track.line,
                        advance: state.advance, axes: track.axisPair)
                }
            }
        }
    }

    private static let blankGlyph = AnimatedGlyph(
        fontIndex: 0, id: 0, cluster: nil, indexInCluster: 0, x: 0, y: 0, size: 0, opacity: 0, line: 0)
    private static let blankLine = AnimatedLine(rect: LayoutRect(x: 0, y: 0, width: 0, height: 0), size: 0, presence: 0)

    /// How many glyphs move (present in both ends) and how many cross-fade.
    public var matchedGlyphCount: Int { glyphTracks.filter(\.isMatched).count }
    /// Glyphs of either end that fade in or out.
    public var fadingGlyphCount: Int { glyphTracks.count - matchedGlyphCount }

    // MARK: - Building

    private struct GlyphKey: Hashable {
        var cluster: Int
        var index: Int
        var id: UInt32
        var font: Int
    }

    private mutating func buildTracks(edit: TextEdit, fontMap: [Int]) {
        // New glyphs by key; old glyphs find their partner through the edit.
        var newByKey: [GlyphKey: Int] = [:]
        for (index, glyph) in end.glyphs.enumerated() {
            guard let cluster = glyph.cluster else { continue }
            newByKey[GlyphKey(cluster: cluster, index: glyph.indexInCluster, id: glyph.id, font: glyph.fontIndex)] = index
        }
        var partnerOfNew = [Int?](repeating: nil, count: end.glyphs.count)
        var partnerOfOld = [Int?](repeating: nil, count: start.glyphs.count)
        for (index, glyph) in start.glyphs.enumerated() {
            guard let cluster = glyph.cluster, let mapped = edit.map(cluster), glyph.fontIndex < fontMap.count else { continue }
            let key = GlyphKey(cluster: mapped, index: glyph.indexInCluster, id: glyph.id, font: fontMap[glyph.fontIndex])
            guard let partner = newByKey[key], partnerOfNew[partner] == nil else { continue }
            partnerOfNew[partner] = index
            partnerOfOld[index] = partner
        }
        let (lineOfOld, lineOfNew) = buildLineTracks(partnerOfNew: partnerOfNew, edit: edit)

        // Tracks in the new layout's order, each leaving glyph after the one before it.
        var trackOfNew = [Int](repeating: -1, count: end.glyphs.count)
        var trackOfOld = [Int](repeating: -1, count: start.glyphs.count)
        for (index, glyph) in end.glyphs.enumerated() {
            let from: GlyphState
            let endAxes = axisValues(end, glyph.axes)
            let pair: Int
            if let old = partnerOfNew[index] {
                let source = start.glyphs[old]
                from = GlyphState(x: source.x, y: source.y, size: source.size, opacity: source.opacity, advance: source.advance)
                pair = axisPair(from: axisValues(start, source.axes), to: endAxes, fromSize: source.size, toSize: glyph.size)
                trackOfOld[old] = glyphTracks.count
            } else {
                from = GlyphState(x: glyph.x, y: glyph.y, size: glyph.size, opacity: 0, advance: glyph.advance)
                pair = axisPair(from: endAxes, to: endAxes, fromSize: glyph.size, toSize: glyph.size)
            }
            trackOfNew[index] = glyphTracks.count
            var track = GlyphTrack(
                fontIndex: glyph.fontIndex, id: glyph.id, cluster: glyph.cluster, indexInCluster: glyph.indexInCluster,
                from: from, to: GlyphState(x: glyph.x, y: glyph.y, size: glyph.size, opacity: 1, advance: glyph.advance),
                isMatched: partnerOfNew[index] != nil, line: lineOfNew[glyph.line],
                sourceLine: partnerOfNew[index].map { lineOfOld[start.glyphs[$0].line] } ?? lineOfNew[glyph.line])
            track.fromAxes = partnerOfNew[index].map { start.glyphs[$0].axes } ?? 0
            track.toAxes = glyph.axes
            track.axisPair = pair
            glyphTracks.append(track)
        }
        for (index, glyph) in start.glyphs.enumerated() where partnerOfOld[index] == nil {
            let state = GlyphState(x: glyph.x, y: glyph.y, size: glyph.size, opacity: glyph.opacity, advance: glyph.advance)
            let startAxes = axisValues(start, glyph.axes)
            trackOfOld[index] = glyphTracks.count
            var track = GlyphTrack(
                fontIndex: glyph.fontIndex < fontMap.count ? fontMap[glyph.fontIndex] : glyph.fontIndex, id: glyph.id,
                cluster: nil, indexInCluster: glyph.indexInCluster, from: state,
                to: GlyphState(x: glyph.x, y: glyph.y, size: glyph.size, opacity: 0, advance: glyph.advance), isMatched: false,
                line: glyph.line < lineOfOld.count ? lineOfOld[glyph.line] : 0,
                sourceLine: glyph.line < lineOfOld.count ? lineOfOld[glyph.line] : 0)
            track.fromAxes = glyph.axes
            track.axisPair = axisPair(from: startAxes, to: startAxes, fromSize: glyph.size, toSize: glyph.size)
            glyphTracks.append(track)
        }
        // Anchors: the nearest matched glyph on the same line, before it if there is one.
        assignAnchors(glyphs: end.glyphs, tracks: trackOfNew, matched: { partnerOfNew[$0] != nil }, atEnd: true)
        assignAnchors(glyphs: start.glyphs, tracks: trackOfOld, matched: { partnerOfOld[$0] != nil }, atEnd: false)
    }

    private mutating func assignAnchors(glyphs: [AnimatedGlyph], tracks: [Int], matched: (Int) -> Bool, atEnd: Bool) {
        for index in glyphs.indices where !matched(index) {
            let line = glyphs[index].line
            var anchor: Int?
            var probe = index - 1
            while probe >= 0, glyphs[probe].line == line {
                if matched(probe) { anchor = probe; break }
                probe -= 1
            }
            if anchor == nil {
                probe = index + 1
                while probe < glyphs.count, glyphs[probe].line == line {
                    if matched(probe) { anchor = probe; break }
                    probe += 1
                }
            }
            guard let anchor else { continue }
            let track = tracks[index], anchorTrack = tracks[anchor]
            glyphTracks[track].anchor = anchorTrack
            glyphTracks[track].anchoredAtEnd = atEnd
            // It is drawn scaled as its anchor is, so at the anchor's axis values too (an
            // `opsz` that follows the drawn size).
            glyphTracks[track].axisPair = glyphTracks[anchorTrack].axisPair
        }
    }

    /// A frame's axis set for a glyph's index into it (empty when out of range).
    private func axisValues(_ frame: TransitionFrame, _ index: Int) -> [FontVariation] {
        index < frame.axisSets.count ? frame.axisSets[index] : []
    }

    /// The index of the pair of axis sets, added when new.
    private mutating func axisPair(from: [FontVariation], to: [FontVariation], fromSize: Double, toSize: Double) -> Int {
        if from.isEmpty && to.isEmpty { return 0 }
        if let known = axisPairs.firstIndex(where: { $0.from == from && $0.to == to }) { return known }
        axisPairs.append(AxisPair(from: from, to: to, fromSize: fromSize, toSize: toSize))
        return axisPairs.count - 1
    }

    /// Pairs old and new lines (in order, each new line with the old line that gave it the
    /// most glyphs; glyphless lines by their text position), then lays out the tracks top to
    /// bottom. Returns the track of every old and every new line.
    private mutating func buildLineTracks(partnerOfNew: [Int?], edit: TextEdit) -> ([Int], [Int]) {
        let oldCount = start.lines.count, newCount = end.lines.count
        var votes = [[Int: Int]](repeating: [:], count: newCount)
        for (index, glyph) in end.glyphs.enumerated() {
            guard let old = partnerOfNew[index] else { continue }
            votes[glyph.line][start.glyphs[old].line, default: 0] += 1
        }
        var pairs: [(old: Int, new: Int)] = []
        var lastOld = -1
        for new in 0..<newCount {
            let best = votes[new].filter { $0.key > lastOld }.max { ($0.value, -$0.key) < ($1.value, -$1.key) }
            if let best {
                pairs.append((best.key, new))
                lastOld = best.key
            } else if votes[new].isEmpty, !end.glyphs.contains(where: { $0.line == new }) {
                // An empty line pairs with the next old empty line, so Return keeps its place.
                if let old = (lastOld + 1..<oldCount).first(where: { old in
                    !start.glyphs.contains { $0.line == old } && start.lines[old].presence >= 1
                }), old == lastOld + 1 {
                    pairs.append((old, new))
                    lastOld = old
                }
            }
        }
        var lineOfOld = [Int](repeating: 0, count: oldCount)
        var lineOfNew = [Int](repeating: 0, count: newCount)
        var nextOld = 0, nextNew = 0
        func emitUnpaired(oldUpTo: Int, newUpTo: Int) {
            while nextOld < oldUpTo {
                let line = start.lines[nextOld]
                lineOfOld[nextOld] = lineTracks.count
                var gone = line.rect
                gone.height = 0
                lineTracks.append(LineTrack(from: line, to: AnimatedLine(rect: gone, size: line.size, presence: 0)))
                nextOld += 1
            }
            while nextNew < newUpTo {
                let line = end.lines[nextNew]
                lineOfNew[nextNew] = lineTracks.count
                var seed = line.rect
                seed.height = 0
                lineTracks.append(LineTrack(from: AnimatedLine(rect: seed, size: line.size, presence: 0), to: line))
                nextNew += 1
            }
        }
        for pair in pairs {
            emitUnpaired(oldUpTo: pair.old, newUpTo: pair.new)
            lineOfOld[pair.old] = lineTracks.count
            lineOfNew[pair.new] = lineTracks.count
            lineTracks.append(LineTrack(from: start.lines[pair.old], to: end.lines[pair.new]))
            nextOld = pair.old + 1
            nextNew = pair.new + 1
        }
        emitUnpaired(oldUpTo: oldCount, newUpTo: newCount)
        return (lineOfOld, lineOfNew)
    }
}

/// A glyph's place, size and opacity at one end of a track.
struct GlyphState: Hashable {
    var x: Double
    var y: Double
    var size: Double
    var opacity: Double
    /// The pen's advance at `size`.
    var advance: Double
}

/// One glyph's way through a transition.
private struct GlyphTrack: Sendable {
    var fontIndex: Int
    var id: UInt32
    var cluster: Int?
    var indexInCluster: Int
    var from: GlyphState
    var to: GlyphState
    var isMatched: Bool
    /// Its line track at the end, and at the start.
    var line: Int
    var sourceLine: Int
    /// For a fading glyph: the matched track it rides with, and which end its offset from
    /// that glyph is taken at (the new layout for a glyph fading in).
    var anchor: Int?
    var anchoredAtEnd = false
    /// Its axis set's index in the start frame and in the end frame, and its pair of sets.
    var fromAxes = 0
    var toAxes = 0
    var axisPair = 0
    /// ln(s₁/s₀), precomputed: a frame then costs one `exp` per line's glyphs.
    let logRatio: Double
    /// Neither moves, resizes nor fades: every frame has it where it is.
    let isStill: Bool

    init(
        fontIndex: Int, id: UInt32, cluster: Int?, indexInCluster: Int, from: GlyphState, to: GlyphState,
        isMatched: Bool, line: Int, sourceLine: Int
    ) {
        self.sourceLine = sourceLine
        self.fontIndex = fontIndex
        self.id = id
        self.cluster = cluster
        self.indexInCluster = indexInCluster
        self.from = from
        self.to = to
        self.isMatched = isMatched
        self.line = line
        logRatio = from.size > 0 && to.size > 0 ? log(to.size / from.size) : 0
        isStill = from == to
    }

    func state(at p: Double) -> GlyphState {
        let (size, g) = sizeProgress(from: from.size, to: to.size, logRatio: logRatio, p: p)
        return GlyphState(
            x: lerp(from.x, to.x, g), y: lerp(from.y, to.y, g), size: size, opacity: lerp(from.opacity, to.opacity, p),
            advance: lerp(from.advance, to.advance, g))
    }

    /// A fading glyph keeps its offset from its anchor, scaled as the anchor scales, and grows
    /// from nothing as it fades in (shrinks to nothing as it fades out). At full size it
    /// would stick out past the line's end early on: a letter typed at the end of a full line
    /// rides a line that has not yet shrunk to make room for it. Its box is also kept inside
    /// the width (or its own end's box, where that is wider, such as a trailing space).
    func state(at p: Double, riding anchor: GlyphState, anchorTrack: GlyphTrack, width: Double) -> GlyphState {
        let own = anchoredAtEnd ? to : from
        let reference = anchoredAtEnd ? anchorTrack.to : anchorTrack.from
        let opacity = lerp(from.opacity, to.opacity, p)
        // At its own end the glyph is exactly where its layout puts it.
        if (anchoredAtEnd && p == 1) || (!anchoredAtEnd && p == 0) || reference.size <= 0 {
            return GlyphState(x: own.x, y: own.y, size: own.size, opacity: opacity, advance: own.advance)
        }
        let growth = anchoredAtEnd ? p : 1 - p
        let scale = anchor.size / reference.size
        let advance = own.advance * scale * growth
        let low = min(0, own.x), high = max(width, own.x + own.advance)
        let x = max(low, min(anchor.x + (own.x - reference.x) * scale, high - advance))
        return GlyphState(
            x: x, y: anchor.y + (own.y - reference.y) * scale, size: own.size * scale * growth, opacity: opacity,
            advance: advance)
    }
}

/// The axis values of glyphs going from one line's set to another's: values of a tag both
/// have move as the glyphs' positions do (the fraction g of the size's way, so an `opsz`
/// that equals the line's size stays equal to the drawn size); a tag only one side has keeps
/// its value.
private struct AxisPair: Sendable {
    var from: [FontVariation]
    var to: [FontVariation]
    let fromSize: Double
    let toSize: Double
    let logRatio: Double
    /// The frame's sets when every glyph is static: just the empty set.
    let staticSets: [[FontVariation]] = [[]]

    init(from: [FontVariation], to: [FontVariation], fromSize: Double, toSize: Double) {
        self.from = from
        self.to = to
        self.fromSize = fromSize
        self.toSize = toSize
        logRatio = fromSize > 0 && toSize > 0 ? log(toSize / fromSize) : 0
    }

    func values(at p: Double) -> [FontVariation] {
        if from == to { return to }
        let g = sizeProgress(from: fromSize, to: toSize, logRatio: logRatio, p: p).g
        var values = to.map { target in
            guard let source = from.first(where: { $0.tag == target.tag }) else { return target }
            return FontVariation(target.tag, lerp(source.value, target.value, g))
        }
        for source in from where !to.contains(where: { $0.tag == source.tag }) { values.append(source) }
        return values
    }
}

/// One line rect's way through a transition.
private struct LineTrack: Sendable {
    var from: AnimatedLine
    var to: AnimatedLine
    let logRatio: Double

    init(from: AnimatedLine, to: AnimatedLine) {
        self.from = from
        self.to = to
        logRatio = from.size > 0 && to.size > 0 ? log(to.size / from.size) : 0
    }

    func state(at p: Double) -> AnimatedLine {
        // A line that appears or leaves changes presence, not size: it grows or shrinks
        // linearly in p; a matched line follows its size like its glyphs.
        let (size, g) = from.presence == to.presence
            ? sizeProgress(from: from.size, to: to.size, logRatio: logRatio, p: p) : (to.size, p)
        let rect = LayoutRect(
            x: lerp(from.rect.x, to.rect.x, g), y: lerp(from.rect.y, to.rect.y, g),
            width: lerp(from.rect.width, to.rect.width, g), height: lerp(from.rect.height, to.rect.height, g))
        return AnimatedLine(rect: rect, size: size, presence: lerp(from.presence, to.presence, p))
    }
}

/// The geometric size at p and the fraction of the way that positions have gone.
private func sizeProgress(from s0: Double, to s1: Double, logRatio: Double, p: Double) -> (size: Double, g: Double) {
    if p <= 0 { return (s0, 0) }
    if p >= 1 { return (s1, 1) }
    guard logRatio != 0, s1 != s0 else { return (s0, p) }
    let size = s0 * exp(logRatio * p)
    return (size, (size - s0) / (s1 - s0))
}

/// Exact at both ends: (1 − t)·a + t·b is a at t = 0 and b at t = 1, bit for bit.
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double {
    (1 - t) * a + t * b
}
