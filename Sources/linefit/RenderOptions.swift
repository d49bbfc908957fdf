import Foundation
import LineFit
import LineFitRender

/// The picture options: a style, and SVG/PNG outputs on a story canvas.
///
/// Values are taken as strings and checked when they are used (`resolveStyle`,
/// `resolveCanvas`), where the message can say what the value should look like.
struct RenderOptions {
    var style: String?
    var svg: String?
    var png: String?
    var output: String?
    var format: String?
    var quality: Int?
    var pngCompression: Int = PNGEncoder.defaultLevel
    var styleFile: String?
    var canvas: String?
    var color: String?
    var background: String?

    var isRendering: Bool { svg != nil || png != nil || output != nil }

    /// Whether the picture goes to standard output (`-o -`), which then carries nothing else.
    var writesPictureToStandardOutput: Bool { output == "-" }

    /// `--png -`: the PNG goes to standard output.
    var writesPNGToStandardOutput: Bool { png == "-" }

    static let colorForms = "use #RGB, #RGBA, #RRGGBB, #RRGGBBAA, a CSS colour name or rgb()/rgba()"

    /// The style after --style, --color and --background, scaled to the canvas.
    func resolveStyle(canvas: RenderCanvas?) throws -> Style {
        var resolved: Style
        if let styleFile {
            guard style == nil else { throw CLIError(message: "give --style or --style-file, not both") }
            resolved = try Style.load(contentsOf: URL(fileURLWithPath: styleFile))
        } else {
            let name = style ?? Style.Preset.strong.rawValue
            guard let preset = Style.named(name) else {
                let names = Style.Preset.allCases.map(\.rawValue).joined(separator: ", ")
                throw CLIError(message: "unknown style '\(name)': use one of \(names)")
            }
            resolved = preset
        }
        if let color {
            guard let parsed = StyleColor(css: color) else { throw CLIError(message: "bad --color '\(color)': \(Self.colorForms)") }
            resolved = resolved.recolored(parsed)
        }
        if let background {
            if background.lowercased() == "none" {
                resolved.background = .none
            } else {
                guard let parsed = StyleColor(css: background) else {
                    throw CLIError(message: "bad --background '\(background)': \(Self.colorForms), or none")
                }
                resolved.backgroundColor = parsed
                if resolved.background == .none { resolved.background = RenderOptions.addedBackground }
            }
        }
        if let canvas { resolved = resolved.scaled(by: Double(canvas.width) / Style.referenceCanvasWidth) }
        return resolved
    }

    /// Line backgrounds for a style that has none, as Classic's bubbles but tighter.
    static let addedBackground = Style.Background.perLine(padding: 12, cornerRadius: 18)

