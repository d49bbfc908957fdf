/// What a `linefit` command line asks for.
enum CommandLineRequest {
    case run(LineFitCommand)
    case help
    case version
}

/// Reads a `linefit` command line against the option table (`LineFitOptions.all`).
///
/// The forms: `--name VALUE` and `--name=VALUE`, `-o VALUE`, flags alone, options before or
/// after the text, one positional text, and `--` after which every word is text (so
/// `linefit -- batch` lays out "batch" and `linefit -- -5` lays out "-5"). `-h`/`--help` and
/// `--version` anywhere before `--` win over everything else, as they did before.
enum CommandLineParser {
    static func parse(_ arguments: [String], options: [CommandLineOption] = LineFitOptions.all) throws -> CommandLineRequest {
        let beforeTerminator = arguments.prefix { $0 != "--" }
        if beforeTerminator.contains(where: { $0 == "--help" || $0 == "-h" }) { return .help }
        if beforeTerminator.contains("--version") { return .version }
        return .run(try command(arguments, options: options))
    }

    /// The command of a line that asks for neither help nor the version: what batch jobs and
    /// the batch's defaults are parsed with, where those two mean nothing.
    static func command(_ arguments: [String], options: [CommandLineOption] = LineFitOptions.all) throws -> LineFitCommand {
        var command = LineFitCommand()
        var index = 0
        var textGiven = false
        func take(text: String) throws {
            guard !textGiven else { throw ArgumentError.unexpectedArgument(text) }
            command.text = text
            textGiven = true
        }
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if word == "--" {
                for rest in arguments[index...] { try take(text: rest) }
                break
            }
            // "-" alone is a value (standard input or output), never an option.
            guard word.utf8.count > 1, word.utf8.first == UInt8(ascii: "-") else {
                try take(text: word)
                continue
            }
            let (name, attached) = split(word)
            let long = word.utf8.starts(with: "--".utf8)
            guard let option = options.first(where: { long ? $0.name == name : $0.short == name }) else {
                if name == "help" || name == "version" {
                    throw ArgumentError.notAllowedHere(option: name, reason: "not an option here")
                }
                throw ArgumentError.unknownOption((long ? "--" : "-") + name, suggestion: suggestion(for: name, in: options))
            }
            switch option.arity {
            case .flag:
                if attached != nil { throw ArgumentError.valueForFlag(option: option.name) }
                try option.apply(&command, "")
            case .value, .repeated:
                let value: String
                if let attached {
                    value = attached
                } else {
                    guard index < arguments.count, option.acceptsDashValue || !looksLikeOption(arguments[index]) else {
                        throw ArgumentError.missingValue(option: option.name, valueName: option.valueName)
                    }
                    value = arguments[index]
                    index += 1
                }
                try option.apply(&command, value)
            }
        }
        return command
    }

    /// `--name=value` → ("name", "value"); `--name` → ("name", nil); `-o` → ("o", nil). The
    /// "=" is found by bytes, so a value starting with a combining mark (which would join
    /// the "=" into one Character) still splits there.
    static func split(_ word: String) -> (name: String, value: String?) {
        let bytes = word.utf8
        let nameStart = bytes.index(bytes.startIndex, offsetBy: bytes.starts(with: "--".utf8) ? 2 : 1)
        guard let equals = bytes[nameStart...].firstIndex(of: UInt8(ascii: "=")) else {
            return (String(word[nameStart...]), nil)
        }
        return (String(word[nameStart..<equals]), String(word[bytes.index(after: equals)...]))
    }

    /// A word that would be read as an option: a dash and something, unless it is a number
    /// (a negative number is a value).
    static func looksLikeOption(_ word: String) -> Bool {
        word.utf8.count > 1 && word.utf8.first == UInt8(ascii: "-") && Double(word) == nil
    }

    /// The long name closest to a mistyped one (or to `-name` typed with one dash), when it is
    /// close (at most two edits, fewer than half its letters); only on the error path.
    static func suggestion(for name: String, in options: [CommandLineOption]) -> String? {
        let typed = Array(name.unicodeScalars)
        var best: (name: String, distance: Int)?
        for option in options {
            let distance = editDistance(typed, Array(option.name.unicodeScalars))
            if distance < (best?.distance ?? Int.max) { best = (option.name, distance) }
        }
        guard let best, best.distance <= 2, best.distance * 2 < typed.count else { return nil }
        return best.name
    }

    /// Levenshtein distance (insertions, deletions, substitutions, each 1).
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
