/// The last `VariationPlan` an engine made, with what it was made from: the chain's fonts
/// and the four variable-font options. Sizes, width and width mode are not among them, so
/// the layouts of one box search (which scale the sizes) all share one plan. A class: the
/// engine reads it once per fit, and copying a struct of a dozen references out of an
/// optional cost more than making the plan saved.
final class VariationPlanMemo {
    let fonts: [Font]
    let namedInstance: String?
    let variations: [FontVariation]
    let opticalSizing: Bool
    let lineFill: LayoutOptions.LineFill
    let plan: VariationPlan
    /// The fonts' names, which every layout reports (18 strings with the CJK fallbacks).
    let fontNames: [String]

    init(options: LayoutOptions, fonts chain: FontChain, plan: VariationPlan) {
        fonts = chain.fonts
        namedInstance = options.namedInstance
        variations = options.variations
        opticalSizing = options.opticalSizing
        lineFill = options.lineFill
        self.plan = plan
        fontNames = chain.fonts.map(\.name)
    }

    /// Whether `plan` is the one for `options` and `chain`. Equal arrays usually share their
    /// storage, which makes the comparisons cheap.
    func matches(options: LayoutOptions, fonts chain: FontChain) -> Bool {
        chain.fonts == fonts && options.namedInstance == namedInstance && options.variations == variations
            && options.opticalSizing == opticalSizing && options.lineFill == lineFill
    }
}

extension LayoutEngine {
    /// The plan for `options` and `fonts`, made again only when its inputs changed: a plan
    /// scans every font of the chain (18 with the CJK fallbacks), and a layout needs it once
    /// to check the options and again in each of its box search's fits (callgrind, `bench-
    /// driver loop fresh samples/cjk`: 1.9 K instructions a plan, 3.6% of that layout).
    func variationPlan(options: LayoutOptions, fonts: FontChain) throws -> VariationPlan {
        if let memo = lastVariationPlan, memo.matches(options: options, fonts: fonts) { return memo.plan }
        let plan = try VariationPlan(options: options, fonts: fonts)
        lastVariationPlan = VariationPlanMemo(options: options, fonts: fonts, plan: plan)
        return plan
    }

    /// The names of `chain`'s fonts, from the plan's memo when it is of these fonts.
    func fontNames(of chain: FontChain) -> [String] {
        if let memo = lastVariationPlan, memo.fonts == chain.fonts { return memo.fontNames }
        return chain.fonts.map(\.name)
    }

    /// `variationPlan`, or for options that fail it `VariationPlan.unchecked`'s fallback.
    func uncheckedVariationPlan(options: LayoutOptions, fonts: FontChain) -> VariationPlan {
        (try? variationPlan(options: options, fonts: fonts)) ?? VariationPlan.unchecked(options: options, fonts: fonts)
    }
}
