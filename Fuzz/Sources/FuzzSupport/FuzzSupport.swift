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
        if let limit = options.maxHeight, !layout.overflowsHeight, layout.height > limit * (1 + 1e-9) {
            fail("height \(layout.height) over the limit \(limit) without overflowsHeight")
        }
    }
}

/// libFuzzer's driver, for the entry points below.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

/// Runs libFuzzer on `callback`. SwiftPM links an executable target through an entry point
/// named after the target (`<Target>_main`), so each target defines that symbol and calls
/// this instead of relying on libFuzzer's own `main`. Sanitizers and a trapping Swift runtime
/// hang in the backtracer unless SWIFT_BACKTRACE=enable=no, which is set here.
public func runFuzzer(
    _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32 {
    setenv("SWIFT_BACKTRACE", "enable=no", 1)
    var count = argc
    var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
    return withUnsafeMutablePointer(to: &arguments) { pointer in
        LLVMFuzzerRunDriver(&count, UnsafeMutablePointer(OpaquePointer(pointer)), callback)
    }
}
