import CLineFit
import LineFit

/// `linefit_engine_create` (linefit.h).
@_cdecl("linefit_engine_create")
public func linefit_engine_create(_ engine: UnsafeMutablePointer<OpaquePointer?>?) -> linefit_status_t {
    capiCall {
        let out = try required(engine, "engine")
        try handOut(try LayoutEngine(), kind: .engine, to: out)
    }
}

/// `linefit_engine_destroy` (linefit.h).
@_cdecl("linefit_engine_destroy")
public func linefit_engine_destroy(_ engine: OpaquePointer?) -> linefit_status_t {
    capiCall { try HandleTable.shared.remove(engine, kind: .engine) }
}

/// Both text encodings share this: look up the three objects, lay out, hand out the layout.
private func makeLayout(
    _ engine: OpaquePointer?, _ chain: OpaquePointer?, _ options: OpaquePointer?,
    _ layout: UnsafeMutablePointer<OpaquePointer?>?, text: () throws(CAPIFailure) -> String
) -> linefit_status_t {
    capiCall {
        let engine = try lookUp(engine, .engine, as: LayoutEngine.self)
        let chain = try lookUp(chain, .fontChain, as: FontChainObject.self).chain
        let options = try lookUp(options, .options, as: OptionsObject.self).options
        let out = try required(layout, "layout")
        let made = try engine.layout(try text(), fonts: chain, options: options)
        try handOut(LayoutObject(made, fonts: chain), kind: .layout, to: out)
    }
}

/// `linefit_layout_create` (linefit.h).
@_cdecl("linefit_layout_create")
public func linefit_layout_create(
    _ engine: OpaquePointer?, _ chain: OpaquePointer?, _ options: OpaquePointer?, _ text: UnsafePointer<CChar>?,
    _ length: Int, _ layout: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    makeLayout(engine, chain, options, layout) { () throws(CAPIFailure) in try utf8Text(text, length) }
}

/// `linefit_layout_create_utf16` (linefit.h).
@_cdecl("linefit_layout_create_utf16")
public func linefit_layout_create_utf16(
    _ engine: OpaquePointer?, _ chain: OpaquePointer?, _ options: OpaquePointer?, _ text: UnsafePointer<UInt16>?,
    _ length: Int, _ layout: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    makeLayout(engine, chain, options, layout) { () throws(CAPIFailure) in try utf16Text(text, length) }
}

/// `linefit_layout_destroy` (linefit.h).
@_cdecl("linefit_layout_destroy")
public func linefit_layout_destroy(_ layout: OpaquePointer?) -> linefit_status_t {
    capiCall { try HandleTable.shared.remove(layout, kind: .layout) }
}

/// `linefit_layout_get_info` (linefit.h).
@_cdecl("linefit_layout_get_info")
public func linefit_layout_get_info(_ layout: OpaquePointer?, _ info: UnsafeMutablePointer<linefit_layout_info_t>?) -> linefit_status_t {
    capiCall {
        let layout = try lookUp(layout, .layout, as: LayoutObject.self).layout
        let info = try required(info, "info")
        var record = linefit_layout_info_t()
        record.width = layout.width
        record.height = layout.height
        record.min_size = layout.minSize
        record.max_size = layout.maxSize
        record.height_scale = layout.heightScale
        record.line_count = layout.lines.count
        record.missing_count = layout.missing.count
        record.overflows_height = layout.overflowsHeight ? 1 : 0
        info.pointee = record
    }
}

private func lineRecord(_ line: Line) -> linefit_line_t {
    var record = linefit_line_t()
    record.start = line.start
    record.end = line.end
    record.content_end = line.contentEnd
    record.size = line.size
    record.width = line.width
    record.x = line.x
    record.top = line.top
    record.baseline = line.baseline
    record.ascent = line.ascent
    record.descent = line.descent
    record.height = line.height
    record.flags = UInt32(line.flags.rawValue)
    record.run_count = UInt32(line.runCount)
    return record
}

