import Foundation
import LineFit

/// Reads structured values from a fuzzer's bytes; past the end every read gives 0, so any
/// input decodes to something.
public struct FuzzBytes {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ data: UnsafeRawBufferPointer) { bytes = Array(data) }

    public var isAtEnd: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    public mutating func u16() -> Int { Int(byte()) << 8 | Int(byte()) }

    public mutating func pick<T>(_ items: [T]) -> T { items[Int(byte()) % items.count] }

    /// The rest of the input as text (invalid UTF-8 becomes U+FFFD), at most `limit` UTF-16 units.
    public mutating func text(limit: Int) -> String {
        let rest = position < bytes.count ? Array(bytes[position...]) : []
        position = bytes.count
        let decoded = String(decoding: rest, as: UTF8.self)
        guard decoded.utf16.count > limit else { return decoded }
        return String(decoding: Array(decoded.utf16.prefix(limit)), as: UTF16.self)
    }

    /// `count` bytes of text (invalid UTF-8 becomes U+FFFD).
    public mutating func text(bytes count: Int) -> String {
        var taken: [UInt8] = []
        for _ in 0..<count where !isAtEnd { taken.append(byte()) }
        return String(decoding: taken, as: UTF8.self)
    }
}

/// The bundled fonts, loaded once per process.
public enum FuzzFonts {
    /// `Fonts/` of the LineFit package (this file is `Fuzz/Sources/FuzzSupport/…`).
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fonts").path

    public static let primaries = [
        "CourierPrime-Regular.otf", "NotoSans-Regular.ttf", "BebasNeue-Regular.otf", "LeagueSpartan-Bold.otf",
        "KaushanScript-Regular.otf",
    ]

    /// Each primary followed by the bundled fallback chain.
    public static let chains: [FontChain] = primaries.map { primary in
        var paths = [primary] + BundledFonts.defaultFallbackNames.filter { $0 != primary }
        paths = paths.map { (directory as NSString).appendingPathComponent($0) }
        do {
            return try FontChain(paths: paths)
        } catch {
            fatalError("fuzz: cannot load the bundled fonts from \(directory): \(error)")
        }
    }
}

/// Options drawn from the input: every width, size range, step, mode and tracking the
/// engine must handle, including the extreme ones (a width of 1, min = max, negative tracking).
public enum FuzzOptions {
    public static func read(_ input: inout FuzzBytes) -> LayoutOptions {
        let width = input.pick([1.0, 5, 40, 120, 300, 960, 2000]) + Double(input.byte()) / 16
        let minSize = input.pick([1.0, 6, 24, 40, 90]) + Double(input.byte() % 32)
        let maxSize = minSize + input.pick([0.0, 0, 10, 100, 276, 1000])
        var options = LayoutOptions(width: width, minSize: minSize, maxSize: maxSize)
        options.step = input.pick([0.01, 0.01, 0.5, 1, 0.001])
        options.widthMode = input.byte() % 8 == 0 ? .hinted : .linear
        options.tracking = input.pick([0.0, 0, -0.1, 0.04, -0.49, 2])
        options.lineSpacing = input.pick([1.0, 0.5, 1.6])
        options.baseDirection = input.pick([.auto, .leftToRight, .rightToLeft])
        options.alignment = input.pick([.center, .left, .right])
        if input.byte() % 8 == 0 {
            options.maxHeight = input.pick([options.smallestHeight, 50, 300, 2000])
        }
        return options
    }

    /// `read`'s options with story-aware breaking drawn too: the strategy, a box (none, a
    /// limit, a fill; fill heights from one line at the floor to a tall box), the floor and
    /// stable breaks.
    public static func readStory(_ input: inout FuzzBytes) -> LayoutOptions {
        var options = read(&input)
        options.breakStrategy = input.byte() % 3 == 0 ? .greedy : .balanced
        options.minimumFloor = input.pick([1.0, 6, 12])
        let height = input.pick([options.minimumFloor, 40, 300, 2000]) + Double(input.byte())
        options.box = input.pick([LayoutOptions.Box.none, .limit(height: height), .fill(height: height), .fill(height: height)])
        options.stableBreaks = input.byte() % 4 == 0
        return options
    }
}

