import CLineFit
import Dispatch
import Foundation
import Testing

@testable import LineFit

/// Threads sharing what the library lets them share (fonts, a C font chain) while each owns
/// its engines, sessions and C handles: balanced and fill sessions on several threads, and the
/// C API's handles and per-thread error messages. `.ci/step-tsan` runs these under
/// ThreadSanitizer (every suite whose name starts with `Concurrency`).
@Suite struct ConcurrencyBreadthTests {
    static let texts = [
        "Sunday market haul 🍓🥖 first strawberries of the year!", "we packed the car at dawn\nand drove north",
        "今天天气很好，我们去公园", "مرحبا بالعالم and שלום too", "a\u{00AD}very\u{00AD}long\u{00AD}word 👩‍👩‍👧‍👦🏿",
    ]

    @Test(arguments: [LayoutOptions.Box.none, .fill(height: 600)])
    func balancedSessionsOnThreadsShareFonts(box: LayoutOptions.Box) throws {
        let fonts = try EditorFixtures.chain(primary: "Fonts/LeagueSpartan-Bold.otf")
        let options = LayoutOptions(width: 500, minSize: 20, maxSize: 160, breakStrategy: .balanced, box: box)
        let reference = try LayoutEngine()
        let expected = try Self.texts.map { try reference.layout($0, fonts: fonts, options: options) }
        let failures = Mutex([String]())
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            do {
                for round in 0..<2 {
                    let index = (worker + round) % Self.texts.count
                    let session = try EditorSession(fonts: fonts, options: options)
                    for character in Self.texts[index] {
                        try session.insert(String(character), at: session.utf16Count)
                    }
                    if session.layout != expected[index] { failures.withLock { $0.append("worker \(worker) text \(index)") } }
                }
            } catch {
                failures.withLock { $0.append("worker \(worker): \(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }

    /// The C API from several threads on one bundled chain: each thread its own options,
    /// engine, layouts and editor; every layout's lines equal the Swift layout's, and a failed
    /// call's message stays on its own thread.
    @Test func cAPIHandlesOnThreads() throws {
        var chainHandle: OpaquePointer?
        #expect(linefit_font_chain_create_bundled(TestPaths.fontsDirectory.path, "NotoSans-Regular.ttf", &chainHandle) == LINEFIT_OK)
        let chain = try #require(chainHandle)
        defer { linefit_font_chain_destroy(chain) }
        let fonts = try EditorFixtures.chain(primary: "Fonts/NotoSans-Regular.ttf")
        let options = LayoutOptions(width: 420, minSize: 18, maxSize: 120)
        let reference = try LayoutEngine()
        let expected = try Self.texts.map { try reference.layout($0, fonts: fonts, options: options).lines.map { [$0.start, $0.end] } }
        let failures = Mutex([String]())
        nonisolated(unsafe) let sharedChain = chain
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var optionsHandle: OpaquePointer?, engine: OpaquePointer?
            guard linefit_options_create(420, 18, 120, &optionsHandle) == LINEFIT_OK, linefit_engine_create(&engine) == LINEFIT_OK
            else {
                failures.withLock { $0.append("worker \(worker): no options or engine") }
                return
            }
            defer { linefit_options_destroy(optionsHandle); linefit_engine_destroy(engine) }
            for round in 0..<3 {
                let index = (worker + round) % Self.texts.count
                let utf8 = Array(Self.texts[index].utf8)
                var layout: OpaquePointer?
                let status = utf8.withUnsafeBufferPointer { buffer in
                    buffer.withMemoryRebound(to: CChar.self) {
                        linefit_layout_create(engine, sharedChain, optionsHandle, $0.baseAddress, $0.count, &layout)
                    }
                }
                guard status == LINEFIT_OK, let layout else {
                    failures.withLock { $0.append("worker \(worker): layout status \(status)") }
                    continue
                }
                var count = 0
                _ = linefit_layout_get_lines(layout, nil, 0, &count)
                var lines = [linefit_line_t](repeating: linefit_line_t(), count: count)
                _ = linefit_layout_get_lines(layout, &lines, count, &count)
                linefit_layout_destroy(layout)
                if lines.map({ [Int($0.start), Int($0.end)] }) != expected[index] {
                    failures.withLock { $0.append("worker \(worker) text \(index): C lines differ") }
                }
                // A failing call on this thread while others succeed: its status is its own.
                if linefit_options_set_width(optionsHandle, -1) == LINEFIT_OK {
                    failures.withLock { $0.append("worker \(worker): a negative width was accepted") }
                }
                _ = linefit_options_set_width(optionsHandle, 420)
            }
            var editor: OpaquePointer?
            if linefit_editor_create(sharedChain, optionsHandle, "edit me", 7, &editor) == LINEFIT_OK, let editor {
                for _ in 0..<10 { _ = linefit_editor_insert(editor, 0, "ab ", 3, nil) }
                var length = 0
                _ = linefit_editor_get_length(editor, &length)
                if length != 37 { failures.withLock { $0.append("worker \(worker): editor length \(length)") } }
                linefit_editor_destroy(editor)
            } else {
                failures.withLock { $0.append("worker \(worker): no editor") }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }
}
