import FuzzSupport

/// Balanced breaking and limit/fill boxes on arbitrary text (`FuzzTargets.balanced`).
@_cdecl("FuzzBalanced_main")
public func fuzzBalancedMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzBalancedInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBalancedInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOneInput(data, size, FuzzTargets.balanced) }
