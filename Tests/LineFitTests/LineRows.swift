import Testing
@testable import LineFit

/// One row of an expected layout, written the way the layout reads: the line's text (its
/// trailing whitespace and line break included), its size and its flags.
struct LineRow: Equatable, CustomStringConvertible {
    var text: String
    var size: Double
    var flags: Line.Flags

    init(_ text: String, _ size: Double, _ flags: Line.Flags = []) {
        self.text = text
        self.size = size
        self.flags = flags
    }

    /// Texts compare by code point: Swift's `==` would take "e\u{301}" for "é".
    static func == (lhs: LineRow, rhs: LineRow) -> Bool {
        lhs.text.unicodeScalars.elementsEqual(rhs.text.unicodeScalars) && lhs.size == rhs.size && lhs.flags == rhs.flags
    }

    var description: String {
        let escaped = text.unicodeScalars.map { scalar -> String in
            switch scalar {
            case "\n": return "\\n"
            case "\r": return "\\r"
            case " "..."~": return String(scalar)
            default: return "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            }
        }.joined()
        let quoted = "\"\(escaped)\""
        let padded = quoted + String(repeating: " ", count: max(1, 34 - quoted.count))
        return "(\(padded) \(size), \(flags.names))"
    }

    /// The rows of a layout, to compare with a table.
    static func rows(of layout: Layout) -> [LineRow] {
        layout.lines.map { LineRow(layout.text(of: $0), $0.size, $0.flags) }
    }
}

extension Line.Flags {
    var names: String {
        let all: [(Line.Flags, String)] = [
            (.heldAtMax, "heldAtMax"), (.brokenInsideWord, "brokenInsideWord"), (.overflows, "overflows"),
            (.empty, "empty"), (.endsParagraph, "endsParagraph"),
        ]
        return "[" + all.filter { contains($0.0) }.map { "." + $0.1 }.joined(separator: ", ") + "]"
    }
}

/// Compares a layout with a table of rows and prints both tables when they differ.
func expectRows(
    _ layout: Layout, _ expected: [LineRow], sourceLocation: SourceLocation = #_sourceLocation
) {
    let actual = LineRow.rows(of: layout)
    #expect(
        actual == expected,
        "expected:\n\(expected.map(\.description).joined(separator: "\n"))\nengine:\n\(actual.map(\.description).joined(separator: "\n"))",
        sourceLocation: sourceLocation)
}

/// Checks what every layout owes its text: the lines tile it (first start 0, each end the
/// next start, last end its UTF-16 length), contentEnd sits inside the line with only
/// whitespace or a line break after it, and each run lies within its line's content.
func expectTiling(_ layout: Layout, sourceLocation: SourceLocation = #_sourceLocation) {
    let units = Array(layout.text.utf16)
    var position = 0
    for (index, line) in layout.lines.enumerated() {
        #expect(line.start == position, "line \(index) starts at \(line.start), expected \(position)", sourceLocation: sourceLocation)
        #expect(line.start <= line.contentEnd && line.contentEnd <= line.end, "line \(index)", sourceLocation: sourceLocation)
        let tail = String(decoding: units[min(line.contentEnd, units.count)..<min(line.end, units.count)], as: UTF16.self)
        #expect(
            tail.unicodeScalars.allSatisfy { $0.properties.isWhitespace },
            "line \(index): after contentEnd comes \(TestPaths.codePoints(tail))", sourceLocation: sourceLocation)
        for run in line.runs {
            #expect(
                line.start <= run.start && run.start <= run.end && run.end <= line.contentEnd,
                "line \(index) \(line.start)..<\(line.end): run \(run.start)..<\(run.end)", sourceLocation: sourceLocation)
        }
        position = line.end
    }
    #expect(position == units.count, "the last line ends at \(position) of \(units.count)", sourceLocation: sourceLocation)
}
