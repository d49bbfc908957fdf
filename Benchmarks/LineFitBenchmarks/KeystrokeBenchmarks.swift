// Keystroke suites, on LineFit's EditorSession (the editor API: one call per keystroke).
//
//   keystroke-replay:<story-280>   the caption typed into an empty session one character at
//                                  a time, then deleted with backspace: per-keystroke latency
//                                  and mallocs in steady state
//   keystroke:<story>              one character typed in the middle of a session holding the
//                                  text, then removed: one keystroke per sample, at each length

import Benchmark
import LineFit

func registerKeystrokeBenchmarks() {
    for series in Stories.series {
        keystrokeReplay("keystroke-replay:\(Stories.jobName(series, 280))", Stories.job(series, 280))
        for length in Stories.lengths {
            let job = Stories.job(series, length)
            keystrokeInMiddle("keystroke:\(job.name)", job)
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
