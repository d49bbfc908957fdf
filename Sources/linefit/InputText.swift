import Foundation

/// Where the text comes from: the argument, standard input, or the sample story when
/// `linefit` runs with neither (at a terminal, or with empty standard input), so that the
/// bare command always shows what it does.
enum InputText {
    /// The longest text the CLI lays out, in UTF-16 units: a story is a few hundred; a
    /// million keeps a mistaken file from taking minutes and gigabytes.
    static let largestLength = 1_000_000

    static func read(argument: String?) throws -> String {
        let text = try readUnchecked(argument: argument)
        let length = text.utf16.count
        guard length <= largestLength else {
            throw CLIError(message: "text too long: \(length) UTF-16 units, over the limit of \(largestLength)")
        }
        return text
    }

    private static func readUnchecked(argument: String?) throws -> String {
        if let argument {
            guard !argument.isEmpty else { throw CLIError(message: "empty text: give some text to lay out") }
            return argument
        }
        if isatty(FileHandle.standardInput.fileDescriptor) != 0 {
            return StoryDefaults.sampleText
        }
        let data = FileHandle.standardInput.readDataToEndOfFile()
        guard !data.isEmpty else {
            FileHandle.standardError.write(Data("linefit: no text given, fitting a sample story (pass text as an argument or on standard input)\n".utf8))
            return StoryDefaults.sampleText
        }
        guard let text = String(validatingUTF8: data) else {
            throw CLIError(message: "standard input is not valid UTF-8")
        }
        // A shell's `echo` adds one final newline; it is not part of the story.
        let trimmed = text.hasSuffix("\r\n") ? String(text.dropLast(1)) : (text.hasSuffix("\n") ? String(text.dropLast()) : text)
        guard !trimmed.isEmpty else { throw CLIError(message: "empty text on standard input") }
        return trimmed
    }
}

extension String {
    /// Decodes UTF-8 strictly: nil for any invalid sequence (no replacement characters).
    init?(validatingUTF8 data: Data) {
        guard let decoded = String(bytes: data, encoding: .utf8) else { return nil }
        self = decoded
    }
}
