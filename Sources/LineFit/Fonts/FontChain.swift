import Foundation

/// The fonts a layout may use: the primary font first, then the fallbacks in order.
///
/// Each grapheme cluster goes to the first font that covers all of its characters; emoji
/// sequences go to the first colour font that covers them. A cluster no font covers is shaped
/// with the primary font (its .notdef glyph) and reported in `Layout.missing`.
public struct FontChain: Hashable, Sendable {
    /// The fonts in order: the primary first.
    public var fonts: [Font]

    /// A chain of a primary font and fallbacks in order.
    public init(_ primary: Font, fallbacks: [Font] = []) {
        fonts = [primary] + fallbacks
    }

    /// A chain of `fonts`, the first one primary; throws `noFonts` for an empty list.
    public init(fonts: [Font]) throws {
        guard !fonts.isEmpty else { throw LineFitError.noFonts }
        self.fonts = fonts
    }

    /// The font whose metrics and .notdef the layout falls back on.
    public var primary: Font { fonts[0] }

    /// Loads a chain from paths: the first is the primary font.
    public init(paths: [String]) throws {
        guard !paths.isEmpty else { throw LineFitError.noFonts }
        fonts = try paths.map { try Font(path: $0) }
    }
}

/// The fonts bundled with LineFit: the package's `Fonts/` folder (see its README for sources
/// and licences), found from wherever LineFit runs (see `FontLocator`).
public enum BundledFonts {
    /// The environment variable naming the fonts folder (or folders, separated by `:`),
    /// searched before every other place.
    public static let environmentVariable = "LINEFIT_FONTS"

    /// The folder holding the bundled fonts (the first searched folder with an index), or
    /// nil when none can be found.
    public static var directory: String? {
        FontLocator.bundledIndex?.directory
    }

    /// The path of a bundled font by file name, e.g. "NotoSans-Regular.ttf"; throws
    /// `fontNotFound` listing the folders it searched.
    public static func path(_ fileName: String) throws -> String {
        try FontLocator.locate(fileName).path
    }

    /// The fallback fonts used when a caller gives none: Latin, Arabic, Hebrew, Devanagari,
    /// Thai, CJK (Chinese and Japanese, then Korean Hangul), then colour emoji. The CJK order
    /// is swapped for Korean text (see `FontChain.prioritized(forLanguage:)`).
    public static let defaultFallbackNames = [
        "NotoSans-Regular.ttf",
        "NotoSansArabic-Regular.ttf",
        "NotoSansHebrew-Regular.ttf",
        "NotoSansDevanagari-Regular.ttf",
        "NotoSansThai-Regular.ttf",
        "DroidSansFallbackFull.ttf",
        "NotoSansCJKkr-Hangul-Regular.otf",
        "NotoColorEmoji.ttf",
    ]

    /// Bundled fallback names with each replaced by the face of its family whose weight is
    /// nearest `weight` (the primary font's usWeightClass), so Arabic beside a bold Latin is
    /// bold too. Names that are not bundled files, or families with one weight, stay as given.
    public static func fallbackNames(_ names: [String], matchingWeight weight: Int) -> [String] {
        guard let index = FontLocator.bundledIndex?.index else { return names }
        return names.map { name in
            guard let entry = index.entry(file: name), let nearest = index.nearest(family: entry.family, weight: weight),
                  nearest.weight != entry.weight else { return name }
            return nearest.file
        }
    }
}
