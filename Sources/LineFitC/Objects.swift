import LineFit

/// What the table holds for the handle kinds whose Swift value is not a class already
/// (`Font`, `LayoutEngine` and `EditorSession` are stored as they are).

/// A font chain (a value type in Swift) behind a handle.
final class FontChainObject {
    let chain: FontChain
    init(_ chain: FontChain) { self.chain = chain }
}

/// An options object: the engine's options, plus the box kind and height, which the C
/// setters take apart (`box` + `box_height`) and Swift keeps as one enum.
final class OptionsObject {
    var options: LayoutOptions
    var boxKind: BoxKind = .none
    var boxHeight = 0.0

    enum BoxKind { case none, limit, fill }

    init(_ options: LayoutOptions) { self.options = options }

    static func box(_ kind: BoxKind, height: Double) -> LayoutOptions.Box {
        switch kind {
        case .none: .none
        case .limit: .limit(height: height)
        case .fill: .fill(height: height)
        }
    }
}

/// A layout with the chain it was made with (rendering needs the fonts its runs index).
final class LayoutObject {
    let layout: Layout
    let fonts: FontChain
    init(_ layout: Layout, fonts: FontChain) {
        self.layout = layout
        self.fonts = fonts
    }
}

/// A style (a value type in Swift) behind a handle; `linefit_style_set_color` changes it.
final class StyleObject {
    var style: Style
    init(_ style: Style) { self.style = style }
}
