// A small driver beside the benchmarks, for what package-benchmark does not do:
//
//   bench-driver check                     corpus lengths, and LineFit's lines against the
//                                          naive reference's on every story text
//   bench-driver picture [RUNS]            the pinned picture (Strong, 1080x1920) as PNG, JPEG
//                                          and WebP: minimum time of layout+raster+encode, size
//   bench-driver loop OP JOB N             the operation N times, for valgrind --tool=callgrind
//                                          (instruction counts; perf counters are not available
//                                          on these machines). OP: fresh, hinted, hinted-cold,
//                                          naive, shape (hb-ot), shape-ft (hb-ft, one shape per
//                                          font run), alternate (= keystroke), type, paste,
//                                          delete-word, variable-linear, variable-opsz,
//                                          variable-width-axis. Only the operation itself runs inside
//                                          `measured` (see instructions.sh); layouts and shapes
//                                          run once unmeasured first (one-time costs).
//
//   bench-driver tails JOB ROUNDS          wall-clock p50/p90/p99 of typing new text and of one
//                                          hb-ft shape, interleaved in one run (TailLatency.swift)
//   bench-driver restarts JOB N            typing new text, pasting and deleting a word (N each,
//                                          as `loop` does them): how many edits changed a line
//                                          more than one line before the edit's own line
//   bench-driver variable                  the 280-unit story in Roboto Flex laid out linearly,
//                                          with opsz following each line and by the width axis:
//                                          probes per line, and the times as ratios of one run
//   bench-driver loop variable-linear|variable-opsz|variable-width-axis variable/story-flex-00280 N
//
// JOB is a corpus file name without .json, e.g. story-00280 or samples/paragraph.
import Foundation
import LineFit
import TypeModeBaselines
import BenchSupport

