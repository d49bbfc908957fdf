import CLineFit
import FuzzSupport

@_cdecl("FuzzCAPI_main")
public func fuzzCAPIMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzCAPIInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCAPIInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOneInput(data, size, fuzzCAPI) }

/// The C API with arbitrary values: option setters with any number, layouts of any bytes (as
/// UTF-8 and as UTF-16), line/run/glyph getters at any index with any capacity, editor edits
/// at any offsets. Every call returns a status; none may trap, leak or touch memory it should
/// not (ASan), and a successful layout's lines tile its text.
func fuzzCAPI(_ input: inout FuzzBytes) {
    var chain: OpaquePointer?
    guard linefit_font_chain_create_bundled(FuzzFonts.directory, input.pick(FuzzFonts.primaries), &chain) == LINEFIT_OK,
          let chain else { fatalError("fuzz: the bundled chain does not load") }
    defer { linefit_font_chain_destroy(chain) }
    var options: OpaquePointer?
    let numbers = [0, -1, 1, 5, 24, 300, 960, 1e-300, 1e308, .nan, .infinity, -0.1, 0.5]
    guard linefit_options_create(input.pick(numbers), input.pick(numbers), input.pick(numbers), &options) == LINEFIT_OK
            || options == nil else { fatalError("fuzz: a failed create returned a handle") }
    if options == nil { linefit_options_create(960, 24, 300, &options) }
    defer { linefit_options_destroy(options) }
    for _ in 0..<Int(input.byte() % 6) {
        let value = input.pick(numbers)
        switch input.byte() % 8 {
        case 0: _ = linefit_options_set_width(options, value)
        case 1: _ = linefit_options_set_min_size(options, value)
        case 2: _ = linefit_options_set_max_size(options, value)
        case 3: _ = linefit_options_set_step(options, value)
        case 4: _ = linefit_options_set_tracking(options, value)
        case 5: _ = linefit_options_set_hinted(options, Int32(input.byte() % 2))
        case 6: _ = linefit_options_set_minimum_floor(options, value)
        default: _ = linefit_options_set_line_spacing(options, value)
        }
    }
    var engine: OpaquePointer?
    guard linefit_engine_create(&engine) == LINEFIT_OK else { fatalError("fuzz: no engine") }
    defer { linefit_engine_destroy(engine) }
    let textBytes = (0..<Int(input.byte())).map { _ in input.byte() }
    var layout: OpaquePointer?
    let status = textBytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) {
            linefit_layout_create(engine, chain, options, $0.baseAddress, $0.count, &layout)
        }
    }
    if status == LINEFIT_OK, let layout {
        defer { linefit_layout_destroy(layout) }
        var info = linefit_layout_info_t()
        _ = linefit_layout_get_info(layout, &info)
        var count = 0
        _ = linefit_layout_get_lines(layout, nil, 0, &count)
        var lines = [linefit_line_t](repeating: linefit_line_t(), count: count)
        _ = linefit_layout_get_lines(layout, &lines, count, &count)
        var offset = 0
        for line in lines {
            if line.start != offset { fatalError("fuzz: C lines do not tile: \(line.start) after \(offset)") }
            offset = line.end
        }
        for _ in 0..<4 {
            let index = Int(input.byte())
            var line = linefit_line_t()
            _ = linefit_layout_get_line(layout, index, &line)
            var run = linefit_run_t()
            _ = linefit_layout_get_run(layout, index % max(1, count), Int(input.byte() % 4), &run)
            var glyphs = [linefit_glyph_t](repeating: linefit_glyph_t(), count: 8)
            var glyphCount = 0
            _ = linefit_layout_get_glyphs(layout, index % max(1, count), 0, &glyphs, Int(input.byte() % 9), &glyphCount)
        }
    }
    var editor: OpaquePointer?
    if linefit_editor_create(chain, options, "edit me", 7, &editor) == LINEFIT_OK, let editor {
        defer { linefit_editor_destroy(editor) }
        for _ in 0..<Int(input.byte() % 8) {
            let start = Int(input.byte() % 16), end = Int(input.byte() % 16)
            let snippet = input.pick(["x", " ", "🎉", "\u{0301}", "\n", ""])
            _ = linefit_editor_replace(editor, start, end, snippet, snippet.utf8.count, nil, nil, nil)
        }
    }
}
