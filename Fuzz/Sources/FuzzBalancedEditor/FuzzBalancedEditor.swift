import FuzzSupport

/// Balanced and boxed editor sessions, equal to fresh layouts (`FuzzTargets.balancedEditor`).
@_cdecl("FuzzBalancedEditor_main")
public func fuzzBalancedEditorMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzBalancedEditorInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBalancedEditorInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOneInput(data, size, FuzzTargets.balancedEditor) }
