import Foundation

/// A text laid out in a style: the layout (indexed by the original text, whatever the
/// style's transform), the fonts it was made with, and the style a renderer draws it in.
public struct StyledLayout: Sendable {
    public var style: Style
    public var fonts: FontChain
    public var layout: Layout

    public init(style: Style, fonts: FontChain, layout: Layout) {
        self.style = style
        self.fonts = fonts
        self.layout = layout
    }
}

extension Style {
    /// The style's font chain, loaded through `cache` (fonts are loaded once per process).
    public func fontChain(cache: FontCache = .shared) throws -> FontChain {
        let primary = try cache.font(Style.fontPath(font))
        var fonts = [primary]
        for name in fallbacks {
            let font = try cache.font(Style.fontPath(name), deferred: true)
            if !fonts.contains(font) { fonts.append(font) }
        }
        return try FontChain(fonts: fonts)
    }

    /// Lays out `text` in this style: transforms it, fits it with the style's options, and
    /// maps the layout back so every range indexes `text` itself.
    ///
    /// - Parameters:
    ///   - width: The width to fill, usually the canvas width minus twice `margin`.
    ///   - maxHeight: A height limit for the block (the canvas height less its margins).
    ///   - fonts: The chain to use; the style's own when nil.
    ///   - language: BCP 47 tag for shaping and for the transform's casing rules.
    public func layout(
        _ text: String, width: Double, maxHeight: Double? = nil, fonts: FontChain? = nil,
        language: String? = nil, engine: LayoutEngine? = nil
    ) throws -> StyledLayout {
        var options = layoutOptions(width: width, maxHeight: maxHeight)
        options.language = language
        return try layout(text, options: options, fonts: fonts, engine: engine)
    }

    /// Lays out `text` with options the caller made (usually `layoutOptions(width:maxHeight:)`
    /// with more settings changed), applying the style's transform and mapping back.
    public func layout(
        _ text: String, options: LayoutOptions, fonts: FontChain? = nil, engine: LayoutEngine? = nil
    ) throws -> StyledLayout {
        let chain = try fonts ?? fontChain()
        let transformed = transform.apply(to: text, locale: options.language)
        let engine = try engine ?? LayoutEngine()
        let layout = try engine.layout(transformed.transformed, fonts: chain, options: options)
        return StyledLayout(style: self, fonts: chain, layout: transformed.mapBack(layout))
    }

    /// A bundled font's path for a bare file name; anything with a slash is a path already.
    public static func fontPath(_ name: String) throws -> String {
        name.contains("/") ? name : try BundledFonts.path(name)
    }
}

/// Loaded fonts by path, so that every layout and render of a process shares one `Font` per
/// file instead of opening it again. Thread-safe: batch workers share one cache.
public final class FontCache: @unchecked Sendable {
    public static let shared = FontCache()

    private let lock = NSLock()
    private var fonts: [String: Font] = [:]

    public init() {}

    /// The font at `path`, loaded on first use.
    ///
    /// - Parameter deferred: For fallback fonts: only check now that the file exists, and
    ///   open it when some text first needs it (`Font.loadError` then says if it was broken).
    ///   Not deferred, the font is opened now and a broken file throws here.
    public func font(_ path: String, deferred: Bool = false) throws -> Font {
        lock.lock()
        defer { lock.unlock() }
        if let font = fonts[path] {
            if !deferred { try font.open() }
            return font
        }
        let font = deferred ? try Font(deferredPath: path) : try Font(path: path)
        fonts[path] = font
        return font
    }
}