/// The invariants of every layout; a violation stops the process with a message, which
/// libFuzzer records as a crash with its input.
public enum LayoutChecks {
    public static func check(_ layout: Layout, _ text: String, _ options: LayoutOptions) {
        func fail(_ message: String) -> Never {
            fatalError("fuzz invariant: \(message)\ntext \(text.debugDescription)\noptions \(options)")
        }
        let length = text.utf16.count
        if length == 0 {
            if !layout.lines.isEmpty { fail("lines for an empty text") }
            return
        }
        var offset = 0
        for (index, line) in layout.lines.enumerated() {
            if line.start != offset { fail("line \(index) starts at \(line.start), expected \(offset)") }
            if line.end <= line.start && !(line.end == line.start && length == 0) { fail("line \(index) is empty: \(line.start)..<\(line.end)") }
            if line.contentEnd < line.start || line.contentEnd > line.end { fail("line \(index) content end \(line.contentEnd)") }
            offset = line.end
            for value in [line.size, line.width, line.x, line.top, line.baseline, line.ascent, line.descent, line.height]
            where !value.isFinite {
                fail("line \(index) has a value that is not finite: \(line)")
            }
            if line.size < layout.minSize * (1 - 1e-9) || line.size > layout.maxSize * (1 + 1e-9) {
                fail("line \(index) size \(line.size) outside \(layout.minSize)...\(layout.maxSize)")
            }
            if line.size < 1 - 1e-9 { fail("line \(index) size \(line.size) below 1 pt") }
            if !line.flags.contains(.overflows), line.width > options.width * (1 + 1e-9) {
                fail("line \(index) is \(line.width) wide in \(options.width) without the overflow flag")
            }
            for run in line.runs {
                if run.start < line.start || run.end > line.end || run.start > run.end {
                    fail("line \(index) run \(run.start)..<\(run.end) outside the line")
                }
                for glyph in run.glyphs {
                    if glyph.cluster < run.start || glyph.cluster >= max(run.end, run.start + 1) {
                        fail("line \(index) glyph cluster \(glyph.cluster) outside its run \(run.start)..<\(run.end)")
                    }
                    for value in [glyph.x, glyph.advance, glyph.xOffset, glyph.yOffset] where !value.isFinite {
                        fail("line \(index) glyph with a value that is not finite")
                    }
                }
            }
        }
        if offset != length { fail("lines end at \(offset), the text at \(length)") }
        if !layout.height.isFinite { fail("height \(layout.height)") }
        if let limit = options.box.height, !layout.overflowsHeight, layout.height > limit * (1 + 1e-9) {
            fail("height \(layout.height) over the box height \(limit) without overflowsHeight")
        }
    }
}

extension LayoutChecks {
    /// Lays `text` out and checks the layout; options that do not validate are the only
    /// error allowed.
    public static func layOut(_ text: String, fonts: FontChain, options: LayoutOptions) {
        expectingTypedErrors {
            let layout = try LayoutEngine().layout(text, fonts: fonts, options: options)
            check(layout, text, options)
            _ = layout.rects(for: 0..<text.utf16.count)
            _ = layout.sizeSpans
        }
    }
}

/// An editor session under a sequence of edits: after every edit its layout equals a fresh
/// layout of the same text (stable breaks off; on, `LayoutChecks`' invariants and the caller's `afterEdit`) and the
/// invariants hold. Input: the starting text's length and bytes, then edits of five bytes
/// each (kind, position, length, snippet) until the input ends.
public enum EditorChecks {
    static let snippets = [
        "a", " ", "\n", "word ", "🎉", "👩‍👩‍👧‍👦", "é", "ש", "م", "क्ष", "สวัสดี", "中", "\r\n", "\u{00AD}", "\u{0301}",
        "\u{200D}", "\u{FE0F}", "🏻", "\u{202E}", "\u{2067}", "\u{200F}", "今天", "Super", "",
    ]

    /// What an edit changed, as the session records it: its start and the UTF-16 units it
    /// removed and inserted.
    public typealias Edit = (start: Int, removed: Int, inserted: Int)

    /// A further check after each accepted edit: the session, its layout and text before the edit, and the edit.
    public typealias AfterEdit = (_ session: EditorSession, _ previous: Layout, _ before: String, _ edit: Edit) throws -> Void

    public static func edit(_ input: inout FuzzBytes, fonts: FontChain, options: LayoutOptions, afterEdit: AfterEdit? = nil) {
        let start = input.text(bytes: Int(input.byte()))
        expectingTypedErrors {
            let session = try EditorSession(text: start, fonts: fonts, options: options)
            let engine = try LayoutEngine()
            var steps = 0
            // Hinting reshapes every line at each size tried, and boxes lay out several times:
            // fewer edits keep a run under the timeout.
            let limit = options.widthMode == .hinted ? 6 : options.box.height != nil ? 12 : 40
            while !input.isAtEnd, steps < limit {
                steps += 1
                let kind = input.byte()
                let length = session.utf16Count
                let position = length == 0 ? 0 : input.u16() % (length + 1)
                let count = Int(input.byte() % 16)
                let snippet = kind % 4 == 3 ? input.text(bytes: Int(input.byte() % 8)) : input.pick(snippets)
                let previous = session.layout, before = session.text
                do {
                    switch kind % 4 {
                    case 0: try session.insert(snippet, at: position)
                    case 1: try session.delete(position..<min(length, position + count))
                    case 2: try session.backspace(at: position)
                    default: try session.replace(position..<min(length, position + count), with: snippet)
                    }
                } catch LineFitError.invalidRange {
                    continue  // an end inside a surrogate pair: refused, the text unchanged
                }
                LayoutChecks.check(session.layout, session.text, options)
                if let afterEdit {
                    // Backspace removes the grapheme cluster before the caret: its length is what the text lost.
                    let removed = [0, min(length, position + count) - position, length - session.utf16Count, min(length, position + count) - position][Int(kind % 4)]
                    let start = kind % 4 == 2 ? position - removed : position
                    let inserted = kind % 4 == 0 || kind % 4 == 3 ? snippet.utf16.count : 0
                    try afterEdit(session, previous, before, (start, removed, inserted))
                }
                guard !options.stableBreaks else { continue }
                if session.layout != (try engine.layout(session.text, fonts: fonts, options: options)) {
                    fatalError("fuzz: the session differs from a fresh layout after edit \(steps) of \(session.text.debugDescription) under \(options)")
                }
            }
        }
    }
}

