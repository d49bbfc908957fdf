import Foundation
import LineFit

/// `--list-fonts` and `--list-styles`: what the names given to --font and --style can be.
enum FontListing {
    /// One row per bundled font, from the index (no font is opened).
    static func fonts() throws -> String {
        guard let (directory, index) = FontLocator.bundledIndex else {
            throw LineFitError.fontNotFound(path: FontIndex.fileName, searched: FontLocator.searchDirectories)
        }
        var rows = ["file                                  family                  style      weight  faces"]
        for entry in index.fonts {
            var row = pad(entry.file, 38) + pad(entry.family, 24) + pad(entry.style, 11) + pad(String(entry.weight), 8)
                + String(entry.faces)
            if !entry.axes.isEmpty { row += "  axes " + entry.axes.joined(separator: " ") }
            rows.append(row)
        }
        rows.append("in \(directory)")
        return rows.joined(separator: "\n")
    }

    /// One row per style preset with its font and fit.
    static func styles() -> String {
        Style.Preset.allCases.map { preset in
            let style = preset.style
            let fit: String
            switch style.fit {
            case .fill(let min, let max): fit = "fill \(format(min))–\(format(max)) pt"
            case .fixed(let size): fit = "fixed \(format(size)) pt"
            }
            return pad(preset.rawValue, 12) + pad(style.font, 28) + fit
                + (preset.style == Style.default ? "  (default)" : "")
        }.joined(separator: "\n")
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(1, width - text.count))
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
