import Foundation
import LineFit

/// The one-line JSON results of `linefit batch`, written by hand so keys keep their order
/// (`line`, `ok` first) and a result stays one short line.
enum BatchResult {
    static func success(line: Int, outputs: [String], layout: Layout, fullLayout: Data?) -> String {
        var text = "{\"line\":\(line),\"ok\":true,\"outputs\":\(list(outputs)),\"lines\":["
        for (index, fitted) in layout.lines.enumerated() {
            if index > 0 { text += "," }
            text += "{\"range\":[\(fitted.start),\(fitted.end)],\"size\":\(number(fitted.size))}"
        }
        text += "]"
        if let fullLayout {
            text += ",\"layout\":" + String(decoding: fullLayout, as: UTF8.self)
        }
        return text + "}"
    }

    static func skipped(line: Int, outputs: [String]) -> String {
        "{\"line\":\(line),\"ok\":true,\"skipped\":true,\"outputs\":\(list(outputs))}"
    }

    static func error(line: Int, message: String) -> String {
        "{\"line\":\(line),\"ok\":false,\"error\":\(quoted(message))}"
    }

    /// The size as Swift prints a Double: the shortest text that reads back to the same value,
    /// never rounded (a size rounded up could overflow the width).
    private static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }

    private static func list(_ items: [String]) -> String {
        "[" + items.map(quoted).joined(separator: ",") + "]"
    }

    /// A JSON string literal (RFC 8259 §7): quote, backslash and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
