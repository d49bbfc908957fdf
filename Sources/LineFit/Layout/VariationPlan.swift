/// What the variable-font options mean for one font chain: the fixed axis values, whether
/// `opsz` follows each line's size, which `wdth` axis fills lines, and the warnings to
/// report. Made once per layout (or editor session); its errors are the typed ones for
/// options that need a font to be judged (an unknown instance, no `wdth` axis to fill by).
///
/// Precedence (docs/OPTIONS.md): the named instance's coordinates first, then `variations`
/// over them; an explicit `opsz` (or `opticalSizing = false`) fixes `opsz`, otherwise it is
/// each line's size clamped to the axis; with `lineFill` other than `size` the fill owns
/// `wdth`.
struct VariationPlan {
    /// The fixed axis values: the instance's, then the options' own.
    let base: VariationSettings
    /// The `opsz` axis that follows line sizes, when optical sizing is in effect.
    let opticalAxis: VariationAxis?
    /// The primary font's `wdth` axis when lines are filled by it (`width-axis`, `mixed`).
    let widthAxis: VariationAxis?
    let lineFill: LayoutOptions.LineFill
    let warnings: [LayoutWarning]
    /// The fonts, to report each axis value as the first font with that axis applies it.
    private let fonts: [Font]

    /// No font of the chain is variable: nothing to apply, nothing to report. Stored: a
    /// chain with the CJK fallbacks has ~18 fonts, and `reported` asks once per line.
    let isInert: Bool

    init(options: LayoutOptions, fonts chain: FontChain) throws {
        fonts = chain.fonts
        isInert = !chain.fonts.contains { $0.isVariable }
        lineFill = options.lineFill
        let primary = chain.primary
        var settings = VariationSettings()
        var warnings: [LayoutWarning] = []
        if let name = options.namedInstance {
            guard let instance = primary.namedInstance(name) else {
                let known = primary.namedInstances.map(\.name)
                throw LineFitError.invalidOption(
                    name: "instance",
                    reason: known.isEmpty
                        ? "\(primary.name) has no named instances (it is not a variable font)"
                        : "\(primary.name) has no instance '\(name)'; it has: \(known.joined(separator: ", "))")
            }
            for value in instance.coordinates { settings[value.tag] = value.value }
        }
        for variation in options.variations {
            settings[variation.tag] = variation.value
            let holders = chain.fonts.filter { $0.axis(variation.tag) != nil }
            if holders.isEmpty {
                warnings.append(LayoutWarning(
                    kind: .axisNotInFonts,
                    message: "axis \(variation.tag) is in none of the fonts: \(variation.tag)=\(variation.value) ignored"))
            }
            for font in holders {
                guard let axis = font.axis(variation.tag), axis.clamped(variation.value) != variation.value else { continue }
                warnings.append(LayoutWarning(
                    kind: .axisClamped,
                    message: "axis \(variation.tag)=\(variation.value) is outside \(axis.minValue)...\(axis.maxValue) "
                        + "in \(font.name): clamped to \(axis.clamped(variation.value))"))
            }
        }
        let explicitOpsz = options.variations.contains { $0.tag == Self.opticalSizeTag }
        // Only variable fonts have axes: a static chain needs no look-up per font.
        if options.opticalSizing, !explicitOpsz, !isInert {
            opticalAxis = chain.fonts.lazy.compactMap { $0.axis(Self.opticalSizeTag) }.first
            // The instance's opsz is a default for text at one size; optical sizing replaces it.
            if opticalAxis != nil { settings[Self.opticalSizeTag] = nil }
        } else {
            opticalAxis = nil
        }
        if options.lineFill != .size {
            guard let axis = primary.axis(Self.widthTag), axis.maxValue > axis.minValue else {
                throw LineFitError.invalidOption(
                    name: "fit", reason: "\(options.lineFill.rawValue) needs a primary font with a wdth axis; \(primary.name) has none")
            }
            widthAxis = axis
            settings[Self.widthTag] = nil
        } else {
            widthAxis = nil
        }
        base = settings
        self.warnings = warnings
    }

    /// The plan for options already checked with these fonts (`init` throws only for what a
    /// layout or session reports when it starts); should that fail, the plan without the
    /// instance and the width fill, which cannot fail.
    static func unchecked(options: LayoutOptions, fonts: FontChain) -> VariationPlan {
        if let plan = try? VariationPlan(options: options, fonts: fonts) { return plan }
        var safe = options
        safe.namedInstance = nil
        safe.lineFill = .size
        // Cannot throw: only the instance and the fill need the fonts' approval.
        return (try? VariationPlan(options: safe, fonts: fonts)) ?? VariationPlan(inertFor: fonts)
    }

    /// Nothing applied: every font at its default instance.
    private init(inertFor chain: FontChain) {
        fonts = chain.fonts
        isInert = !chain.fonts.contains { $0.isVariable }
        base = .none
        opticalAxis = nil
        widthAxis = nil
        lineFill = .size
        warnings = []
    }

    static let opticalSizeTag = "opsz"
    static let widthTag = "wdth"

    /// The `wdth` paragraphs are measured (and Type Mode lines broken) at: the narrowest for
    /// width-axis filling, whose lines break at the narrowest; the default otherwise.
    var paragraphWidth: Double? {
        lineFill == .widthAxis ? widthAxis?.minValue : widthAxis?.defaultValue
    }

    /// Whether a line's width depends on its size other than linearly.
    var followsSize: Bool { opticalAxis != nil }

    /// The `opsz` a line at `size` is shaped at (the axis clamps silently: a story reaches
    /// 300 pt, Roboto Flex stops at 144).
    func opticalSize(for size: Double) -> Double? {
        opticalAxis?.clamped(size)
    }

    /// The settings a line at `size` (and, when filling by width, at `width`) is shaped at.
    func settings(size: Double, width: Double? = nil) -> VariationSettings {
        var settings = base
        if let opsz = opticalSize(for: size) { settings[Self.opticalSizeTag] = opsz }
        if let width, let widthAxis { settings[Self.widthTag] = widthAxis.clamped(width) }
        return settings
    }

    /// The values a line reports (and a renderer draws at): each set axis as the first font
    /// that has it applies it (clamped). Empty when no font is variable.
    func reported(_ settings: VariationSettings) -> [FontVariation] {
        guard !isInert else { return [] }
        return settings.values.compactMap { value in
            guard let axis = fonts.lazy.compactMap({ $0.axis(value.tag) }).first else { return nil }
            return FontVariation(value.tag, axis.clamped(value.value))
        }
    }

    /// `reported(settings(size: s, width: width))` from `reported(settings(size: s, width: w))`
    /// for any `w`: the two settings differ only in `wdth`'s value (same tags, same order). A
    /// width-axis fill reports one size at many widths, and each full report reads every
    /// font of the chain for every axis.
    func reported(_ atSize: [FontVariation], width: Double) -> [FontVariation] {
        guard let widthAxis, let first = fonts.lazy.compactMap({ $0.axis(Self.widthTag) }).first else {
            return atSize
        }
        return atSize.map { $0.tag == Self.widthTag ? FontVariation($0.tag, first.clamped(widthAxis.clamped(width))) : $0 }
    }
}
