import Foundation
import LineFit
import LineFitRender

/// The typing animation options: `--animate FILE` types the text one grapheme at a time
/// with a transition between keystrokes, in the picture's style, canvas and colours.
struct AnimationOptions {
    var animate: String?
    var framesDir: String?
    var fps: Int = 30
    var keystrokeMs: Int = 120
    var transitionMs: Int = 200
    var holdMs: Int = 1500

    /// The animated WebP's quality when `--quality` (a picture option shared with JPEG and
    /// WebP pictures) is not given.
    static let defaultQuality = 80

    var isAnimating: Bool { animate != nil || framesDir != nil }

    /// Checks the file name, folder, canvas and numbers before any work.
    func check(canvas: RenderCanvas?, quality: Int?) throws {
        guard isAnimating else { return }
        guard canvas != nil else { throw CLIError(message: "--animate needs a canvas: use --canvas WxH, not none") }
        _ = try format(quality: quality)
        let timing = [("fps", fps, 1, 240), ("keystroke-ms", keystrokeMs, 0, 600_000), ("transition-ms", transitionMs, 0, 600_000), ("hold-ms", holdMs, 0, 600_000)]
        for (name, value, low, high) in timing where value < low || value > high {
            throw CLIError(message: "bad --\(name) \(value): use \(low) to \(high)")
        }
    }

    private func format(quality: Int?) throws -> AnimationRenderer.Format? {
        try RenderOptions.checkQuality(quality)
        guard let animate else { return nil }
        guard let chosen = AnimationRenderer.Format(path: animate, quality: Double(quality ?? Self.defaultQuality)) else {
            throw CLIError(message: "cannot write \(animate): use a .webp or .gif file name for --animate")
        }
        try RenderOptions.checkFolder(of: animate)
        return chosen
    }

    /// Types `text` and writes the animation and frames asked for.
    func write(
        text: String, style: Style, options: LayoutOptions, fonts: FontChain, canvas: RenderCanvas?, quality: Int?
    ) throws {
        guard let canvas else { throw CLIError(message: "--animate needs a canvas: use --canvas WxH, not none") }
        let format = try format(quality: quality)
        var folder: URL?
        if let framesDir {
            let url = URL(fileURLWithPath: framesDir)
            do {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            } catch {
                throw CLIError(message: "cannot write frames to \(framesDir): \((error as NSError).localizedDescription)")
            }
            folder = url
        }
        let timing = TypingAnimation.Timing(
            fps: fps, keystrokeMilliseconds: keystrokeMs, transitionMilliseconds: transitionMs, holdMilliseconds: holdMs)
        let animation = try TypingAnimation(text: text, style: style, options: options, fonts: fonts, timing: timing)
        let data: Data?
        do {
            data = try AnimationRenderer(canvas: canvas).render(animation, style: style, fonts: fonts, format: format) { index, image in
                guard let folder else { return }
                let name = String(format: "frame-%04d.png", index)
                try image.pngData().write(to: folder.appendingPathComponent(name))
            }
        } catch let error as PNGCodec.Failure {
            throw CLIError(message: "cannot encode the animation: \(error.description)")
        }
        if let animate, let data {
            do {
                try data.write(to: URL(fileURLWithPath: animate))
            } catch {
                throw CLIError(message: "cannot write \(animate): \((error as NSError).localizedDescription)")
            }
        }
    }
}