/// `index` when it names one of `count` items (`name`: "line", "run", …), else the error.
func checkedIndex(_ index: Int, _ count: Int, _ name: String) throws(CAPIFailure) -> Int {
    guard try sizeArgument(index, name) < count else {
        throw CAPIFailure(LINEFIT_ERROR_INVALID_ARGUMENT, "\(name) index \(index) is out of range (there are \(count))")
    }
    return index
}

/// `linefit_layout_get_line` (linefit.h).
@_cdecl("linefit_layout_get_line")
public func linefit_layout_get_line(_ layout: OpaquePointer?, _ index: Int, _ line: UnsafeMutablePointer<linefit_line_t>?) -> linefit_status_t {
    capiCall {
        let lines = try lookUp(layout, .layout, as: LayoutObject.self).layout.lines
        let out = try required(line, "line")
        out.pointee = lineRecord(lines[try checkedIndex(index, lines.count, "line")])
    }
}

/// `linefit_layout_get_lines` (linefit.h).
@_cdecl("linefit_layout_get_lines")
public func linefit_layout_get_lines(
    _ layout: OpaquePointer?, _ lines: UnsafeMutablePointer<linefit_line_t>?, _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> linefit_status_t {
    capiCall {
        let layout = try lookUp(layout, .layout, as: LayoutObject.self).layout
        try copyOut(Array(layout.lines), into: lines, capacity: capacity, count: count, lineRecord)
    }
}

/// `linefit_layout_get_size_spans` (linefit.h).
@_cdecl("linefit_layout_get_size_spans")
public func linefit_layout_get_size_spans(
    _ layout: OpaquePointer?, _ spans: UnsafeMutablePointer<linefit_size_span_t>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> linefit_status_t {
    capiCall {
        let layout = try lookUp(layout, .layout, as: LayoutObject.self).layout
        try copyOut(layout.sizeSpans, into: spans, capacity: capacity, count: count) {
            linefit_size_span_t(start: $0.start, end: $0.end, size: $0.size)
        }
    }
}

private func glyphRun(_ layout: OpaquePointer?, _ lineIndex: Int, _ runIndex: Int) throws(CAPIFailure) -> GlyphRun {
    let lines = try lookUp(layout, .layout, as: LayoutObject.self).layout.lines
    let line = lines[try checkedIndex(lineIndex, lines.count, "line")]
    return line.run(at: try checkedIndex(runIndex, line.runCount, "run"))
}

/// `linefit_layout_get_run` (linefit.h).
@_cdecl("linefit_layout_get_run")
public func linefit_layout_get_run(
    _ layout: OpaquePointer?, _ lineIndex: Int, _ runIndex: Int, _ run: UnsafeMutablePointer<linefit_run_t>?
) -> linefit_status_t {
    capiCall {
        let glyphRun = try glyphRun(layout, lineIndex, runIndex)
        let out = try required(run, "run")
        var record = linefit_run_t()
        record.start = glyphRun.start
        record.end = glyphRun.end
        record.font_index = UInt32(glyphRun.fontIndex)
        record.bidi_level = UInt32(glyphRun.bidiLevel)
        withUnsafeMutableBytes(of: &record.script) { bytes in
            // Keep the last byte 0: the tag is NUL-terminated for C.
            for (index, byte) in glyphRun.script.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
        }
        record.x = glyphRun.x
        record.width = glyphRun.width
        record.glyph_count = glyphRun.glyphs.count
        out.pointee = record
    }
}

/// `linefit_layout_get_glyphs` (linefit.h).
@_cdecl("linefit_layout_get_glyphs")
public func linefit_layout_get_glyphs(
    _ layout: OpaquePointer?, _ lineIndex: Int, _ runIndex: Int, _ glyphs: UnsafeMutablePointer<linefit_glyph_t>?,
    _ capacity: Int, _ count: UnsafeMutablePointer<Int>?
) -> linefit_status_t {
    capiCall {
        let run = try glyphRun(layout, lineIndex, runIndex)
        try copyOut(run.glyphs, into: glyphs, capacity: capacity, count: count) {
            linefit_glyph_t(
                id: $0.id, cluster: UInt32($0.cluster), x: $0.x, advance: $0.advance, x_offset: $0.xOffset,
                y_offset: $0.yOffset)
        }
    }
}
