// A fresh layout through the C API (libLineFitC.so, called through the C ABI) against the
// same layout from Swift, in one process:
//
//   bench-driver capi LIB [JOB] [ROUNDS]     wall clock, minimum per operation over ROUNDS
//   bench-driver capi-loop swift|c|c-copy LIB JOB N
//                                            N operations, for callgrind (Benchmarks/capi.sh)
//
// The library is opened with dlopen and its functions called through C function pointers,
// exactly as a C host calls them. "c" is linefit_layout_create + linefit_layout_destroy;
// "c-copy" adds copying every line, run and glyph record out (linefit_layout_get_lines,
// _get_run, _get_glyphs), reported separately as the copy's cost.
import Foundation
import LineFit

private typealias Handle = OpaquePointer?
private typealias Out = UnsafeMutablePointer<OpaquePointer?>

/// The functions of linefit.h the comparison calls.
private struct CAPI {
    let fontCreate: @convention(c) (UnsafePointer<CChar>?, Int32, Out?) -> Int32
    let chainCreate: @convention(c) (UnsafePointer<OpaquePointer?>?, Int, Out?) -> Int32
    let optionsCreate: @convention(c) (Double, Double, Double, Out?) -> Int32
    let engineCreate: @convention(c) (Out?) -> Int32
    let layoutCreate: @convention(c) (Handle, Handle, Handle, UnsafePointer<CChar>?, Int, Out?) -> Int32
    let layoutDestroy: @convention(c) (Handle) -> Int32
    let getLines: @convention(c) (Handle, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>?) -> Int32
    let getRun: @convention(c) (Handle, Int, Int, UnsafeMutableRawPointer?) -> Int32
    let getGlyphs: @convention(c) (Handle, Int, Int, UnsafeMutableRawPointer?, Int, UnsafeMutablePointer<Int>?) -> Int32

    init(path: String) {
        guard let library = dlopen(path, RTLD_NOW) else {
            fatalError("cannot open \(path): \(String(cString: dlerror()))")
        }
        func function<T>(_ name: String, _ type: T.Type) -> T {
            guard let symbol = dlsym(library, name) else { fatalError("\(path) has no \(name)") }
            return unsafeBitCast(symbol, to: type)
        }
        fontCreate = function("linefit_font_create_from_file", type(of: fontCreate))
        chainCreate = function("linefit_font_chain_create", type(of: chainCreate))
        optionsCreate = function("linefit_options_create", type(of: optionsCreate))
        engineCreate = function("linefit_engine_create", type(of: engineCreate))
        layoutCreate = function("linefit_layout_create", type(of: layoutCreate))
        layoutDestroy = function("linefit_layout_destroy", type(of: layoutDestroy))
        getLines = function("linefit_layout_get_lines", type(of: getLines))
        getRun = function("linefit_layout_get_run", type(of: getRun))
        getGlyphs = function("linefit_layout_get_glyphs", type(of: getGlyphs))
    }
}

// Record sizes and the offsets read here, as linefit.h's static asserts pin them (64-bit).
private let lineRecordSize = 104, runCountOffset = 92
private let runRecordSize = 56, glyphCountOffset = 48
private let glyphRecordSize = 40

/// One job set up on both sides: Swift objects, and C handles made from the same font file.
private final class Setup {
    let api: CAPI
    let job: Job
    let utf8: [CChar]
    let swiftEngine: LayoutEngine
    let swiftChain: FontChain
    let swiftOptions: LayoutOptions
    var engine: OpaquePointer?
    var chain: OpaquePointer?
    var options: OpaquePointer?
    var lines = UnsafeMutableRawPointer.allocate(byteCount: 64 * lineRecordSize, alignment: 16)
    var run = UnsafeMutableRawPointer.allocate(byteCount: runRecordSize, alignment: 16)
    var glyphs = UnsafeMutableRawPointer.allocate(byteCount: 4096 * glyphRecordSize, alignment: 16)

