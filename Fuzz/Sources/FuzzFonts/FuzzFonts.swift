import Foundation
import FuzzSupport
import LineFit

@_cdecl("FuzzFonts_main")
public func fuzzFontsMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzFontsInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFontsInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOneInput(data, size, fuzzFonts) }

/// Mutated bundled fonts: loading fails with a typed error or the font lays out, measures and
/// draws without a trap or a memory error. The input names a bundled font, optionally a
/// length to cut it to, then byte patches (offset, value); half the patches land in the
/// first 4 KB, where the table directory and the small tables are. Inputs stay small while
/// the fonts they mutate are real.
func fuzzFonts(_ input: inout FuzzBytes) {
    var bytes = input.pick(MutatedFonts.originals)
    if input.byte() % 4 == 0 {
        bytes = Array(bytes.prefix(input.u16() << 4))
    }
    while !input.isAtEnd, !bytes.isEmpty {
        let near = input.byte() % 2 == 0
        let offset = input.u16() << (near ? 0 : 4)
        let value = input.byte()
        bytes[(near ? offset % 4096 : offset) % bytes.count] = value
    }
    expectingTypedErrors({ error in
        switch error {
        case .fontInvalid, .fontUnreadable: true
        default: false
        }
    }) {
        let font = try Font(data: Data(bytes), name: "mutated")
        let fonts = FontChain(font)
        let layout = try LayoutEngine().layout(
            "Type Mode fills every line. 123 ÄÖÜ ﬁ", fonts: fonts, options: LayoutOptions(width: 300, minSize: 12, maxSize: 90))
        LayoutChecks.check(layout, "Type Mode fills every line. 123 ÄÖÜ ﬁ", LayoutOptions(width: 300, minSize: 12, maxSize: 90))
        for glyph in layout.lines.flatMap(\.runs).flatMap(\.glyphs).prefix(64) {
            _ = font.outline(glyph: glyph.id)
            _ = font.inkBounds(glyph: glyph.id)
        }
        _ = layout.inkBoxes(fonts: fonts)
    }
}

enum MutatedFonts {
    /// The smaller bundled fonts (the CJK and emoji ones are megabytes).
    static let originals: [[UInt8]] = ["BebasNeue-Regular.otf", "CourierPrime-Regular.otf", "NotoSansHebrew-Regular.ttf",
                                       "LeagueSpartan-Bold.otf"].map { name in
        let path = (FuzzFonts.directory as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("fuzz: cannot read \(path)") }
        return Array(data)
    }
}
