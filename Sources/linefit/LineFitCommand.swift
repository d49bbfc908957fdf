import ArgumentParser
import Foundation
import LineFit
import LineFitRender

@main
struct LineFitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "linefit",
        abstract: "Fit every line of a text to the width: each line gets the largest size that fills it.",
        discussion: """
            The text comes from the argument, or from standard input when there is none (a \
            terminal with no input gets a sample story). Lines break where the text fits at \
            --min; each line then grows up to --max while it still fits --width.
            """,
        version: LineFit.version)

    @Argument(help: "The text to lay out (default: standard input).")
    var text: String?

    @Option(help: "Primary font: a path, FILE#N for face N of a collection, a bundled file name or a family (default: the style's; LeagueSpartan-Bold.otf for strong).")
    var font: String?

    @Option(help: "A fallback font, as --font takes it; repeat for more, in order (default: the bundled chain for Arabic, Hebrew, Devanagari, Thai, CJK, Korean and emoji, matched to the font's weight).")
    var fallback: [String] = []

    @Flag(help: "Use only --font, no fallback fonts.")
    var noFallback = false

    @Option(parsing: .unconditional, help: "Available width in points (default: the canvas width less the style's margins, 960).")
    var width: Double?

    @Option(parsing: .unconditional, help: "Minimum size in points: lines are broken at this size (default: the style's, 24 for strong).")
    var min: Double?

    @Option(parsing: .unconditional, help: "Maximum size in points (default: the style's, 300 for strong).")
    var max: Double?

    @Option(parsing: .unconditional, help: "Size grid step in points (1 gives integer sizes).")
    var step: Double = 0.01

    @Flag(help: "Measure with FreeType hinting at each size instead of scaling design units.")
    var hinted = false

    @Option(parsing: .unconditional, help: "Letter spacing in em (scales with the size; default: the style's).")
    var tracking: Double?

    @Option(parsing: .unconditional, help: "Line spacing factor applied to each line's own height (default: the style's).")
    var lineSpacing: Double?

    @Option(help: "Alignment of lines held at --max: left, center or right (default: the style's).")
    var align: LayoutOptions.Alignment?

    @Option(parsing: .unconditional, help: "Maximum block height in points: the whole block shrinks to fit.")
    var height: Double?

    @Option(help: "Line breaking: greedy (as much text per line as fits at --min, Type Mode) or balanced (the breaks whose sizes look best). Default: greedy; balanced for pictures of per-line-fill styles.")
    var breaks: LayoutOptions.BreakStrategy?

    @Flag(help: "Fill a box: the largest smallest-line size whose block fits --height, or, for pictures, the canvas' text area (the default for pictures of per-line-fill styles).")
    var fillBox = false

    @Flag(help: "Do not fill the box: --height (or a picture's text area) only shrinks a block that is too tall.")
    var noFillBox = false

    @Flag(help: "In animations and editor sessions: keep the breaks before the caret unless moving them is clearly better.")
    var stableBreaks = false

    @Option(help: "Where the block sits in its box: top, center or bottom.")
    var verticalAlign: LayoutOptions.VerticalAlignment = .center

    @Option(help: "Base direction: auto, ltr or rtl.")
    var direction: DirectionOption = .auto

    @Option(name: .customLong("axis"), parsing: .singleValue, help: "Variable-font axis value TAG=VALUE, such as wght=800 (repeatable; clamped to the font's range with a warning).")
    var axes: [String] = []

    @Option(help: "A named instance of the primary variable font, such as Bold.")
    var instance: String?

    @Flag(help: "Keep opsz at the font's default instead of each line's size.")
    var noOpticalSizing = false

    @Option(help: "How lines fill the width: size (default), width-axis or mixed.")
    var fit: LayoutOptions.LineFill?

    @Option(help: "BCP 47 language for shaping and the CJK face, such as ko, ja, zh-Hans (default: from the text's scripts, never the locale).")
    var language: String?

    @Flag(help: "List the bundled fonts (file, family, style, weight) and exit.")
    var listFonts = false

    @Flag(help: "List the styles and exit.")
    var listStyles = false

    @Flag(help: "Print the layout as JSON.")
    var json = false

    /// Errors are one line on stderr ("linefit: ...") and a non-zero exit; help and version
    /// go to stdout as usual.
    static func main() {
        // `linefit batch ...` runs jobs; `linefit -- batch` lays out the word "batch".
        if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "batch" {
            BatchCommand.main(arguments: Array(CommandLine.arguments.dropFirst(2)))
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            let message = self.message(for: error).split(separator: "\n").first.map(String.init) ?? "failed"
            FileHandle.standardError.write(Data("linefit: \(message)\n".utf8))
            Foundation.exit(code.rawValue)
        }
    }

    @OptionGroup(title: "Pictures")
    var render: RenderOptions

    @OptionGroup(title: "Highlights")
    var highlights: HighlightOptions

    @OptionGroup(title: "Animation")
    var animation: AnimationOptions

    mutating func run() throws {
        do {
            if listFonts || listStyles {
                print(listFonts ? try FontListing.fonts() : FontListing.styles())
                return
            }
            let input = try InputText.read(argument: text)
            let story = try layOut(input)
            let styled = story.styled
            let layout = styled.layout
            if render.writesPictureToStandardOutput, json {
                throw CLIError(message: "--json and -o - would both write to standard output")
            }
            // Pictures first: when one cannot be written, the command fails with nothing on
            // standard output.
            try render.write(styled, canvas: story.canvas, highlights: story.highlights)
            if animation.isAnimating {
                try animation.write(
                    text: input, style: story.style, options: story.options, fonts: story.fonts, canvas: story.canvas,
                    quality: render.quality)
            }
            if render.writesPictureToStandardOutput || render.writesPNGToStandardOutput {
                // Standard output carries the picture; the table would corrupt it.
            } else if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(layout), as: UTF8.self))
            } else {
                print(LayoutTable(layout: layout).render())
            }
        } catch let error as LineFitError {
            throw CLIError(message: error.description)
        }
    }

    /// The story these options describe, laid out: everything `run` does before printing and
    /// writing. `linefit batch` parses each job with these same options and calls this, so an
    /// option added here is a batch key at once. `engine` is the caller's (one per batch worker).
    func layOut(_ input: String, engine: LayoutEngine? = nil) throws -> LaidOutStory {
        let canvas = try render.resolveCanvas(always: animation.isAnimating)
        // Bad ranges and animation files fail before any work and before anything is printed.
        let decorations = try highlights.resolve(text: input, canvas: canvas)
        try animation.check(canvas: canvas, quality: render.quality)
        let overrides = StyleOverrides(
            width: width, min: min, max: max, tracking: tracking, lineSpacing: lineSpacing, align: align, height: height)
        var (style, options) = overrides.apply(to: try render.resolveStyle(canvas: canvas), canvas: canvas)
        options.step = step
        options.widthMode = hinted ? .hinted : .linear
        options.baseDirection = direction.value
        if let language {
            guard Self.isLanguageTag(language) else {
                throw CLIError(message: "bad --language '\(language)': use a BCP 47 tag such as ko, ja or zh-Hans")
            }
            options.language = language
        }
        try BoxChoice(
            breaks: breaks, fillBox: fillBox, noFillBox: noFillBox, height: height,
            textArea: canvas.map { StyleOverrides.textAreaHeight(style: style, canvas: $0) },
            isPicture: render.isRendering || animation.isAnimating, style: style
        ).apply(to: &options)
        // Animations type through an editor session: keep the breaks before the caret.
        options.stableBreaks = stableBreaks || animation.isAnimating
        options.verticalAlignment = verticalAlign
        try VariationArguments(axes: axes, instance: instance, noOpticalSizing: noOpticalSizing, fit: fit)
            .apply(to: &options, breaksGiven: breaks != nil, fillBoxGiven: fillBox)
        let chain = try render.fontChain(style: style, font: font, fallback: fallback, noFallback: noFallback)
        let styled = try style.layout(input, options: options, fonts: chain, engine: engine)
        return LaidOutStory(
            styled: styled, canvas: canvas, highlights: decorations, style: style, options: options, fonts: chain)
    }
}