    init(library: String, jobName: String) throws {
        api = CAPI(path: library)
        job = try Job.load(jobName)
        precondition(job.fallbacks == "none", "the comparison uses one font on both sides")
        utf8 = Array(job.text.utf8CString.dropLast())
        swiftEngine = try LayoutEngine()
        swiftChain = FontChain(try Font(path: job.fontPath))
        swiftOptions = LayoutOptions(width: job.width, minSize: job.min, maxSize: job.max)
        var font: OpaquePointer?
        check(api.fontCreate(job.fontPath, 0, &font), "font")
        check(withUnsafePointer(to: font) { api.chainCreate($0, 1, &chain) }, "chain")
        check(api.optionsCreate(job.width, job.min, job.max, &options), "options")
        check(api.engineCreate(&engine), "engine")
    }

    func check(_ status: Int32, _ what: String) {
        if status != 0 { fatalError("C API: \(what) failed with status \(status)") }
    }

    func swiftLayout() throws -> Int {
        try swiftEngine.layout(job.text, fonts: swiftChain, options: swiftOptions).lines.count
    }

    func cLayout(copying: Bool) -> Int {
        var layout: OpaquePointer?
        check(utf8.withUnsafeBufferPointer { api.layoutCreate(engine, chain, options, $0.baseAddress, $0.count, &layout) }, "layout")
        var count = 0
        if copying { count = copyOut(layout) }
        check(api.layoutDestroy(layout), "destroy")
        return count
    }

    /// Every line, run and glyph record, as a host that draws the layout itself reads them.
    private func copyOut(_ layout: OpaquePointer?) -> Int {
        var lineCount = 0
        check(api.getLines(layout, lines, 64, &lineCount), "lines")
        var glyphTotal = 0
        for line in 0..<lineCount {
            let runCount = Int(lines.load(fromByteOffset: line * lineRecordSize + runCountOffset, as: UInt32.self))
            for index in 0..<runCount {
                check(api.getRun(layout, line, index, run), "run")
                let glyphCount = run.load(fromByteOffset: glyphCountOffset, as: Int.self)
                var copied = 0
                check(api.getGlyphs(layout, line, index, glyphs, min(glyphCount, 4096), &copied), "glyphs")
                glyphTotal += copied
            }
        }
        return glyphTotal
    }
}

/// Nanoseconds per operation: the fastest of `rounds` blocks of `perRound` operations.
private func fastest(rounds: Int, perRound: Int, _ body: () throws -> Int) rethrows -> Double {
    var best = Double.infinity
    var sink = 0
    for _ in 0..<rounds {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<perRound { sink &+= try body() }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / Double(perRound))
    }
    if sink == Int.min { print("") }  // keeps the results alive
    return best
}

func capiCompare(library: String, jobName: String, rounds: Int) throws {
    let setup = try Setup(library: library, jobName: jobName)
    // Short blocks, many of them: on a loaded machine the minimum of many short blocks is the
    // one most likely to have run undisturbed.
    let perRound = max(5, 2_800 / max(1, setup.job.text.utf16.count))
    // Warm both sides (ICU data, caches), then interleave the three so that the machine's
    // load affects each alike.
    _ = try setup.swiftLayout(); _ = setup.cLayout(copying: true)
    var swift = Double.infinity, c = Double.infinity, copy = Double.infinity
    for _ in 0..<rounds {
        swift = min(swift, try fastest(rounds: 1, perRound: perRound) { try setup.swiftLayout() })
        c = min(c, fastest(rounds: 1, perRound: perRound) { setup.cLayout(copying: false) })
        copy = min(copy, fastest(rounds: 1, perRound: perRound) { setup.cLayout(copying: true) })
    }
    func us(_ ns: Double) -> String { String(format: "%.2f µs", ns / 1000) }
    print("\(setup.job.name): \(setup.job.text.utf16.count) UTF-16 units, minimum of \(rounds) blocks of \(perRound)")
    print("  Swift LayoutEngine.layout              \(us(swift))")
    print("  C linefit_layout_create + _destroy     \(us(c))   \(String(format: "%.3f", c / swift))× Swift (target <= 1.1)")
    print("  C, copying every record out           \(us(copy))   copy alone \(us(copy - c))")
}

func capiLoop(_ variant: String, library: String, jobName: String, count: Int) throws {
    let setup = try Setup(library: library, jobName: jobName)
    var total = 0
    for _ in 0..<count {
        switch variant {
        case "swift": total &+= try setup.swiftLayout()
        case "c": total &+= setup.cLayout(copying: false)
        case "c-copy": total &+= setup.cLayout(copying: true)
        default: print("unknown variant \(variant)"); exit(2)
        }
    }
    print(total)
}
