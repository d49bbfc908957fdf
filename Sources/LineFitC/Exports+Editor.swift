import CLineFit
import LineFit

/// `linefit_editor_create` (linefit.h).
@_cdecl("linefit_editor_create")
public func linefit_editor_create(
    _ chain: OpaquePointer?, _ options: OpaquePointer?, _ text: UnsafePointer<CChar>?, _ length: Int,
    _ editor: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    capiCall {
        let chain = try lookUp(chain, .fontChain, as: FontChainObject.self).chain
        let options = try lookUp(options, .options, as: OptionsObject.self).options
        let out = try required(editor, "editor")
        let session = try EditorSession(text: try utf8Text(text, length), fonts: chain, options: options)
        try handOut(session, kind: .editor, to: out)
    }
}

/// `linefit_editor_destroy` (linefit.h).
@_cdecl("linefit_editor_destroy")
public func linefit_editor_destroy(_ editor: OpaquePointer?) -> linefit_status_t {
    capiCall { try HandleTable.shared.remove(editor, kind: .editor) }
}

/// One edit: range checked against the current text (as an argument error, before the
/// session sees it), the new layout handed out only when asked for.
private func edit(
    _ editor: OpaquePointer?, _ start: Int, _ end: Int, _ text: () throws(CAPIFailure) -> String,
    _ layout: UnsafeMutablePointer<OpaquePointer?>?, _ changedFirst: UnsafeMutablePointer<Int>? = nil,
    _ changedEnd: UnsafeMutablePointer<Int>? = nil
) -> linefit_status_t {
    capiCall {
        let session = try lookUp(editor, .editor, as: EditorSession.self)
        guard try sizeArgument(start, "start") <= (try sizeArgument(end, "end")), end <= session.utf16Count else {
            throw CAPIFailure(
                LINEFIT_ERROR_INVALID_ARGUMENT, "range \(start)..<\(end) is outside the text (0..<\(session.utf16Count))")
        }
        let result = try session.replace(start..<end, with: try text())
        changedFirst?.pointee = result.changedLines.lowerBound
        changedEnd?.pointee = result.changedLines.upperBound
        if let layout {
            try handOut(LayoutObject(result.layout, fonts: session.fonts), kind: .layout, to: layout)
        }
    }
}

/// `linefit_editor_replace` (linefit.h).
@_cdecl("linefit_editor_replace")
public func linefit_editor_replace(
    _ editor: OpaquePointer?, _ start: Int, _ end: Int, _ text: UnsafePointer<CChar>?, _ length: Int,
    _ layout: UnsafeMutablePointer<OpaquePointer?>?, _ changedFirst: UnsafeMutablePointer<Int>?,
    _ changedEnd: UnsafeMutablePointer<Int>?
) -> linefit_status_t {
    edit(editor, start, end, { () throws(CAPIFailure) in try utf8Text(text, length) }, layout, changedFirst, changedEnd)
}

/// `linefit_editor_insert` (linefit.h).
@_cdecl("linefit_editor_insert")
public func linefit_editor_insert(
    _ editor: OpaquePointer?, _ offset: Int, _ text: UnsafePointer<CChar>?, _ length: Int,
    _ layout: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    edit(editor, offset, offset, { () throws(CAPIFailure) in try utf8Text(text, length) }, layout)
}

/// `linefit_editor_delete` (linefit.h).
@_cdecl("linefit_editor_delete")
public func linefit_editor_delete(
    _ editor: OpaquePointer?, _ start: Int, _ end: Int, _ layout: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    edit(editor, start, end, { () throws(CAPIFailure) in "" }, layout)
}

/// `linefit_editor_get_layout` (linefit.h).
@_cdecl("linefit_editor_get_layout")
public func linefit_editor_get_layout(_ editor: OpaquePointer?, _ layout: UnsafeMutablePointer<OpaquePointer?>?) -> linefit_status_t {
    capiCall {
        let session = try lookUp(editor, .editor, as: EditorSession.self)
        let out = try required(layout, "layout")
        try handOut(LayoutObject(session.layout, fonts: session.fonts), kind: .layout, to: out)
    }
}

/// `linefit_editor_get_length` (linefit.h).
@_cdecl("linefit_editor_get_length")
public func linefit_editor_get_length(_ editor: OpaquePointer?, _ length: UnsafeMutablePointer<Int>?) -> linefit_status_t {
    capiCall {
        let session = try lookUp(editor, .editor, as: EditorSession.self)
        try required(length, "length").pointee = session.utf16Count
    }
}

/// `linefit_editor_get_typing_size` (linefit.h).
@_cdecl("linefit_editor_get_typing_size")
public func linefit_editor_get_typing_size(_ editor: OpaquePointer?, _ caret: Int, _ size: UnsafeMutablePointer<Double>?) -> linefit_status_t {
    capiCall {
        let session = try lookUp(editor, .editor, as: EditorSession.self)
        let out = try required(size, "size")
        guard try sizeArgument(caret, "caret") <= session.utf16Count else {
            throw CAPIFailure(LINEFIT_ERROR_INVALID_ARGUMENT, "caret \(caret) is past the text's end (\(session.utf16Count))")
        }
        out.pointee = session.typingSize(at: caret)
    }
}
