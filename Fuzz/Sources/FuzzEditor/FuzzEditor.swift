import FuzzSupport

/// Greedy editor sessions under edits, equal to fresh layouts (`FuzzTargets.editor`).
@_cdecl("FuzzEditor_main")
public func fuzzEditorMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzEditorInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEditorInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOneInput(data, size, FuzzTargets.editor) }
