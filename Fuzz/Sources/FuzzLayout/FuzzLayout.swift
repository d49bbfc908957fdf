import FuzzSupport
import LineFit

/// Layout of arbitrary text under arbitrary options: no trap, and every invariant of
/// `LayoutChecks` holds. Input: option bytes, a font byte, then the text as UTF-8.
@_cdecl("FuzzLayout_main")
public func fuzzLayoutMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    runFuzzer(argc, argv) { data, size in
        guard let data else { return 0 }
        return fuzzLayout(data, size)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    var input = FuzzBytes(UnsafeRawBufferPointer(start: data, count: size))
    let options = FuzzOptions.read(&input)
    let fonts = input.pick(FuzzFonts.chains)
    // Hinting reshapes at every size tried: keep hinted inputs short so each run is quick.
    let text = input.text(limit: options.widthMode == .hinted ? 120 : 3_000)
    do {
        let layout = try LayoutEngine().layout(text, fonts: fonts, options: options)
        LayoutChecks.check(layout, text, options)
        _ = layout.rects(for: 0..<text.utf16.count)
        _ = layout.sizeSpans
    } catch let error as LineFitError {
        // Options that do not validate are a typed error; nothing else may be thrown.
        guard case .invalidOption = error else { fatalError("fuzz: unexpected error \(error)") }
    } catch {
        fatalError("fuzz: untyped error \(error)")
    }
    return 0
}
