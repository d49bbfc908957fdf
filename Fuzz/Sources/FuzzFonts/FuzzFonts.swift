import Foundation
import FuzzSupport
import LineFit

@_cdecl("FuzzFonts_main")
public func fuzzFontsMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzFontsInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFontsInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOneInput(data, size, fuzzFonts) }

/// Mutated bundled fonts: loading fails with a typed error or the font lays out, measures and
/// draws without a trap or a memory error. The input names a bundled font, optionally a
/// length to cut it to, then byte patches (offset, value). A patch lands in the first 4 KB
/// (the table directory and the small tables), anywhere, or inside one table the directory
/// names: the variable font's `HVAR`, `GDEF`, `GPOS`, `avar` and `fvar` sit far into the file,
/// and the next-size proof and the width-axis path read them directly. Inputs stay small while
/// the fonts they mutate are real. A variable font is laid out following `opsz` (the default),
/// filled by its width axis, or mixed.
func fuzzFonts(_ input: inout FuzzBytes) {
    var bytes = input.pick(MutatedFonts.originals)
    let tables = MutatedFonts.tableRanges(bytes)
    let lineFill = input.pick(LayoutOptions.LineFill.allCases)
    if input.byte() % 4 == 0 {
        bytes = Array(bytes.prefix(input.u16() << 4))
    }
    while !input.isAtEnd, !bytes.isEmpty {
        let target: Int
        switch input.byte() % 3 {
        case 0: target = input.u16() % 4096
        case 1: target = input.u16() << 4
        default:
            let table = tables.isEmpty ? 0..<bytes.count : input.pick(tables)
            target = table.lowerBound + (table.isEmpty ? 0 : (input.u16() << (table.count > 65_536 ? 4 : 0)) % table.count)
        }
        bytes[target % bytes.count] = input.byte()
    }
    let text = "Type Mode fills every line. 123 ÄÖÜ ﬁ"
    expectingTypedErrors({ error in
        switch error {
        case .fontInvalid, .fontUnreadable: true
        default: false
        }
    }) {
        let font = try Font(data: Data(bytes), name: "mutated")
        let fonts = FontChain(font)
        // Fills other than by size need a width axis; a font whose mutation lost it keeps size.
        let options = LayoutOptions(
            width: 300, minSize: 12, maxSize: 90, lineFill: font.variationAxes.contains { $0.tag == "wdth" } ? lineFill : .size)
        let layout = try LayoutEngine().layout(text, fonts: fonts, options: options)
        LayoutChecks.check(layout, text, options)
        for glyph in layout.lines.flatMap(\.runs).flatMap(\.glyphs).prefix(64) {
            _ = font.outline(glyph: glyph.id)
            _ = font.inkBounds(glyph: glyph.id)
        }
        _ = layout.inkBoxes(fonts: fonts)
    }
}

enum MutatedFonts {
    /// The smaller bundled fonts (the CJK and emoji ones are megabytes), and the variable one.
    static let originals: [[UInt8]] = ["BebasNeue-Regular.otf", "CourierPrime-Regular.otf", "NotoSansHebrew-Regular.ttf",
                                       "LeagueSpartan-Bold.otf", "RobotoFlex-VF.ttf"].map { name in
        let path = (FuzzFonts.directory as NSString).appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: path) else { fatalError("fuzz: cannot read \(path)") }
        return Array(data)
    }

    /// The byte ranges of the tables the unmutated font's directory names, clipped to the file.
    static func tableRanges(_ font: [UInt8]) -> [Range<Int>] {
        func u32(_ at: Int) -> Int { font[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard font.count >= 12 else { return [] }
        let count = Int(font[4]) << 8 | Int(font[5])
        return (0..<count).compactMap { index in
            let record = 12 + 16 * index
            guard record + 16 <= font.count else { return nil }
            let start = u32(record + 8), length = u32(record + 12)
            guard start < font.count, length > 0 else { return nil }
            return start..<min(font.count, start + length)
        }
    }
}
