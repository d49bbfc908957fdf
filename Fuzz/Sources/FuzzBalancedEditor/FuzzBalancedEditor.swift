import FuzzSupport
import LineFit

@_cdecl("FuzzBalancedEditor_main")
public func fuzzBalancedEditorMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 {
    runFuzzer(argc, argv, fuzzBalancedEditorInput)
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBalancedEditorInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    fuzzOneInput(data, size, fuzzBalancedEditor)
}

/// Editor sessions with balanced breaking or a box (the stability rule off): after every
/// edit the session equals a fresh layout (`EditorChecks.edit`). Input: option bytes, strategy
/// and box bytes, a font byte, then `EditorChecks`' bytes.
func fuzzBalancedEditor(_ input: inout FuzzBytes) {
    var options = FuzzOptions.readStory(&input)
    options.stableBreaks = false
    EditorChecks.edit(&input, fonts: input.pick(FuzzFonts.chains), options: options)
}
