import Foundation

/// One value of a job's JSON object, kept as the text an argument vector needs.
enum JobValue: Decodable {
    case text(String)
    case flag(Bool)
    case list([JobValue])
    case pairs([String: JobValue])
    case null

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .flag(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .text(JobValue.argument(number))
        } else if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let list = try? container.decode([JobValue].self) {
            self = .list(list)
        } else {
            self = .pairs(try container.decode([String: JobValue].self))
        }
    }

    /// A number as a command line writes it: whole numbers without a fraction, so integer
    /// options (`--quality 80`) accept them.
    static func argument(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    /// The scalar as one argument, or nil for a list, an object or null.
    var scalar: String? {
        switch self {
        case .text(let text): text
        case .flag(let flag): flag ? "true" : "false"
        default: nil
        }
    }
}

/// A job's JSON line turned into the argument vector of a `linefit` run.
///
/// A key is a long option of `linefit` without `--` (`"style": "neon"` is `--style=neon`), so
/// every option of the CLI is a job key without a list to keep in step: `true` is the flag,
/// `false` and `null` leave it unset, a list repeats the option, an object gives `KEY=VALUE`
/// pairs (`"axis": {"wght": 700}` is `--axis=wght=700`). `text` is the text; `image` is
/// `--output` (format by extension); `json` is a file for the layout as JSON. The batch's own
/// command-line options come first, less any option the job sets itself, so a job overrides
/// them whole (a job's `fallback` list replaces the default list rather than adding to it).
struct BatchJobLine {
    var text: String
    /// The options of the run, without the text and the job's own output paths, which are
    /// set on the parsed command afterwards: jobs that differ only in those share one parse
    /// (`BatchRunner` keeps parsed commands by argument vector).
    var arguments: [String]
    var jsonPath: String?
    /// The job's `png`, `svg`, `image` and `animate` keys; nil when the job does not set one.
    var png: String?, svg: String?, output: String?, animate: String?
    /// Output keys the job set (to null too), replacing the defaults'.
    var setsOutput: Set<String> = []

    /// Job keys that name picture files, and the option each is.
    static let outputKeys = ["png": "png", "svg": "svg", "image": "output", "output": "output", "animate": "animate"]

    /// Keys that are not options of the run.
    static let textKey = "text", jsonKey = "json"

    /// The job of one input line (a JSON object); throws `CLIError` with a one-line reason.
    init(line bytes: ArraySlice<UInt8>, defaults: DefaultArguments) throws {
        let object: [String: JobValue]
        do {
            object = try JSONDecoder().decode([String: JobValue].self, from: Data(bytes))
        } catch {
            let reason = String(validating: bytes, as: UTF8.self) == nil ? "not UTF-8" : "not a JSON object"
            throw CLIError(message: "the line is \(reason)")
        }
        try self.init(object: object, defaults: defaults)
    }

    init(object: [String: JobValue], defaults: DefaultArguments) throws {
        guard let value = object[BatchJobLine.textKey] else { throw CLIError(message: "the job has no \"text\"") }
        guard case .text(let text) = value else { throw CLIError(message: "\"text\" must be a string") }
        self.text = text
        if let json = object[BatchJobLine.jsonKey] {
            guard case .text(let path) = json, !path.isEmpty else {
                throw CLIError(message: "\"json\" must be a file path (the layout is written there)")
            }
            jsonPath = path
        }
        var set: Set<String> = []
        var own: [String] = []
        for (key, value) in object.sorted(by: { $0.key < $1.key }) where key != BatchJobLine.textKey && key != BatchJobLine.jsonKey {
            if let option = BatchJobLine.outputKeys[key] {
                let path: String?
                switch value {
                case .null: path = nil
                case .text(let text) where !text.isEmpty: path = text
                default: throw CLIError(message: "\"\(key)\" must be a file path")
                }
                setsOutput.insert(option)
                switch option {
                case "png": png = path
                case "svg": svg = path
                case "animate": animate = path
                default: output = path
                }
                set.insert(option)
                continue
            }
            // Options are matched by scalars, not characters: a key whose first scalar is "-"
            // followed by a combining mark is one Character that is not "-".
            let option = key
            guard let first = option.unicodeScalars.first, first != "-", !option.unicodeScalars.contains("=") else {
                throw CLIError(message: "bad key \"\(key)\": use a linefit option's long name without --")
            }
            set.insert(option)
            own += try BatchJobLine.tokens(option: option, value: value, key: key)
        }
        arguments = defaults.without(set) + own
    }

    private static func tokens(option: String, value: JobValue, key: String) throws -> [String] {
        switch value {
        case .null, .flag(false): return []
        case .flag(true): return ["--\(option)"]
        case .text(let text): return valued(option, text)
        case .list(let items):
            return try items.flatMap { item in
                guard let scalar = item.scalar else { throw CLIError(message: "\"\(key)\": a list of strings or numbers") }
                return valued(option, scalar)
            }
        case .pairs(let pairs):
            return try pairs.sorted(by: { $0.key < $1.key }).flatMap { name, item in
                guard let scalar = item.scalar else { throw CLIError(message: "\"\(key)\": an object of strings or numbers") }
                return valued(option, "\(name)=\(scalar)")
            }
        }
    }

    /// `--OPTION=VALUE`, or `--OPTION` and `VALUE` as two tokens when the value starts with a
    /// scalar that joins the "=" into one Character (a combining mark, ZWJ, a variation
    /// selector). swift-argument-parser (the parser until round 5) looked for the "=" by
    /// Characters and read such a token as an unknown option's name; `CommandLineParser`
    /// splits by bytes, and both forms read the same there. One token otherwise, so a value
    /// starting with "-" stays a value.
    static func valued(_ option: String, _ value: String) -> [String] {
        ("=" + value).first == "=" ? ["--\(option)=\(value)"] : ["--\(option)", value]
    }
}

/// The options given to `linefit batch` for every job, grouped by option so that a job can
/// replace one whole (value and repeats) by setting its key.
struct DefaultArguments {
    private var groups: [(name: String, tokens: [String])] = []

    /// Short names of `linefit` options, so a job's long key replaces a default given short.
    static let shortNames = ["o": "output"]

    init(_ tokens: [String]) {
        for token in tokens {
            if let name = DefaultArguments.optionName(token) {
                groups.append((name, [token]))
            } else if groups.isEmpty {
                groups.append(("", [token]))
            } else {
                groups[groups.count - 1].tokens.append(token)
            }
        }
    }

    var all: [String] { groups.flatMap(\.tokens) }

    func without(_ names: Set<String>) -> [String] {
        groups.filter { !names.contains($0.name) && !names.contains("no-" + $0.name) && !names.contains(DefaultArguments.positive($0.name)) }
            .flatMap(\.tokens)
    }

    /// `hinted` for `no-hinted` and the like, so `"fallback": ...` also drops a default
    /// `--no-fallback` and the other way round.
    private static func positive(_ name: String) -> String {
        name.unicodeScalars.starts(with: "no-".unicodeScalars) ? String(name.unicodeScalars.dropFirst(3)) : "no-" + name
    }

    /// The option a token starts, or nil for a value (negative numbers are values).
    static func optionName(_ token: String) -> String? {
        let scalars = token.unicodeScalars
        guard scalars.count > 1, scalars.first == "-", Double(token) == nil else { return nil }
        let body = scalars.drop { $0 == "-" }
        let name = String(String.UnicodeScalarView(body.prefix { $0 != "=" }))
        if !scalars.starts(with: "--".unicodeScalars) { return shortNames[name] ?? name }
        return name
    }
}
