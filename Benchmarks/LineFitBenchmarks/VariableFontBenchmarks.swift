import Benchmark
import Foundation
import LineFit

// Variable fonts (issue 14): the 280-unit story in Roboto Flex, laid out three ways through
// one warm engine, so report.py reads the targets as ratios of one run:
//
//   variable:linear-280       opsz fixed (--no-optical-sizing): width linear in size
//   variable:opsz-280         opsz = each line's size (the default): lines reshaped per probe
//   variable:width-axis-280   --fit width-axis (opsz following the block's size)
//
// Probes per line are printed by `bench-driver variable`.

enum VariableFontJobs {
    static let story = "story-flex-00280"

    static func options(_ kind: String, _ job: Job) -> LayoutOptions {
        var options = job.options
        switch kind {
        case "linear": options.opticalSizing = false
        case "width-axis": options.lineFill = .widthAxis
        default: break
        }
        return options
    }
}

func registerVariableFontBenchmarks() {
    let job = Job.load("variable", VariableFontJobs.story)
    for kind in ["linear", "opsz", "width-axis"] {
        Benchmark("variable:\(kind)-280") { benchmark, state in
            blackHole(try state.engine.layout(state.text, fonts: state.fonts, options: state.options))
        } setup: {
            let state = try FreshLayoutState(job)
            return VariableLayoutState(state, options: VariableFontJobs.options(kind, job))
        }
    }
}

final class VariableLayoutState {
    let engine: LayoutEngine
    let fonts: FontChain
    let options: LayoutOptions
    let text: String

    init(_ fresh: FreshLayoutState, options: LayoutOptions) {
        engine = fresh.engine
        fonts = fresh.fonts
        text = fresh.text
        self.options = options
    }
}
