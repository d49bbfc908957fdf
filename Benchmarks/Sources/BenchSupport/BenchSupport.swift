// Set-up shared by the package-benchmark suites (LineFitBenchmarks) and bench-driver, so the
// two measure the same operations on the same inputs.
import LineFit
import TypeModeBaselines

/// LineFit's font runs of a layout (font, direction, script), merged across line breaks
/// within a paragraph: what one hb-ft shape per font run shapes (`FreeTypeShapeRuns`).
public func fontRuns(_ layout: Layout) -> [FreeTypeShapeRuns.Run] {
    var runs: [FreeTypeShapeRuns.Run] = []
    var mayJoin = false
    for line in layout.lines {
        for run in line.runs.sorted(by: { $0.start < $1.start }) where run.end > run.start {
            if mayJoin, let last = runs.last, last.range.upperBound == run.start, last.font == run.fontIndex,
               last.rightToLeft == run.isRightToLeft, last.script == run.script {
                runs[runs.count - 1].range = last.range.lowerBound..<run.end
            } else {
                runs.append(.init(range: run.start..<run.end, font: run.fontIndex, rightToLeft: run.isRightToLeft, script: run.script))
            }
            mayJoin = true
        }
        if line.flags.contains(.endsParagraph) { mayJoin = false }
    }
    return runs
}

/// The words the delete-a-word keystrokes delete: each word starting with a letter, with
/// the space after it (UTF-16 ranges); a word not followed by a space is left out.
public func deletableWords(in text: String) -> [Range<Int>] {
    var words: [Range<Int>] = []
    var offset = 0
    var wordStart: Int?
    for character in text {
        if character == " " {
            if let start = wordStart { words.append(start..<(offset + 1)) }
            wordStart = nil
        } else if wordStart == nil, character.isLetter {
            wordStart = offset
        }
        offset += character.utf16.count
    }
    return words
}