let root = URL(fileURLWithPath: #filePath)  // Benchmarks/Sources/BenchDriver/main.swift
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let project = root.deletingLastPathComponent()

struct Job: Decodable {
    var name: String, text: String, width: Double, min: Double, max: Double, font: String
    var fallbacks: String?
    var fontPath: String { project.appendingPathComponent(font).path }

    static func load(_ name: String) throws -> Job {
        let relative = name.contains("/") ? name : "stories/" + name
        let url = root.appendingPathComponent("Corpus").appendingPathComponent(relative + ".json")
        return try JSONDecoder().decode(Job.self, from: Data(contentsOf: url))
    }

    func chain() throws -> FontChain {
        var paths = [fontPath]
        if fallbacks != "none" {
            paths += BundledFonts.defaultFallbackNames.map { project.appendingPathComponent("Fonts/" + $0).path }
                .filter { $0 != fontPath }
        }
        return try FontChain(paths: paths)
    }
}

func check() throws {
    var failures = 0
    let lengths = [70, 280, 1_100, 2_200, 10_000]
    for series in ["story", "story-spartan"] {
        for length in lengths {
            let job = try Job.load(series + "-" + String(format: "%05d", length))
            let units = Array(job.text.utf16)
            if units.count != length {
                print("FAIL \(job.name): \(units.count) UTF-16 units, expected \(length)")
                failures += 1
            }
            let layout = try LayoutEngine().layout(
                job.text, fonts: try job.chain(), options: LayoutOptions(width: job.width, minSize: job.min, maxSize: job.max))
            let naive = NaiveTypeMode(face: try HarfBuzzFace(path: job.fontPath))
            var lines: [NaiveTypeMode.Line] = []
            naive.layout(units, width: job.width, minSize: Int(job.min), maxSize: Int(job.max), into: &lines)
            let ours = layout.lines.map { ($0.start, $0.contentEnd) }
            let theirs = lines.map { ($0.start, $0.end) }
            let sameBreaks = ours.count == theirs.count && zip(ours, theirs).allSatisfy { $0 == $1 }
            // Same breaks: the naive integer size must be LineFit's size rounded down (LineFit's
            // grid is 0.01 pt and both round toward fitting), within one point for the
            // difference between HarfBuzz's hb-ot advances and LineFit's FreeType ones.
            var sizeMismatches = 0
            if sameBreaks {
                for (line, reference) in zip(layout.lines, lines) where abs(line.size.rounded(.down) - Double(reference.size)) > 1 {
                    sizeMismatches += 1
                }
            }
            let verdict = sameBreaks && sizeMismatches == 0 ? "ok  " : "DIFF"
            print("\(verdict) \(job.name): \(units.count) units, LineFit \(ours.count) lines, naive \(theirs.count) lines, "
                + "naive shapes \(naive.probes)× (\(String(format: "%.1f", Double(naive.shapedUnits) / Double(units.count)))× the text)"
                + (sameBreaks ? (sizeMismatches > 0 ? ", \(sizeMismatches) sizes differ by more than 1 pt" : ", same breaks and sizes") : ", breaks differ"))
            if !sameBreaks || sizeMismatches > 0 { failures += 1 }
        }
    }
    print(failures == 0 ? "check: all story texts agree" : "check: \(failures) differences")
    exit(failures == 0 ? 0 : 1)
}

/// The region callgrind counts: `valgrind --tool=callgrind --collect-atstart=no
/// --toggle-collect=linefit_bench_measured` collects only inside this function, so set-up,
/// and the unmeasured half of a keystroke pair, are left out.
@_silgen_name("linefit_bench_measured")
@inline(never)
func measured<R>(_ body: () throws -> R) rethrows -> R {
    try body()
}

/// Edits whose first changed line lies more than one line before the line holding the
/// edit (the editor re-broke from further back than the line before), and all edits.
nonisolated(unsafe) var farRestarts = (far: 0, edits: 0)

/// Counts one edit at `offset` into `farRestarts` (outside the measured region).
func tallyRestart(_ result: EditResult, at offset: Int) {
    let lines = result.layout.lines
    let editLine = lines.firstIndex { $0.end > offset } ?? max(0, lines.count - 1)
    if result.changedLines.lowerBound < editLine - 1 { farRestarts.far += 1 }
    farRestarts.edits += 1
}

/// Characters of `text` (grapheme clusters) with their UTF-16 lengths.
func characters(_ text: Substring) -> [String] { text.map { String($0) } }

func loop(_ what: String, _ name: String, _ count: Int) throws {
    let job = try Job.load(name)
    let options = LayoutOptions(width: job.width, minSize: job.min, maxSize: job.max)
    func session(_ text: String) throws -> EditorSession {
        try EditorSession(text: text, fonts: try job.chain(), options: options)
    }
    let middle = job.text.utf16.count / 2
    // A caret position on a character boundary at or after `offset`.
    func boundary(_ text: String, atOrAfter offset: Int) -> Int {
        var position = 0
        for character in text {
            if position >= offset { return position }
            position += character.utf16.count
        }
        return position
    }
    var sink = 0
    // The previous layout of a keystroke stays alive across the next one, as an app or a
    // transition keeps it (so in-place updates of shared storage pay for their copies).
    var kept: Layout?
    switch what {
    case "fresh", "hinted":
        let engine = try LayoutEngine()
        let chain = try job.chain()
        var modeOptions = options
        if what == "hinted" { modeOptions.widthMode = .hinted }
        sink = try engine.layout(job.text, fonts: chain, options: modeOptions).lines.count  // warm-up, unmeasured
        for _ in 0..<count { sink &+= try measured { try engine.layout(job.text, fonts: chain, options: modeOptions) }.lines.count }
    case "hinted-cold":  // fonts loaded afresh (unmeasured) before each layout: no cached hinted sizes
        let engine = try LayoutEngine()
        var modeOptions = options
        modeOptions.widthMode = .hinted
        for _ in 0..<count {
            let chain = try FontChain(fonts: try job.chain().fonts.map { try Font(path: $0.name) })
            sink &+= try measured { try engine.layout(job.text, fonts: chain, options: modeOptions) }.lines.count
        }
    case "naive":
        let naive = NaiveTypeMode(face: try HarfBuzzFace(path: job.fontPath))
        let units = Array(job.text.utf16)
        var lines: [NaiveTypeMode.Line] = []
        naive.layout(units, width: job.width, minSize: Int(job.min), maxSize: Int(job.max), into: &lines)
        for _ in 0..<count { measured { naive.layout(units, width: job.width, minSize: Int(job.min), maxSize: Int(job.max), into: &lines) } }
        sink = lines.count
    case "shape":  // hb-ot, the whole text in the primary font
        let once = ShapeOnce(text: job.text, face: try HarfBuzzFace(path: job.fontPath))
        sink = once.shape()
        for _ in 0..<count { sink &+= measured { once.shape() } }
    case "shape-ft":  // hb-ft, one shape per LineFit font run
        let chain = try job.chain()
        let layout = try LayoutEngine().layout(job.text, fonts: chain, options: options)
        let runs = try FreeTypeShapeRuns(text: job.text, paths: chain.fonts.map(\.name), runs: fontRuns(layout))
        sink = runs.shape()
        for _ in 0..<count { sink &+= measured { runs.shape() } }
    case "keystroke", "alternate":  // the warm-cache case: "e" typed in the middle, then removed
        let editor = try session(job.text)
        kept = editor.layout
        for i in 0..<count {
            kept = editor.layout
            let result = try measured { i % 2 == 0 ? try editor.insert("e", at: middle) : try editor.backspace(at: middle + 1) }
            sink &+= result.changedLines.count
        }
    case "type":
        // Typing new text: the session holds the text without `count + warm-up` characters
        // from the middle, which are then typed back in one at a time. No keystroke repeats
        // an earlier one (the paragraph around the caret is new each time).
        let warmUp = 4
        let start = boundary(job.text, atOrAfter: middle - (count + warmUp) / 2)
        let utf16 = job.text.utf16
        let startIndex = utf16.index(utf16.startIndex, offsetBy: start)
        let typed = Array(job.text[startIndex...].prefix(count + warmUp))
        let end = start + typed.reduce(0) { $0 + $1.utf16.count }
        let endIndex = utf16.index(utf16.startIndex, offsetBy: end)
        let editor = try session(String(job.text[..<startIndex]) + String(job.text[endIndex...]))
        var caret = start
        kept = editor.layout
        for (i, character) in typed.enumerated() {
            let text = String(character)
            kept = editor.layout
            let result = i < warmUp ? try editor.insert(text, at: caret) : try measured { try editor.insert(text, at: caret) }
            if i >= warmUp { tallyRestart(result, at: caret) }
            caret += text.utf16.count
            sink &+= result.changedLines.count
        }
    case "paste":
        // A phrase of new text (30 characters from a longer story, a different one each time)
        // pasted in the middle; removed again outside the measured region.
        let source = Array(try Job.load("story-10000").text)
        let editor = try session(job.text)
        kept = editor.layout
        let caret = boundary(job.text, atOrAfter: middle)
        for i in 0..<count {
            let phrase = String(source[(i * 97) % (source.count - 30)..<((i * 97) % (source.count - 30) + 30)])
            kept = editor.layout
            let result = try measured { try editor.insert(phrase, at: caret) }
            tallyRestart(result, at: caret)
            sink &+= result.changedLines.count
            try editor.replace(caret..<(caret + phrase.utf16.count), with: "")
        }
    case "delete-word":
        // A different word each time (with its following space), deleted; put back outside
        // the measured region.
        let words = deletableWords(in: job.text)
        let editor = try session(job.text)
        kept = editor.layout
        let firstWord = words.firstIndex { $0.lowerBound >= middle / 2 } ?? 0
        for i in 0..<count {
            let word = words[(firstWord + i) % words.count]
            let removed = editor.layout.substring(word.lowerBound, word.upperBound)
            kept = editor.layout
            let result = try measured { try editor.replace(word, with: "") }
            tallyRestart(result, at: word.lowerBound)
            sink &+= result.changedLines.count
            try editor.insert(removed, at: word.lowerBound)
        }
    case let kind where kind.hasPrefix("variable-"):  // linear, opsz, width-axis: see `variable()`
        let engine = try LayoutEngine()
        let chain = try job.chain()
        let kindOptions = variableOptions(String(kind.dropFirst("variable-".count)), job)
        sink = try engine.layout(job.text, fonts: chain, options: kindOptions).lines.count  // warm-up, unmeasured
        for _ in 0..<count { sink &+= try measured { try engine.layout(job.text, fonts: chain, options: kindOptions) }.lines.count }
    default:
        print("unknown operation \(what)")
        exit(2)
    }
    print(sink)
    if let previous = kept { print(previous.lines.count) }
}

func variableOptions(_ kind: String, _ job: Job) -> LayoutOptions {
    var options = LayoutOptions(width: job.width, minSize: job.min, maxSize: job.max)
    switch kind {
    case "linear": options.opticalSizing = false
    case "width-axis": options.lineFill = .widthAxis
    default: break
    }
    return options
}

/// Probes per line and the three layouts' times, interleaved in rounds so that the ratios
/// come from one run on the same machine state (the minimum over rounds of each). Times are
/// the thread's CPU time, which a loaded machine inflates far less than the wall clock.
func cpuMicroseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
}

