import FuzzSupport
import LineFit

/// An editor session under a sequence of edits: after every edit its layout equals a fresh
/// layout of the same text (the stability rule of story-aware breaking is off). Input:
/// option bytes, a font byte, the starting text's length and bytes, then edits of five
/// bytes each (kind, position, length, snippet) until the input ends.
@_cdecl("FuzzEditor_main")
public func fuzzEditorMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in
        guard let data else { return 0 }
        return fuzzEditor(data, size)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditor(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = FuzzBytes(UnsafeRawBufferPointer(start: data, count: size))
    let options = FuzzOptions.read(&input)
    let fonts = input.pick(FuzzFonts.chains)
    let start = input.text(bytes: Int(input.byte()))
    let snippets = [
        "a", " ", "\n", "word ", "🎉", "👩‍👩‍👧‍👦", "é", "ש", "م", "क्ष", "สวัสดี", "中", "\r\n", "\u{00AD}", "\u{0301}",
        "\u{200D}", "\u{FE0F}", "🏻", "\u{202E}", "\u{2067}", "\u{200F}", "今天", "Super", "",
    ]
    do {
        let session = try EditorSession(text: start, fonts: fonts, options: options)
        let engine = try LayoutEngine()
        var steps = 0
        // Hinting reshapes every line at each size tried: fewer edits keep a run under the timeout.
        let limit = options.widthMode == .hinted ? 6 : 40
        while !input.isAtEnd, steps < limit {
            steps += 1
            let kind = input.byte()
            let length = session.utf16Count
            let position = length == 0 ? 0 : input.u16() % (length + 1)
            let count = Int(input.byte() % 16)
            let snippet = kind % 4 == 3 ? input.text(bytes: Int(input.byte() % 8)) : input.pick(snippets)
            do {
                switch kind % 4 {
                case 0: try session.insert(snippet, at: position)
                case 1: try session.delete(position..<min(length, position + count))
                case 2: try session.backspace(at: position)
                default: try session.replace(position..<min(length, position + count), with: snippet)
                }
            } catch LineFitError.invalidRange {
                continue  // an end inside a surrogate pair: refused, the text unchanged
            }
            let fresh = try engine.layout(session.text, fonts: fonts, options: options)
            if session.layout != fresh {
                fatalError("fuzz: the session differs from a fresh layout after edit \(steps) of \(session.text.debugDescription) under \(options)")
            }
            LayoutChecks.check(fresh, session.text, options)
        }
    } catch let error as LineFitError {
        guard case .invalidOption = error else { fatalError("fuzz: unexpected error \(error)") }
    } catch {
        fatalError("fuzz: untyped error \(error)")
    }
    return 0
}
