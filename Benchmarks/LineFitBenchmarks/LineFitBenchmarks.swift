import Benchmark
import Foundation
import LineFit
import TypeModeBaselines
import BenchSupport

// LineFit's benchmarks. Suites (names are what report.py reads; no spaces or slashes in
// names, because package-benchmark writes threshold files with them replaced but reads them
// back by the raw name):
//
//   fresh:sample-<job>        fresh layout of each shared sample job
//   fresh:<story>             fresh layout of each story text (the scaling suite)
//   naive:<story>             baseline (a): Instagram's Type Mode algorithm done naively
//   shape:<story>             baseline (b): one HarfBuzz shape of the whole text (hb-ot)
//   shape-ft:<story|sample>   one hb-ft shape per LineFit font run: the baseline the
//                             issue's ratios are read against
//   keystroke...:<story>      KeystrokeBenchmarks.swift (needs LineFit's EditorSession)
//   variable:<kind>-280       VariableFontBenchmarks.swift (Roboto Flex: linear, opsz, width axis)
//
// Every benchmark builds its fonts, engine and inputs in `setup`, outside the measured
// loop. One iteration is one operation (one layout, one shape, one keystroke), so the
// percentiles are per operation.
//
// The LayoutEngine is created once per benchmark and reused across iterations: the engine
// is the long-lived context (it owns the ICU iterators, the HarfBuzz buffer and scratch
// memory, like an editor or a renderer keeps it), so "fresh layout" means a layout of a text
// the engine has not seen, not the one-off cost of creating ICU break iterators.

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = BenchmarkSettings.configuration

    for job in Job.loadAll("samples") {
        freshLayout("fresh:sample-\(job.name)", job)
        shapeFreeType("shape-ft:sample-\(job.name)", job)
    }
    for series in Stories.series {
        for length in Stories.lengths {
            let job = Stories.job(series, length)
            freshLayout("fresh:\(job.name)", job)
            naiveTypeMode("naive:\(job.name)", job)
            shapeOnce("shape:\(job.name)", job)
            shapeFreeType("shape-ft:\(job.name)", job)
        }
    }
    registerKeystrokeBenchmarks()
    registerMotionBenchmarks()
    // Ratios for report.sh, not a malloc gate: kept out of the smoke pass (no thresholds).
    if !BenchmarkSettings.smoke { registerVariableFontBenchmarks() }
}

/// Run settings. `LINEFIT_BENCH_SMOKE=1` (smoke.sh, CI) makes a short pass that is enough
/// for the malloc counts, which are deterministic once the caches are warm; the full run
/// (report.sh) takes a second or so per benchmark for the wall-clock percentiles.
enum BenchmarkSettings {
    static let smoke = ProcessInfo.processInfo.environment["LINEFIT_BENCH_SMOKE"] == "1"

    /// The malloc gate: per-operation counts must not grow by more than 5% over the
    /// committed thresholds (Thresholds/*.p90.json). 5% lets a 10,000-unit layout move by a
    /// few allocations and still stops a keystroke of 16 mallocs at 16.
    static let mallocTolerance = BenchmarkThresholds(relative: [.p90: 5.0])

    static var configuration: Benchmark.Configuration {
        .init(
            metrics: smoke ? [.mallocCountTotal] : [.wallClock, .mallocCountTotal],
            // Fixed units, so that the exported percentiles are ns and plain counts (with
            // automatic units a 10,000-unit layout's mallocs come out in thousands).
            timeUnits: .nanoseconds,
            units: [.mallocCountTotal: .count],
            warmupIterations: smoke ? 3 : 20,
            maxDuration: smoke ? .milliseconds(150) : .seconds(1),
            maxIterations: smoke ? 25 : 20_000,
            thresholds: [.mallocCountTotal: mallocTolerance])
    }
}

// MARK: - Fresh layout

final class FreshLayoutState {
    let engine: LayoutEngine
    let fonts: FontChain
    let options: LayoutOptions
    let text: String

    init(_ job: Job) throws {
        engine = try LayoutEngine()
        fonts = try job.fontChain()
        options = job.options
        text = job.text
    }
}

func freshLayout(_ name: String, _ job: Job) {
    Benchmark(name) { benchmark, state in
        blackHole(try state.engine.layout(state.text, fonts: state.fonts, options: state.options))
    } setup: {
        try FreshLayoutState(job)
    }
}

// MARK: - Baselines

final class NaiveState {
    let naive: NaiveTypeMode
    let units: [UInt16]
    let job: Job
    var lines: [NaiveTypeMode.Line] = []

    init(_ job: Job) throws {
        naive = NaiveTypeMode(face: try BaselineFaces.harfBuzzFace(job.fontPath))
        units = Array(job.text.utf16)
        self.job = job
    }

    func run() {
        naive.layout(units, width: job.width, minSize: Int(job.min), maxSize: Int(job.max), into: &lines)
    }
}

func naiveTypeMode(_ name: String, _ job: Job) {
    Benchmark(name) { benchmark, state in
        state.run()
        blackHole(state.lines)
    } setup: {
        try NaiveState(job)
    }
}

func shapeOnce(_ name: String, _ job: Job) {
    Benchmark(name) { benchmark, state in
        blackHole(state.shape())
    } setup: {
        ShapeOnce(text: job.text, face: try BaselineFaces.harfBuzzFace(job.fontPath))
    }
}

/// One hb-ft shape per font run, the runs LineFit itemized the job into (merged across lines
/// of one paragraph).
func shapeFreeType(_ name: String, _ job: Job) {
    Benchmark(name) { _, runs in
        blackHole(runs.shape())
    } setup: {
        let chain = try job.fontChain()
        let layout = try LayoutEngine().layout(job.text, fonts: chain, options: job.options)
        return try FreeTypeShapeRuns(text: job.text, paths: chain.fonts.map(\.name), runs: fontRuns(layout))
    }
}
