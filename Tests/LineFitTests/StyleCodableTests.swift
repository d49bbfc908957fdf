import Foundation
import Testing
@testable import LineFit

/// Styles saved as JSON: every preset round-trips; missing keys take Strong's values,
/// unknown keys are ignored, a newer version is refused; colours in every CSS form.
@Suite("Style Codable and CSS colours")
struct StyleCodableTests {
    @Test("every preset survives encoding and decoding", arguments: Style.Preset.allCases)
    func roundTrip(preset: Style.Preset) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let data = try encoder.encode(preset.style)
        let decoded = try JSONDecoder().decode(Style.self, from: data)
        // Colours are written as 8-bit hex, so compare after the same rounding.
        #expect(try encoder.encode(decoded) == data)
        #expect(decoded.font == preset.style.font && decoded.fit == preset.style.fit)
        #expect(decoded.background == preset.style.background && decoded.transform == preset.style.transform)
    }

    @Test("a style with an unknown key and missing keys loads, the missing ones from Strong")
    func forgiving() throws {
        let json = """
            {"version": 1, "name": "mine", "font": "BebasNeue-Regular.otf", "fit": {"size": 50},
             "breakStrategyOfTheFuture": "balanced", "textColor": "tomato",
             "backdrop": {"top": "#000"}}
            """
        let style = try JSONDecoder().decode(Style.self, from: Data(json.utf8))
        #expect(style.name == "mine" && style.font == "BebasNeue-Regular.otf" && style.fit == .fixed(50))
        #expect(style.textColor == StyleColor(css: "#ff6347"))
        #expect(style.backdrop == Style.Backdrop(.black))
        #expect(style.tracking == Style.strong.tracking && style.margin == Style.strong.margin)
        #expect(style.fallbacks == Style.strong.fallbacks && style.background == Style.strong.background)
        let empty = try JSONDecoder().decode(Style.self, from: Data("{}".utf8))
        #expect(empty.font == Style.strong.font && empty.fit == Style.strong.fit)
    }

    @Test("a newer version is refused with a message naming it")
    func newerVersion() throws {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Style.self, from: Data(#"{"version": 99}"#.utf8))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-style-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"version": 99}"#.utf8).write(to: url)
        do {
            _ = try Style.load(contentsOf: url)
            Issue.record("no error")
        } catch let LineFitError.invalidOption(name, reason) {
            #expect(name == "style file" && reason.contains("version 99"))
        }
    }

    @Test("CSS colour forms", arguments: [
        ("#F80", StyleColor(red: 1, green: 0x88 / 255, blue: 0)),
        ("#F808", StyleColor(red: 1, green: 0x88 / 255, blue: 0, alpha: 0x88 / 255)),
        ("ff8800", StyleColor(red: 1, green: 0x88 / 255, blue: 0)),
        ("#FF880080", StyleColor(red: 1, green: 0x88 / 255, blue: 0, alpha: 0x80 / 255)),
        ("Red", StyleColor(red: 1, green: 0, blue: 0)),
        ("transparent", StyleColor(red: 0, green: 0, blue: 0, alpha: 0)),
        ("rgb(255, 136, 0)", StyleColor(red: 1, green: 136 / 255, blue: 0)),
        ("rgb(100% 0% 0%)", StyleColor(red: 1, green: 0, blue: 0)),
        ("rgba(0,0,255,0.25)", StyleColor(red: 0, green: 0, blue: 1, alpha: 0.25)),
        ("rgb(0 0 255 / 50%)", StyleColor(red: 0, green: 0, blue: 1, alpha: 0.5)),
    ])
    func cssColours(text: String, expected: StyleColor) {
        #expect(StyleColor(css: text) == expected, "\(text)")
    }

    @Test("not colours", arguments: ["", "#12", "#12345", "#GGG", "reddish", "rgb(256,0,0)", "rgb(1,2)", "rgba(0,0,0,2)", "hsl(0,0%,0%)"])
    func notColours(text: String) {
        #expect(StyleColor(css: text) == nil, "\(text)")
    }
}

/// The width tolerance at exact boundaries: a line fits when its width is at most
/// W × (1 + 1e-12), in the fitter and in the breaker alike.
@Suite("Width tolerance at exact boundaries")
struct WidthToleranceTests {
    // Noto Sans "0" is 572 units of a 1000-unit em (hb-shape: 0=0+572).
    static let zeroEm = 0.572

    @Test("the fitter keeps an exact decimal fit and drops one just over the tolerance")
    func fitter() {
        let grid = SizeGrid(minSize: 6, maxSize: 40, step: 0.01)
        // 0.572 × 16.10 is 9.209200000000001 in doubles; 9.2092 parses just below 9.2092.
        #expect(Self.zeroEm * 16.10 > 9.2092)
        #expect(LineFitter(grid: grid, width: 9.2092, tracking: 0).fitLinear(emWidth: Self.zeroEm).size == 16.10)
        #expect(LineFitter(grid: grid, width: 9.2092 * (1 - 1e-11), tracking: 0).fitLinear(emWidth: Self.zeroEm).size == 16.09)
        #expect(LineFitter(grid: grid, width: 9.2092, tracking: 0).fitMeasured { $0 * Self.zeroEm }.size == 16.10)
        #expect(WidthTolerance.fits(1000 * (1 + 1e-12), in: 1000))
        #expect(!WidthTolerance.fits(1000 * (1 + 1e-11), in: 1000))
    }

    @Test("the breaker keeps a word that fills the width exactly at the minimum on one line")
    func breaker() throws {
        let fonts = try TestFonts.chain(TestFonts.notoSans)
        // "00" at 16.10 pt is 2 × 9.2092 = 18.4184 in decimal.
        let exact = try layOut("00", fonts: fonts, options: LayoutOptions(width: 18.4184, minSize: 16.10, maxSize: 40))
        #expect(exact.lineTexts == ["00"])
        #expect(exact.lines[0].size == 16.10)
        let narrower = try layOut("00", fonts: fonts, options: LayoutOptions(width: 18.4184 * (1 - 1e-9), minSize: 16.10, maxSize: 40))
        #expect(narrower.lineTexts == ["0", "0"])
    }
}
