import Foundation
import LineFit
import TypeModeBaselines
import BenchSupport

/// `bench-driver tails JOB ROUNDS`: the wall-clock tail of typing new text against the tail
/// of one hb-ft shape of the same text, from one run. Each round starts a session on the text
/// with 44 characters from the middle left out (not timed) and types them back (the first 4
/// untimed, as `loop type` warms up); one shape is timed after each keystroke, so both
/// samples see the same machine state. Prints p50, p90 and p99 of each and the p99 ratio.
func tails(_ name: String, rounds: Int) throws {
    let job = try Job.load(name)
    let options = LayoutOptions(width: job.width, minSize: job.min, maxSize: job.max)
    let chain = try job.chain()
    let layout = try LayoutEngine().layout(job.text, fonts: chain, options: options)
    let runs = try FreeTypeShapeRuns(text: job.text, paths: chain.fonts.map(\.name), runs: fontRuns(layout))
    let characters = job.text.map { String($0) }
    let typedCount = 44, warmUp = 4
    let first = max(0, (characters.count - typedCount) / 2)
    let typed = characters[first..<min(characters.count, first + typedCount)]
    let before = characters[..<first].joined(), after = characters[(first + typed.count)...].joined()
    func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
    var keystrokes: [Double] = [], shapes: [Double] = []
    var sink = runs.shape()
    var kept: Layout?
    for _ in 0..<rounds {
        let editor = try EditorSession(text: before + after, fonts: chain, options: options)
        var caret = before.utf16.count
        for (i, character) in typed.enumerated() {
            kept = editor.layout
            let start = now()
            sink &+= try editor.insert(character, at: caret).changedLines.count
            let end = now()
            caret += character.utf16.count
            guard i >= warmUp else { continue }
            keystrokes.append(Double(end - start) / 1000)
            let shapeStart = now()
            sink &+= runs.shape()
            shapes.append(Double(now() - shapeStart) / 1000)
        }
    }
    func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
    }
    for (label, values) in [("type new text", keystrokes), ("one hb-ft shape", shapes)] {
        print(String(format: "%@ (%d samples, µs): p50 %.1f, p90 %.1f, p99 %.1f", label, values.count,
                     percentile(values, 0.5), percentile(values, 0.9), percentile(values, 0.99)))
    }
    print(String(format: "p99 type new text / p99 one hb-ft shape: %.2f", percentile(keystrokes, 0.99) / percentile(shapes, 0.99)))
    if sink == 42, kept == nil { print("") }  // keeps the work from being optimized away
}
