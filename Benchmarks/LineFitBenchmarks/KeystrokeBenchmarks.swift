// Keystroke suites, on LineFit's EditorSession (the editor API: one call per keystroke).
//
//   keystroke-replay:<story-280>   the caption typed into an empty session one character at
//                                  a time, then deleted with backspace: per-keystroke latency
//                                  and mallocs in steady state
//   keystroke:<story>              one character typed in the middle of a session holding the
//                                  text, then removed: one keystroke per sample, at each length
//                                  (the warm-cache case: the two windows alternate, so the
//                                  shaping cache always hits)
//   keystroke-type:<story>         typing new text: characters of a long story typed into the
//                                  middle one at a time, never the same keystroke twice
//   keystroke-paste:<story>        a new 30-character phrase pasted into the middle
//   keystroke-delete-word:<story>  a different word deleted each time
//
// The last three undo their edit outside the measured part of an iteration (package-
// benchmark's startMeasurement/stopMeasurement), so the text stays near its length. The
// session keeps its previous layout alive (`session.layout`), as an app or a transition does.

import Benchmark
import LineFit
import BenchSupport

func registerKeystrokeBenchmarks() {
    for series in Stories.series {
        keystrokeReplay("keystroke-replay:\(Stories.jobName(series, 280))", Stories.job(series, 280))
        for length in Stories.lengths {
            let job = Stories.job(series, length)
            keystrokeInMiddle("keystroke:\(job.name)", job)
        }
        for length in [280, 2_200, 10_000] {
            let job = Stories.job(series, length)
            keystrokeTyping("keystroke-type:\(job.name)", job)
            keystrokePaste("keystroke-paste:\(job.name)", job)
            keystrokeDeleteWord("keystroke-delete-word:\(job.name)", job)
        }
    }
}

/// One keystroke of a script per iteration, cycling: the samples are keystrokes.
final class KeystrokeScript {
    enum Key {
        case type(String, at: Int)
        case backspace(at: Int)
    }

    let session: EditorSession
    let keys: [Key]
    var next = 0

    init(_ job: Job, initialText: String, keys: [Key]) throws {
        session = try EditorSession(text: initialText, fonts: try job.fontChain(), options: job.options)
        self.keys = keys
    }

    @inline(__always)
    func press() throws -> EditResult {
        let key = keys[next]
        next = next + 1 == keys.count ? 0 : next + 1
        switch key {
        case let .type(text, offset): return try session.insert(text, at: offset)
        case let .backspace(caret): return try session.backspace(at: caret)
        }
    }
}

/// Types the 280-unit caption into an empty session one character (grapheme cluster) at a
/// time, then deletes it with backspace; and again. The warm-up is one whole replay, so the
/// measured keystrokes are the steady state (caches warm, buffers grown).
func keystrokeReplay(_ name: String, _ job: Job) {
    var keys: [KeystrokeScript.Key] = []
    var caret = 0
    for character in job.text {
        keys.append(.type(String(character), at: caret))
        caret += character.utf16.count
    }
    for _ in job.text {
        keys.append(.backspace(at: caret))
        caret -= 1  // only used for the Latin stories, one unit per character; checked below
    }
    precondition(job.text.count == job.text.utf16.count, "\(job.name): the replay assumes one UTF-16 unit per character")
    let replay = keys.count
    var configuration = BenchmarkSettings.configuration
    configuration.warmupIterations = replay
    configuration.maxIterations = BenchmarkSettings.smoke ? replay : 20 * replay
    Benchmark(name, configuration: configuration) { benchmark, script in
        blackHole(try script.press())
    } setup: {
        try KeystrokeScript(job, initialText: "", keys: keys)
    }
}

