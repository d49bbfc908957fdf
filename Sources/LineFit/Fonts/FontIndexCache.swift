import Foundation
import Synchronization

/// The decoded `index.json` of each fonts folder, shared by every thread.
///
/// Decoding the index with `JSONDecoder` costs about 1.6 M instructions, and one run of the
/// CLI asked for it several times (the fallback chain, the bundled folder, a family name);
/// batch workers ask for it with every job. An entry is kept while the file's identity and
/// modification time stay the same (one `stat` per ask), so an index rewritten in place, as
/// `scripts/make-font-index.py` and tests do, is read again.
final class FontIndexCache: Sendable {
    /// The cache every `FontIndex.load(directory:)` goes through.
    static let shared = FontIndexCache()

    /// What identifies one version of an index file.
    private struct FileStamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modifiedSeconds: Int
        var modifiedNanoseconds: Int
    }

    private struct Entry {
        var stamp: FileStamp
        var index: FontIndex?
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// How many times an index file has been decoded (tests check that repeats are free).
    var decodeCount: Int { decodes.load(ordering: .relaxed) }
    private let decodes = Atomic<Int>(0)

    /// The index of `directory`, decoded on first ask and again only when the file changed;
    /// nil when the folder has no readable index.
    func index(directory: String) -> FontIndex? {
        let path = (directory as NSString).appendingPathComponent(FontIndex.fileName)
        guard let stamp = Self.stamp(path) else {
            entries.withLock { _ = $0.removeValue(forKey: directory) }
            return nil
        }
        if let cached = entries.withLock({ $0[directory] }), cached.stamp == stamp {
            return cached.index
        }
        // Decoded outside the lock: two threads missing at once both decode (the same file,
        // the same result) rather than one waiting on the other's JSON.
        let index = FontIndex.decode(directory: directory)
        decodes.add(1, ordering: .relaxed)
        entries.withLock { $0[directory] = Entry(stamp: stamp, index: index) }
        return index
    }

    /// Forgets every folder's index (tests).
    func removeAll() {
        entries.withLock { $0.removeAll() }
    }

    private static func stamp(_ path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return FileStamp(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modifiedSeconds: Int(status.st_mtim.tv_sec), modifiedNanoseconds: Int(status.st_mtim.tv_nsec))
    }
}
