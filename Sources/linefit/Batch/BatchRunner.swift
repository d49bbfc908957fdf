import Foundation
import LineFit
import LineFitRender

/// Runs a batch: this thread reads and plans the jobs in input order; worker threads, each
/// with its own `LayoutEngine` and all sharing the fonts (`FontCache.shared`), lay out,
/// render and write them; results are printed in input order as soon as they are contiguous.
/// Every shared field is guarded by `condition`.
final class BatchRunner: @unchecked Sendable {
    /// A job ready for a worker: its parsed options and where it writes.
    struct PlannedJob {
        var ordinal: Int
        var lineNumber: Int
        var command: LineFitCommand
        var text: String
        var jsonPath: String?
        var outputs: [String]
    }

    /// What the batch did, for the summary and the exit status.
    struct Summary {
        var succeeded = 0
        var failed = 0
        var skipped = 0
        var total: Int { succeeded + failed + skipped }
    }

    private let settings: BatchSettings
    private let condition = NSCondition()
    private var queue: [PlannedJob] = []
    private var queueHead = 0
    private var readingDone = false
    private var results: [Int: String] = [:]
    private var nextToPrint = 0
    private var pendingOutput: [UInt8] = []
    private var summary = Summary()
    private var total: Int?
    private let progress: BatchProgress
    /// Output paths (standardised) and the line of the job that writes each.
    private var claims: [String: Int] = [:]

    init(settings: BatchSettings) {
        self.settings = settings
        let showProgress = settings.progress ?? (isatty(STDERR_FILENO) != 0)
        progress = BatchProgress(enabled: showProgress)
    }

    func run() throws -> Summary {
        let input = try BatchInput(path: settings.inputPath)
        total = input.total
        let started = DispatchTime.now().uptimeNanoseconds
        let finished = DispatchGroup()
        for _ in 0..<settings.workers {
            finished.enter()
            let thread = Thread { [self] in
                work()
                finished.leave()
            }
            // Shaping, ICU and FreeType are not deep, but the default secondary-thread stack
            // on Linux is small; 8 MB is the main thread's.
            thread.stackSize = 8 << 20
            thread.start()
        }

        var ordinal = 0
        while let (number, bytes) = input.next() {
            let planned = plan(ordinal: ordinal, lineNumber: number, bytes: bytes)
            condition.lock()
            switch planned {
            case .success(let job):
                // A bounded queue: a long input is read as fast as it is worked, not at once.
                while queue.count - queueHead >= 4 * settings.workers { condition.wait() }
                queue.append(job)
                condition.broadcast()
            case .failure(let outcome):
                record(outcome, ordinal: ordinal)
            }
            condition.unlock()
            ordinal += 1
        }
        condition.lock()
        readingDone = true
        total = ordinal
        condition.broadcast()
        condition.unlock()
        finished.wait()

        condition.lock()
        defer { condition.unlock() }
        flushResults(final: true)
        progress.finish()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let rate = seconds > 0 ? Double(summary.total) / seconds : 0
        let line = String(
            format: "linefit batch: %d job%@ in %.2f s (%.1f per second, %d worker%@): %d ok, %d failed, %d skipped\n",
            summary.total, summary.total == 1 ? "" : "s", seconds, rate, settings.workers, settings.workers == 1 ? "" : "s",
            summary.succeeded, summary.failed, summary.skipped)
        FileHandle.standardError.write(Data(line.utf8))
        return summary
    }

    /// An outcome of a job: its result line and how it counts.
    struct Outcome: Error {
        enum Kind { case succeeded, failed, skipped }
        var kind: Kind
        var line: String

        static func failure(_ lineNumber: Int, _ message: String) -> Outcome {
            Outcome(kind: .failed, line: BatchResult.error(line: lineNumber, message: message))
        }
    }

    // MARK: - Planning (this thread, input order)

