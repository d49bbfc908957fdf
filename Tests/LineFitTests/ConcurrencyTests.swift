import Dispatch
import Foundation
import Testing

@testable import LineFit

/// Fonts are shared between threads; engines and sessions each belong to one thread.
@Suite struct ConcurrencyTests {
    @Test func sessionsOnSeveralThreadsShareFonts() throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/NotoSans-Regular.ttf")
        let options = LayoutOptions(width: 700, minSize: 28, maxSize: 200)
        let texts = CorpusJob.all().map(\.text)
        // Reference layouts made on this thread alone.
        let reference = try LayoutEngine()
        let expected = try texts.map { try reference.layout($0, fonts: fonts, options: options) }

        let threads = 4
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            do {
                let engine = try LayoutEngine()
                for round in 0..<3 {
                    for (index, text) in texts.enumerated() where (index + worker + round) % 2 == 0 {
                        if try engine.layout(text, fonts: fonts, options: options) != expected[index] {
                            failures.withLock { $0 += 1 }
                        }
                    }
                }
                // Each thread also types into its own session over the same fonts.
                let session = try EditorSession(fonts: fonts, options: options)
                for character in texts[worker % texts.count] {
                    try session.insert(String(character), at: session.utf16Count)
                }
                if session.layout != expected[worker % texts.count] { failures.withLock { $0 += 1 } }
            } catch {
                failures.withLock { $0 += 1000 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
    }
}

/// A lock around a value, for counting from several threads in a test.
final class Mutex<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
