import Foundation

/// Loaded fonts by name, so that every layout and render of a process shares one `Font` per
/// face instead of opening it again. Thread-safe: batch workers share one cache.
public final class FontCache: @unchecked Sendable {
    /// The process-wide cache the styles and the CLI use.
    public static let shared = FontCache()

    private let lock = NSLock()
    private var fonts: [String: Font] = [:]

    /// An empty cache of your own (fonts are then loaded once per cache).
    public init() {}

    /// The font a caller named (a path, `FILE#N`, a bundled file name or a family; see
    /// `FontLocator`), loaded on first use. Two names of the same face share one `Font`,
    /// which keeps the first name it was asked by.
    ///
    /// - Parameters:
    ///   - name: A path, `FILE#N`, a bundled file name or a family name.
    ///   - deferred: For fallback fonts: only find the file now, and open it when some text
    ///     first needs it (`Font.loadError` then says if it was broken). Not deferred, the
    ///     font is opened now and a broken file throws here.
    public func font(_ name: String, deferred: Bool = false) throws -> Font {
        lock.lock()
        defer { lock.unlock() }
        if let font = fonts[name] {
            if !deferred { try font.open() }
            return font
        }
        let location = try FontLocator.locate(name)
        let key = "\(location.path)#\(location.faceIndex)"
        if let font = fonts[key] {
            if !deferred { try font.open() }
            fonts[name] = font
            return font
        }
        let font = deferred
            ? try Font(deferredPath: location.path, faceIndex: location.faceIndex, name: location.name)
            : try Font(path: location.path, faceIndex: location.faceIndex, name: location.name)
        fonts[name] = font
        fonts[key] = font
        return font
    }
}
