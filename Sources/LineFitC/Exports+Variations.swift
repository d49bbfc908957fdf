import CLineFit
import LineFit

/// `linefit_layout_get_line_axes` (linefit.h).
@_cdecl("linefit_layout_get_line_axes")
public func linefit_layout_get_line_axes(
    _ layout: OpaquePointer?, _ lineIndex: Int, _ values: UnsafeMutablePointer<linefit_axis_value_t>?, _ capacity: Int,
    _ count: UnsafeMutablePointer<Int>?
) -> linefit_status_t {
    capiCall {
        let lines = try layoutArgument(layout).lines
        _ = try required(count, "count")
        try requireRoomless(values, capacity: capacity, "the array")
        try copyOut(lines[try checkedIndex(lineIndex, lines.count, "line")].axisValues, into: values, capacity: capacity, count: count) { axis in
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
        let warnings = try layoutArgument(layout).warnings
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
        let warnings = try layoutArgument(layout).warnings
        // Pointer arguments first, as every getter checks them, then the index.
        let length = try required(length, "length")
        let capacity = try sizeArgument(capacity, "capacity")
        try requireRoomless(buffer, capacity: capacity, "buffer")
        let bytes = Array(warnings[try checkedIndex(index, warnings.count, "warning")].message.utf8)
        length.pointee = bytes.count
        guard let buffer else { return }
        guard capacity > bytes.count else {
            throw CAPIFailure(LINEFIT_ERROR_BUFFER_TOO_SMALL, "the buffer holds \(capacity) bytes, \(bytes.count + 1) are needed")
        }
        for (offset, byte) in bytes.enumerated() { buffer[offset] = CChar(bitPattern: byte) }
        buffer[bytes.count] = 0
    }
}

/// A NULL output is allowed only with capacity 0 (the call then asks for the size alone).
private func requireRoomless<T>(_ output: UnsafeMutablePointer<T>?, capacity: Int, _ name: String) throws(CAPIFailure) {
    if output == nil, capacity != 0 {
        throw CAPIFailure(LINEFIT_ERROR_NULL_ARGUMENT, "\(name) is NULL with capacity \(capacity)")
    }
}

/// The layout behind a handle (the three getters here read nothing else from it).
private func layoutArgument(_ handle: OpaquePointer?) throws(CAPIFailure) -> Layout {
    try lookUp(handle, .layout, as: LayoutObject.self).layout
}
