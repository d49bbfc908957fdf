import Foundation
@testable import LineFit
import Testing

// The bundled fonts' index is decoded once per folder and read again only when its file
// changes; every thread gets the same entries as a fresh decode.

@Suite("Font index cache")
struct FontIndexCacheTests {
    private static func temporaryFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("linefit-index-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.path
    }

    private static func write(_ fonts: [FontIndex.Entry], to folder: String) throws {
        let data = try JSONEncoder().encode(FontIndex(version: 1, fonts: fonts))
        try data.write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(FontIndex.fileName)))
    }

    private static func entry(_ file: String, _ family: String) -> FontIndex.Entry {
        FontIndex.Entry(file: file, faces: 1, family: family, style: "Regular", weight: 400, axes: [], faceFamilies: nil)
    }

    @Test("the cached bundled index has the same entries as a fresh decode, decoded once")
    func sameEntriesDecodedOnce() throws {
        let directory = TestPaths.fontsDirectory.path
        let fresh = try #require(FontIndex.decode(directory: directory))
        let cache = FontIndexCache()
        #expect(cache.index(directory: directory) == fresh)
        #expect(cache.index(directory: directory) == fresh)
        #expect(cache.decodeCount == 1)
        // The shared cache behind FontIndex.load gives the same too.
        #expect(FontIndex.load(directory: directory) == fresh)
        #expect(fresh.fonts.contains { $0.file == TestFonts.notoSans && $0.family == "Noto Sans" })
    }

    @Test("an index rewritten in place is read again; a removed one is gone")
    func rewrittenIndex() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = FontIndexCache()
        #expect(cache.index(directory: folder) == nil)
        try Self.write([Self.entry("A.ttf", "Alpha")], to: folder)
        #expect(cache.index(directory: folder)?.fonts.map(\.family) == ["Alpha"])
        try Self.write([Self.entry("A.ttf", "Alpha"), Self.entry("B.ttf", "Beta Longer")], to: folder)
        #expect(cache.index(directory: folder)?.fonts.map(\.family) == ["Alpha", "Beta Longer"])
        #expect(cache.decodeCount == 2)
        try FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(FontIndex.fileName))
        #expect(cache.index(directory: folder) == nil)
    }

    @Test("a folder whose index is not JSON has no index, and asking again does not decode again")
    func unreadableIndex() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("not json".utf8).write(to: URL(fileURLWithPath: (folder as NSString).appendingPathComponent(FontIndex.fileName)))
        let cache = FontIndexCache()
        #expect(cache.index(directory: folder) == nil)
        #expect(cache.index(directory: folder) == nil)
        #expect(cache.decodeCount == 1)
    }

    @Test("threads asking at once all get the fresh decode's entries")
    func concurrentAsks() async throws {
        let directory = TestPaths.fontsDirectory.path
        let fresh = try #require(FontIndex.decode(directory: directory))
        let cache = FontIndexCache()
        let answers = await withTaskGroup(of: FontIndex?.self) { group in
            for _ in 0..<16 { group.addTask { cache.index(directory: directory) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers.count == 16 && answers.allSatisfy { $0 == fresh })
        #expect(cache.decodeCount >= 1 && cache.decodeCount <= 16)
    }
}