    private func plan(ordinal: Int, lineNumber: Int, bytes: ArraySlice<UInt8>) -> Result<PlannedJob, Outcome> {
        let job: BatchJobLine
        var command: LineFitCommand
        do {
            job = try BatchJobLine(line: bytes, defaults: settings.defaults)
            command = try parsed(job.arguments)
        } catch let error as CLIError {
            return .failure(.failure(lineNumber, error.message))
        } catch {
            return .failure(.failure(lineNumber, "\(error)"))
        }
        command.text = job.text
        if job.setsOutput.contains("png") { command.render.png = job.png }
        if job.setsOutput.contains("svg") { command.render.svg = job.svg }
        if job.setsOutput.contains("output") { command.render.output = job.output }
        if job.setsOutput.contains("animate") { command.animation.animate = job.animate }
        if command.json {
            return .failure(.failure(lineNumber, "\"json\" is a file path in a batch"))
        }
        if command.render.writesPictureToStandardOutput || command.render.writesPNGToStandardOutput {
            return .failure(.failure(lineNumber, "an output of \"-\": standard output carries the results"))
        }
        if command.animation.framesDir != nil {
            // A folder of numbered files cannot be claimed per job like one output file.
            return .failure(.failure(lineNumber, "\"frames-dir\" is not a batch key: give \"animate\" a .webp or .gif file"))
        }
        let outputs = [
            command.render.svg, command.render.png, command.render.output, command.animation.animate, job.jsonPath,
        ].compactMap { $0 }
        var seen: Set<String> = []
        for path in outputs {
            let key = URL(fileURLWithPath: path).standardizedFileURL.path
            if let earlier = claims[key] {
                return .failure(.failure(lineNumber, "\(path) is also written by line \(earlier); give each job its own files"))
            }
            guard seen.insert(key).inserted else {
                return .failure(.failure(lineNumber, "\(path) is named twice in the job"))
            }
        }
        for path in outputs { claims[URL(fileURLWithPath: path).standardizedFileURL.path] = lineNumber }
        if settings.skipExisting, !outputs.isEmpty, outputs.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) {
            return .failure(Outcome(kind: .skipped, line: BatchResult.skipped(line: lineNumber, outputs: outputs)))
        }
        return .success(PlannedJob(
            ordinal: ordinal, lineNumber: lineNumber, command: command, text: job.text, jsonPath: job.jsonPath,
            outputs: outputs))
    }

    /// Parsed option sets by argument vector, so a batch of captions in a few styles parses
    /// each style's options once. Bounded: a batch of all-different options just parses.
    private var parsedOptions: [[String]: LineFitCommand] = [:]
    private static let parsedOptionsLimit = 1024

    private func parsed(_ arguments: [String]) throws -> LineFitCommand {
        if let command = parsedOptions[arguments] { return command }
        let command = try CommandLineParser.command(arguments)
        if parsedOptions.count >= BatchRunner.parsedOptionsLimit { parsedOptions.removeAll(keepingCapacity: true) }
        parsedOptions[arguments] = command
        return command
    }

    // MARK: - Workers

    private func work() {
        // One engine per worker: it holds ICU iterators and HarfBuzz buffers, which are not
        // shared between threads. Without one, each layout makes its own.
        let engine = try? LayoutEngine()
        while true {
            condition.lock()
            while queueHead == queue.count && !readingDone { condition.wait() }
            guard queueHead < queue.count else {
                condition.unlock()
                return
            }
            let job = queue[queueHead]
            queueHead += 1
            if queueHead > 1024 && queueHead * 2 > queue.count {
                queue.removeFirst(queueHead)
                queueHead = 0
            }
            condition.broadcast()
            condition.unlock()

            let outcome = execute(job, engine: engine)

            condition.lock()
            record(outcome, ordinal: job.ordinal)
            condition.unlock()
        }
    }

    private func execute(_ job: PlannedJob, engine: LayoutEngine?) -> Outcome {
        do {
            for path in job.outputs {
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                } catch {
                    throw CLIError(message: "cannot write \(path): cannot make the folder \(folder.path)")
                }
            }
            let story = try job.command.layOut(job.text, engine: engine)
            let styled = story.styled
            try job.command.render.write(styled, canvas: story.canvas, highlights: story.highlights)
            if job.command.animation.isAnimating {
                try job.command.animation.write(
                    text: job.text, style: story.style, options: story.options, fonts: story.fonts,
                    canvas: story.canvas, quality: job.command.render.quality)
            }
            var layoutJSON: Data?
            if job.jsonPath != nil || settings.fullLayout {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                layoutJSON = try encoder.encode(styled.layout)
            }
            if let path = job.jsonPath, let layoutJSON {
                do {
                    try layoutJSON.write(to: URL(fileURLWithPath: path), options: .atomic)
                } catch {
                    throw CLIError(message: "cannot write \(path): \((error as NSError).localizedDescription)")
                }
            }
            let line = BatchResult.success(
                line: job.lineNumber, outputs: job.outputs, layout: styled.layout,
                fullLayout: settings.fullLayout ? layoutJSON : nil)
            return Outcome(kind: .succeeded, line: line)
        } catch let error as CLIError {
            return .failure(job.lineNumber, error.message)
        } catch let error as LineFitError {
            return .failure(job.lineNumber, error.description)
        } catch {
            return .failure(job.lineNumber, "\(error)")
        }
    }

    // MARK: - Results (under the condition's lock)

    private func record(_ outcome: Outcome, ordinal: Int) {
        switch outcome.kind {
        case .succeeded: summary.succeeded += 1
        case .failed: summary.failed += 1
        case .skipped: summary.skipped += 1
        }
        results[ordinal] = outcome.line
        flushResults(final: false)
    }

    private func flushResults(final: Bool) {
        var printed = false
        while let line = results.removeValue(forKey: nextToPrint) {
            pendingOutput.append(contentsOf: line.utf8)
            pendingOutput.append(0x0A)
            nextToPrint += 1
            printed = true
        }
        guard printed || final else { return }
        // Results go out with each redraw (ten times a second) or when 64 KB are waiting, so
        // a follower of the output sees them soon and a 10,000-job batch makes few writes.
        if progress.update(done: summary.total, total: total, failed: summary.failed) || final || pendingOutput.count > 1 << 16 {
            FileHandle.standardOutput.write(Data(pendingOutput))
            pendingOutput.removeAll(keepingCapacity: true)
        }
    }
}
