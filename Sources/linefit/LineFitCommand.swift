import Foundation
import LineFit
import LineFitRender

/// A `linefit` run: the options of the command line (`LineFitOptions.all` fills them in) and
/// what they lay out, print and write.
@main
struct LineFitCommand {
    var text: String?
    var font: String?
    var fallback: [String] = []
    var noFallback = false
    var width: Double?
    var min: Double?
    var max: Double?
    var step: Double = 0.01
    var hinted = false
    var tracking: Double?
    var lineSpacing: Double?
    var align: LayoutOptions.Alignment?
    var height: Double?
    var breaks: LayoutOptions.BreakStrategy?
    var fillBox = false
    var noFillBox = false
    var stableBreaks = false
    var verticalAlign: LayoutOptions.VerticalAlignment = .center
    var direction: DirectionOption = .auto
    var axes: [String] = []
    var floor: Double?
    var features: [FontFeature] = []
    var instance: String?
    var noOpticalSizing = false
    var fit: LayoutOptions.LineFill?
    var language: String?
    var listFonts = false
    var listStyles = false
    var json = false
    var render = RenderOptions()
    var highlights = HighlightOptions()
    var animation = AnimationOptions()

    /// Errors are one line on stderr ("linefit: ...") and a non-zero exit: 64 for a command
    /// line that cannot be read, 1 for input that cannot be laid out, drawn or written. Help
    /// and version go to stdout.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // `linefit batch ...` runs jobs; `linefit -- batch` lays out the word "batch".
        if arguments.first == "batch" {
            BatchCommand.main(arguments: Array(arguments.dropFirst()))
        }
        do {
            switch try CommandLineParser.parse(arguments) {
            case .help: print(HelpText.render())
            case .version: print(LineFit.version)
            case .run(var command): try command.run()
            }
        } catch let error as ArgumentError {
            fail(error.description, status: ArgumentError.exitStatus)
        } catch let error as CLIError {
            fail(error.message, status: 1)
        } catch {
            fail("\(error)", status: 1)
        }
    }

    /// The first line of `message` on standard error, then exit.
    static func fail(_ message: String, status: Int32) -> Never {
        let line = message.split(separator: "\n").first.map(String.init) ?? "failed"
        FileHandle.standardError.write(Data("linefit: \(line)\n".utf8))
        Foundation.exit(status)
    }

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
        if let floor { options.minimumFloor = floor }
        for feature in features {
            // As the C setter does: a tag given again replaces its earlier value.
            options.features.removeAll { $0.tag == feature.tag }
            options.features.append(feature)
        }
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

/// `--direction`: the CLI's names for `LayoutOptions.BaseDirection`.
enum DirectionOption: String, CaseIterable {
    case auto, ltr, rtl
    var value: LayoutOptions.BaseDirection {
        switch self {
        case .auto: .auto
        case .ltr: .leftToRight
        case .rtl: .rightToLeft
        }
    }
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

/// Input the command line could name but not use: a one-line message on stderr and exit
/// status 1.
struct CLIError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