/// What `LineFitCommand.layOut` made: the layout and everything writing its pictures and its
/// animation needs.
struct LaidOutStory {
    var styled: StyledLayout
    /// The picture's canvas; nil for `--canvas none` or when nothing is drawn.
    var canvas: RenderCanvas?
    var highlights: [RangeHighlight]
    /// The style after the flags, scaled to the canvas.
    var style: Style
    var options: LayoutOptions
    var fonts: FontChain
}

extension LineFitCommand {
    /// The shape of a BCP 47 tag: subtags of 1–8 letters or digits joined by hyphens, the
    /// first one letters.
    static func isLanguageTag(_ tag: String) -> Bool {
        tag.range(of: "^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$", options: .regularExpression) != nil
    }
}

/// What `linefit` fits when it is given no text at all. The sizes, width and fonts of a
/// story come from the style (`Style.default`, Strong: 960 of a 1080-point canvas, 24–300 pt).
enum StoryDefaults {
    static let sampleText = "Type Mode\nevery line fills the width\nBIG\nand small words too"
}

enum DirectionOption: String, ExpressibleByArgument, CaseIterable {
    case auto, ltr, rtl
    var value: LayoutOptions.BaseDirection {
        switch self {
        case .auto: .auto
        case .ltr: .leftToRight
        case .rtl: .rightToLeft
        }
    }
}

