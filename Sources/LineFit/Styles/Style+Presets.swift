/// The six Type Mode looks. Sizes are points on the 1080-point-wide reference canvas.
extension Style {
    /// The preset names, as the CLI's `--style` takes them.
    public enum Preset: String, CaseIterable, Hashable, Sendable {
        /// `Style.classic`.
        case classic
        /// `Style.modern`.
        case modern
        /// `Style.neon`.
        case neon
        /// `Style.typewriter`.
        case typewriter
        /// `Style.strong`, the default.
        case strong
        /// `Style.poster`: Roboto Flex filled by its width axis.
        case poster

        /// The preset's style.
        public var style: Style {
            switch self {
            case .classic: .classic
            case .modern: .modern
            case .neon: .neon
            case .typewriter: .typewriter
            case .strong: .strong
            case .poster: .poster
            }
        }
    }

    /// The style of a preset name, or nil for an unknown name.
    public static func named(_ name: String) -> Style? {
        Preset(rawValue: name.lowercased())?.style
    }

    /// Sans at one size, lines centred, each in its own rounded bubble. 80 pt keeps four or
    /// five words on a 960-point line, the density of a chat bubble, and reads from arm's
    /// length; a radius of about half the bubble's height makes its ends nearly round.
    public static let classic = Style(
        name: "classic", font: "NotoSans-Regular.ttf", fit: .fixed(80), alignment: .center,
        lineSpacing: 1.08, background: .perLine(padding: 14, cornerRadius: 48), textColor: .black,
        backgroundColor: .white,
        backdrop: Backdrop(top: color(0x4F5BD5), bottom: color(0xD62976)))

    /// A condensed display face filling every line, all capitals (Bebas Neue is a capitals
    /// face: uppercasing first keeps lower-case input from falling back to other fonts).
    public static let modern = Style(
        name: "modern", font: "BebasNeue-Regular.otf", fit: .fill(min: 36, max: 320),
        tracking: 0.02, lineSpacing: 0.92, transform: .uppercase, textColor: .white,
        backdrop: Backdrop(top: color(0x0F2027), bottom: color(0x2C5364)))

    /// A script face filling every line, lit like a neon tube from one palette colour.
    /// The glow radius is about a fifth of a mid-sized line, wide enough to read as light.
    public static let neon: Style = {
        let palette = color(0xFF2E97)
        let colors = Style.neonColors(palette: palette)
        return Style(
            name: "neon", font: "KaushanScript-Regular.otf", fit: .fill(min: 40, max: 260),
            lineSpacing: 1.0, textColor: colors.interior,
            glow: Glow(color: colors.glow, radius: 18, strength: 2.4),
            backdrop: Backdrop(top: color(0x0B0B1A), bottom: color(0x1B1035)))
    }()

    /// Monospace at one size, each line on a strip of label tape with barely rounded corners.
    /// Lines are centred: a left-aligned block of short lines would sit off-centre on the
    /// story, since the block is as wide as the canvas less its margins.
    public static let typewriter = Style(
        name: "typewriter", font: "CourierPrime-Regular.otf", fit: .fixed(64), alignment: .center,
        lineSpacing: 1.12, background: .perLine(padding: 8, cornerRadius: 4), textColor: .black,
        backgroundColor: color(0xF4EBD0),
        backdrop: Backdrop(top: color(0x3E2F23), bottom: color(0x7A5C43)))

    /// A heavy sans filling every line on one merged background: the bold highlighter look.
    /// It is also the CLI's default (its font and sizes are `linefit`'s defaults).
    public static let strong = Style(
        name: "strong", font: "LeagueSpartan-Bold.otf", fit: .fill(min: 24, max: 300),
        background: .merged(padding: 18, cornerRadius: 22), textColor: .white,
        backgroundColor: color(0xE63946),
        backdrop: Backdrop(top: color(0xF1FAEE), bottom: color(0xA8DADC)))

    /// Roboto Flex at its heaviest, every line of the block at one size and filled by the
    /// width axis: long lines condensed, short lines stretched wide, the letterpress poster
    /// look that size filling cannot give (it would make a short line shout instead).
    /// Capitals, tight lines (0.86: capitals have no descenders to clear), a little tracking
    /// (at opsz 144 and wght 900 the narrowest letters touch), yellow on ink.
    public static let poster: Style = {
        var style = Style(
            name: "poster", font: "RobotoFlex-VF.ttf", fit: .fill(min: 48, max: 300), tracking: 0.015,
            lineSpacing: 0.86, transform: .uppercase, textColor: color(0xFFD60A),
            backdrop: Backdrop(top: color(0x14213D), bottom: color(0x000814)))
        style.variations = [FontVariation("wght", 900)]
        style.lineFill = .widthAxis
        return style
    }()

    /// The CLI's default style.
    public static let `default` = strong

    private static func color(_ rgb: UInt32) -> StyleColor {
        StyleColor(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255)
    }
}
