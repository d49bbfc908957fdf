import Foundation

/// Why a font path cannot be read, in words a person acts on: Foundation's own errors for
/// these cases read "NSCocoaErrorDomain error 512" (a directory) or "You don't have
/// permission" (`/dev/null`, which is not a file to map at all).
enum FontFileCheck {
    /// The reason a path that exists cannot be a font file, or nil when it is a readable
    /// regular file.
    static func unreadableReason(_ path: String, isDirectory: Bool) -> String? {
        if isDirectory { return "it is a folder, not a font file" }
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return "it is not a regular file (a device, pipe or socket cannot hold a font)"
        }
        guard access(path, R_OK) == 0 else { return "permission denied" }
        return nil
    }

    /// A read error as one short reason: the POSIX message when there is one.
    static func readFailure(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        return nsError.localizedFailureReason ?? nsError.localizedDescription
    }
}