extension LayoutOptions.Alignment: ExpressibleByArgument, RawNamedArgument {}
extension LayoutOptions.LineFill: ExpressibleByArgument, RawNamedArgument {}
extension LayoutOptions.BreakStrategy: ExpressibleByArgument, RawNamedArgument {}
extension LayoutOptions.VerticalAlignment: ExpressibleByArgument, RawNamedArgument {}
extension DirectionOption: RawNamedArgument {}

/// Option values named by their raw strings. ArgumentParser's defaults describe every value
/// with string interpolation on each parse (it rebuilds its option table every time), whose
/// dynamic casts were ~3 M instructions of a 50 M `linefit hello`; the raw value is the
/// same text without them.
protocol RawNamedArgument: ExpressibleByArgument, CaseIterable, RawRepresentable where RawValue == String {}

extension RawNamedArgument {
    /// The values' raw strings, in case order.
    public static var allValueStrings: [String] { allCases.map(\.rawValue) }
    /// None: the help text lists the raw strings.
    public static var allValueDescriptions: [String: String] { [:] }
    /// The raw string.
    public var defaultValueDescription: String { rawValue }
}

/// The strategy and the box from the flags. Without a picture the CLI stays Type Mode
/// (greedy, no box; `--height` alone shrinks only), the contract check-fit and the sample
/// jobs check; pictures of per-line-fill styles default to balanced breaks filling the
/// canvas' text area.
struct BoxChoice {
    var breaks: LayoutOptions.BreakStrategy?
    var fillBox: Bool
    var noFillBox: Bool
    var height: Double?
    var textArea: Double?
    var isPicture: Bool
    var style: Style

    func apply(to options: inout LayoutOptions) throws {
        if fillBox && noFillBox { throw CLIError(message: "--fill-box and --no-fill-box contradict each other") }
        let storyPicture: Bool
        if case .fill = style.fit { storyPicture = isPicture } else { storyPicture = false }
        options.breakStrategy = breaks ?? (storyPicture ? .balanced : .greedy)
        let fills = fillBox || (storyPicture && !noFillBox && height == nil)
        guard fills else { return }
        guard let boxHeight = height ?? textArea else {
            throw CLIError(message: "--fill-box needs --height H, or a picture (--png/--svg) on a canvas")
        }
        options.box = .fill(height: boxHeight)
    }
}

/// A one-line message on stderr and exit status 1, without ArgumentParser's usage text.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
