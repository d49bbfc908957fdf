import Foundation
import LineFit

/// Writes a styled layout as SVG: glyphs as `<path>` outlines from the fonts (no `<text>`,
/// so the picture looks the same without the fonts installed), colour emoji as embedded PNG
/// `<image>`s from the font's bitmaps, backgrounds underneath.
///
/// Each distinct glyph is defined once in `<defs>` in design units (y up, as in the font)
/// and placed with `<use>` and a matrix that scales it to its line's size and flips it, so
/// repeated letters cost one line each. Numbers are printed with fixed rules
/// (`SVGNumber`), so the output is stable text fit for snapshot tests.
public struct SVGRenderer: Sendable, Hashable {
    /// The canvas to centre the block on (with the style's backdrop); nil makes a picture just
    /// large enough for the block, with a transparent background.
    public var canvas: RenderCanvas?
    /// Range highlights and spotlights, with the same shapes as `PNGRenderer`'s: fills under
    /// the text, spotlights (a veil with a mask cutting the ranges out) over everything.
    public var highlights: [RangeHighlight]

    /// A renderer for `canvas` (the 1080 × 1920 story canvas by default; nil for a picture just
    /// around the text), with range decorations.
    public init(canvas: RenderCanvas? = .story, highlights: [RangeHighlight] = []) {
        self.canvas = canvas
        self.highlights = highlights
    }

    /// The SVG document of `styled`: glyphs as `<path>` outlines, so it needs no fonts to view.
    /// Throws `fontInvalid` when a glyph's outline cannot be loaded from its font (a damaged
    /// font would otherwise leave it out of the picture), and `invalidOption(name: "canvas", …)`
    /// for a picture over `RenderCanvas`' limits, as `PNGRenderer` does.
    public func render(_ styled: StyledLayout) throws -> String {
        let scene = StoryScene(styled, canvas: canvas)
        try scene.checkDrawable()
        let style = scene.style
        var defs: [String] = []
        var body: [String] = []

        if let backdrop = scene.backdrop {
            defs.append("<linearGradient id=\"backdrop\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"
                + "<stop offset=\"0\" stop-color=\"\(backdrop.top.hex)\"/>"
                + "<stop offset=\"1\" stop-color=\"\(backdrop.bottom.hex)\"/></linearGradient>")
            body.append("<rect width=\"\(scene.width)\" height=\"\(scene.height)\" fill=\"url(#backdrop)\"/>")
        }
        let backgrounds = scene.backgroundPaths
        if !backgrounds.isEmpty {
            body.append("<g class=\"background\"\(fill(style.backgroundColor))>")
            body += backgrounds.map { "<path d=\"\($0.svgPathData)\"/>" }
            body.append("</g>")
        }
        var spotlights: [String] = []
        for highlight in highlights {
            let path = PNGRenderer.highlightPath(highlight, layout: styled.layout, scene: scene)
            switch highlight.look {
            case .fill(let color):
                body.append("<path class=\"highlight\"\(fill(color)) d=\"\(path.svgPathData)\"/>")
            case .spotlight(let dim):
                // Destination-out as a mask: white keeps the veil, the black cut-outs remove it.
                let id = "spotlight\(spotlights.count)"
                defs.append("<mask id=\"\(id)\" maskUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(scene.width)\" "
                    + "height=\"\(scene.height)\"><rect width=\"\(scene.width)\" height=\"\(scene.height)\" fill=\"#FFFFFF\"/>"
                    + "<path d=\"\(path.svgPathData)\" fill=\"#000000\"/></mask>")
                spotlights.append("<rect class=\"spotlight\" width=\"\(scene.width)\" height=\"\(scene.height)\" "
                    + "fill=\"#000000\" fill-opacity=\"\(SVGNumber.point(min(1, max(0, dim))))\" mask=\"url(#\(id))\"/>")
            }
        }

        var outlineUses: [String] = []
        var imageUses: [String] = []
        var defined = Set<String>()
        var hasInk: [String: Bool] = [:]
        for glyph in scene.glyphs {
            let font = scene.fonts.fonts[glyph.font]
            if font.isBitmapOnly {
                guard let bitmap = font.colorBitmap(glyph: glyph.id), bitmap.ppem > 0 else { continue }
                let id = "e\(glyph.font)-\(glyph.id)"
                if defined.insert(id).inserted, let png = try? PNGCodec.encode(
                    rgba: straight(bitmap.premultipliedRGBA), width: bitmap.width, height: bitmap.height) {
                    defs.append("<image id=\"\(id)\" width=\"\(bitmap.width)\" height=\"\(bitmap.height)\" "
                        + "href=\"data:image/png;base64,\(png.base64EncodedString())\"/>")
                }
                let k = glyph.size / bitmap.ppem
                imageUses.append("<use href=\"#\(id)\" transform=\"matrix(\(SVGNumber.scale(k)) 0 0 \(SVGNumber.scale(k)) "
                    + "\(SVGNumber.point(glyph.x + bitmap.left * k)) \(SVGNumber.point(glyph.y - bitmap.top * k)))\"/>")
            } else {
                // Glyphs of a variable font at other axis values are other shapes.
                let instance = font.isVariable && glyph.variation > 0 ? "v\(glyph.variation)" : ""
                let id = "g\(glyph.font)\(instance)-\(glyph.id)"
                if hasInk[id] == nil {
                    let outline = scene.outline(glyph) ?? OutlinePath()
                    hasInk[id] = !outline.isEmpty
                    if !outline.isEmpty { defs.append("<path id=\"\(id)\" d=\"\(outline.svgPathData)\"/>") }
                }
                guard hasInk[id] == true else { continue }  // a space: nothing to place
                let s = scene.unitScale(font: glyph.font, size: glyph.size)
                outlineUses.append("<use href=\"#\(id)\" transform=\"matrix(\(SVGNumber.scale(s)) 0 0 \(SVGNumber.scale(-s)) "
                    + "\(SVGNumber.point(glyph.x)) \(SVGNumber.point(glyph.y)))\"/>")
            }
        }

        if let glow = style.glow, glow.radius > 0, !outlineUses.isEmpty {
            // The filter region is the whole picture, in picture units, so a wide halo is never
            // clipped by the default region (10 % around the bounding box).
            defs.append("<filter id=\"glow\" filterUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\"\(scene.width)\" "
                + "height=\"\(scene.height)\"><feGaussianBlur stdDeviation=\"\(SVGNumber.point(glow.radius))\"/>"
                + "<feComponentTransfer><feFuncA type=\"linear\" slope=\"\(SVGNumber.point(glow.strength))\"/>"
                + "</feComponentTransfer></filter>")
            body.append("<g class=\"glow\"\(fill(glow.color)) filter=\"url(#glow)\">")
            body += outlineUses
            body.append("</g>")
        }
        if !outlineUses.isEmpty {
            body.append("<g class=\"text\"\(fill(style.textColor))>")
            body += outlineUses
            body.append("</g>")
        }
        body += imageUses
        body += spotlights

        var lines = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(scene.width)\" height=\"\(scene.height)\" "
            + "viewBox=\"0 0 \(scene.width) \(scene.height)\">"]
        if !defs.isEmpty {
            lines.append("<defs>")
            lines += defs
            lines.append("</defs>")
        }
        lines += body
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func fill(_ color: StyleColor) -> String {
        let opacity = color.alpha < 1 ? " fill-opacity=\"\(SVGNumber.point(color.alpha))\"" : ""
        return " fill=\"\(color.withAlpha(1).hex)\"" + opacity
    }

