import Foundation
import Testing

@testable import LineFit

/// Fonts for the script tests: always the package's own `Fonts/`, found from this file's
/// path, never system fonts. A missing font file fails the test (FontChain throws).
enum ScriptFonts {
    /// This file is Tests/LineFitTests/Scripts/ScriptTestSupport.swift inside the package.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static func path(_ relative: String) -> String {
        packageRoot.appendingPathComponent(relative).path
    }

    /// `primary` (a path relative to the package, e.g. "Fonts/NotoSans-Regular.ttf") followed
    /// by the bundled default fallback chain, without repeating the primary.
    static func chain(primary: String = "Fonts/NotoSans-Regular.ttf") throws -> FontChain {
        let primaryPath = path(primary)
        let fallbacks = BundledFonts.defaultFallbackNames
            .map { path("Fonts/\($0)") }
            .filter { $0 != primaryPath }
        return try FontChain(paths: [primaryPath] + fallbacks)
    }

    /// The index in `chain` of the font whose file name is `fileName`.
    static func index(of fileName: String, in chain: FontChain) -> Int? {
        chain.fonts.firstIndex { $0.name.hasSuffix("/" + fileName) }
    }
}

/// Grapheme cluster boundaries from an oracle independent of the engine (which asks ICU):
/// Swift's own `Character` segmentation, an implementation of UAX #29 in the standard library.
enum SwiftGraphemes {
    /// UTF-16 offsets of every cluster boundary of `text`, 0 and the end included.
    static func boundaries(_ text: String) -> Set<Int> {
        var result: Set<Int> = [0]
        var offset = 0
        for character in text {
            offset += character.utf16.count
            result.insert(offset)
        }
        return result
    }
}

/// The invariants every layout owes its caller, checked one by one with a message that says
/// which line broke which promise.
enum LayoutInvariants {
    /// One tolerance for every width comparison: a line's width is a sum of per-glyph
    /// products (advance × size) while the fitter compares one product (em width × size), so
    /// the two differ by a few ulps of the width, never by more than a billionth of it.
    static func tolerance(_ width: Double) -> Double { width * 1e-9 }

    /// Lines tile the text in order with no gap and no overlap.
    static func expectTiles(_ layout: Layout, sourceLocation: SourceLocation = #_sourceLocation) {
        let length = layout.text.utf16.count
        var position = 0
        for (index, line) in layout.lines.enumerated() {
            #expect(line.start == position, "line \(index) starts at \(line.start), expected \(position)", sourceLocation: sourceLocation)
            #expect(line.start < line.end, "line \(index) is empty: \(line.range)", sourceLocation: sourceLocation)
            #expect(line.start <= line.contentEnd && line.contentEnd <= line.end,
                    "line \(index): contentEnd \(line.contentEnd) outside \(line.range)", sourceLocation: sourceLocation)
            position = line.end
        }
        #expect(position == length, "lines end at \(position), the text has \(length) UTF-16 units", sourceLocation: sourceLocation)
    }

    /// No line is wider than the available width unless it says it overflows.
    static func expectFits(_ layout: Layout, sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, line) in layout.lines.enumerated() where !line.flags.contains(.overflows) {
            #expect(line.width <= layout.width + tolerance(layout.width),
                    "line \(index) \(layout.text(of: line).debugDescription) is \(line.width) pt wide at \(line.size) pt, available \(layout.width)",
                    sourceLocation: sourceLocation)
        }
    }

    /// Every fitted line is within one size step of filling the width: one step larger would
    /// overflow (widths are linear in the size), unless the line is held at the maximum.
    static func expectFills(_ layout: Layout, step: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, line) in layout.lines.enumerated() {
            if line.flags.contains(.heldAtMax) || line.flags.contains(.overflows) || line.flags.contains(.empty) { continue }
            #expect(line.size < layout.maxSize, "line \(index) is at the maximum without being flagged heldAtMax", sourceLocation: sourceLocation)
            let next = min(line.size + step, layout.maxSize)
            let widthAtNext = line.width / line.size * next
            #expect(widthAtNext > layout.width - tolerance(layout.width),
                    "line \(index) \(layout.text(of: line).debugDescription) at \(line.size) pt is \(line.width) wide; at \(next) pt it would still fit \(layout.width)",
                    sourceLocation: sourceLocation)
        }
    }

    /// A line's runs, taken in logical order, cover its content exactly; in visual order their
    /// x positions are the sums of the widths to their left and each run's width is the sum
    /// of its glyph advances (no tracking in these tests).
    static func expectRunsConsistent(_ layout: Layout, sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, line) in layout.lines.enumerated() {
            let logical = line.runs.sorted { $0.start < $1.start }
            var position = line.start
            for run in logical {
                #expect(run.start == position, "line \(index): a run starts at \(run.start), expected \(position)", sourceLocation: sourceLocation)
                position = run.end
            }
            if !line.runs.isEmpty {
                #expect(position == line.contentEnd, "line \(index): runs end at \(position), content at \(line.contentEnd)", sourceLocation: sourceLocation)
            }
            var x = 0.0
            for run in line.runs {
                let tolerance = tolerance(max(1, line.width))
                #expect(abs(run.x - x) <= tolerance, "line \(index): run at \(run.start) is at x \(run.x), widths to its left sum to \(x)", sourceLocation: sourceLocation)
                let advances = run.glyphs.reduce(0) { $0 + $1.advance }
                #expect(abs(advances - run.width) <= tolerance, "line \(index): run at \(run.start) is \(run.width) wide, its advances sum to \(advances)", sourceLocation: sourceLocation)
                x += run.width
            }
            #expect(abs(x - line.width) <= tolerance(max(1, line.width)), "line \(index): runs sum to \(x), the line is \(line.width) wide", sourceLocation: sourceLocation)
        }
    }

    static func expectAll(_ layout: Layout, sourceLocation: SourceLocation = #_sourceLocation) {
        expectTiles(layout, sourceLocation: sourceLocation)
        expectFits(layout, sourceLocation: sourceLocation)
        expectRunsConsistent(layout, sourceLocation: sourceLocation)
    }
}
