import CHarfBuzz
import Foundation
import Synchronization

/// One font face, loaded once and shared by every layout that uses it.
///
/// A `Font` owns its FreeType library, face and HarfBuzz font (a `FontFace`); nothing else
/// holds those handles. The file is mapped, not read (`FontBytes`). A font made with
/// `FontCache.font(_:deferred:)` opens the face only when something first asks about it, so a
/// fallback font that no text needs is never opened: a Latin caption never touches the emoji
/// or CJK files.
///
/// FreeType faces must not be used from two threads at once, so every use of them goes
/// through one lock per font: a `Font` is safe to share between threads and sessions, and two
/// threads shaping with the same font take turns. Opening on first use happens once, under
/// the same lock. Coverage queries go through a separate HarfBuzz font on HarfBuzz's own
/// OpenType functions, which are thread-safe and need no lock.
public final class Font: @unchecked Sendable, Hashable, CustomStringConvertible {
    /// The name the caller gave: the path as given, or the name passed with the bytes.
    public let name: String
    /// The face inside the file (0 unless the file is a collection).
    public let faceIndex: Int
    /// Design units per em, from the `head` table.
    public var unitsPerEm: Int { opened?.unitsPerEm ?? Font.inertUnitsPerEm }
    /// Vertical metrics in design units (ascender up, descender down, both positive).
    public var metrics: FontMetrics { opened?.metrics ?? .inert }
    /// Family and style names as FreeType reports them.
    public var familyName: String { opened?.familyName ?? "" }
    /// The style name ("Regular", "Bold") as FreeType reports it.
    public var styleName: String { opened?.styleName ?? "" }
    /// How many faces the file holds (more than one for a collection such as `.ttc`).
    public var faceCount: Int { opened?.faceCount ?? 1 }
    /// True for colour fonts without outlines (CBDT/sbix bitmaps, such as Noto Color Emoji).
    public var isBitmapOnly: Bool { opened?.isBitmapOnly ?? false }
    /// True when the font has colour glyphs (CBDT, sbix or COLR).
    public var hasColor: Bool {
        if let directoryColor { return directoryColor }
        return opened?.hasColor ?? false
    }
    /// The axes of a variable font (`fvar`), in table order; empty for a static font.
    public var variationAxes: [VariationAxis] {
        if deferredWithoutVariations { return [] }
        return opened?.variationAxes ?? []
    }
    /// The font's named instances (`fvar`), such as "Bold".
    public var namedInstances: [NamedInstance] {
        if deferredWithoutVariations { return [] }
        return opened?.namedInstances ?? []
    }

    /// Why a font opened on first use could not be opened (a broken file found late); nil
    /// when it opened or has not been needed yet. Such a font covers no character, so text
    /// falls through to the next font of the chain and nothing is lost.
    public var loadError: LineFitError? {
        lock.lock()
        defer { lock.unlock() }
        return failure
    }

    /// What a font that could not be opened reports as units per em (any positive value: it
    /// covers nothing, so no glyph of it is ever measured).
    static let inertUnitsPerEm = 1000

    private let lock = NSLock()
    /// The file to open on first use; nil for fonts opened at once.
    private let deferredPath: String?
    /// 0: not opened yet; 1: opened (`face` and `coverageFont` set); 2: failed (`failure` set).
    /// Written once under `lock`, read without it (acquire pairs with the writer's release).
    private let state = Atomic<Int>(0)
    private var face: FontFace?
    /// The face's coverage font, kept apart so the lock-free coverage path does no reference
    /// counting on `face` (worker threads share fonts; a shared count is a contended line).
    private var coverageFont: OpaquePointer?
    private var failure: LineFitError?
    /// A deferred font whose table directory has no `fvar`: it answers that it has no axes
    /// without being opened (every layout asks every font of its chain).
    private let deferredWithoutVariations: Bool
    /// A deferred font's colour, when its table directory settles it: the itemizer asks every
    /// font of the chain about colour before it asks which covers an emoji, and must not open
    /// the text fallbacks (CJK among them) to hear "no".
    private let directoryColor: Bool?

    /// Loads a face from a font file (TrueType, OpenType/CFF, or a collection with `faceIndex`).
    /// `name` is what layouts report as the font's name (the path when nil).
    public convenience init(path: String, faceIndex: Int = 0, name: String? = nil) throws {
        try Font.checkExists(path)
        try self.init(opening: try FontBytes(mapping: path), name: name ?? path, faceIndex: faceIndex)
    }

