import LineFit

/// The variable-font flags: `--axis TAG=V` (repeatable), `--instance`, `--no-optical-sizing`
/// and `--fit`, applied over the style's own axis values and fill.
struct VariationArguments {
    var axes: [String]
    var instance: String?
    var noOpticalSizing: Bool
    var fit: LayoutOptions.LineFill?

    /// `breaksGiven`/`fillBoxGiven`: whether `--breaks`/`--fill-box` were given. A picture of
    /// a fill style defaults to balanced breaks filling the canvas (`BoxChoice`); filling by a
    /// width axis breaks greedily at the block's size by definition, so there the defaults
    /// become greedy breaks and a shrink-only height limit of the same height. Given
    /// explicitly, the combination stays and is reported as not supported yet.
    func apply(to options: inout LayoutOptions, breaksGiven: Bool, fillBoxGiven: Bool) throws {
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
        guard options.lineFill != .size else { return }
        if !breaksGiven { options.breakStrategy = .greedy }
        if !fillBoxGiven, case .fill(let height) = options.box { options.box = .limit(height: height) }
    }
}
