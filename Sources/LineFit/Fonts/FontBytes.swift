import Foundation

/// The bytes of a font file, mapped read-only from the file or copied from caller's data.
///
/// A mapped file costs no copy and no memory of its own: the kernel pages in only what
/// FreeType and HarfBuzz read (a Latin caption touches a few cmap and glyph pages of an 11 MB
/// emoji font, if it opens it at all), and those pages are shared between processes.
/// The bytes never move and live as long as this object, which is what `FT_New_Memory_Face`
/// and a read-only `hb_blob_t` require.
final class FontBytes: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    private let isMapped: Bool

    /// The bytes as a buffer (valid while this object lives).
    var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Maps the file at `path`.
    init(mapping path: String) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LineFitError.fontUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw LineFitError.fontUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw LineFitError.fontUnreadable(path: path, reason: "not a regular file")
        }
        guard status.st_size > 0 else {
            throw LineFitError.fontInvalid(path: path, faceIndex: 0, reason: "the file is empty")
        }
        let size = Int(status.st_size)
        let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            throw LineFitError.fontUnreadable(path: path, reason: String(cString: strerror(errno)))
        }
        base = UnsafeRawPointer(address)
        count = size
        isMapped = true
    }

    /// Copies `data`: the caller's `Data` may be freed or mutated after the font is made.
    init(copying data: Data) {
        let storage = UnsafeMutableRawBufferPointer.allocate(byteCount: Swift.max(1, data.count), alignment: 16)
        data.copyBytes(to: storage)
        base = UnsafeRawPointer(storage.baseAddress!)
        count = data.count
        isMapped = false
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: base), count)
        } else {
            base.deallocate()
        }
    }
}
