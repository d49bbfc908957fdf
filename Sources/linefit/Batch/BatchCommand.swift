import Foundation

/// `linefit batch [FILE] [OPTIONS]`: one story per JSON line, on every core.
enum BatchCommand {
    static let usage = """
        USAGE: linefit batch [FILE] [--jobs N] [--skip-existing] [--full-layout] [--progress|--no-progress] [LINEFIT OPTIONS]

        Reads JSON lines from FILE (standard input when there is none, or for -), one job per
        line. A job's keys are linefit's long options without -- ("style", "width", "canvas",
        "fallback", ...), plus "text", and the outputs "png", "svg", "image" (PNG, JPEG or WebP
        by extension), "animate" (a typing animation, .webp or .gif) and "json" (the layout as
        JSON); "frames-dir" is not a batch key. LINEFIT OPTIONS are every job's
        defaults; a job's own key replaces a default. Paths are relative to the working folder;
        missing folders are made.

        Prints one JSON line per job, in input order: {"line":N,"ok":true,"outputs":[...],
        "lines":[{"range":[start,end],"size":S},...]} (UTF-16 ranges, sizes in points), or
        {"line":N,"ok":false,"error":"..."}. A failed job never stops the batch; the exit status
        is 1 when any job failed. Two jobs may not write one file: the later one fails.

        OPTIONS:
          -j, --jobs N        worker threads (default: the number of cores)
          --skip-existing     skip a job whose outputs all exist (resume a batch)
          --full-layout       put each job's whole layout (as --json prints it) in its result
          --progress          show the progress bar even when standard error is not a terminal
          --no-progress       never show it
          -h, --help          this text
        """

    /// Runs the batch and exits: 0 when every job succeeded, 1 when any failed, 64 for a
    /// usage error (nothing run).
    static func main(arguments: [String]) -> Never {
        do {
            let settings = try BatchSettings(arguments)
            if settings.showHelp {
                print(usage)
                exit(0)
            }
            let summary = try BatchRunner(settings: settings).run()
            exit(summary.failed > 0 ? 1 : 0)
        } catch {
            let message = (error as? CLIError)?.message ?? "\(error)"
            FileHandle.standardError.write(Data("linefit batch: \(message)\n".utf8))
            exit(ArgumentError.exitStatus)
        }
    }
}

/// The batch's own options, its input and the defaults for every job.
struct BatchSettings {
    var inputPath: String?
    var workers = ProcessInfo.processInfo.activeProcessorCount
    var skipExisting = false
    var fullLayout = false
    var progress: Bool?
    var showHelp = false
    var defaults = DefaultArguments([])

    init(_ arguments: [String]) throws {
        var rest: [String] = []
        var index = 0
        if let first = arguments.first, first == "-" || !first.hasPrefix("-") {
            inputPath = first
            index = 1
        }
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-h", "--help": showHelp = true
            case "--skip-existing": skipExisting = true
            case "--full-layout": fullLayout = true
            case "--progress": progress = true
            case "--no-progress": progress = false
            case "-j", "--jobs":
                guard index < arguments.count else { throw CLIError(message: "--jobs needs a number") }
                workers = try BatchSettings.workerCount(arguments[index])
                index += 1
            case _ where argument.hasPrefix("--jobs="):
                workers = try BatchSettings.workerCount(String(argument.dropFirst("--jobs=".count)))
            default:
                rest.append(argument)
            }
        }
        // The defaults are parsed once now, so a bad one fails before any job runs. A stray
        // positional there is the input file given after the options.
        let parsed: LineFitCommand
        do {
            parsed = try CommandLineParser.command(rest)
        } catch let error as ArgumentError {
            throw CLIError(message: error.description)
        }
        if let positional = parsed.text {
            guard inputPath == nil, let at = rest.lastIndex(of: positional) else {
                throw CLIError(message: "unexpected argument '\(positional)': the job's text is its \"text\" key")
            }
            inputPath = positional
            rest.remove(at: at)
        }
        if parsed.json { throw CLIError(message: "--json: give a job a \"json\" key (a file) for its layout") }
        if parsed.render.writesPictureToStandardOutput || parsed.render.writesPNGToStandardOutput {
            throw CLIError(message: "-o -: standard output carries the results; give each job an \"image\" file")
        }
        defaults = DefaultArguments(rest)
    }

    private static func workerCount(_ text: String) throws -> Int {
        guard let count = Int(text), (1...1024).contains(count) else {
            throw CLIError(message: "bad --jobs '\(text)': use a whole number from 1")
        }
        return count
    }
}
