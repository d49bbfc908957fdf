import CHarfBuzz

extension LayoutEngine {
    /// A chain `FontChain.prioritized(forLanguage:)` ordered, kept for the next layout with
    /// the same fonts and language (a caller lays out many texts with one chain).
    struct OrderedChain {
        let chain: FontChain
        let language: String
        let ordered: FontChain
    }

    /// The chain and options a layout of `units` is made with: the caller's language, or
    /// the one the text's scripts give (`ScriptLanguage`), and the chain ordered for it.
    ///
    /// The ordered chain is remembered: ordering reads every
    /// fallback's cmap several times and the family names (about 12 K instructions on the
    /// CLI's chain), as much as laying out a short CJK caption. `FontChain` compares its
    /// fonts by identity, and the remembered chain keeps them alive, so a hit is exact.
    func forLayout(_ units: [UInt16], fonts: FontChain, options: LayoutOptions) -> (FontChain, LayoutOptions) {
        var options = options
        if options.language == nil || options.language?.isEmpty == true {
            options.language = ScriptLanguage.language(of: units)
        }
        guard let language = options.language, FontChain.mayReorder(forLanguage: language) else {
            return (fonts, options)
        }
        if let remembered = orderedChain, remembered.language == language, remembered.chain == fonts {
            return (remembered.ordered, options)
        }
        let ordered = fonts.prioritized(forLanguage: language)
        orderedChain = OrderedChain(chain: fonts, language: language, ordered: ordered)
        return (ordered, options)
    }

    /// HarfBuzz's language for a BCP 47 tag, remembered for the last tag: HarfBuzz interns
    /// languages for the life of the process, and converting the tag cost ~300 instructions
    /// at each of a layout's fits.
    func hbLanguage(_ tag: String?) -> hb_language_t? {
        guard let tag, !tag.isEmpty else { return nil }
        if let last = lastLanguage, last.tag == tag { return last.language }
        let language = HarfBuzzShaper.language(tag)
        lastLanguage = (tag, language)
        return language
    }
}
