import LineFit

/// The variable-font flags: `--axis TAG=V` (repeatable), `--instance`, `--no-optical-sizing`
/// and `--fit`, applied over the style's own axis values and fill.
struct VariationArguments {
    var axes: [String]
    var instance: String?
    var noOpticalSizing: Bool
    var fit: LayoutOptions.LineFill?

    func apply(to options: inout LayoutOptions) throws {
        for axis in axes {
            let parts = axis.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite else {
                throw CLIError(message: "bad --axis '\(axis)': use TAG=VALUE, such as wght=800")
            }
            // A flag overrides the style's value for the same axis.
            options.variations.removeAll { $0.tag == parts[0] }
            options.variations.append(FontVariation(parts[0], value))
        }
        if let instance { options.namedInstance = instance }
        if noOpticalSizing { options.opticalSizing = false }
        if let fit {
            options.lineFill = fit
            // The fill owns wdth: a style's own wdth gives way to it.
            if fit != .size, !axes.contains(where: { $0.hasPrefix("wdth=") }) {
                options.variations.removeAll { $0.tag == "wdth" }
            }
        }
    }
}
