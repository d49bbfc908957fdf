// A small driver beside the benchmarks, for what package-benchmark does not do:
//
//   bench-driver check                     corpus lengths, and LineFit's lines against the
//                                          naive reference's on every story text
//   bench-driver picture [RUNS]            the pinned picture (Strong, 1080x1920) as PNG, JPEG
//                                          and WebP: minimum time of layout+raster+encode, size
//   bench-driver loop fresh|naive|shape|keystroke JOB N
//                                          the operation N times, for valgrind --tool=callgrind
//                                          (instruction counts; perf counters are not available
//                                          on these machines)
//
// JOB is a corpus file name without .json, e.g. story-00280 or samples/paragraph.
import Foundation
import LineFit
import TypeModeBaselines

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

func loop(_ what: String, _ name: String, _ count: Int) throws {
    let job = try Job.load(name)
    switch what {
    case "fresh":
        let engine = try LayoutEngine()
        let chain = try job.chain()
        let options = LayoutOptions(width: job.width, minSize: job.min, maxSize: job.max)
        var lines = 0
        for _ in 0..<count { lines &+= try engine.layout(job.text, fonts: chain, options: options).lines.count }
        print(lines)
    case "naive":
        let naive = NaiveTypeMode(face: try HarfBuzzFace(path: job.fontPath))
        let units = Array(job.text.utf16)
        var lines: [NaiveTypeMode.Line] = []
        for _ in 0..<count { naive.layout(units, width: job.width, minSize: Int(job.min), maxSize: Int(job.max), into: &lines) }
        print(lines.count)
    case "shape":
        let once = ShapeOnce(text: job.text, face: try HarfBuzzFace(path: job.fontPath))
        var total = 0
        for _ in 0..<count { total &+= once.shape() }
        print(total)
    case "keystroke":  // as the keystroke:<story> benchmark: "e" typed in the middle, then removed
        let session = try EditorSession(
            text: job.text, fonts: try job.chain(), options: LayoutOptions(width: job.width, minSize: job.min, maxSize: job.max))
        let middle = job.text.utf16.count / 2
        var lines = 0
        for i in 0..<count {
            let result = i % 2 == 0 ? try session.insert("e", at: middle) : try session.backspace(at: middle + 1)
            lines &+= result.changedLines.count
        }
        print(lines)
    default:
        print("unknown operation \(what)")
        exit(2)
    }
}

let arguments = CommandLine.arguments.dropFirst()
switch arguments.first {
case "check": try check()
case "picture": try PinnedPicture.report(runs: arguments.count > 1 ? Int(Array(arguments)[1]) ?? 10 : 10)
case "loop" where arguments.count == 4: try loop(Array(arguments)[1], Array(arguments)[2], Int(Array(arguments)[3]) ?? 1)
case "capi" where (2...4).contains(arguments.count):  // see CAPIComparison.swift
    let values = Array(arguments)
    try capiCompare(
        library: values[1], jobName: values.count > 2 ? values[2] : "story-00280", rounds: values.count > 3 ? Int(values[3]) ?? 300 : 300)
case "capi-loop" where arguments.count == 5:
    let values = Array(arguments)
    try capiLoop(values[1], library: values[2], jobName: values[3], count: Int(values[4]) ?? 1)
default:
    print("usage: bench-driver check | picture [RUNS] | loop fresh|naive|shape|keystroke JOB N | capi LIB [JOB] [ROUNDS] | capi-loop swift|c|c-copy LIB JOB N")
    exit(2)
}