    /// Loads a face from font bytes; `name` identifies it in layouts and errors.
    public convenience init(data: Data, name: String, faceIndex: Int = 0) throws {
        guard !data.isEmpty else {
            throw LineFitError.fontInvalid(path: name, faceIndex: faceIndex, reason: "the file is empty")
        }
        try self.init(opening: FontBytes(copying: data), name: name, faceIndex: faceIndex)
    }

    private init(opening bytes: FontBytes, name: String, faceIndex: Int) throws {
        self.name = name
        self.faceIndex = faceIndex
        deferredPath = nil
        deferredWithoutVariations = false
        directoryColor = nil
        let opened = try FontFace(bytes: bytes, name: name, faceIndex: faceIndex)
        face = opened
        coverageFont = opened.coverageFont
        state.store(1, ordering: .releasing)
    }

    /// A font whose file is opened when the font is first asked about (see `FontCache`). Only
    /// that the file exists is checked now, and its table directory read for `fvar`.
    init(deferredPath path: String, faceIndex: Int = 0, name: String? = nil) throws {
        try Font.checkExists(path)
        self.name = name ?? path
        self.faceIndex = faceIndex
        deferredPath = path
        let tags = FontFileTables.tags(path: path, faceIndex: faceIndex)
        deferredWithoutVariations = tags.map { !$0.contains("fvar") } ?? false
        directoryColor = tags.flatMap(FontFileTables.hasColor)
    }