    /// The canvas when rendering: --canvas, or the story canvas; nil for `none` or when no
    /// picture is asked for. Checks the output folders first, so a typo in a path fails
    /// before any work and before anything is printed.
    func resolveCanvas(always: Bool = false) throws -> RenderCanvas? {
        guard isRendering || always else { return nil }
        _ = try encoding()
        _ = try outputFormat()
        for path in [svg, png, output].compactMap({ $0 }) where path != "-" { try RenderOptions.checkFolder(of: path) }
        guard let canvas else { return .story }
        if canvas.lowercased() == "none" { return nil }
        let parts = canvas.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...RenderCanvas.largestSide).contains(width), (1...RenderCanvas.largestSide).contains(height) else {
            throw CLIError(message: "bad --canvas '\(canvas)': use WxH with whole pixels from 1 to \(RenderCanvas.largestSide), such as 1080x1920, or none")
        }
        guard width * height <= RenderCanvas.largestPixelCount else {
            throw CLIError(message: "bad --canvas '\(canvas)': \(width * height) pixels is over the limit of 40 megapixels (\(RenderCanvas.largestPixelCount))")
        }
        return RenderCanvas(width: width, height: height)
    }

    /// Fails early, with one line, when `path` is a folder or its folder is missing or not
    /// writable.
    static func checkFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CLIError(message: "cannot write \(path): it is a folder")
        }
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CLIError(message: "cannot write \(path): no folder \(folder)")
        }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw CLIError(message: "cannot write \(path): the folder \(folder) is not writable")
        }
    }

    /// The font chain: the style's fonts unless --font, --fallback or --no-fallback say
    /// otherwise.
    func fontChain(style: Style, font: String?, fallback: [String], noFallback: Bool) throws -> FontChain {
        let cache = FontCache.shared
        let primary = try cache.font(font ?? style.font)
        var fonts = [primary]
        if !noFallback {
            let paths = fallback.isEmpty
                ? BundledFonts.fallbackNames(style.fallbacks, matchingWeight: primary.weightClass) : fallback
            for path in paths {
                let loaded = try cache.font(path, deferred: true)
                if !fonts.contains(loaded) { fonts.append(loaded) }
            }
        }
        return try FontChain(fonts: fonts)
    }

    /// --quality and --png-compression, checked.
    func encoding() throws -> ImageEncoding {
        try RenderOptions.checkQuality(quality)
        guard (0...9).contains(pngCompression) else {
            throw CLIError(message: "bad --png-compression \(pngCompression): use 0 (none) to 9 (smallest)")
        }
        return ImageEncoding(pngCompression: pngCompression, quality: quality ?? ImageEncoding.defaultQuality)
    }

    /// `--quality` is one option for pictures and animations alike (batch jobs have one
    /// `quality` key), so it is checked in one place.
    static func checkQuality(_ quality: Int?) throws {
        guard let quality else { return }
        guard (0...100).contains(quality) else { throw CLIError(message: "bad --quality \(quality): use 0 to 100") }
    }

    /// The format of --output: --format, else the file's extension; nil without --output.
    func outputFormat() throws -> ImageFormat? {
        guard let output else {
            if let format { throw CLIError(message: "--format \(format) needs --output FILE or -o -") }
            return nil
        }
        if let format {
            guard let parsed = ImageFormat(name: format) else {
                throw CLIError(message: "bad --format '\(format)': use png, jpeg or webp")
            }
            return parsed
        }
        if output == "-" { return .png }
        guard let byExtension = ImageFormat(path: output) else {
            throw CLIError(message: "cannot tell the picture format of \(output): end it in .png, .jpg or .webp, or give --format")
        }
        return byExtension
    }

    /// Writes the requested pictures.
    func write(_ styled: StyledLayout, canvas: RenderCanvas?, highlights: [RangeHighlight] = []) throws {
        if let svg {
            try save(Data(SVGRenderer(canvas: canvas, highlights: highlights).render(styled).utf8), to: svg)
        }
        let pictures = [(png, ImageFormat.png), (output, try outputFormat())].compactMap { path, format in
            path.flatMap { path in format.map { (path, $0) } }
        }
        guard let firstPicture = pictures.first?.0 else { return }
        // Without a canvas the picture is as large as the text; check it before painting.
        let picture = RenderCanvas.picture(of: styled, canvas: canvas)
        do {
            try picture.validate()
        } catch {
            throw CLIError(message: "cannot draw \(firstPicture): the picture would be \(picture.width)x\(picture.height) pixels, over the limit of \(RenderCanvas.largestSide) a side and 40 megapixels; give a --canvas")
        }
        // Throws `fontInvalid` for a glyph a damaged font cannot load (the SVG too, above).
        let image = try PNGRenderer(canvas: canvas, highlights: highlights).render(styled)
        let encoding = try encoding()
        for (path, format) in pictures {
            let data: Data
            do {
                data = try image.encoded(as: format, encoding)
            } catch {
                throw CLIError(message: "cannot encode \(path): \(error)")
            }
            if path == "-" {
                FileHandle.standardOutput.write(data)
            } else {
                try save(data, to: path)
            }
        }
    }

    private func save(_ data: Data, to path: String) throws {
        if path == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let reason = (error as NSError).localizedFailureReason ?? (error as NSError).localizedDescription
            throw CLIError(message: "cannot write \(path): \(reason)")
        }
    }
}

/// The layout flags a style fills in when they are not given.
struct StyleOverrides {
    var width: Double?
    var min: Double?
    var max: Double?
    var tracking: Double?
    var lineSpacing: Double?
    var align: LayoutOptions.Alignment?
    var height: Double?

    /// The canvas' text area height: the canvas height less twice the style's margin at the
    /// top and at the bottom (stories keep clear of the top and bottom bars). The one
    /// definition the height limit, the fill box and the picture's placement use.
    static func textAreaHeight(style: Style, canvas: RenderCanvas) -> Double {
        Swift.max(1, Double(canvas.height) - 4 * style.margin)
    }

    /// The style with the given flags applied, and its layout options for the canvas: the
    /// width is the canvas width less the style's margins, the height limit the canvas
    /// height less twice as much (stories keep clear of the top and bottom bars).
    func apply(to style: Style, canvas: RenderCanvas?) -> (Style, LayoutOptions) {
        var style = style
        if min != nil || max != nil {
            let low = min ?? Swift.min(style.fit.minSize, max ?? style.fit.minSize)
            let high = max ?? Swift.max(style.fit.maxSize, low)
            style.fit = low == high ? .fixed(low) : .fill(min: low, max: high)
        }
        if let tracking { style.tracking = tracking }
        if let lineSpacing { style.lineSpacing = lineSpacing }
        if let align { style.alignment = align }
        let canvasWidth = canvas.map { Double($0.width) } ?? Style.referenceCanvasWidth
        let limit = height ?? canvas.map { StyleOverrides.textAreaHeight(style: style, canvas: $0) }
        let options = style.layoutOptions(width: width ?? canvasWidth - 2 * style.margin, maxHeight: limit)
        return (style, options)
    }
}
