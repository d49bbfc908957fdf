/// Everything that can go wrong at LineFit's boundaries: loading fonts and validating options.
///
/// Once fonts are loaded and options are valid, laying out text cannot fail: a character no
/// font covers becomes the primary font's .notdef and is reported in `Layout.missing`, and an
/// empty string is an empty layout.
public enum LineFitError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case fontNotFound(path: String)
    /// The file exists but could not be read.
    case fontUnreadable(path: String, reason: String)
    /// FreeType could not parse the data as a font (or the face index does not exist).
    case fontInvalid(path: String, faceIndex: Int, reason: String)
    /// A layout option is out of its domain: `name` is the option, `reason` says why.
    case invalidOption(name: String, reason: String)
    /// The font chain is empty.
    case noFonts
    /// A system library failed in a way that is not the caller's fault.
    case library(name: String, code: Int32)

    public var description: String {
        switch self {
        case .fontNotFound(let path):
            return "font not found: \(path)"
        case .fontUnreadable(let path, let reason):
            return "cannot read font \(path): \(reason)"
        case .fontInvalid(let path, let faceIndex, let reason):
            return "not a usable font: \(path) (face \(faceIndex)): \(reason)"
        case .invalidOption(let name, let reason):
            return "invalid \(name): \(reason)"
        case .noFonts:
            return "no fonts given"
        case .library(let name, let code):
            return "\(name) failed with error \(code)"
        }
    }
}
