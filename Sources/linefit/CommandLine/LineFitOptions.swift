import LineFit
import LineFitRender

/// Every option of `linefit`, in the order `--help` lists them. Layout options carry the
/// names of docs/OPTIONS.md (CLI = batch key = C setter); a batch job's key is the long name.
enum LineFitOptions {
    static let all: [CommandLineOption] = layout + pictures + highlights + animation + other

    static let layout: [CommandLineOption] = [
        .init("font", .value, value: "FONT", group: .layout,
              help: "Primary font: a path, FILE#N for face N of a collection, a bundled file name or a family (default: the style's; LeagueSpartan-Bold.otf for strong).") { $0.font = $1 },
        .init("fallback", .repeated, value: "FONT", group: .layout,
              help: "A fallback font, as --font takes it; repeat for more, in order (default: the bundled chain for Arabic, Hebrew, Devanagari, Thai, CJK, Korean and emoji, matched to the font's weight).") { $0.fallback.append($1) },
        .init("no-fallback", .flag, group: .layout, help: "Use only --font, no fallback fonts.") { command, _ in command.noFallback = true },
        .init("width", .value, value: "POINTS", dashValue: true, group: .layout,
              help: "Available width in points (default: the canvas width less the style's margins, 960).") { $0.width = try number($1, "width") },
        .init("min", .value, value: "POINTS", dashValue: true, group: .layout,
              help: "Minimum size in points: lines are broken at this size (default: the style's, 24 for strong).") { $0.min = try number($1, "min") },
        .init("max", .value, value: "POINTS", dashValue: true, group: .layout,
              help: "Maximum size in points (default: the style's, 300 for strong).") { $0.max = try number($1, "max") },
        .init("step", .value, value: "POINTS", dashValue: true, group: .layout,
              help: "Size grid step in points; 1 gives integer sizes (default: 0.01).") { $0.step = try number($1, "step") },
        .init("hinted", .flag, group: .layout,
              help: "Measure with FreeType hinting at each size instead of scaling design units.") { command, _ in command.hinted = true },
        .init("tracking", .value, value: "EM", dashValue: true, group: .layout,
              help: "Letter spacing in em (scales with the size; default: the style's).") { $0.tracking = try number($1, "tracking") },
        .init("line-spacing", .value, value: "FACTOR", dashValue: true, group: .layout,
              help: "Line spacing factor applied to each line's own height (default: the style's).") { $0.lineSpacing = try number($1, "line-spacing") },
        .init("align", .value, value: "left|center|right", group: .layout,
              help: "Alignment of lines held at --max (default: the style's).") { $0.align = try choice($1, "align") },
        .init("height", .value, value: "POINTS", dashValue: true, group: .layout,
              help: "Maximum block height in points: the whole block shrinks to fit.") { $0.height = try number($1, "height") },
        .init("breaks", .value, value: "greedy|balanced", group: .layout,
              help: "Line breaking: greedy (as much text per line as fits at --min, Type Mode) or balanced (the breaks whose sizes look best). Default: greedy; balanced for pictures of per-line-fill styles.") { $0.breaks = try choice($1, "breaks") },
        .init("fill-box", .flag, group: .layout,
              help: "Fill a box: the largest smallest-line size whose block fits --height, or, for pictures, the canvas' text area (the default for pictures of per-line-fill styles).") { command, _ in command.fillBox = true },
        .init("no-fill-box", .flag, group: .layout,
              help: "Do not fill the box: --height (or a picture's text area) only shrinks a block that is too tall.") { command, _ in command.noFillBox = true },
        .init("stable-breaks", .flag, group: .layout,
              help: "In animations and editor sessions: keep the breaks before the caret unless moving them is clearly better.") { command, _ in command.stableBreaks = true },
        .init("vertical-align", .value, value: "top|center|bottom", group: .layout,
              help: "Where the block sits in its box (default: center).") { $0.verticalAlign = try choice($1, "vertical-align") },
        .init("direction", .value, value: "auto|ltr|rtl", group: .layout,
              help: "Base direction (default: auto, from the text).") { $0.direction = try choice($1, "direction") },
        .init("floor", .value, value: "POINTS", dashValue: true, group: .layout,
              help: "The smallest minimum a height limit or a box may shrink to (default: 6).") { $0.floor = try number($1, "floor") },
        .init("feature", .repeated, value: "TAG[=VALUE]", group: .layout,
              help: "An OpenType feature, such as liga=0 (off), smcp (on) or salt=2 (repeatable; a tag given again replaces its value).") { $0.features.append(try feature($1)) },
        .init("axis", .repeated, value: "TAG=VALUE", group: .layout,
              help: "Variable-font axis value, such as wght=800 (repeatable; clamped to the font's range with a warning).") { $0.axes.append($1) },
        .init("instance", .value, value: "NAME", group: .layout,
              help: "A named instance of the primary variable font, such as Bold.") { $0.instance = $1 },
        .init("no-optical-sizing", .flag, group: .layout,
              help: "Keep opsz at the font's default instead of each line's size.") { command, _ in command.noOpticalSizing = true },
        .init("fit", .value, value: "size|width-axis|mixed", group: .layout,
              help: "How lines fill the width (default: size).") { $0.fit = try choice($1, "fit") },
        .init("language", .value, value: "TAG", group: .layout,
              help: "BCP 47 language for shaping and the CJK face, such as ko, ja, zh-Hans (default: from the text's scripts, never the locale).") { $0.language = $1 },
    ]

