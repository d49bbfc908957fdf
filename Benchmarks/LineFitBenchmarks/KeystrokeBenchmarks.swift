// Keystroke suites: they need the editor API (`EditorSession`) being written on main.
//
// TODO(editor): EditorSession is not on main yet (2026-11-22), so this file is compiled only
// when LINEFIT_EDITOR is set when building (see Package.swift):
//   LINEFIT_EDITOR=session  against LineFit's EditorSession (the real suite);
//   LINEFIT_EDITOR=proxy    against FreshLayoutSession (EditorSessionProxy.swift), which
//                           answers every keystroke with a fresh layout: it checks the suite
//                           runs and shows what an editor without incremental work costs.
// Once EditorSession lands, make "session" the default in Package.swift and drop the proxy.
//
// The contract written against:
//   public final class EditorSession {
//       public init(text: String, fonts: FontChain, options: LayoutOptions) throws
//       public var layout: Layout { get }
//       @discardableResult public func replace(_ range: Range<Int>, with replacement: String) throws -> EditResult
//       @discardableResult public func insert(_ text: String, at offset: Int) throws -> EditResult
//       @discardableResult public func backspace(at caret: Int) throws -> EditResult
//       public func typingSize(at caret: Int) -> Double
//   }
//   public struct EditResult { public var layout: Layout; public var changedLines: Range<Int> }

#if LINEFIT_EDITOR_SESSION || LINEFIT_EDITOR_PROXY
import Benchmark
import LineFit

// The proxy's benchmarks get their own names, so that their figures are never read (or
// gated in Thresholds/) as the editor's.
#if LINEFIT_EDITOR_PROXY
typealias KeystrokeSession = FreshLayoutSession
let keystrokePrefix = "proxy-keystroke"
#else
typealias KeystrokeSession = EditorSession
let keystrokePrefix = "keystroke"
#endif

func registerKeystrokeBenchmarks() {
    for series in Stories.series {
        keystrokeReplay("\(keystrokePrefix)-replay:\(Stories.jobName(series, 280))", Stories.job(series, 280))
        for length in Stories.lengths {
            let job = Stories.job(series, length)
            keystrokeInMiddle("\(keystrokePrefix):\(job.name)", job)
        }
    }
}

/// One keystroke of a script per iteration, cycling: the samples are keystrokes.
final class KeystrokeScript {
    enum Key {
        case type(String, at: Int)
        case backspace(at: Int)
    }

    let session: KeystrokeSession
    let keys: [Key]
    var next = 0

    init(_ job: Job, initialText: String, keys: [Key]) throws {
        session = try KeystrokeSession(text: initialText, fonts: try job.fontChain(), options: job.options)
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

/// A session holding the whole text; one character typed in the middle (inside a word, the
/// common case), then removed with backspace: two keystrokes per cycle, each one a sample.
func keystrokeInMiddle(_ name: String, _ job: Job) {
    let middle = job.length / 2
    let keys: [KeystrokeScript.Key] = [.type("e", at: middle), .backspace(at: middle + 1)]
    Benchmark(name) { benchmark, script in
        blackHole(try script.press())
    } setup: {
        try KeystrokeScript(job, initialText: job.text, keys: keys)
    }
}
#else
/// The keystroke suites are left out of this build: see the TODO in KeystrokeBenchmarks.swift.
func registerKeystrokeBenchmarks() {}
#endif
