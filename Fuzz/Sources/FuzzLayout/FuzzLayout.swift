import FuzzSupport
import LineFit

@_cdecl("FuzzLayout_main")
public func fuzzLayoutMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzLayoutInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayoutInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOneInput(data, size, fuzzLayout) }

/// Layout of arbitrary text under arbitrary options: no trap, and every invariant of
/// `LayoutChecks` holds. Input: option bytes, a font byte, then the text as UTF-8.
func fuzzLayout(_ input: inout FuzzBytes) {
    let options = FuzzOptions.read(&input)
    let fonts = input.pick(FuzzFonts.chains)
    // Hinting reshapes at every size tried: keep hinted inputs short so each run is quick.
    let text = input.text(limit: options.widthMode == .hinted ? 120 : 3_000)
    LayoutChecks.layOut(text, fonts: fonts, options: options)
}