/// A session holding the whole text; one character typed in the middle of it, then removed
/// with backspace: two keystrokes per cycle, each one a sample.
func keystrokeInMiddle(_ name: String, _ job: Job) {
    let middle = job.length / 2
    let keys: [KeystrokeScript.Key] = [.type("e", at: middle), .backspace(at: middle + 1)]
    Benchmark(name) { benchmark, script in
        blackHole(try script.press())
    } setup: {
        try KeystrokeScript(job, initialText: job.text, keys: keys)
    }
}

/// The text edits of the honest keystroke suites come from here: the longest story, whose
/// characters are new to every session (no keystroke repeats an earlier one).
enum NewText {
    static let characters: [String] = Stories.job(Stories.primarySeries, 10_000).text.map { String($0) }
}

/// A session holding the text, edited in its middle, with the previous layout kept alive.
final class EditingState {
    let session: EditorSession
    let caret: Int
    var source = 0
    var pending = 0
    var previous: Layout?

    init(_ job: Job) throws {
        session = try EditorSession(text: job.text, fonts: try job.fontChain(), options: job.options)
        var offset = 0
        for character in job.text {
            if offset >= job.length / 2 { break }
            offset += character.utf16.count
        }
        caret = offset
    }

    func nextCharacter() -> String {
        defer { source = (source + 1) % NewText.characters.count }
        return NewText.characters[source]
    }
}

/// Never more iterations than there are new characters to type.
func editingConfiguration() -> Benchmark.Configuration {
    var configuration = BenchmarkSettings.configuration
    configuration.maxIterations = min(configuration.maxIterations, 9_000)
    return configuration
}

/// Typing new text in the middle: one character per iteration; every 40 characters the typed
/// text is removed again outside the measurement.
func keystrokeTyping(_ name: String, _ job: Job) {
    Benchmark(name, configuration: editingConfiguration()) { benchmark, state in
        if state.pending >= 40 * 2 {
            try state.session.replace(state.caret..<(state.caret + state.pending), with: "")
            state.pending = 0
        }
        let character = state.nextCharacter()
        state.previous = state.session.layout
        benchmark.startMeasurement()
        let result = try state.session.insert(character, at: state.caret + state.pending)
        benchmark.stopMeasurement()
        state.pending += character.utf16.count
        blackHole(result)
    } setup: {
        try EditingState(job)
    }
}

/// A new 30-character phrase pasted in the middle; the previous one removed first, unmeasured.
func keystrokePaste(_ name: String, _ job: Job) {
    Benchmark(name, configuration: editingConfiguration()) { benchmark, state in
        if state.pending > 0 {
            try state.session.replace(state.caret..<(state.caret + state.pending), with: "")
        }
        var phrase = ""
        for _ in 0..<30 { phrase += state.nextCharacter() }
        state.previous = state.session.layout
        benchmark.startMeasurement()
        let result = try state.session.insert(phrase, at: state.caret)
        benchmark.stopMeasurement()
        state.pending = phrase.utf16.count
        blackHole(result)
    } setup: {
        try EditingState(job)
    }
}

/// A different word (with the space after it) deleted each time; the previous one put back
/// first, unmeasured.
func keystrokeDeleteWord(_ name: String, _ job: Job) {
    let words = deletableWords(in: job.text)
    precondition(!words.isEmpty, "\(job.name) has no words")
    Benchmark(name, configuration: editingConfiguration()) { benchmark, state in
        if state.pending > 0 {
            let word = words[(state.source - 1 + words.count) % words.count]
            try state.session.insert(job.substring(word), at: word.lowerBound)
        }
        let word = words[state.source % words.count]
        state.source += 1
        state.previous = state.session.layout
        benchmark.startMeasurement()
        let result = try state.session.replace(word, with: "")
        benchmark.stopMeasurement()
        state.pending = 1
        blackHole(result)
    } setup: {
        try EditingState(job)
    }
}

extension Job {
    func substring(_ range: Range<Int>) -> String {
        let utf16 = Array(text.utf16)
        return String(decoding: utf16[range], as: UTF16.self)
    }
}