func variable() throws {
    let job = try Job.load("variable/story-flex-00280")
    let engine = try LayoutEngine()
    let chain = try job.chain()
    let kinds = ["linear", "opsz", "width-axis"]
    for kind in kinds {
        let layout = try engine.layout(job.text, fonts: chain, options: variableOptions(kind, job))
        let probes = layout.lines.map(\.probes)
        let mean = Double(probes.reduce(0, +)) / Double(max(1, probes.count))
        print("\(kind): \(layout.lines.count) lines, probes per line \(probes) (mean \(String(format: "%.1f", mean)), max \(probes.max() ?? 0))")
    }
    var best = [Double](repeating: .infinity, count: kinds.count)
    let perRound = 50
    for _ in 0..<30 {
        for (index, kind) in kinds.enumerated() {
            let options = variableOptions(kind, job)
            let start = cpuMicroseconds()
            for _ in 0..<perRound { _ = try engine.layout(job.text, fonts: chain, options: options) }
            let elapsed = (cpuMicroseconds() - start) / Double(perRound)
            best[index] = min(best[index], elapsed)
        }
    }
    for (index, kind) in kinds.enumerated() {
        print(String(format: "%@: %.1f µs CPU per layout (min of 30 rounds of %d), %.2f× linear", kind, best[index], perRound, best[index] / best[0]))
    }
    print(String(format: "targets: opsz ≤ 3× linear: %@; width-axis ≤ 2× linear: %@",
                 best[1] / best[0] <= 3 ? "met" : "MISSED", best[2] / best[0] <= 2 ? "met" : "MISSED"))
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "check": try check()
case "picture": try PinnedPicture.report(runs: arguments.count > 1 ? Int(Array(arguments)[1]) ?? 10 : 10)
case "variable": try variable()
case "tails" where arguments.count == 3: try tails(Array(arguments)[1], rounds: Int(Array(arguments)[2]) ?? 25)
case "restarts" where arguments.count == 3:
    let values = Array(arguments)
    for kind in ["type", "paste", "delete-word"] {
        farRestarts = (0, 0)
        try loop(kind, values[1], Int(values[2]) ?? 1)
        print("\(kind) \(values[1]): \(farRestarts.far) of \(farRestarts.edits) edits changed a line more than one line before the edit's line")
    }
case "loop" where arguments.count == 4: try loop(Array(arguments)[1], Array(arguments)[2], Int(Array(arguments)[3]) ?? 1)
case "capi" where (2...4).contains(arguments.count):  // see CAPIComparison.swift
    let values = Array(arguments)
    try capiCompare(
        library: values[1], jobName: values.count > 2 ? values[2] : "story-00280", rounds: values.count > 3 ? Int(values[3]) ?? 300 : 300)
case "capi-loop" where arguments.count == 5:
    let values = Array(arguments)
    try capiLoop(values[1], library: values[2], jobName: values[3], count: Int(values[4]) ?? 1)
default:
    print("usage: bench-driver check | picture [RUNS] | variable | tails JOB ROUNDS | restarts JOB N | loop OP JOB N (see the top of main.swift) | capi LIB [JOB] [ROUNDS] | capi-loop swift|c|c-copy LIB JOB N")
    exit(2)
}
