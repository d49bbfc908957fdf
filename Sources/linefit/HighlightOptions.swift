import Foundation
import LineFit
import LineFitRender

/// Range highlights in the PNG and SVG pictures: `--highlight START..END` and `--highlight-text WORD`
/// choose the ranges; they are filled under the text, or with `--spotlight` everything else
/// is dimmed.
struct HighlightOptions {
    var highlight: [String] = []
    var highlightText: [String] = []
    var highlightColor: String = "#FFD60A"
    var highlightPadding: Double?
    var highlightRadius: Double?
    var spotlight = false
    var spotlightDim: Double = RangeHighlight.defaultDim

    var isHighlighting: Bool { !highlight.isEmpty || !highlightText.isEmpty }

    /// The decorations for `text` on `canvas`, or none when no range was given.
    func resolve(text: String, canvas: RenderCanvas?) throws -> [RangeHighlight] {
        guard isHighlighting else { return [] }
        let units = Array(text.utf16)
        var ranges: [Range<Int>] = []
        for value in highlight {
            let parts = value.components(separatedBy: "..")
            guard parts.count == 2, let start = Int(parts[0]), let end = Int(parts[1]) else {
                throw CLIError(message: "bad --highlight '\(value)': use START..END with UTF-16 offsets, such as 0..5")
            }
            guard start >= 0, start <= end, end <= units.count else {
                throw CLIError(message: "bad --highlight '\(value)': the text has UTF-16 offsets 0 to \(units.count)")
            }
            ranges.append(start..<end)
        }
        for word in highlightText {
            let needle = Array(word.utf16)
            guard !needle.isEmpty else { throw CLIError(message: "bad --highlight-text: the word is empty") }
            var found = false
            var index = 0
            while index + needle.count <= units.count {
                if Array(units[index..<(index + needle.count)]) == needle {
                    ranges.append(index..<(index + needle.count))
                    found = true
                    index += needle.count
                } else {
                    index += 1
                }
            }
            guard found else { throw CLIError(message: "bad --highlight-text '\(word)': it is not in the text") }
        }
        guard (0...1).contains(spotlightDim) else { throw CLIError(message: "bad --spotlight-dim \(spotlightDim): use 0 to 1") }
        let scale = Double(canvas?.width ?? Int(Style.referenceCanvasWidth)) / Style.referenceCanvasWidth
        let padding = highlightPadding ?? RangeHighlight.referencePadding * scale
        let radius = highlightRadius ?? RangeHighlight.referenceCornerRadius * scale
        guard padding.isFinite, padding >= 0, radius.isFinite, radius >= 0 else {
            throw CLIError(message: "bad --highlight-padding or --highlight-radius: use a distance of 0 or more")
        }
        let look: RangeHighlight.Look
        if spotlight {
            look = .spotlight(dim: spotlightDim)
        } else {
            guard let color = StyleColor(hex: highlightColor) else {
                throw CLIError(message: "bad --highlight-color '\(highlightColor)': use #RRGGBB or #RRGGBBAA")
            }
            look = .fill(color)
        }
        return [RangeHighlight(ranges: ranges, look: look, padding: padding, cornerRadius: radius)]
    }
}
