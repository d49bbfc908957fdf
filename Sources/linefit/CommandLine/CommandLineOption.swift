/// One option of `linefit`: its names, how it takes a value, its help and what it sets.
///
/// The table of these (`LineFitOptions.all`) is the CLI's only description of its options:
/// parsing, `--help` and batch jobs (whose keys are the long names) all read it. A plain
/// list of closures, not property wrappers and reflection: swift-argument-parser built its
/// table through Mirror and Codable on every run, and the runtime's first-time protocol
/// lookups behind that were ~21 M of a 32 M-instruction `linefit hello`.
struct CommandLineOption: Sendable {
    enum Arity {
        /// Present or not (`--json`); `--json=...` is an error.
        case flag
        /// One value; given again, the later one wins.
        case value
        /// One value per use, kept in order (`--axis`, `--fallback`).
        case repeated
    }

    /// Where `--help` lists the option.
    enum Group: CaseIterable {
        case layout, pictures, highlights, animation, other

        var title: String {
            switch self {
            case .layout: "LAYOUT"
            case .pictures: "PICTURES"
            case .highlights: "HIGHLIGHTS"
            case .animation: "ANIMATION"
            case .other: "OTHER"
            }
        }
    }

    /// The long name without `--`: also the key of a `linefit batch` job and, for layout
    /// options, the CLI column of docs/OPTIONS.md.
    var name: String
    /// A one-letter alias (`-o`), or nil.
    var short: String?
    var arity: Arity
    /// What the value is, as `--help` shows it (`N`, `FILE`, `TAG=VALUE`).
    var valueName: String
    /// Numbers take the next word even when it starts with "-", so `--width -5` is a value
    /// (reported by the layout's own check) rather than an unknown option.
    var acceptsDashValue: Bool
    var group: Group
    var help: String
    /// Sets the option on a command; `value` is "" for a flag. Throws `ArgumentError`.
    var apply: @Sendable (inout LineFitCommand, String) throws -> Void

    init(
        _ name: String, short: String? = nil, _ arity: Arity, value valueName: String = "", dashValue: Bool = false,
        group: Group, help: String, apply: @escaping @Sendable (inout LineFitCommand, String) throws -> Void
    ) {
        self.name = name
        self.short = short
        self.arity = arity
        self.valueName = valueName
        self.acceptsDashValue = dashValue
        self.group = group
        self.help = help
        self.apply = apply
    }

    /// `--name VALUE` as the help shows it.
    var synopsis: String {
        let names = (short.map { "-\($0), " } ?? "") + "--" + name
        return arity == .flag ? names : names + " " + valueName
    }
}

/// A command line that cannot be parsed: one line, and exit status 64 (EX_USAGE), as before.
enum ArgumentError: Error, CustomStringConvertible, Equatable {
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String, valueName: String)
    case valueForFlag(option: String)
    case badValue(option: String, value: String, expected: String)
    case unexpectedArgument(String)
    /// `--help` or `--version` where they mean nothing, such as a batch job's key.
    case notAllowedHere(option: String, reason: String)

    var description: String {
        switch self {
        case .unknownOption(let option, let suggestion):
            let hint = suggestion.map { " (did you mean --\($0)?)" } ?? ""
            let dashText = option.hasPrefix("--") ? "" : "; text that starts with - goes after --"
            return "unknown option '\(option)'\(hint)\(dashText); see linefit --help"
        case .missingValue(let option, let valueName):
            return "--\(option) needs a value (\(valueName)); a value starting with - is written --\(option)=VALUE"
        case .valueForFlag(let option):
            return "--\(option) is a flag and takes no value"
        case .badValue(let option, let value, let expected):
            return "bad --\(option) '\(value)': use \(expected)"
        case .unexpectedArgument(let argument):
            return "unexpected argument '\(argument)': the text is one argument (quote it), options start with --"
        case .notAllowedHere(let option, let reason):
            return "--\(option): \(reason)"
        }
    }

    /// EX_USAGE from sysexits.h, which swift-argument-parser also used for parse errors.
    static let exitStatus: Int32 = 64
}
