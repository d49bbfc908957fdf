import FuzzSupport

/// Layout of arbitrary text under arbitrary options (`FuzzTargets.layout`).
@_cdecl("FuzzLayout_main")
public func fuzzLayoutMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzLayoutInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOneInput(data, size, FuzzTargets.layout) }
