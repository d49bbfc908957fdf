import FuzzSupport
import LineFit

@_cdecl("FuzzBalanced_main")
public func fuzzBalancedMain(_ argc: Int32, _ argv: FuzzArguments) -> Int32 { runFuzzer(argc, argv, fuzzBalancedInput) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBalancedInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 { fuzzOneInput(data, size, fuzzBalanced) }

/// Story-aware layouts of arbitrary text: balanced breaking and boxes (limit, fill) with
/// greedy and balanced breaking. No trap, `LayoutChecks`' invariants, and a fill box's block
/// within its height unless flagged. Input: option bytes, strategy and box bytes, a font
/// byte, then the text as UTF-8 (short: stage 2 and the box search lay out several times).
func fuzzBalanced(_ input: inout FuzzBytes) {
    let options = FuzzOptions.readStory(&input)
    let fonts = input.pick(FuzzFonts.chains)
    let text = input.text(limit: options.widthMode == .hinted ? 120 : 1_000)
    LayoutChecks.layOut(text, fonts: fonts, options: options)
}
