/// `linefit --help`, written from the option table so that every option the parser takes is
/// documented, and nothing it does not take.
enum HelpText {
    /// Help lines are wrapped to this many columns (a terminal's classic width).
    static let columns = 80
    /// Where the help of an option starts; a longer synopsis puts its help on the next line.
    static let helpColumn = 28

    static let overview = """
        OVERVIEW: Fit every line of a text to the width: each line gets the largest size that \
        fills it.

        The text comes from the argument, or from standard input when there is none (a terminal \
        with no input gets a sample story). Lines break where the text fits at --min; each line \
        then grows up to --max while it still fits --width.
        """

    static let usage = """
        USAGE: linefit [OPTIONS] [TEXT]
               linefit [OPTIONS] -- TEXT       (text starting with -, or the word batch)
               linefit batch [FILE] [OPTIONS]  (JSON lines; see linefit batch --help)

        An option's value is --name VALUE or --name=VALUE, before or after the text.
        """

    static func render(options: [CommandLineOption] = LineFitOptions.all) -> String {
        var lines: [String] = []
        for paragraph in overview.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += paragraph.isEmpty ? [""] : wrap(String(paragraph), width: columns)
        }
        lines.append("")
        lines += usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines += ["", "ARGUMENTS:"] + entry(synopsis: "TEXT", help: "The text to lay out (default: standard input).")
        for group in CommandLineOption.Group.allCases {
            lines += ["", group.title + ":"]
            for option in options where option.group == group {
                lines += entry(synopsis: option.synopsis, help: option.help)
            }
            if group == .other {
                for (synopsis, help) in LineFitOptions.informational { lines += entry(synopsis: synopsis, help: help) }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `  --name VALUE    help...` with the help wrapped in its column.
    static func entry(synopsis: String, help: String) -> [String] {
        let indent = String(repeating: " ", count: helpColumn)
        let body = wrap(help, width: columns - helpColumn).map { indent + $0 }
        let head = "  " + synopsis
        guard head.count + 1 < helpColumn, let first = body.first else { return [head] + body }
        return [head + String(first.dropFirst(head.count))] + body.dropFirst()
    }

    /// Words joined into lines of at most `width` characters (a longer word gets a line alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
