import Foundation

/// A text laid out in a style: the layout (indexed by the original text, whatever the
/// style's transform), the fonts it was made with, and the style a renderer draws it in.
public struct StyledLayout: Sendable {
    /// The look the layout is drawn in.
    public var style: Style
    /// The fonts the layout was made with (runs index into them).
    public var fonts: FontChain
    /// The layout, indexed by the original text.
    public var layout: Layout

    /// A styled layout from its parts.
    public init(style: Style, fonts: FontChain, layout: Layout) {
        self.style = style
        self.fonts = fonts
        self.layout = layout
    }
}

extension Style {
    /// The style's font chain, loaded through `cache` (fonts are loaded once per process).
    ///
    /// Bundled fallbacks are matched to the primary font's weight (see
    /// `BundledFonts.fallbackNames(_:matchingWeight:)`).
    public func fontChain(cache: FontCache = .shared) throws -> FontChain {
        let primary = try cache.font(font)
        var fonts = [primary]
        for name in BundledFonts.fallbackNames(fallbacks, matchingWeight: primary.weightClass) {
            let font = try cache.font(name, deferred: true)
            if !fonts.contains(font) { fonts.append(font) }
        }
        return try FontChain(fonts: fonts)
    }

    /// Lays out `text` in this style: transforms it, fits it with the style's options, and
    /// maps the layout back so every range indexes `text` itself.
    ///
    /// - Parameters:
    ///   - text: The text as typed; the layout's ranges index it.
    ///   - width: The width to fill, usually the canvas width minus twice `margin`.
    ///   - maxHeight: A height limit for the block (the canvas height less its margins).
    ///   - fonts: The chain to use; the style's own when nil.
    ///   - language: BCP 47 tag for shaping and for the transform's casing rules.
    ///   - engine: An engine to reuse (one per thread); a new one when nil.
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

    /// The file of a font name: a path, a bundled file name or a family (see `FontLocator`).
    public static func fontPath(_ name: String) throws -> String {
        try FontLocator.locate(name).path
    }
}
