import CLineFit
import LineFit

/// Setters check a value with the engine's own `LayoutOptions.validate()`, on otherwise
/// default options, so that a value the engine refuses (out of its domain, or an option not
/// implemented yet) is refused by the setter with the engine's message, and starts to be
/// accepted the day the engine accepts it, with no change here or in the ABI.
private let probeBase = LayoutOptions(width: 960, minSize: 24, maxSize: 300)

/// Looks the handle up, reads the setter's argument (`parse`: a C string, an enum value),
/// checks `probe` applied to default options, then applies `apply` (or `probe`) to the
/// options behind the handle. The two differ where one option's domain depends on another's
/// (the probe of a minimum raises the maximum with it). A bad handle is reported before a bad
/// argument.
private func setOption<Value>(
    _ handle: OpaquePointer?, _ parse: () throws(CAPIFailure) -> Value, probe: (inout LayoutOptions, Value) -> Void,
    apply: ((OptionsObject, Value) -> Void)? = nil
) -> linefit_status_t {
    capiCall {
        let object = try lookUp(handle, .options, as: OptionsObject.self)
        let value = try parse()
        var probed = probeBase
        probe(&probed, value)
        try probed.validate()
        if let apply { apply(object, value) } else { probe(&object.options, value) }
    }
}

/// A setter of a plain value (a number or a flag).
private func setOption(
    _ handle: OpaquePointer?, probe: (inout LayoutOptions) -> Void, apply: ((OptionsObject) -> Void)? = nil
) -> linefit_status_t {
    setOption(handle, { () throws(CAPIFailure) in () }, probe: { options, _ in probe(&options) }, apply: apply.map { apply in { object, _ in apply(object) } })
}

private func enumValue<T>(_ raw: UInt32, _ values: [T], _ name: String) throws(CAPIFailure) -> T {
    guard Int(raw) < values.count else {
        throw CAPIFailure(LINEFIT_ERROR_INVALID_ARGUMENT, "\(raw) is not a \(name) value (0...\(values.count - 1))")
    }
    return values[Int(raw)]
}

/// A setter taking a C enum: an unknown value is an argument error, a known one is probed.
private func setEnumOption<T>(
    _ handle: OpaquePointer?, _ raw: UInt32, _ values: [T], _ name: String, _ set: (inout LayoutOptions, T) -> Void
) -> linefit_status_t {
    setOption(handle, { () throws(CAPIFailure) in try enumValue(raw, values, name) }, probe: set)
}

/// A setter of a tagged value (a feature, an axis): it replaces an earlier value of its tag.
private func setTaggedOption<Value>(
    _ handle: OpaquePointer?, _ tag: UnsafePointer<CChar>?, make: @escaping (String) -> Value,
    probe: @escaping (inout LayoutOptions, Value) -> Void, list: WritableKeyPath<LayoutOptions, [Value]>,
    tagOf: @escaping (Value) -> String
) -> linefit_status_t {
    setOption(handle, { () throws(CAPIFailure) in make(try cString(tag, "tag")) }, probe: probe) { object, value in
        object.options[keyPath: list].removeAll { tagOf($0) == tagOf(value) }
        object.options[keyPath: list].append(value)
    }
}

/// `linefit_options_create` (linefit.h).
@_cdecl("linefit_options_create")
public func linefit_options_create(
    _ width: Double, _ minSize: Double, _ maxSize: Double, _ options: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    capiCall {
        let out = try required(options, "options")
        let made = LayoutOptions(width: width, minSize: minSize, maxSize: maxSize)
        try made.validate()
        try handOut(OptionsObject(made), kind: .options, to: out)
    }
}

/// `linefit_options_destroy` (linefit.h).
@_cdecl("linefit_options_destroy")
public func linefit_options_destroy(_ options: OpaquePointer?) -> linefit_status_t {
    capiCall { try HandleTable.shared.remove(options, kind: .options) }
}

