import Foundation

/// The job lines of a batch: a file read at once (so the total is known from the start), or
/// standard input read as it arrives (the total is known once it ends). Lines are bytes here;
/// each is checked as UTF-8 on its own, so one bad line is one failed job.
final class BatchInput {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// The number of job lines (not blank), once known.
    private(set) var total: Int?
    private var lineNumber = 0

    /// Opens FILE, or standard input for nil or "-".
    init(path: String?) throws {
        if let path, path != "-" {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw CLIError(message: "cannot read \(path): \(String(cString: strerror(errno)))") }
            descriptor = fd
            ownsDescriptor = true
            while fill() {}
            total = BatchInput.jobCount(buffer)
        } else {
            descriptor = STDIN_FILENO
            ownsDescriptor = false
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// The next line that holds anything but white space, with its 1-based line number.
    func next() -> (number: Int, bytes: ArraySlice<UInt8>)? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = buffer[start..<newline]
                start = newline + 1
                lineNumber += 1
                if BatchInput.isBlank(line) { continue }
                jobsSeen += 1
                return (lineNumber, BatchInput.trimmingCarriageReturn(line))
            }
            if ended {
                guard start < buffer.count else {
                    if total == nil { total = jobsSeen }
                    return nil
                }
                let line = buffer[start...]
                start = buffer.count
                lineNumber += 1
                if BatchInput.isBlank(line) { continue }
                jobsSeen += 1
                return (lineNumber, BatchInput.trimmingCarriageReturn(line))
            }
            // Keep only what is not consumed, then read more.
            if start > 0 {
                buffer.removeSubrange(0..<start)
                start = 0
            }
            _ = fill()
        }
    }

    /// Jobs handed out so far (the total for standard input once it ends).
    private var jobsSeen = 0

    /// Reads one chunk; false at the end of the input.
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { return true }
        guard count > 0 else {
            ended = true
            return false
        }
        buffer.append(contentsOf: chunk[0..<count])
        return true
    }

    private static func isBlank(_ line: ArraySlice<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    private static func trimmingCarriageReturn(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        line.last == 0x0D ? line.dropLast() : line
    }

    private static func jobCount(_ bytes: [UInt8]) -> Int {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).filter { !isBlank($0) }.count
    }
}
