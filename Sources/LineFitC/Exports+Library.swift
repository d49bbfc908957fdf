import CLineFit
import Foundation
import LineFit

/// The library's version string (`linefit_version`): LineFit's own, so the C API, the Swift
/// package and `linefit --version` always say the same.
let libraryVersion = LineFit.version

/// Strings handed to C with static storage: made once, never freed.
private enum StaticStrings {
    nonisolated(unsafe) static let version: UnsafePointer<CChar> = UnsafePointer(strdup(libraryVersion)!)
    nonisolated(unsafe) static let statusNames: [UInt32: UnsafePointer<CChar>] = {
        let names: [(linefit_status_t, String)] = [
            (LINEFIT_OK, "LINEFIT_OK"),
            (LINEFIT_ERROR_NULL_ARGUMENT, "LINEFIT_ERROR_NULL_ARGUMENT"),
            (LINEFIT_ERROR_INVALID_HANDLE, "LINEFIT_ERROR_INVALID_HANDLE"),
            (LINEFIT_ERROR_WRONG_HANDLE_KIND, "LINEFIT_ERROR_WRONG_HANDLE_KIND"),
            (LINEFIT_ERROR_INVALID_ARGUMENT, "LINEFIT_ERROR_INVALID_ARGUMENT"),
            (LINEFIT_ERROR_FONT_NOT_FOUND, "LINEFIT_ERROR_FONT_NOT_FOUND"),
            (LINEFIT_ERROR_FONT_UNREADABLE, "LINEFIT_ERROR_FONT_UNREADABLE"),
            (LINEFIT_ERROR_FONT_INVALID, "LINEFIT_ERROR_FONT_INVALID"),
            (LINEFIT_ERROR_INVALID_OPTION, "LINEFIT_ERROR_INVALID_OPTION"),
            (LINEFIT_ERROR_NO_FONTS, "LINEFIT_ERROR_NO_FONTS"),
            (LINEFIT_ERROR_LIBRARY, "LINEFIT_ERROR_LIBRARY"),
            (LINEFIT_ERROR_BUFFER_TOO_SMALL, "LINEFIT_ERROR_BUFFER_TOO_SMALL"),
            (LINEFIT_ERROR_RENDER, "LINEFIT_ERROR_RENDER"),
            (LINEFIT_ERROR_NOT_FOUND, "LINEFIT_ERROR_NOT_FOUND"),
        ]
        return Dictionary(uniqueKeysWithValues: names.map { ($0.0.rawValue, UnsafePointer(strdup($0.1)!)) })
    }()
    nonisolated(unsafe) static let unknownStatus: UnsafePointer<CChar> = UnsafePointer(strdup("LINEFIT_ERROR_UNKNOWN")!)
}

/// `linefit_version` (linefit.h).
@_cdecl("linefit_version")
public func linefit_version() -> UnsafePointer<CChar> { StaticStrings.version }

/// `linefit_abi_version` (linefit.h).
@_cdecl("linefit_abi_version")
public func linefit_abi_version() -> Int32 { LINEFIT_ABI_VERSION }

/// `linefit_status_name` (linefit.h).
@_cdecl("linefit_status_name")
public func linefit_status_name(_ status: linefit_status_t) -> UnsafePointer<CChar> {
    StaticStrings.statusNames[status.rawValue] ?? StaticStrings.unknownStatus
}

/// `linefit_last_error` (linefit.h).
@_cdecl("linefit_last_error")
public func linefit_last_error() -> UnsafePointer<CChar> { LastError.current }

/// `linefit_bytes_free` (linefit.h).
@_cdecl("linefit_bytes_free")
public func linefit_bytes_free(_ bytes: UnsafeMutablePointer<UInt8>?) { free(bytes) }
