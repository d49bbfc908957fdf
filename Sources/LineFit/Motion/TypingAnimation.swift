import Foundation

/// A text typed one grapheme cluster at a time, as frames: every keystroke goes through an
/// `EditorSession` (so each layout is what an app showing the story would show), and a
/// `LayoutTransition` carries the picture from one layout to the next. A keystroke that
/// arrives while the previous transition is still running retargets it from its current
/// frame, so nothing jumps however fast the typing.
///
/// Time: keystroke i (from 1) lands at (i − 1) × `keystroke`; the last layout is then held
/// for `keystroke` + `hold`. So the animation lasts `graphemes × keystroke + hold` and has
/// `ceil(fps × (graphemes × keystroke + hold))` frames, frame n showing time n / fps.
/// Each transition's progress is eased with an ease-out cubic, `1 − (1 − t)³` of the time
/// fraction t: a keystroke answers at once and settles softly (the caller's easing choice
/// for `LayoutTransition`, made here).
public struct TypingAnimation: Sendable {
    /// Frame rate and durations in milliseconds.
    public struct Timing: Hashable, Sendable {
        /// Frames per second.
        public var fps: Int
        /// Time between two keystrokes.
        public var keystrokeMilliseconds: Int
        /// How long a transition between two layouts takes.
        public var transitionMilliseconds: Int
        /// How long the finished text stays after the last keystroke's interval.
        public var holdMilliseconds: Int

        /// The defaults of `linefit --animate`: 30 fps, a keystroke every 120 ms, 200 ms
        /// transitions (so quick typing retargets mid-way), the result held 1.5 s.
        public init(fps: Int = 30, keystrokeMilliseconds: Int = 120, transitionMilliseconds: Int = 200, holdMilliseconds: Int = 1500) {
            self.fps = fps
            self.keystrokeMilliseconds = keystrokeMilliseconds
            self.transitionMilliseconds = transitionMilliseconds
            self.holdMilliseconds = holdMilliseconds
        }
    }

    /// The layouts after 0, 1, ... graphemes (indexed by the text as given, whatever the
    /// style's transform does), and the edit that made each from the one before.
    public let layouts: [Layout]
    /// `edits[i]` takes `layouts[i]` to `layouts[i + 1]`: one grapheme appended.
    public let edits: [TextEdit]
    /// The frame rate and durations.
    public let timing: Timing

    /// Types `text` in `style` with `options` and `fonts`. `linefit --animate` passes the
    /// picture's options (for a per-line-fill style: balanced breaks filling the canvas' text
    /// area) with `stableBreaks` on, so that the lines before the caret stay while typing.
    public init(text: String, style: Style, options: LayoutOptions, fonts: FontChain, timing: Timing = Timing()) throws {
        guard timing.fps > 0, timing.fps <= 240 else {
            throw LineFitError.invalidOption(name: "fps", reason: "\(timing.fps) is not a frame rate from 1 to 240")
        }
        for (name, value) in [
            ("keystroke-ms", timing.keystrokeMilliseconds), ("transition-ms", timing.transitionMilliseconds),
            ("hold-ms", timing.holdMilliseconds),
        ] where value < 0 || value > 600_000 {
            throw LineFitError.invalidOption(name: name, reason: "\(value) is not a duration from 0 to 600000 ms")
        }
        self.timing = timing
        let session = try EditorSession(text: "", fonts: fonts, options: options)
        var layouts = [TransformedText(identity: "").mapBack(session.layout)]
        var edits: [TextEdit] = []
        var typed = ""
        for character in text {
            let before = typed.utf16.count
            typed.append(character)
            let transformed = style.transform.apply(to: typed, locale: options.language)
            // The session holds the transformed text; change only what the transform changed.
            let change = TextEdit.between(session.text, transformed.transformed)
            let units = Array(transformed.transformed.utf16)
            let inserted = String(decoding: units[change.range.lowerBound..<(change.range.lowerBound + change.insertedLength)], as: UTF16.self)
            try session.replace(change.range, with: inserted)
            layouts.append(transformed.mapBack(session.layout))
            edits.append(TextEdit(range: before..<before, insertedLength: typed.utf16.count - before))
        }
        self.layouts = layouts
        self.edits = edits
    }

    /// Graphemes typed.
    public var keystrokes: Int { edits.count }

    /// The animation's length in milliseconds: keystrokes × keystroke + hold.
    public var durationMilliseconds: Int { keystrokes * timing.keystrokeMilliseconds + timing.holdMilliseconds }

    /// ceil(fps × duration).
    public var frameCount: Int { (timing.fps * durationMilliseconds + 999) / 1000 }

    /// When frame `index` is shown, in milliseconds from the start (rounded down).
    public func milliseconds(ofFrame index: Int) -> Int { index * 1000 / timing.fps }

    /// Calls `body` with every frame in order. Work is one transition per keystroke and one
    /// `frame(at:)` per frame.
    public func forEachFrame(_ body: (Int, TransitionFrame) throws -> Void) rethrows {
        let keystroke = Double(timing.keystrokeMilliseconds), duration = Double(timing.transitionMilliseconds)
        var transition: LayoutTransition?
        var startedAt = 0.0
        var typed = 0
        // One frame's storage, reused: a frame allocates nothing for its glyphs and lines.
        var frame = TransitionFrame(layouts[0])
        func progress(at time: Double) -> Double {
            guard duration > 0 else { return 1 }
            let t = min(1, max(0, (time - startedAt) / duration))
            return 1 - pow(1 - t, 3)
        }
        for index in 0..<frameCount {
            let time = Double(index) * 1000 / Double(timing.fps)
            // Every keystroke due by now starts a transition from wherever the picture is.
            while typed < keystrokes, Double(typed) * keystroke <= time {
                let landsAt = Double(typed) * keystroke
                let current = transition?.frame(at: progress(at: landsAt)) ?? TransitionFrame(layouts[0])
                transition = LayoutTransition(from: current, to: layouts[typed + 1], edit: edits[typed])
                startedAt = landsAt
                typed += 1
            }
            if let transition {
                transition.frame(at: progress(at: time), into: &frame)
            } else {
                frame = TransitionFrame(layouts[0])
            }
            try body(index, frame)
        }
    }
}
