import Foundation

/// A colour in sRGB with straight (not premultiplied) alpha, components in 0...1.
///
/// Styles are data a caller copies and edits, so colours are plain values that print and
/// parse as `#RRGGBB` / `#RRGGBBAA`, the form CSS, SVG and the CLI use.
public struct StyleColor: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Red, 0...1.
    public var red: Double
    /// Green, 0...1.
    public var green: Double
    /// Blue, 0...1.
    public var blue: Double
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    /// A colour from sRGB components and alpha, each 0...1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#RRGGBB` or `#RRGGBBAA` (the `#` is optional); nil for anything else.
    public init?(hex: String) {
        var digits = Substring(hex)
        if digits.hasPrefix("#") { digits = digits.dropFirst() }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit),
              let value = UInt32(digits, radix: 16) else { return nil }
        let rgba = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(
            red: Double((rgba >> 24) & 0xFF) / 255, green: Double((rgba >> 16) & 0xFF) / 255,
            blue: Double((rgba >> 8) & 0xFF) / 255, alpha: Double(rgba & 0xFF) / 255)
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hex: String {
        func byte(_ component: Double) -> String {
            let value = Int((min(1, max(0, component)) * 255).rounded())
            return (value < 16 ? "0" : "") + String(value, radix: 16)
        }
        let rgb = "#" + byte(red) + byte(green) + byte(blue)
        return alpha >= 1 ? rgb : rgb + byte(alpha)
    }

    public var description: String { hex }

    /// This colour moved `amount` (0...1) of the way toward `other`, component by component.
    public func mixed(with other: StyleColor, amount: Double) -> StyleColor {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * amount }
        return StyleColor(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
            alpha: mix(alpha, other.alpha))
    }

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> StyleColor {
        StyleColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// Relative luminance (WCAG 2.1, sRGB linearised), for picking readable text on a fill.
    public var luminance: Double {
        func linear(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// Opaque white.
    public static let white = StyleColor(red: 1, green: 1, blue: 1)
    /// Opaque black.
    public static let black = StyleColor(red: 0, green: 0, blue: 0)
}