/// `linefit_options_set_width` (linefit.h).
@_cdecl("linefit_options_set_width")
public func linefit_options_set_width(_ options: OpaquePointer?, _ width: Double) -> linefit_status_t {
    setOption(options, probe: { $0.width = width })
}

/// `linefit_options_set_min_size` (linefit.h).
@_cdecl("linefit_options_set_min_size")
public func linefit_options_set_min_size(_ options: OpaquePointer?, _ size: Double) -> linefit_status_t {
    setOption(options, probe: { $0.minSize = size; $0.maxSize = max($0.maxSize, size) }, apply: { $0.options.minSize = size })
}

/// `linefit_options_set_max_size` (linefit.h).
@_cdecl("linefit_options_set_max_size")
public func linefit_options_set_max_size(_ options: OpaquePointer?, _ size: Double) -> linefit_status_t {
    setOption(options, probe: { $0.maxSize = size; $0.minSize = min($0.minSize, size) }, apply: { $0.options.maxSize = size })
}

/// `linefit_options_set_step` (linefit.h).
@_cdecl("linefit_options_set_step")
public func linefit_options_set_step(_ options: OpaquePointer?, _ step: Double) -> linefit_status_t {
    setOption(options, probe: { $0.step = step })
}

/// `linefit_options_set_hinted` (linefit.h).
@_cdecl("linefit_options_set_hinted")
public func linefit_options_set_hinted(_ options: OpaquePointer?, _ hinted: Int32) -> linefit_status_t {
    setOption(options, probe: { $0.widthMode = hinted != 0 ? .hinted : .linear })
}

/// `linefit_options_set_tracking` (linefit.h).
@_cdecl("linefit_options_set_tracking")
public func linefit_options_set_tracking(_ options: OpaquePointer?, _ tracking: Double) -> linefit_status_t {
    setOption(options, probe: { $0.tracking = tracking })
}

/// `linefit_options_set_line_spacing` (linefit.h).
@_cdecl("linefit_options_set_line_spacing")
public func linefit_options_set_line_spacing(_ options: OpaquePointer?, _ spacing: Double) -> linefit_status_t {
    setOption(options, probe: { $0.lineSpacing = spacing })
}

/// `linefit_options_set_alignment` (linefit.h).
@_cdecl("linefit_options_set_alignment")
public func linefit_options_set_alignment(_ options: OpaquePointer?, _ alignment: linefit_alignment_t) -> linefit_status_t {
    setEnumOption(options, alignment.rawValue, [.left, .center, .right] as [LayoutOptions.Alignment], "alignment") {
        $0.alignment = $1
    }
}

/// `linefit_options_set_direction` (linefit.h).
@_cdecl("linefit_options_set_direction")
public func linefit_options_set_direction(_ options: OpaquePointer?, _ direction: linefit_direction_t) -> linefit_status_t {
    setEnumOption(options, direction.rawValue, [.auto, .leftToRight, .rightToLeft] as [LayoutOptions.BaseDirection], "direction") {
        $0.baseDirection = $1
    }
}

/// `linefit_options_set_feature` (linefit.h).
@_cdecl("linefit_options_set_feature")
public func linefit_options_set_feature(_ options: OpaquePointer?, _ tag: UnsafePointer<CChar>?, _ value: UInt32) -> linefit_status_t {
    setTaggedOption(
        options, tag, make: { FontFeature($0, value) }, probe: { $0.features = [$1] }, list: \.features, tagOf: \.tag)
}

/// `linefit_options_set_language` (linefit.h).
@_cdecl("linefit_options_set_language")
public func linefit_options_set_language(_ options: OpaquePointer?, _ language: UnsafePointer<CChar>?) -> linefit_status_t {
    setOption(options, { () throws(CAPIFailure) in language == nil ? nil : try cString(language, "language") }) { options, tag in
        options.language = (tag?.isEmpty ?? true) ? nil : tag
    }
}

/// `linefit_options_set_breaks` (linefit.h).
@_cdecl("linefit_options_set_breaks")
public func linefit_options_set_breaks(_ options: OpaquePointer?, _ breaks: linefit_breaks_t) -> linefit_status_t {
    setEnumOption(options, breaks.rawValue, [.greedy, .balanced] as [LayoutOptions.BreakStrategy], "breaks") {
        $0.breakStrategy = $1
    }
}

