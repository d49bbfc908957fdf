#if LINEFIT_EDITOR_PROXY
import Foundation
import LineFit

/// A stand-in with EditorSession's contract that answers every edit with a fresh layout of
/// the whole text (LINEFIT_EDITOR=proxy). It is what an editor without incremental work
/// would cost, and lets the keystroke suites run before EditorSession lands on main.
/// TODO(editor): delete once EditorSession is on main.
final class FreshLayoutSession {
    private let engine: LayoutEngine
    private let fonts: FontChain
    private let options: LayoutOptions
    private var units: [UInt16]
    private(set) var layout: Layout

    init(text: String, fonts: FontChain, options: LayoutOptions) throws {
        engine = try LayoutEngine()
        self.fonts = fonts
        self.options = options
        units = Array(text.utf16)
        layout = try engine.layout(text, fonts: fonts, options: options)
    }

    @discardableResult
    func replace(_ range: Range<Int>, with replacement: String) throws -> EditResult {
        units.replaceSubrange(range, with: replacement.utf16)
        layout = try engine.layout(String(decoding: units, as: UTF16.self), fonts: fonts, options: options)
        return EditResult(layout: layout, changedLines: 0..<layout.lines.count)
    }

    @discardableResult
    func insert(_ text: String, at offset: Int) throws -> EditResult {
        try replace(offset..<offset, with: text)
    }

    /// Deletes the grapheme cluster before `caret`.
    @discardableResult
    func backspace(at caret: Int) throws -> EditResult {
        let text = String(decoding: units, as: UTF16.self)
        let end = String.Index(utf16Offset: caret, in: text)
        let start = text.index(before: end)
        return try replace(start.utf16Offset(in: text)..<caret, with: "")
    }

    func typingSize(at caret: Int) -> Double {
        layout.lines.last(where: { $0.start <= caret })?.size ?? options.minSize
    }
}

struct EditResult {
    var layout: Layout
    var changedLines: Range<Int>
}
#endif