    static let pictures: [CommandLineOption] = [
        .init("style", .value, value: "NAME", group: .pictures,
              help: "Type Mode style: classic, modern, neon, typewriter, strong or poster (default: strong). It picks the fonts, sizes, spacing and look; --font, --min, --max and the like override it.") { $0.render.style = $1 },
        .init("svg", .value, value: "FILE", group: .pictures, help: "Write the picture as SVG to this file.") { $0.render.svg = $1 },
        .init("png", .value, value: "FILE", group: .pictures,
              help: "Write the picture as PNG to this file, or to standard output for - (then nothing else is printed).") { $0.render.png = $1 },
        .init("output", short: "o", .value, value: "FILE", group: .pictures,
              help: "Write the picture to this file, PNG, JPEG or WebP by its extension (.png, .jpg, .webp); - writes it to standard output (then no table is printed) in --format.") { $0.render.output = $1 },
        .init("format", .value, value: "png|jpeg|webp", group: .pictures,
              help: "Picture format for --output (default: by the file's extension; png for -).") { $0.render.format = $1 },
        .init("quality", .value, value: "0-100", dashValue: true, group: .pictures,
              help: "Lossy quality of every lossy output: JPEG and WebP pictures (default 90) and the --animate WebP (default 80).") { $0.render.quality = try integer($1, "quality") },
        .init("png-compression", .value, value: "0-9", dashValue: true, group: .pictures,
              help: "PNG zlib level: 1 is fast, 9 the smallest file (default: 1).") { $0.render.pngCompression = try integer($1, "png-compression") },
        .init("style-file", .value, value: "FILE", group: .pictures,
              help: "A style saved as JSON (see Style's Codable form); missing keys take the strong style's values.") { $0.render.styleFile = $1 },
        .init("canvas", .value, value: "WxH|none", group: .pictures,
              help: "Canvas size in pixels for pictures (default 1080x1920), or none for a picture just around the text. The style's sizes scale with the canvas width.") { $0.render.canvas = $1 },
        .init("color", .value, value: "COLOUR", group: .pictures,
              help: "Text colour: #RGB, #RGBA, #RRGGBB, #RRGGBBAA, a CSS name or rgb()/rgba() (Neon derives its glow from it).") { $0.render.color = $1 },
        .init("background", .value, value: "COLOUR|none", group: .pictures,
              help: "Colour behind the text, in any --color form, or none (a style without one gets rounded line backgrounds).") { $0.render.background = $1 },
    ]

    static let highlights: [CommandLineOption] = [
        .init("highlight", .repeated, value: "START..END", group: .highlights,
              help: "Highlight a half-open range of UTF-16 offsets of the text as given (repeatable).") { $0.highlights.highlight.append($1) },
        .init("highlight-text", .repeated, value: "WORD", group: .highlights,
              help: "Highlight every occurrence of WORD in the text (repeatable).") { $0.highlights.highlightText.append($1) },
        .init("highlight-color", .value, value: "COLOUR", group: .highlights,
              help: "Highlight fill colour #RRGGBB or #RRGGBBAA (default: #FFD60A).") { $0.highlights.highlightColor = $1 },
        .init("highlight-padding", .value, value: "PIXELS", dashValue: true, group: .highlights,
              help: "How far the highlight reaches past the words (default: 14 on a 1080-wide canvas, scaled).") { $0.highlights.highlightPadding = try number($1, "highlight-padding") },
        .init("highlight-radius", .value, value: "PIXELS", dashValue: true, group: .highlights,
              help: "Corner radius of the highlight (default: 22 on a 1080-wide canvas, scaled).") { $0.highlights.highlightRadius = try number($1, "highlight-radius") },
        .init("spotlight", .flag, group: .highlights,
              help: "Dim everything except the highlighted ranges instead of filling them (drawn over everything).") { command, _ in command.highlights.spotlight = true },
        .init("spotlight-dim", .value, value: "0-1", dashValue: true, group: .highlights,
              help: "Opacity of the spotlight's black veil: a dimmed pixel keeps 1 − DIM of its colour (default: 0.6).") { $0.highlights.spotlightDim = try number($1, "spotlight-dim") },
    ]

