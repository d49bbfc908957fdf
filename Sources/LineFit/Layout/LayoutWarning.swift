/// Something a layout did that the caller did not ask for exactly, but that is not an error:
/// the layout is still complete and correct for what was applied.
public struct LayoutWarning: Hashable, Sendable, Codable, CustomStringConvertible {
    /// What kind of adjustment the warning reports.
    public enum Kind: String, Hashable, Sendable, Codable {
        /// An axis value outside a font's `fvar` range was clamped to the range.
        case axisClamped
        /// An axis no font of the chain has: the value changes nothing.
        case axisNotInFonts
    }

    /// What kind of adjustment this is.
    public var kind: Kind
    /// One line a person can read: what was asked, what was applied, and in which font.
    public var message: String

    /// A warning of `kind` with its one-line message.
    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
