import CLineFitSystem
import Foundation

/// Where a font named by a caller is: a file and a face of it.
public struct FontLocation: Hashable, Sendable {
    /// The file to open.
    public var path: String
    /// The face inside the file (0 unless the name ended in `#N` for a collection).
    public var faceIndex: Int
    /// The name as the caller gave it, which layouts and `--json` report instead of `path`
    /// (a machine's absolute path says nothing on another machine).
    public var name: String
}

/// Finds fonts by path, by bundled file name or by family name, and finds the bundled fonts
/// from wherever LineFit runs: an app depending on the package, an installed CLI, or a
/// library loaded from another language.
///
/// A name is tried, in order, as
/// 1. a path to an existing file (relative to the working directory or absolute);
/// 2. `FILE#N`, face N of a collection, when `FILE#N` is not itself a file;
/// 3. a file name in one of `searchDirectories` (`NotoSans-Bold.ttf`);
/// 4. a family name, optionally with a style, from those folders' `index.json`
///    (`Noto Sans`, `Noto Sans Bold`).
///
/// The folders are, in order: `LINEFIT_FONTS` (one folder, or several separated by `:`);
/// `Fonts` and `../share/linefit/Fonts` beside the executable (`/proc/self/exe`) and beside
/// the image holding LineFit (`dladdr`, for a shared library loaded by Python or C); the
/// SwiftPM resource bundle `LineFit_LineFit.resources/Fonts` beside either, when a packager
/// put one there (SwiftPM's generated `Bundle.module` is never called: it traps when its
/// bundle is missing); and last the `Fonts` folder of the source checkout LineFit was built
/// from. Nothing is opened to find them: a few `stat`s at first use.
public enum FontLocator {
    /// The folders searched for bundled font names, in order, including those that do not
    /// exist (an error lists where it looked).
    public static var searchDirectories: [String] {
        environmentDirectories + fixedDirectories
    }

    /// The folders that exist, in search order.
    public static var existingDirectories: [String] {
        searchDirectories.filter(isDirectory)
    }

    /// Finds the font a caller named; throws `fontNotFound` listing the folders searched.
    public static func locate(_ name: String) throws -> FontLocation {
        // Anything at that path is what the caller meant, even a folder or a device: opening
        // it then says precisely why it is not a font, where a search would say "not found".
        if fileKind(name) != nil { return FontLocation(path: name, faceIndex: 0, name: name) }
        var file = name
        var faceIndex = 0
        if let hash = name.lastIndex(of: "#"), let index = Int(name[name.index(after: hash)...]), index >= 0 {
            file = String(name[..<hash])
            faceIndex = index
            if isFile(file) { return FontLocation(path: file, faceIndex: faceIndex, name: name) }
        }
        let directories = existingDirectories
        // A bare file name (no folder in it) may be a bundled font.
        if !file.contains("/") {
            for directory in directories {
                let candidate = (directory as NSString).appendingPathComponent(file)
                if isFile(candidate) { return FontLocation(path: candidate, faceIndex: faceIndex, name: name) }
            }
            for directory in directories {
                guard let index = FontIndex.load(directory: directory) else { continue }
                let entries = index.entries(family: file)
                guard !entries.isEmpty else { continue }
                // A family alone means its regular face when it has one.
                let entry = entries.min { abs($0.weight - 400) < abs($1.weight - 400) }!
                return FontLocation(
                    path: (directory as NSString).appendingPathComponent(entry.file), faceIndex: faceIndex,
                    name: entry.file + (faceIndex != 0 ? "#\(faceIndex)" : ""))
            }
        }
        throw LineFitError.fontNotFound(path: name, searched: file.contains("/") ? [] : searchDirectories)
    }

    /// The index of the first folder that has one (the bundled fonts' index).
    public static var bundledIndex: (directory: String, index: FontIndex)? {
        for directory in existingDirectories {
            if let index = FontIndex.load(directory: directory) { return (directory, index) }
        }
        return nil
    }

    // MARK: - The folders

    private static var environmentDirectories: [String] {
        // getenv reads one variable; ProcessInfo.environment builds a dictionary of the whole
        // environment (2.8 M instructions, most of a CLI run's font lookup).
        guard let raw = getenv(BundledFonts.environmentVariable), case let value = String(cString: raw), !value.isEmpty else {
            return []
        }
        return value.split(separator: ":").map(String.init)
    }

    /// Computed once: the executable and the image do not move while the process runs.
    /// Paths are joined as strings: Foundation's first `standardizingPath` and URL appending
    /// cost ~0.8 M instructions, a twentieth of the CLI's start.
    private static let fixedDirectories: [String] = {
        var folders: [String] = []
        var images: [String] = []
        if let executable = executablePath() { images.append(executable) }
        if let image = loadedImagePath(), !images.contains(image) { images.append(image) }
        for image in images {
            let folder = parent(of: image)
            folders.append(join(folder, "Fonts"))
            folders.append(join(parent(of: folder), "share/linefit/Fonts"))
            folders.append(join(folder, "LineFit_LineFit.resources/Fonts"))
        }
        // This file is Sources/LineFit/Fonts/FontLocator.swift inside the package.
        folders.append(join(parent(of: parent(of: parent(of: parent(of: #filePath)))), "Fonts"))
        // A handful of folders: compared in a list (a first Set<String> here costs 0.36 M
        // instructions, the runtime looking up String's Hashable conformance).
        var unique: [String] = []
        for folder in folders where !unique.contains(folder) { unique.append(folder) }
        return unique
    }()

    /// The folder part of an absolute path ("/" for a file at the root).
    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func join(_ folder: String, _ relative: String) -> String {
        folder.hasSuffix("/") ? folder + relative : folder + "/" + relative
    }

    /// The running executable (`/proc/self/exe`), nil where there is no /proc.
    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The file of the image (executable or shared library) this code was loaded from.
    private static func loadedImagePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard lfsys_image_path(#dsohandle, &buffer, buffer.count) == 0 else { return nil }
        let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return path.hasPrefix("/") ? path : nil
    }

    // One stat each, following links as FileManager.fileExists does, without its path
    // bridging: a CLI run asks about a dozen paths per font of the chain (~140 K instructions
    // a font through FileManager).
    private static func isFile(_ path: String) -> Bool {
        fileKind(path).map { $0 != S_IFDIR } ?? false
    }

    private static func isDirectory(_ path: String) -> Bool {
        fileKind(path) == S_IFDIR
    }

    /// The file type bits of what is at `path` (following links), nil when nothing is there.
    private static func fileKind(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }
}

extension Font {
    /// Loads the font a caller named (a path, `FILE#N`, a bundled file name or a family
    /// name; see `FontLocator`). The font's `name` is the name as given.
    public convenience init(named name: String) throws {
        let location = try FontLocator.locate(name)
        try self.init(path: location.path, faceIndex: location.faceIndex, name: location.name)
    }
}
