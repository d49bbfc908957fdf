import Foundation

extension LayoutOptions {
    /// The variable-font options' own domain and the combinations not supported yet (the
    /// precedence table in docs/OPTIONS.md). What needs the fonts to judge (an instance the
    /// font lacks, a font without `wdth`) is checked when the layout starts.
    func validateVariableFontOptions() throws {
        if let namedInstance, namedInstance.trimmingCharacters(in: .whitespaces).isEmpty {
            throw LineFitError.invalidOption(name: "instance", reason: "the instance name is empty")
        }
        var seen = Set<String>()
        for variation in variations where !seen.insert(variation.tag).inserted {
            throw LineFitError.invalidOption(name: "axis", reason: "\(variation.tag) is given twice")
        }
        guard lineFill != .size else { return }
        let fill = lineFill.rawValue
        if variations.contains(where: { $0.tag == VariationPlan.widthTag }) {
            throw LineFitError.invalidOption(
                name: "axis", reason: "--fit \(fill) sets wdth itself; an explicit wdth cannot be combined with it")
        }
        if widthMode == .hinted {
            throw LineFitError.invalidOption(name: "fit", reason: "\(fill) with hinted widths is not supported yet")
        }
        if case .fill = box {
            throw LineFitError.invalidOption(name: "fit", reason: "\(fill) filling a box is not supported yet")
        }
        if breakStrategy != .greedy {
            throw LineFitError.invalidOption(
                name: "fit", reason: "\(fill) with \(breakStrategy.rawValue) breaks is not supported yet")
        }
    }
}
