import CLineFit
import LineFit

/// `linefit_layout_get_line_axes` (linefit.h).
@_cdecl("linefit_layout_get_line_axes")
public func linefit_layout_get_line_axes(
    _ layout: OpaquePointer?, _ lineIndex: Int, _ values: UnsafeMutablePointer<linefit_axis_value_t>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> linefit_status_t {
    capiCall {
        let lines = try lookUp(layout, .layout, as: LayoutObject.self).layout.lines
        _ = try required(count, "count")
        if values == nil, capacity != 0 {
            throw CAPIFailure(LINEFIT_ERROR_NULL_ARGUMENT, "the array is NULL with capacity \(capacity)")
        }
        guard try sizeArgument(lineIndex, "line") < lines.count else {
            throw CAPIFailure(LINEFIT_ERROR_INVALID_ARGUMENT, "line index \(lineIndex) is out of range (there are \(lines.count))")
        }
        try copyOut(lines[lineIndex].axisValues, into: values, capacity: capacity, count: count) { axis in
            var record = linefit_axis_value_t()
            // Tags are four ASCII letters (validated with the options); the fifth byte stays NUL.
            withUnsafeMutableBytes(of: &record.tag) { bytes in
                for (index, byte) in axis.tag.utf8.prefix(4).enumerated() { bytes[index] = byte }
            }
            record.value = axis.value
            return record
        }
    }
}

/// `linefit_layout_get_warning_count` (linefit.h).
@_cdecl("linefit_layout_get_warning_count")
public func linefit_layout_get_warning_count(_ layout: OpaquePointer?, _ count: UnsafeMutablePointer<Int>?) -> linefit_status_t {
    capiCall {
        let warnings = try lookUp(layout, .layout, as: LayoutObject.self).layout.warnings
        try required(count, "count").pointee = warnings.count
    }
}

/// `linefit_layout_get_warning` (linefit.h).
@_cdecl("linefit_layout_get_warning")
public func linefit_layout_get_warning(
    _ layout: OpaquePointer?, _ index: Int, _ buffer: UnsafeMutablePointer<CChar>?, _ capacity: Int,
    _ length: UnsafeMutablePointer<Int>?
) -> linefit_status_t {
    capiCall {
        let warnings = try lookUp(layout, .layout, as: LayoutObject.self).layout.warnings
        // Pointer arguments first, as every getter checks them, then the index.
        let length = try required(length, "length")
        let capacity = try sizeArgument(capacity, "capacity")
        if buffer == nil, capacity != 0 {
            throw CAPIFailure(LINEFIT_ERROR_NULL_ARGUMENT, "buffer is NULL with capacity \(capacity)")
        }
        guard try sizeArgument(index, "warning") < warnings.count else {
            throw CAPIFailure(LINEFIT_ERROR_INVALID_ARGUMENT, "warning index \(index) is out of range (there are \(warnings.count))")
        }
        let bytes = Array(warnings[index].message.utf8)
        length.pointee = bytes.count
        guard let buffer else { return }
        guard capacity > bytes.count else {
            throw CAPIFailure(LINEFIT_ERROR_BUFFER_TOO_SMALL, "the buffer holds \(capacity) bytes, \(bytes.count + 1) are needed")
        }
        for (offset, byte) in bytes.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
        buffer[bytes.count] = 0
    }
}