    private static func checkExists(_ path: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw LineFitError.fontNotFound(path: path)
        }
        if let reason = FontFileCheck.unreadableReason(path, isDirectory: isDirectory.boolValue) {
            throw LineFitError.fontUnreadable(path: path, reason: reason)
        }
    }

    /// The largest face index of a font collection (FreeType's 16-bit face number).
    public static let largestFaceIndex = 0xFFFF

    /// Whether the face has been opened (always true for fonts not made deferred).
    public var isOpen: Bool { state.load(ordering: .acquiring) == 1 }

    /// Opens a deferred font now, throwing what opening it found wrong.
    func open() throws {
        _ = opened
        if let failure = loadError { throw failure }
    }

    /// The opened face, opening it on first use; nil when it cannot be opened.
    private var opened: FontFace? {
        switch state.load(ordering: .acquiring) {
        case 1: return face
        case 2: return nil
        default:
            lock.lock()
            defer { lock.unlock() }
            return openLocked()
        }
    }

    private func openLocked() -> FontFace? {
        if let face { return face }
        if failure != nil { return nil }
        do {
            let path = deferredPath ?? name
            let opened = try FontFace(bytes: try FontBytes(mapping: path), name: name, faceIndex: faceIndex)
            face = opened
            coverageFont = opened.coverageFont
            state.store(1, ordering: .releasing)
            return opened
        } catch let error as LineFitError {
            failure = error
        } catch {
            failure = .fontUnreadable(path: name, reason: "\(error)")
        }
        state.store(2, ordering: .releasing)
        return nil
    }

    /// The glyph the font's cmap gives for a code point, if any. Thread-safe, lock-free once
    /// the font is open.
    public func glyph(for scalar: Unicode.Scalar) -> UInt32? {
        guard let coverage = readyCoverageFont else { return nil }
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(coverage, scalar.value, &glyph) != 0 ? glyph : nil
    }

    /// The HarfBuzz font for cmap look-ups, opening the font on first use; nil when it
    /// cannot be opened. Lock-free once the font is open.
    private var readyCoverageFont: OpaquePointer? {
        if state.load(ordering: .acquiring) == 1, let ready = coverageFont { return ready }
        return opened?.coverageFont
    }

    /// Whether the font's cmap maps every code point of `scalars`, in one HarfBuzz call
    /// (the itemizer's check of a whole paragraph; `glyph(for:)` per character costs ~150
    /// instructions of dispatch and lookup each). Thread-safe like `glyph(for:)`.
    func coversAll(_ scalars: UnsafeBufferPointer<UInt32>) -> Bool {
        guard let first = scalars.baseAddress, !scalars.isEmpty else { return true }
        guard let coverage = readyCoverageFont else { return false }
        // HarfBuzz stops at the first code point it cannot map; the glyphs themselves are not
        // needed, so every one is written to the same slot (stride 0).
        var glyph: hb_codepoint_t = 0
        let mapped = hb_font_get_nominal_glyphs(
            coverage, UInt32(scalars.count), first, UInt32(MemoryLayout<UInt32>.stride), &glyph, 0)
        return Int(mapped) == scalars.count
    }

    /// The caret positions inside a ligature glyph from `GDEF` (design units from the
    /// glyph's origin, in the font's order), empty when the font gives none. Thread-safe.
    public func ligatureCarets(glyph: UInt32, rightToLeft: Bool = false) -> [Int] {
        guard let coverage = opened?.coverageFont else { return [] }
        var count: UInt32 = 8
        var carets = [hb_position_t](repeating: 0, count: 8)
        let total = hb_ot_layout_get_ligature_carets(
            coverage, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR, glyph, 0, &count, &carets)
        return carets.prefix(Int(min(count, total))).map(Int.init)
    }

    /// Whether the font maps the code point to a glyph.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        glyph(for: scalar) != nil
    }

    /// The opened face under the lock. Only fonts that cover some text reach the shaper and
    /// the renderers, and a font that covers text is open.
    private func withOpenedLocked<R>(_ body: (FontFace) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        guard let face = openLocked() else {
            preconditionFailure("\(name) is used for text but could not be opened: \(failure.map { "\($0)" } ?? "")")
        }
        return try body(face)
    }

    /// Runs `body` with exclusive use of the unhinted design-unit HarfBuzz font, set to
    /// `variations` (ignored by a static font).
    func withDesignFont<R>(_ variations: VariationSettings = .none, _ body: (OpaquePointer) throws -> R) rethrows -> R {
        try withOpenedLocked { face in
            applyVariationsLocked(variations, to: face)
            return try body(face.designFont)
        }
    }

    private func applyVariationsLocked(_ variations: VariationSettings, to face: FontFace) {
        guard !face.variationAxes.isEmpty else { return }
        let effective = effectiveVariations(variations)
        guard effective != face.appliedVariations else { return }
        FontVariationTable.apply(effective, axes: face.variationAxes, tags: face.variationTags, hbFont: face.designFont)
        face.appliedVariations = effective
        face.variationAdvances.invalidate()
    }

    /// `withDesignFont`, also giving the instance's advances computed from `HVAR` (nil where
    /// FreeType must be asked for them; see `VariationAdvances`).
    func withDesignFontAndAdvances<R>(
        _ variations: VariationSettings, _ body: (OpaquePointer, VariationAdvances.Instance?) throws -> R
    ) rethrows -> R {
        try withOpenedLocked { face in
            applyVariationsLocked(variations, to: face)
            return try body(face.designFont, face.variationAdvances.currentLocked(face))
        }
    }

    /// The font's `HVAR` regions along axis `tag`, the other axes at `variations` (for
    /// estimates; see `AxisSweep`). Nil without a usable `HVAR` or without that axis.
    func advanceSweep(_ variations: VariationSettings, tag: String) -> AxisSweep? {
        guard isVariable else { return nil }
        let effective = effectiveVariations(variations)
        return withOpenedLocked { face in face.variationAdvances.sweepLocked(face, effective, tag: tag) }
    }

    /// The `GDEF` regions along axis `tag`, the others at `variations` (`KerningSweep`); nil
    /// for a static font or one whose pair tables are not read.
    func kerningSweep(_ variations: VariationSettings, tag: String) -> KerningSweep? {
        guard isVariable else { return nil }
        let effective = effectiveVariations(variations)
        return withOpenedLocked { face in face.variationAdvances.kerningSweepLocked(face, effective, tag: tag) }
    }

    /// Exact advance changes and a `GPOS` bound from `from` to `to`, instances that differ
    /// in axis `tag` alone (for proofs; see `AxisStep`). Nil for a static font or where
    /// `VariationAdvances.stepLocked` gives none.
    func axisStep(from: VariationSettings, to: VariationSettings, tag: String) -> AxisStep? {
        guard isVariable else { return nil }
        let source = effectiveVariations(from), target = effectiveVariations(to)
        return withOpenedLocked { face in face.variationAdvances.stepLocked(face, from: source, to: target, tag: tag) }
    }

    /// What re-advancing lines from the instance `variations` along `tag` needs
    /// (`ReadvancedSweep.Source`), kept per font and instance; nil where it cannot be made.
    /// Made outside the font's lock (it asks the font), kept under it.
    func readvancedSource(_ variations: VariationSettings, tag: String) -> ReadvancedSweep.Source? {
        guard isVariable else { return nil }
        let effective = effectiveVariations(variations)
        if let known = withOpenedLocked({ $0.variationAdvances.readvancedSourceLocked(effective, tag: tag) }) { return known }
        guard let made = ReadvancedSweep.Source(font: self, from: variations, tag: tag) else { return nil }
        withOpenedLocked { $0.variationAdvances.keepReadvancedSourceLocked(made, effective, tag: tag) }
        return made
    }

    /// FreeType's normalization of the axes (`FreeTypeNormalization`), once `axisStep` has
    /// checked it; nil for a static font, before, or where it disagreed.
    func freeTypeNormalization() -> FreeTypeNormalization? {
        guard isVariable else { return nil }
        return withOpenedLocked { face in face.variationAdvances.normalizationLocked() }
    }

    /// HarfBuzz's normalized coordinates (2.14, `avar` applied) of the instance `variations`
    /// gives this font, in `fvar` order; nil for a static font. What `GPOS` and `GDEF`
    /// deltas are evaluated at (`ReadvancedWidth`).
    func harfBuzzCoordinates(_ variations: VariationSettings) -> [Int32]? {
        guard isVariable else { return nil }
        // HarfBuzz skips tags the font lacks and clamps values to the axes, as
        // `effectiveVariations` does: the settings are passed as they are.
        return withOpenedLocked { face in VariationAdvances.harfBuzzCoordinates(face, variations) }
    }

    /// `step`'s source instance moved along `tag` to `to` instead (see
    /// `VariationAdvances.stepLocked(_:reusing:sourceCoordinates:to:tag:)`), with `to`'s
    /// HarfBuzz coordinates; nil where `axisStep(from:to:tag:)` would give none.
    func axisStep(
        reusing step: AxisStep, sourceCoordinates: [Int32], to: VariationSettings, tag: String
    ) -> (step: AxisStep, coordinates: [Int32])? {
        guard isVariable else { return nil }
        let target = effectiveVariations(to)
        return withOpenedLocked { face in
            face.variationAdvances.stepLocked(face, reusing: step, sourceCoordinates: sourceCoordinates, to: target, tag: tag)
        }
    }

    /// How the font's advances change from `from` to `to` (for estimates; see
    /// `AdvanceChange`). Nil for a static font or one without a usable `HVAR`.
    func advanceChange(from: VariationSettings, to: VariationSettings) -> AdvanceChange? {
        guard isVariable else { return nil }
        let source = effectiveVariations(from), target = effectiveVariations(to)
        return withOpenedLocked { face in face.variationAdvances.changeLocked(face, from: source, to: target) }
    }

    /// Runs `body` with a HarfBuzz font on a second FreeType face set to `size` points at
    /// 72 dpi with hinting on, so advances are the hinted ones FreeType gives at that ppem
    /// (nil for a face that cannot be hinted). The design-unit face is never resized, so
    /// unhinted shaping stays exact meanwhile. Sizes and advances stay cached between calls
    /// (`HintedSizes`).
    func withHintedFont<R>(size: Double, _ body: (OpaquePointer?) throws -> R) rethrows -> R {
        try withOpenedLocked { face in
            guard let hinted = face.hintedSizesLocked() else { return try body(nil) }
            return try body(hinted.font(at: size))
        }
    }

    /// The hinted font for a variable font at `variations`: the second face's coordinates are
    /// set under the lock and a HarfBuzz font made for the call (`HintedSizes` caches one
    /// instance, the default one, so instances other than it are not cached).
    func withVariedHintedFont<R>(
        size: Double, variations: VariationSettings, _ body: (OpaquePointer?) throws -> R
    ) rethrows -> R {
        try withOpenedLocked { face in
            guard !face.isBitmapOnly, let hinted = face.hintedFaceLocked() else { return try body(nil) }
            if !face.variationAxes.isEmpty {
                FontVariationTable.apply(designCoordinates(variations), face: hinted)
            }
            guard FT_Set_Char_Size(hinted, 0, FixedPoint.f26Dot6(size), 72, 72) == 0 else { return try body(nil) }
            let font = hb_ft_font_create_referenced(hinted)!
            hb_ft_font_set_load_flags(font, Int32(FT_LOAD_DEFAULT))
            defer { hb_font_destroy(font) }
            return try body(font)
        }
    }

    /// Runs `body` with exclusive use of the FreeType face (for outlines and bitmaps), set
    /// to `variations`.
    func withFace<R>(_ variations: VariationSettings = .none, _ body: (FT_Face) throws -> R) rethrows -> R {
        try withOpenedLocked { face in
            applyVariationsLocked(variations, to: face)
            return try body(face.face)
        }
    }

    /// What a hinted size resolves to in FreeType (`HintedSizeKey`): sizes with one key
    /// shape identically, so a search can measure each key once. Nil when not hintable.
    func hintedSizeKey(_ size: Double) -> HintedSizeKey? {
        withOpenedLocked { face in face.hintedSizesLocked()?.key(at: size) }
    }

    /// A nearly exact hinted width, for the measured search to probe cheaply: the glyphs'
    /// cached hinted advances at `size` plus `adjustmentEm` (the line's positioning
    /// adjustments, in em) at that size's scale, in points. Shaping at the size may differ
    /// by HarfBuzz's rounding of each adjustment, so a size found with it is confirmed by
    /// shaping. Nil when the font cannot be hinted.
    func approximateHintedWidth(_ glyphs: [UInt32], adjustmentEm: Double, size: Double) -> Double? {
        withOpenedLocked { face in
            guard let hinted = face.hintedSizesLocked(),
                  let (sum, scale) = hinted.advanceSum(glyphs, at: size) else { return nil }
            return Double(sum) / 64 + adjustmentEm * Double(scale) / 64
        }
    }

    /// The glyphs' unhinted advances without positioning, in em (design advances / upem).
    func nominalAdvanceEm(_ glyphs: [UInt32]) -> Double {
        withOpenedLocked { face in
            var sum = 0
            for glyph in glyphs { sum += Int(hb_font_get_glyph_h_advance(face.designFont, glyph)) }
            return Double(sum) / Double(face.unitsPerEm * 64)
        }
    }

    /// The hinted font made from scratch at `size` (a new face and HarfBuzz font, nothing
    /// cached), as hinted mode shaped before `HintedSizes`: tests compare the two.
    func withUncachedHintedFont<R>(size: Double, _ body: (OpaquePointer?) throws -> R) rethrows -> R {
        try withOpenedLocked { face in
            guard !face.isBitmapOnly, let scratch = face.newFace() else { return try body(nil) }
            defer { FT_Done_Face(scratch) }
            guard FT_Set_Char_Size(scratch, 0, FixedPoint.f26Dot6(size), 72, 72) == 0 else { return try body(nil) }
            let font = hb_ft_font_create_referenced(scratch)!
            hb_ft_font_set_load_flags(font, Int32(FT_LOAD_DEFAULT))
            defer { hb_font_destroy(font) }
            return try body(font)
        }
    }

    /// Hinted advances FreeType has computed for this font so far (cache misses; for tests).
    var hintedAdvanceLoads: Int {
        lock.lock()
        defer { lock.unlock() }
        return face?.hintedSizesIfMade?.advanceLoads ?? 0
    }

    public var description: String { "Font(\(name))" }

    public static func == (lhs: Font, rhs: Font) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

enum FreeTypeError {
    /// FreeType's error strings are compiled out of many builds; name the common ones ourselves.
    static func message(_ code: FT_Error) -> String {
        switch code {
        case 0x01: return "cannot open resource"
        case 0x02: return "unknown file format"
        case 0x03: return "broken file"
        case 0x06: return "invalid face index"
        case 0x40: return "out of memory"
        default:
            if let text = FT_Error_String(code) { return String(cString: text) }
            return "FreeType error \(code)"
        }
    }
}

extension FontMetrics {
    /// The metrics of a font that could not be opened: all zero, as it covers nothing.
    static let inert = FontMetrics(ascender: 0, descender: 0, lineGap: 0, capHeight: 0, source: .hhea)

    private init(ascender: Int, descender: Int, lineGap: Int, capHeight: Int, source: Source) {
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
        self.capHeight = capHeight
        self.source = source
    }
}
