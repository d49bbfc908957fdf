import CLineFit
import Foundation
import LineFit

/// A failed C call: the status it returns and the message `linefit_last_error` gives.
struct CAPIFailure: Error {
    var status: linefit_status_t
    var message: String

    init(_ status: linefit_status_t, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The status of an engine error, keeping the engine's own message.
    init(_ error: any Error) {
        switch error {
        case let failure as CAPIFailure:
            self = failure
        case let error as LineFitError:
            let status: linefit_status_t
            switch error {
            case .fontNotFound: status = LINEFIT_ERROR_FONT_NOT_FOUND
            case .fontUnreadable: status = LINEFIT_ERROR_FONT_UNREADABLE
            case .fontInvalid: status = LINEFIT_ERROR_FONT_INVALID
            // An edit's range (outside the text, or an end inside a surrogate pair) is in C an
            // argument like any index.
            case .invalidRange: status = LINEFIT_ERROR_INVALID_ARGUMENT
            case .invalidOption: status = LINEFIT_ERROR_INVALID_OPTION
            case .noFonts: status = LINEFIT_ERROR_NO_FONTS
            case .library: status = LINEFIT_ERROR_LIBRARY
            }
            self.init(status, error.description)
        default:
            self.init(LINEFIT_ERROR_LIBRARY, String(describing: error))
        }
    }
}

/// The message of the last failed call, one per thread (a `pthread` key whose destructor
/// frees the thread's copy when the thread ends).
enum LastError {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { free($0) }
        return key
    }()

    nonisolated(unsafe) static let empty: UnsafePointer<CChar> = UnsafePointer(strdup("")!)

    static func set(_ message: String) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, strdup(message))
        free(old)
    }

    static var current: UnsafePointer<CChar> {
        pthread_getspecific(key).map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) } ?? empty
    }
}

/// Runs the body of an exported function: its status, and on failure the thread's message.
/// Swift errors never cross into C.
func capiCall(_ body: () throws -> Void) -> linefit_status_t {
    do {
        try body()
        return LINEFIT_OK
    } catch {
        let failure = CAPIFailure(error)
        LastError.set(failure.message)
        return failure.status
    }
}

/// A required pointer argument, or the NULL_ARGUMENT failure naming it.
func required<T>(_ pointer: T?, _ name: String) throws(CAPIFailure) -> T {
    guard let pointer else { throw CAPIFailure(LINEFIT_ERROR_NULL_ARGUMENT, "\(name) is NULL") }
    return pointer
}

/// A `size_t` argument. Swift sees it as `Int`, so a value past `Int.max` (such as
/// `(size_t)-1`) arrives negative; it is refused rather than wrapped.
func sizeArgument(_ value: Int, _ name: String) throws(CAPIFailure) -> Int {
    guard value >= 0 else {
        throw CAPIFailure(LINEFIT_ERROR_INVALID_ARGUMENT, "\(name) \(UInt(bitPattern: value)) is larger than any array")
    }
    return value
}

/// Text given as UTF-8 bytes. NULL is the empty text only with length 0.
func utf8Text(_ text: UnsafePointer<CChar>?, _ length: Int, name: String = "text") throws(CAPIFailure) -> String {
    guard try sizeArgument(length, "length") > 0 else { return "" }
    let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(try required(text, name)).assumingMemoryBound(to: UInt8.self), count: length)
    guard let string = String(validating: bytes, as: UTF8.self) else {
        throw CAPIFailure(LINEFIT_ERROR_INVALID_ARGUMENT, "\(name) is not valid UTF-8")
    }
    return string
}

/// Text given as UTF-16 code units; a lone surrogate is refused rather than replaced.
func utf16Text(_ text: UnsafePointer<UInt16>?, _ length: Int) throws(CAPIFailure) -> String {
    guard try sizeArgument(length, "length") > 0 else { return "" }
    let units = UnsafeBufferPointer(start: try required(text, "text"), count: length)
    guard let string = String(validating: units, as: UTF16.self) else {
        throw CAPIFailure(LINEFIT_ERROR_INVALID_ARGUMENT, "text is not valid UTF-16 (a lone surrogate)")
    }
    return string
}

/// A NUL-terminated UTF-8 argument.
func cString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws(CAPIFailure) -> String {
    let pointer = try required(pointer, name)
    return try utf8Text(pointer, strlen(pointer), name: name)
}

/// Copies `items` into a caller's array under the counting convention of linefit.h: the
/// count is always reported; a NULL array with capacity 0 only asks for it.
func copyOut<Source, Target>(
    _ items: [Source], into array: UnsafeMutablePointer<Target>?, capacity: Int, count: UnsafeMutablePointer<Int>?,
    _ convert: (Source) -> Target
) throws(CAPIFailure) {
    let count = try required(count, "count")
    let capacity = try sizeArgument(capacity, "capacity")
    count.pointee = items.count
    guard let array else {
        guard capacity == 0 else { throw CAPIFailure(LINEFIT_ERROR_NULL_ARGUMENT, "the array is NULL with capacity \(capacity)") }
        return
    }
    guard capacity >= items.count else {
        throw CAPIFailure(LINEFIT_ERROR_BUFFER_TOO_SMALL, "the array holds \(capacity), \(items.count) are needed")
    }
    for (index, item) in items.enumerated() {
        (array + index).initialize(to: convert(item))
    }
}

/// Stores a new object in the table and writes its handle to the caller's out parameter.
func handOut(_ object: AnyObject, kind: HandleKind, to out: UnsafeMutablePointer<OpaquePointer?>) throws(CAPIFailure) {
    out.pointee = try HandleTable.shared.insert(object, kind: kind)
}

/// The object behind a handle, as its Swift type.
func lookUp<T: AnyObject>(_ handle: OpaquePointer?, _ kind: HandleKind, as type: T.Type) throws(CAPIFailure) -> T {
    // The table only stores T for `kind`; a mismatch is a bug here, not the caller's.
    guard let object = try HandleTable.shared.object(handle, kind: kind) as? T else {
        throw CAPIFailure(LINEFIT_ERROR_LIBRARY, "internal: the \(kind) slot holds another type")
    }
    return object
}
