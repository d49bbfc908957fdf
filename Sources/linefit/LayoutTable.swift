import LineFit

/// The default output: one row per line with its number, size, width and text.
struct LayoutTable {
    let layout: Layout

    func render() -> String {
        var rows = ["line   size pt    width  text"]
        for (index, line) in layout.lines.enumerated() {
            var text = layout.substring(line.start, line.contentEnd)
            var notes: [String] = []
            if line.flags.contains(.heldAtMax) { notes.append("max") }
            if line.flags.contains(.brokenInsideWord) { notes.append("broken word") }
            if line.flags.contains(.overflows) { notes.append("overflows") }
            if line.flags.contains(.widthAxisFallback) { notes.append("filled by size") }
            if line.flags.contains(.empty) { text = "(empty line)" }
            // Axes that change per line (opsz, wdth) are what a reader compares between lines.
            let perLine = line.axisValues.filter { ["opsz", "wdth"].contains($0.tag) }
            if !perLine.isEmpty { notes.append(perLine.map { "\($0.tag) \(format($0.value, 1))" }.joined(separator: " ")) }
            let note = notes.isEmpty ? "" : "  [\(notes.joined(separator: ", "))]"
            rows.append(
                pad(String(index + 1), 4) + "  " + pad(format(line.size), 8) + "  " + pad(format(line.width, 1), 7)
                    + "  " + text + note)
        }
        var summary = "\(layout.lines.count) \(layout.lines.count == 1 ? "line" : "lines"), width \(format(layout.width, 1)), height \(format(layout.height, 1))"
        if layout.heightScale < 1 { summary += ", scaled by \(format(layout.heightScale, 3)) to the height limit" }
        if layout.overflowsHeight { summary += ", still taller than the height limit" }
        rows.append(summary)
        rows.append(strategyLine)
        rows += layout.warnings.map { "warning: \($0.message)" }
        if !layout.missing.isEmpty {
            let codes = layout.missing.flatMap(\.codePoints).map { "U+" + String($0, radix: 16, uppercase: true) }
            rows.append("no font covers: " + codes.joined(separator: " "))
        }
        return rows.joined(separator: "\n")
    }

    /// The strategy, the box, the chosen minimum and what limited it.
    var strategyLine: String {
        var text = "breaks \(layout.breakStrategy.rawValue), "
        switch layout.box {
        case .none: text += "no box"
        case .limit(let height): text += "height limit \(format(height, 1))"
        case .fill(let height): text += "filling \(format(height, 1))"
        }
        text += ", chosen minimum \(format(layout.chosenMinimum))"
        if let range = layout.limitingRange {
            text += ", limited by \"\(layout.substring(range.lowerBound, range.upperBound))\""
        }
        return text
    }

    private func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - text.count)) + text
    }

    private func format(_ value: Double, _ decimals: Int = 2) -> String {
        let scale = pow10(decimals)
        let rounded = (value * scale).rounded() / scale
        var text = String(rounded)
        if let dot = text.firstIndex(of: ".") {
            let have = text.distance(from: dot, to: text.endIndex) - 1
            if have < decimals { text += String(repeating: "0", count: decimals - have) }
        } else {
            text += "." + String(repeating: "0", count: decimals)
        }
        return text
    }

    private func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { acc, _ in acc * 10 } }
}
