import Foundation
import Testing
@testable import LineFit

/// Fonts by path, `FILE#N`, bundled file name and family name; the committed index agrees
/// with the files; a name not found says where it was looked for.
@Suite("Font lookup and the font index")
struct FontLocatorTests {
    @Test("a bundled file name is found in the bundled folder and keeps its name")
    func bundledFileName() throws {
        let location = try FontLocator.locate("NotoSans-Bold.ttf")
        #expect(location.path == TestPaths.fontsDirectory.appendingPathComponent("NotoSans-Bold.ttf").path
            || location.path.hasSuffix("/NotoSans-Bold.ttf"))
        #expect(location.faceIndex == 0)
        let font = try Font(named: "NotoSans-Bold.ttf")
        #expect(font.name == "NotoSans-Bold.ttf")
        #expect(font.familyName == "Noto Sans")
        #expect(font.weightClass == 700)
    }

    @Test("a family name, alone or with a style, finds the face from the index", arguments: [
        ("Noto Sans", "NotoSans-Regular.ttf"),
        ("noto sans bold", "NotoSans-Bold.ttf"),
        ("Bebas Neue", "BebasNeue-Regular.otf"),
        ("Noto Sans CJK KR Bold", "NotoSansCJKkr-Hangul-Bold.otf"),
    ])
    func familyName(family: String, file: String) throws {
        let location = try FontLocator.locate(family)
        #expect((location.path as NSString).lastPathComponent == file)
        #expect(location.name == file)
    }

    @Test("FILE#N opens face N of a collection; FILE#N that is a file is that file")
    func faceIndex() throws {
        let collection = try TestPaths.fixture("HebrewThai.ttc").path
        let thai = try Font(named: collection + "#1")
        #expect(thai.faceIndex == 1)
        #expect(thai.familyName == "Noto Sans Thai")
        #expect(try Font(named: collection).familyName == "Noto Sans Hebrew")
        #expect(throws: LineFitError.self) { try Font(named: collection + "#2") }

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-hash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let odd = folder.appendingPathComponent("Latin.ttf#1").path
        try FileManager.default.copyItem(atPath: try TestPaths.font(TestFonts.notoSans), toPath: odd)
        let location = try FontLocator.locate(odd)
        #expect(location.path == odd && location.faceIndex == 0)
    }

    @Test("a name found nowhere throws fontNotFound listing the folders searched")
    func notFound() throws {
        do {
            _ = try FontLocator.locate("NoSuchFont-Regular.otf")
            Issue.record("no error thrown")
        } catch let LineFitError.fontNotFound(path, searched) {
            #expect(path == "NoSuchFont-Regular.otf")
            #expect(searched.contains(TestPaths.fontsDirectory.standardizedFileURL.path)
                || searched.contains(TestPaths.fontsDirectory.path))
            let message = LineFitError.fontNotFound(path: path, searched: searched).description
            #expect(message.contains("looked in"))
        }
        // A path is reported as the path alone: there was nowhere else to look.
        #expect(throws: LineFitError.fontNotFound(path: "/nonexistent/x.ttf")) { try FontLocator.locate("/nonexistent/x.ttf") }
    }

    @Test("the committed index describes every bundled font as FreeType reads it")
    func indexMatchesFiles() throws {
        let directory = TestPaths.fontsDirectory.path
        guard let index = FontIndex.load(directory: directory) else {
            throw MissingPrerequisite(description: "Fonts/index.json is missing or unreadable (run scripts/make-font-index.py)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: directory)
            .filter { [".ttf", ".otf", ".ttc", ".otc"].contains(where: $0.lowercased().hasSuffix) }
        #expect(Set(index.fonts.map(\.file)) == Set(files), "regenerate with scripts/make-font-index.py")
        for entry in index.fonts {
            let font = try Font(path: (directory as NSString).appendingPathComponent(entry.file))
            #expect(font.familyName == entry.family, "\(entry.file)")
            #expect(font.styleName == entry.style, "\(entry.file)")
            #expect(font.weightClass == entry.weight, "\(entry.file)")
            // Exactly `faces` faces: the last exists, the next does not.
            _ = try Font(path: (directory as NSString).appendingPathComponent(entry.file), faceIndex: entry.faces - 1)
            #expect(throws: LineFitError.self) {
                try Font(path: (directory as NSString).appendingPathComponent(entry.file), faceIndex: entry.faces)
            }
        }
    }

    @Test("bundled fallbacks follow the primary font's weight where a heavier face exists")
    func weightMatchedFallbacks() throws {
        let names = ["NotoSansArabic-Regular.ttf", "DroidSansFallbackFull.ttf", "NotoSansThai-Regular.ttf", "/x/Other.ttf"]
        #expect(BundledFonts.fallbackNames(names, matchingWeight: 700)
            == ["NotoSansArabic-Bold.ttf", "DroidSansFallbackFull.ttf", "NotoSansThai-Bold.ttf", "/x/Other.ttf"])
        #expect(BundledFonts.fallbackNames(names, matchingWeight: 400) == names)
        // Strong's primary is League Spartan Bold (700): its chain has the bold fallbacks.
        // A cache of its own: the shared one keeps the first name a face was asked by, and
        // another test running at the same time may ask for a fallback by its path.
        let chain = try Style.strong.fontChain(cache: FontCache()).fonts.map(\.name)
        #expect(chain.contains("NotoSansArabic-Bold.ttf") && chain.contains("NotoSansCJKkr-Hangul-Bold.otf"), "\(chain)")
        #expect(!chain.contains { $0.hasPrefix("/") }, "names as given, never machine paths: \(chain)")
    }
}
