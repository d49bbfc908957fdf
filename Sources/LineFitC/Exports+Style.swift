import CLineFit
import Foundation
import LineFit
import LineFitRender

/// `linefit_style_create` (linefit.h).
@_cdecl("linefit_style_create")
public func linefit_style_create(_ name: UnsafePointer<CChar>?, _ style: UnsafeMutablePointer<OpaquePointer?>?) -> linefit_status_t {
    capiCall {
        let name = try cString(name, "name")
        let out = try required(style, "style")
        guard let preset = Style.named(name) else {
            let names = Style.Preset.allCases.map(\.rawValue).joined(separator: ", ")
            throw CAPIFailure(LINEFIT_ERROR_INVALID_ARGUMENT, "unknown style '\(name)': use one of \(names)")
        }
        try handOut(StyleObject(preset), kind: .style, to: out)
    }
}

/// `linefit_style_destroy` (linefit.h).
@_cdecl("linefit_style_destroy")
public func linefit_style_destroy(_ style: OpaquePointer?) -> linefit_status_t {
    capiCall { try HandleTable.shared.remove(style, kind: .style) }
}

/// `linefit_style_set_color` (linefit.h).
@_cdecl("linefit_style_set_color")
public func linefit_style_set_color(_ style: OpaquePointer?, _ rgb: UInt32) -> linefit_status_t {
    capiCall {
        let object = try lookUp(style, .style, as: StyleObject.self)
        guard rgb <= 0xFF_FFFF else { throw CAPIFailure(LINEFIT_ERROR_INVALID_ARGUMENT, "colour \(rgb) is not 0xRRGGBB") }
        let color = StyleColor(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255)
        object.style = object.style.recolored(color)
    }
}

/// A canvas argument pair: both 0 for none, else whole pixels as the CLI's `--canvas` takes.
private func canvas(_ width: Int32, _ height: Int32) throws(CAPIFailure) -> RenderCanvas? {
    if width == 0 && height == 0 { return nil }
    guard (1...largestCanvasSide).contains(width), (1...largestCanvasSide).contains(height) else {
        throw CAPIFailure(
            LINEFIT_ERROR_INVALID_ARGUMENT, "canvas \(width)x\(height): use 1 to \(largestCanvasSide) pixels a side, or 0x0 for none")
    }
    return RenderCanvas(width: Int(width), height: Int(height))
}

/// The CLI's limit: a 4× story; larger canvases only exhaust memory.
private let largestCanvasSide: Int32 = 16_384

/// The style for a canvas: its lengths scaled by the canvas width over the reference width.
private func scaled(_ style: Style, for canvas: RenderCanvas?) -> Style {
    canvas.map { style.scaled(by: Double($0.width) / Style.referenceCanvasWidth) } ?? style
}

/// `linefit_style_layout` (linefit.h).
@_cdecl("linefit_style_layout")
public func linefit_style_layout(
    _ style: OpaquePointer?, _ engine: OpaquePointer?, _ chain: OpaquePointer?, _ canvasWidth: Int32, _ canvasHeight: Int32,
    _ text: UnsafePointer<CChar>?, _ length: Int, _ layout: UnsafeMutablePointer<OpaquePointer?>?
) -> linefit_status_t {
    capiCall {
        let object = try lookUp(style, .style, as: StyleObject.self)
        let engine = try lookUp(engine, .engine, as: LayoutEngine.self)
        let fonts = try chain.map { try lookUp($0, .fontChain, as: FontChainObject.self).chain }
        let out = try required(layout, "layout")
        let canvas = try canvas(canvasWidth, canvasHeight)
        let style = scaled(object.style, for: canvas)
        // As the CLI's StyleOverrides with no overrides: the canvas less the margins, and a
        // height limit that keeps clear of a story's top and bottom bars.
        let canvasWidth = canvas.map { Double($0.width) } ?? Style.referenceCanvasWidth
        let limit = canvas.map { max(1, Double($0.height) - 4 * style.margin) }
        let options = style.layoutOptions(width: canvasWidth - 2 * style.margin, maxHeight: limit)
        let styled = try style.layout(try utf8Text(text, length), options: options, fonts: fonts, engine: engine)
        try handOut(LayoutObject(styled.layout, fonts: styled.fonts), kind: .layout, to: out)
    }
}

/// `linefit_render_png` (linefit.h).
@_cdecl("linefit_render_png")
public func linefit_render_png(
    _ layout: OpaquePointer?, _ style: OpaquePointer?, _ canvasWidth: Int32, _ canvasHeight: Int32,
    _ png: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ length: UnsafeMutablePointer<Int>?
) -> linefit_status_t {
    capiCall {
        let object = try lookUp(layout, .layout, as: LayoutObject.self)
        let styleObject = try lookUp(style, .style, as: StyleObject.self)
        let png = try required(png, "png")
        let length = try required(length, "length")
        let canvas = try canvas(canvasWidth, canvasHeight)
        let styled = StyledLayout(style: scaled(styleObject.style, for: canvas), fonts: object.fonts, layout: object.layout)
        // A damaged glyph is LINEFIT_ERROR_FONT_INVALID, as at open; only encoding is a render error.
        let image = try PNGRenderer(canvas: canvas).render(styled)
        let data: Data
        do {
            data = try image.pngData()
        } catch {
            throw CAPIFailure(LINEFIT_ERROR_RENDER, "cannot encode the PNG: \(error)")
        }
        guard let bytes = malloc(max(1, data.count))?.assumingMemoryBound(to: UInt8.self) else {
            throw CAPIFailure(LINEFIT_ERROR_RENDER, "out of memory for \(data.count) PNG bytes")
        }
        data.copyBytes(to: bytes, count: data.count)
        png.pointee = bytes
        length.pointee = data.count
    }
}