    static let animation: [CommandLineOption] = [
        .init("animate", .value, value: "FILE", group: .animation,
              help: "Write a typing animation to this file: .webp (animated WebP) or .gif. Frames = ceil(fps × (graphemes × keystroke + hold)).") { $0.animation.animate = $1 },
        .init("frames-dir", .value, value: "FOLDER", group: .animation,
              help: "Write the animation's frames as PNG files (frame-0000.png, ...) into this folder.") { $0.animation.framesDir = $1 },
        .init("fps", .value, value: "N", dashValue: true, group: .animation,
              help: "Animation frames per second (default: 30).") { $0.animation.fps = try integer($1, "fps") },
        .init("keystroke-ms", .value, value: "MS", dashValue: true, group: .animation,
              help: "Milliseconds between keystrokes (default: 120).") { $0.animation.keystrokeMs = try integer($1, "keystroke-ms") },
        .init("transition-ms", .value, value: "MS", dashValue: true, group: .animation,
              help: "Milliseconds a transition between two layouts takes, eased out (default: 200).") { $0.animation.transitionMs = try integer($1, "transition-ms") },
        .init("hold-ms", .value, value: "MS", dashValue: true, group: .animation,
              help: "Milliseconds the finished text is held at the end (default: 1500).") { $0.animation.holdMs = try integer($1, "hold-ms") },
    ]

    static let other: [CommandLineOption] = [
        .init("list-fonts", .flag, group: .other,
              help: "List the bundled fonts (file, family, style, weight) and exit.") { command, _ in command.listFonts = true },
        .init("list-styles", .flag, group: .other, help: "List the styles and exit.") { command, _ in command.listStyles = true },
        .init("json", .flag, group: .other, help: "Print the layout as JSON.") { command, _ in command.json = true },
    ]

    /// `--help` and `--version`: answered before any other option is read, so they are not
    /// in the table the parser applies; listed here for the help text only.
    static let informational: [(synopsis: String, help: String)] = [
        ("--version", "Print the version and exit."),
        ("-h, --help", "Print this help and exit."),
    ]

    // MARK: - Values

    /// A number as Swift reads one ("nan" and "inf" too: the layout's own check reports
    /// them with the option's name).
    static func number(_ text: String, _ option: String) throws -> Double {
        guard let value = Double(text) else { throw ArgumentError.badValue(option: option, value: text, expected: "a number") }
        return value
    }

    static func integer(_ text: String, _ option: String) throws -> Int {
        guard let value = Int(text) else { throw ArgumentError.badValue(option: option, value: text, expected: "a whole number") }
        return value
    }

    /// `TAG` (on) or `TAG=VALUE`; the tag itself is checked by `LayoutOptions.validate`.
    static func feature(_ text: String) throws -> FontFeature {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard let tag = parts.first, !tag.isEmpty else {
            throw ArgumentError.badValue(option: "feature", value: text, expected: "TAG or TAG=VALUE, such as liga=0")
        }
        guard parts.count == 2 else { return FontFeature(String(tag)) }
        guard let value = UInt32(parts[1]) else {
            throw ArgumentError.badValue(option: "feature", value: text, expected: "TAG or TAG=VALUE with a whole VALUE from 0, such as liga=0")
        }
        return FontFeature(String(tag), value)
    }

    /// One of an enumeration's raw names.
    static func choice<Value: RawRepresentable & CaseIterable>(_ text: String, _ option: String) throws -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else {
            let names = Value.allCases.map(\.rawValue).joined(separator: ", ")
            throw ArgumentError.badValue(option: option, value: text, expected: "one of \(names)")
        }
        return value
    }
}
