import FuzzSupport
import LineFit

@_cdecl("FuzzEditor_main")
public func fuzzEditorMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzEditorInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditorInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOneInput(data, size, fuzzEditor) }

/// An editor session under a sequence of edits (greedy Type Mode options): see
/// `EditorChecks.edit`. Input: option bytes, a font byte, then `EditorChecks`' bytes.
func fuzzEditor(_ input: inout FuzzBytes) {
    let options = FuzzOptions.read(&input)
    EditorChecks.edit(&input, fonts: input.pick(FuzzFonts.chains), options: options)
}
