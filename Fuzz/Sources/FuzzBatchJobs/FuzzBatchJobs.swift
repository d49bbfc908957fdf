import Foundation

// `linefit batch`'s job parser (BatchJob.swift, linked here from Sources/linefit/Batch: the
// CLI is an executable target, which no package can import): a JSON line becomes a job, or a
// `CLIError` with a one-line reason, never a trap. This target needs nothing else of LineFit,
// so it does not link the library (or FuzzSupport, which does).

/// The CLI's error type, as BatchJob.swift uses it.
struct CLIError: Error {
    var message: String
}

/// Command-line defaults a job is parsed against: none, values, flags, repeats, a short name.
let defaultSets: [[String]] = [
    [],
    ["--max", "30", "--width", "900"],
    ["--no-fallback", "--hinted", "--style=neon"],
    ["-o", "out.png", "--quality", "80", "--png-compression=9"],
    ["--fallback", "a.ttf", "--fallback", "b.ttf", "--axis", "wght=700", "--axis=wdth=80", "--min", "-5"],
]

@_cdecl("FuzzBatchJobs_main")
public func fuzzBatchJobsMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    setenv("SWIFT_BACKTRACE", "enable=no", 1)
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return withUnsafeMutablePointer(to: &arguments) { pointer in
        LLVMFuzzerRunDriver(&count, UnsafeMutablePointer(OpaquePointer(pointer))) { data, size in
            guard let data, size > 0 else { return 0 }
            return fuzzBatchJobs(data, size)
        }
    }
}

/// Input: one byte choosing the defaults, then the job line's bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBatchJobs(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let tokens = defaultSets[Int(bytes[0]) % defaultSets.count]
    let defaults = DefaultArguments(tokens)
    let line = bytes[1...]
    let job: BatchJobLine
    do {
        job = try BatchJobLine(line: line, defaults: defaults)
    } catch let error as CLIError {
        if error.message.isEmpty || error.message.contains("\n") { fatalError("fuzz: error not one line: \(error.message)") }
        return 0
    } catch {
        fatalError("fuzz: untyped error \(error)")
    }
    check(job, line: line, defaults: tokens)
    return 0
}

/// What a parsed job must be, read back from the line independently of the parser's token
/// building. The object is read with the parser's own JSON reader: on a line with a
/// duplicate key, JSON readers legitimately keep different copies (JSONDecoder the first,
/// JSONSerialization the last), and which copy wins is not what this target checks.
func check(_ job: BatchJobLine, line: ArraySlice<UInt8>, defaults: [String]) {
    guard let object = try? JSONDecoder().decode([String: JobValue].self, from: Data(line)) else {
        fatalError("fuzz: the parser accepted a line its JSON reader rejects")
    }
    if case .text(let text)? = object["text"], text != job.text {
        fatalError("fuzz: text \(job.text.debugDescription) is not the line's")
    }
    for (index, token) in job.arguments.enumerated()
    where !defaults.contains(where: { $0.unicodeScalars.elementsEqual(token.unicodeScalars) }) {
        // By scalars: "-" followed by a combining mark is one Character that is not "-".
        let scalars = token.unicodeScalars
        if !scalars.starts(with: "--".unicodeScalars), index > 0, case let option = job.arguments[index - 1].unicodeScalars,
           option.starts(with: "--".unicodeScalars), !option.contains("=") {
            // A value on its own only after its option and where "=" + value would join into one Character.
            if ("=" + token).first == "=" { fatalError("fuzz: job value \(token.debugDescription) split from its option") }
            continue
        }
        guard scalars.starts(with: "--".unicodeScalars), scalars.dropFirst(2).first.map({ $0 != "=" }) ?? false else {
            fatalError("fuzz: job token \(token.debugDescription) is not --NAME or --NAME=VALUE")
        }
        guard let equals = scalars.firstIndex(of: "=") else { continue }
        // ArgumentParser splits at the first "=" Character: for a real (ASCII) option name it
        // must be this "=", or the job's value becomes part of an unknown option's name.
        let name = scalars[scalars.index(scalars.startIndex, offsetBy: 2)..<equals]
        if name.allSatisfy(\.isASCII), token.firstIndex(of: "=") != equals {
            fatalError("fuzz: job token \(token.debugDescription) reads as another option by Characters")
        }
    }
    // A key the job sets replaces that default whole: at most the job's own tokens carry its
    // name (none for null, one for a scalar, one per item of a list or an object).
    for (key, value) in object where key != "text" && key != "json" {
        if BatchJobLine.outputKeys[key] != nil {
            if job.arguments.contains(where: { DefaultArguments.optionName($0) == BatchJobLine.outputKeys[key] }) {
                fatalError("fuzz: the output key \(key) left an option behind")
            }
            continue
        }
        let bound: Int
        switch value {
        case .null: bound = 0
        case .list(let items): bound = items.count
        case .pairs(let pairs): bound = pairs.count
        case .text, .flag: bound = 1
        }
        let named = job.arguments.filter { DefaultArguments.optionName($0) == key }
        if named.count > bound { fatalError("fuzz: \(named) for the job's \(key) (at most \(bound))") }
    }
    for path in [job.png, job.svg, job.output, job.animate, job.jsonPath].compactMap({ $0 }) where path.isEmpty {
        fatalError("fuzz: an empty output path was accepted")
    }
}

/// libFuzzer's driver (the fuzzer runtime provides it).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32