/// The bodies of the layout and editor targets (each target's file is only its entry points).
public enum FuzzTargets {
    /// Layout of arbitrary text under arbitrary options: no trap, and every invariant of
    /// `LayoutChecks` holds. Input: option bytes, a font byte, then the text as UTF-8.
    public static func layout(_ input: inout FuzzBytes) {
        let options = FuzzOptions.read(&input)
        let fonts = input.pick(FuzzFonts.chains)
        // Hinting reshapes at every size tried: keep hinted inputs short so each run is quick.
        LayoutChecks.layOut(input.text(limit: options.widthMode == .hinted ? 120 : 3_000), fonts: fonts, options: options)
    }

    /// Story-aware layouts: balanced breaking and boxes (limit, fill) with greedy and balanced
    /// breaking; `LayoutChecks`' invariants, a box's height met unless flagged. Input: option
    /// bytes, strategy and box bytes, a font byte, then the text (short: stage 2 and the box
    /// search lay out several times).
    public static func balanced(_ input: inout FuzzBytes) {
        let options = FuzzOptions.readStory(&input)
        let fonts = input.pick(FuzzFonts.chains)
        LayoutChecks.layOut(input.text(limit: options.widthMode == .hinted ? 120 : 1_000), fonts: fonts, options: options)
    }

    /// A greedy (Type Mode) editor session under edits (`EditorChecks.edit`). Input: option
    /// bytes, a font byte, then `EditorChecks`' bytes.
    public static func editor(_ input: inout FuzzBytes) {
        let options = FuzzOptions.read(&input)
        EditorChecks.edit(&input, fonts: input.pick(FuzzFonts.chains), options: options)
    }

    /// A balanced or boxed editor session: with the stability rule off (three inputs in four)
    /// equal to a fresh layout after every edit; with it on, a valid layout after every edit
    /// (`LayoutChecks`: tiles, fits or is flagged, sizes in range, within the box or flagged)
    /// and whatever `afterEdit` checks.
    /// Input: `balanced`'s option bytes, a font byte, then `EditorChecks`' bytes.
    /// `afterEdit` receives the font chain and options and gives the target's own check (FuzzBalancedEditor's
    /// stable-breaks checks read the engine's internals).
    public static func balancedEditor(_ input: inout FuzzBytes, afterEdit: ((FontChain, LayoutOptions) -> EditorChecks.AfterEdit)? = nil) {
        let options = FuzzOptions.readStory(&input)
        let fonts = input.pick(FuzzFonts.chains)
        EditorChecks.edit(&input, fonts: fonts, options: options, afterEdit: afterEdit?(fonts, options))
    }
}

/// libFuzzer's driver, for the entry points below.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// `argv` as SwiftPM hands it to an executable target's entry point.
public typealias FuzzArguments = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>

/// libFuzzer's per-input callback type.
public typealias FuzzCallback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer on `callback`. SwiftPM links an executable target through an entry point
/// named after the target (`<Target>_main`), so each target defines that symbol and calls
/// this instead of relying on libFuzzer's own `main`. Sanitizers and a trapping Swift runtime
/// hang in the backtracer unless SWIFT_BACKTRACE=enable=no, which is set here.
public func runFuzzer(_ argc: Int32, _ argv: FuzzArguments, _ callback: FuzzCallback) -> Int32 {
    setenv("SWIFT_BACKTRACE", "enable=no", 1)
    var count = argc
    var arguments: FuzzArguments? = argv
    return withUnsafeMutablePointer(to: &arguments) { pointer in
        LLVMFuzzerRunDriver(&count, UnsafeMutablePointer(OpaquePointer(pointer)), callback)
    }
}

/// One libFuzzer input handed to `body` as a byte reader. Each target's
/// `LLVMFuzzerTestOneInput` is this one line; 0 tells libFuzzer to go on.
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int, _ body: (inout FuzzBytes) -> Void) -> Int32 {
    var input = FuzzBytes(UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size))
    body(&input)
    return 0
}

/// Runs `body`, which may throw only the typed errors `accepted` allows (invalid options by
/// default); any other error stops the fuzzer with it.
public func expectingTypedErrors(
    _ accepted: (LineFitError) -> Bool = { if case .invalidOption = $0 { true } else { false } }, _ body: () throws -> Void
) {
    do {
        try body()
    } catch let error as LineFitError {
        guard accepted(error) else { fatalError("fuzz: unexpected error \(error)") }
    } catch {
        fatalError("fuzz: untyped error \(error)")
    }
}
