import Foundation

/// Everything that can go wrong at LineFit's boundaries: loading fonts, validating options
/// and editing ranges.
///
/// Once fonts are loaded and options are valid, laying out text cannot fail: a character no
/// font covers becomes the primary font's .notdef and is reported in `Layout.missing`, and an
/// empty string is an empty layout.
///
/// Every case reads as one line (`description`, which is also `localizedDescription` through
/// `LocalizedError`), the same line the CLI prints after `linefit: `, so an app can show it in
/// an alert as it is.
public enum LineFitError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// No font at the path, or no bundled or indexed font by that name; `searched` lists the
    /// folders looked in when the name was not a path.
    case fontNotFound(path: String, searched: [String] = [])
    /// The file exists but could not be read.
    case fontUnreadable(path: String, reason: String)
    /// FreeType could not parse the data as a font (or the face index does not exist).
    case fontInvalid(path: String, faceIndex: Int, reason: String)
    /// A layout option is out of its domain: `name` is the option, `reason` says why.
    case invalidOption(name: String, reason: String)
    /// A UTF-16 range given to an edit is reversed, reaches past the text (`0...length`), or
    /// has an end inside a surrogate pair.
    case invalidRange(start: Int, end: Int, length: Int)
    /// The font chain is empty.
    case noFonts
    /// A system library failed in a way that is not the caller's fault.
    case library(name: String, code: Int32)

    /// The one-line message, as the CLI prints it.
    public var description: String {
        switch self {
        case .fontNotFound(let path, let searched):
            guard !searched.isEmpty else { return "font not found: \(path)" }
            return "font not found: \(path) (looked in \(searched.joined(separator: ", ")); set \(BundledFonts.environmentVariable) to a folder of fonts)"
        case .fontUnreadable(let path, let reason):
            return "cannot read font \(path): \(reason)"
        case .fontInvalid(let path, let faceIndex, let reason):
            return "not a usable font: \(path) (face \(faceIndex)): \(reason)"
        case .invalidOption(let name, let reason):
            return "invalid \(name): \(reason)"
        case .invalidRange(let start, let end, let length):
            if start > end { return "invalid range \(start)..<\(end): the start is after the end" }
            if start < 0 || end > length {
                return "invalid range \(start)..<\(end): outside the text (0..<\(length))"
            }
            return "invalid range \(start)..<\(end): an end is inside a surrogate pair (between the two halves of one character)"
        case .noFonts:
            return "no fonts given"
        case .library(let name, let code):
            return "\(name) failed with error \(code)"
        }
    }

    /// The same line as `description`, so `localizedDescription` is readable in an alert.
    public var errorDescription: String? { description }
}
