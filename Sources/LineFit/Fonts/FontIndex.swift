import Foundation

/// What each bundled font is, read from the committed `Fonts/index.json` instead of opening
/// the fonts: a lookup by family name or weight reads one small file, never every font.
///
/// `scripts/make-font-index.py` writes the index; a test checks it against the files.
public struct FontIndex: Sendable, Codable, Hashable {
    /// One font file of the folder.
    public struct Entry: Sendable, Codable, Hashable {
        /// The file name inside the folder, e.g. "NotoSans-Bold.ttf".
        public var file: String
        /// Number of faces: more than one for a collection (`.ttc`).
        public var faces: Int
        /// Face 0's family name (typographic family when the font has one), e.g. "Noto Sans".
        public var family: String
        /// Face 0's style name, e.g. "Bold".
        public var style: String
        /// Face 0's `OS/2` usWeightClass (400 regular, 700 bold).
        public var weight: Int
        /// Face 0's variation axis tags (`fvar`); empty for a static font.
        public var axes: [String]
        /// Every face's family, for collections.
        public var faceFamilies: [String]?
    }

    /// The index format's version; a reader accepts its own version and older ones.
    public var version: Int
    /// The fonts of the folder, sorted by file name.
    public var fonts: [Entry]

    /// The file name of the index inside a fonts folder.
    public static let fileName = "index.json"

    /// The index of a folder, or nil when it has none or it cannot be read. Decoded once per
    /// folder and kept while the file is unchanged (`FontIndexCache`): font lookups, fallback
    /// chains and every batch worker ask for it.
    public static func load(directory: String) -> FontIndex? {
        FontIndexCache.shared.index(directory: directory)
    }

    /// Reads and decodes the index file of a folder, without the cache.
    static func decode(directory: String) -> FontIndex? {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(fileName)
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(FontIndex.self, from: data)
    }

    /// The entry of a file name.
    public func entry(file: String) -> Entry? {
        fonts.first { $0.file == file }
    }

    /// The entries of a family, compared without case; `family` may end with a style name
    /// ("Noto Sans Bold"), which then has to match too.
    public func entries(family: String) -> [Entry] {
        let wanted = family.lowercased()
        let exact = fonts.filter { $0.family.lowercased() == wanted }
        if !exact.isEmpty { return exact }
        return fonts.filter { "\($0.family) \($0.style)".lowercased() == wanted }
    }

    /// The face of `family` whose weight is nearest to `weight` (a tie goes to the heavier
    /// face, so a bold primary never gets a lighter fallback than it could).
    public func nearest(family: String, weight: Int) -> Entry? {
        fonts.filter { $0.family == family && $0.axes.isEmpty }.min { a, b in
            let da = abs(a.weight - weight), db = abs(b.weight - weight)
            return da != db ? da < db : a.weight > b.weight
        }
    }
}