/// `linefit_options_set_box` (linefit.h).
@_cdecl("linefit_options_set_box")
public func linefit_options_set_box(_ options: OpaquePointer?, _ box: linefit_box_t) -> linefit_status_t {
    let kinds: [OptionsObject.BoxKind] = [.none, .limit, .fill]
    // The kind is probed with a valid height: its own height is checked by its own setter.
    return setOption(
        options, { () throws(CAPIFailure) in try enumValue(box.rawValue, kinds, "box") },
        probe: { $0.box = OptionsObject.box($1, height: 1_000) },
        apply: { object, kind in
            object.boxKind = kind
            object.options.box = OptionsObject.box(kind, height: object.boxHeight)
        })
}

/// `linefit_options_set_box_height` (linefit.h).
@_cdecl("linefit_options_set_box_height")
public func linefit_options_set_box_height(_ options: OpaquePointer?, _ height: Double) -> linefit_status_t {
    setOption(options, probe: { $0.box = .limit(height: height) }, apply: { object in
        object.boxHeight = height
        object.options.box = OptionsObject.box(object.boxKind, height: height)
    })
}

/// `linefit_options_set_vertical_alignment` (linefit.h).
@_cdecl("linefit_options_set_vertical_alignment")
public func linefit_options_set_vertical_alignment(
    _ options: OpaquePointer?, _ alignment: linefit_vertical_alignment_t
) -> linefit_status_t {
    setEnumOption(
        options, alignment.rawValue, [.top, .center, .bottom] as [LayoutOptions.VerticalAlignment], "vertical alignment"
    ) { $0.verticalAlignment = $1 }
}

/// `linefit_options_set_minimum_floor` (linefit.h).
@_cdecl("linefit_options_set_minimum_floor")
public func linefit_options_set_minimum_floor(_ options: OpaquePointer?, _ floor: Double) -> linefit_status_t {
    setOption(options, probe: { $0.minimumFloor = floor })
}

/// `linefit_options_set_stable_breaks` (linefit.h).
@_cdecl("linefit_options_set_stable_breaks")
public func linefit_options_set_stable_breaks(_ options: OpaquePointer?, _ stable: Int32) -> linefit_status_t {
    setOption(options, probe: { $0.stableBreaks = stable != 0 })
}

/// `linefit_options_set_axis` (linefit.h).
@_cdecl("linefit_options_set_axis")
public func linefit_options_set_axis(_ options: OpaquePointer?, _ tag: UnsafePointer<CChar>?, _ value: Double) -> linefit_status_t {
    setTaggedOption(
        options, tag, make: { FontVariation($0, value) }, probe: { $0.variations = [$1] }, list: \.variations, tagOf: \.tag)
}

/// `linefit_options_set_instance` (linefit.h).
@_cdecl("linefit_options_set_instance")
public func linefit_options_set_instance(_ options: OpaquePointer?, _ name: UnsafePointer<CChar>?) -> linefit_status_t {
    setOption(options, { () throws(CAPIFailure) in name == nil ? nil : try cString(name, "name") }) { $0.namedInstance = $1 }
}

/// `linefit_options_set_optical_sizing` (linefit.h).
@_cdecl("linefit_options_set_optical_sizing")
public func linefit_options_set_optical_sizing(_ options: OpaquePointer?, _ enabled: Int32) -> linefit_status_t {
    setOption(options, probe: { $0.opticalSizing = enabled != 0 })
}

/// `linefit_options_set_fit` (linefit.h).
@_cdecl("linefit_options_set_fit")
public func linefit_options_set_fit(_ options: OpaquePointer?, _ fit: linefit_fit_t) -> linefit_status_t {
    setEnumOption(options, fit.rawValue, [.size, .widthAxis, .mixed] as [LayoutOptions.LineFill], "fit") {
        $0.lineFill = $1
    }
}
