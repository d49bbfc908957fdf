import Foundation

/// The fonts a layout may use: the primary font first, then the fallbacks in order.
///
/// Each grapheme cluster goes to the first font that covers all of its characters; emoji
/// sequences go to the first colour font that covers them. A cluster no font covers is shaped
/// with the primary font (its .notdef glyph) and reported in `Layout.missing`.
public struct FontChain: Hashable, Sendable {
    public var fonts: [Font]

    public init(_ primary: Font, fallbacks: [Font] = []) {
        fonts = [primary] + fallbacks
    }

    public init(fonts: [Font]) throws {
        guard !fonts.isEmpty else { throw LineFitError.noFonts }
        self.fonts = fonts
    }

    public var primary: Font { fonts[0] }

    /// Loads a chain from paths: the first is the primary font.
    public init(paths: [String]) throws {
        guard !paths.isEmpty else { throw LineFitError.noFonts }
        fonts = try paths.map { try Font(path: $0) }
    }
}

/// Where the fonts bundled with LineFit live.
///
/// The fonts are data files in the package's `Fonts/` folder (see its README for sources and
/// licences). A build run from a clone finds them next to the sources; an installed binary
/// finds them through the `LINEFIT_FONTS` environment variable.
public enum BundledFonts {
    public static let environmentVariable = "LINEFIT_FONTS"

    /// The folder holding the bundled fonts, or nil when it cannot be found.
    public static var directory: String? {
        // getenv, not ProcessInfo.environment: that builds a dictionary of the whole
        // environment, a visible part of the CLI's start-up.
        if let value = getenv(environmentVariable), value.pointee != 0 {
            return String(cString: value)
        }
        // This file is Sources/LineFit/Fonts/FontChain.swift inside the package.
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let fonts = packageRoot.appendingPathComponent("Fonts").path
        return FileManager.default.fileExists(atPath: fonts) ? fonts : nil
    }

    /// The path of a bundled font file by name, e.g. "NotoSans-Regular.ttf".
    public static func path(_ fileName: String) throws -> String {
        guard let directory else {
            throw LineFitError.fontNotFound(path: "Fonts/\(fileName) (set \(environmentVariable) to the Fonts folder)")
        }
        return (directory as NSString).appendingPathComponent(fileName)
    }

    /// The fallback fonts used when a caller gives none: Latin, Arabic, Hebrew, Devanagari,
    /// Thai, CJK, then colour emoji.
    public static let defaultFallbackNames = [
        "NotoSans-Regular.ttf",
        "NotoSansArabic-Regular.ttf",
        "NotoSansHebrew-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf",
        "NotoSansThai-Regular.ttf",
        "DroidSansFallbackFull.ttf",
        "NotoColorEmoji.ttf",
    ]
}