    /// FreeType's colour bitmaps are premultiplied; PNG stores straight alpha.
    private func straight(_ premultiplied: [UInt8]) -> [UInt8] {
        var bytes = premultiplied
        for offset in stride(from: 0, to: bytes.count, by: 4) {
            let alpha = Int(bytes[offset + 3])
            guard alpha > 0, alpha < 255 else { continue }
            for channel in 0..<3 {
                bytes[offset + channel] = UInt8(min(255, (Int(bytes[offset + channel]) * 255 + alpha / 2) / alpha))
            }
        }
        return bytes
    }
}

/// SVG number text, made with integer arithmetic so it cannot depend on the C library's
/// locale: positions to 2 decimals (a hundredth of a pixel), scales to 6 significant
/// decimals (a glyph scale of 0.03 must keep its precision across a 2000-unit em).
enum SVGNumber {
    static func point(_ value: Double) -> String { format(value, decimals: 2) }
    static func scale(_ value: Double) -> String { format(value, decimals: 6) }

    static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "0" }
        var factor = 1.0
        for _ in 0..<decimals { factor *= 10 }
        let scaled = (value * factor).rounded(.toNearestOrAwayFromZero)
        guard abs(scaled) < 9e15 else { return String(Int64(value.rounded())) }
        let units = Int64(scaled)
        if units == 0 { return "0" }
        let magnitude = units.magnitude
        let divisor = UInt64(factor)
        var text = (units < 0 ? "-" : "") + String(magnitude / divisor)
        var fraction = String(magnitude % divisor)
        guard fraction != "0" else { return text }
        fraction = String(repeating: "0", count: decimals - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        text += "." + fraction
        return text
    }
}
