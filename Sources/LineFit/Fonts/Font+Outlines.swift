import CHarfBuzz

/// A glyph's ink extent in design units, y up (as in the font): the box around the outline's
/// points, or around the colour bitmap for bitmap-only faces.
public struct GlyphBounds: Hashable, Sendable {
    /// Left edge of the ink.
    public var xMin: Double
    /// Bottom edge of the ink (below the baseline when negative).
    public var yMin: Double
    /// Right edge of the ink.
    public var xMax: Double
    /// Top edge of the ink.
    public var yMax: Double

    /// True when the glyph has no ink (a space).
    public var isEmpty: Bool { xMax <= xMin || yMax <= yMin }
}

/// A colour glyph as the font stores it (a CBDT/sbix strike): straight RGBA rows, top row
/// first, with its placement at the strike's pixel size.
public struct ColorGlyphBitmap: Hashable, Sendable {
    /// Width of the bitmap in pixels.
    public var width: Int
    /// Height of the bitmap in pixels.
    public var height: Int
    /// `width × height × 4` bytes, R G B A, premultiplied by alpha as FreeType delivers them.
    public var premultipliedRGBA: [UInt8]
    /// Left edge of the bitmap from the pen position, in strike pixels.
    public var left: Double
    /// Top edge of the bitmap above the baseline, in strike pixels.
    public var top: Double
    /// The strike's pixels per em: a renderer scales by `size / ppem` to draw at `size` points.
    public var ppem: Double
}

/// Outlines and colour bitmaps for renderers, read through FreeType under the font's lock.
///
/// Outlines are read unscaled (`FT_LOAD_NO_SCALE`): they are in design units whatever size the
/// shaping face is set to, so loading them never disturbs shaping, and a renderer scales them
/// by `size / unitsPerEm` exactly as the layout scales advances (DESIGN.md decision 2).
extension Font {
    /// The glyph's outline in design units, y up; nil when the glyph has no outline (a bitmap
    /// glyph, or an id the font does not have). A space gives an empty path. `variations`
    /// are the axis values to draw a variable font at (a line's `axisValues`); a static font
    /// ignores them.
    public func outline(glyph: UInt32, variations: [FontVariation] = []) -> OutlinePath? {
        guard !isBitmapOnly else { return nil }
        return withFace(VariationSettings(variations)) { face -> OutlinePath? in
            let flags = FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP
            guard FT_Load_Glyph(face, glyph, Int32(flags)) == 0,
                  let slot = face.pointee.glyph,
                  slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE else { return nil }
            var outline = slot.pointee.outline
            return OutlineDecomposer.decompose(&outline)
        }
    }

    /// The glyph's ink box in design units, y up; nil for a glyph without ink (a space) or
    /// one the font cannot load; at `variations` for a variable font.
    public func inkBounds(glyph: UInt32, variations: [FontVariation] = []) -> GlyphBounds? {
        if isBitmapOnly {
            guard let bitmap = colorBitmap(glyph: glyph), bitmap.ppem > 0 else { return nil }
            let units = Double(unitsPerEm) / bitmap.ppem
            let bounds = GlyphBounds(
                xMin: bitmap.left * units, yMin: (bitmap.top - Double(bitmap.height)) * units,
                xMax: (bitmap.left + Double(bitmap.width)) * units, yMax: bitmap.top * units)
            return bounds.isEmpty ? nil : bounds
        }
        return withFace(VariationSettings(variations)) { face -> GlyphBounds? in
            let flags = FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP
            guard FT_Load_Glyph(face, glyph, Int32(flags)) == 0, let slot = face.pointee.glyph else { return nil }
            // Unscaled loads report metrics in design units, not 26.6.
            let metrics = slot.pointee.metrics
            let bounds = GlyphBounds(
                xMin: Double(metrics.horiBearingX), yMin: Double(metrics.horiBearingY - metrics.height),
                xMax: Double(metrics.horiBearingX + metrics.width), yMax: Double(metrics.horiBearingY))
            return bounds.isEmpty ? nil : bounds
        }
    }

    /// The glyph's colour bitmap from the font's largest strike (FT_Select_Size, then
    /// FT_Load_Glyph with FT_LOAD_COLOR); nil when the font has no colour bitmap for it.
    ///
    /// Only bitmap-only faces change their selected size here; nothing else reads a bitmap
    /// face's size (their shaping uses HarfBuzz's own metrics), so shaping is unaffected.
    public func colorBitmap(glyph: UInt32) -> ColorGlyphBitmap? {
        guard hasColor, isBitmapOnly else { return nil }
        return withFace { face -> ColorGlyphBitmap? in
            let record = face.pointee
            guard record.num_fixed_sizes > 0, let sizes = record.available_sizes else { return nil }
            var best = 0
            for index in 0..<Int(record.num_fixed_sizes) where sizes[index].y_ppem > sizes[best].y_ppem {
                best = index
            }
            guard FT_Select_Size(face, Int32(best)) == 0,
                  FT_Load_Glyph(face, glyph, Int32(FT_LOAD_COLOR)) == 0,
                  let slot = face.pointee.glyph else { return nil }
            let bitmap = slot.pointee.bitmap
            guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue), bitmap.width > 0, bitmap.rows > 0,
                  let buffer = bitmap.buffer else { return nil }
            let width = Int(bitmap.width), height = Int(bitmap.rows)
            var rgba = [UInt8](repeating: 0, count: width * height * 4)
            let pitch = Int(bitmap.pitch)
            // A negative pitch means the rows are stored bottom-up (FreeType's FT_Bitmap docs).
            let firstRow = pitch < 0 ? buffer.advanced(by: -pitch * (height - 1)) : buffer
            for row in 0..<height {
                let source = firstRow.advanced(by: row * pitch)
                for column in 0..<width {
                    let s = column * 4, d = (row * width + column) * 4
                    rgba[d] = source[s + 2]
                    rgba[d + 1] = source[s + 1]
                    rgba[d + 2] = source[s]
                    rgba[d + 3] = source[s + 3]
                }
            }
            let ppem = Double(face.pointee.size.pointee.metrics.y_ppem)
            return ColorGlyphBitmap(
                width: width, height: height, premultipliedRGBA: rgba,
                left: Double(slot.pointee.bitmap_left), top: Double(slot.pointee.bitmap_top), ppem: ppem)
        }
    }
}

/// Replays a FreeType outline as path elements. Quadratic (TrueType) segments become exact
/// cubics, so every consumer handles one curve kind.
private final class OutlineDecomposer {
    var elements: [PathElement] = []
    var current = LayoutPoint.zero
    var open = false

    static func decompose(_ outline: inout FT_Outline) -> OutlinePath {
        let builder = OutlineDecomposer()
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                let builder = OutlineDecomposer.from(user)
                builder.closeIfOpen()
                let point = OutlineDecomposer.point(to)
                builder.elements.append(.move(point))
                builder.current = point
                builder.open = true
                return 0
            },
            line_to: { to, user in
                let builder = OutlineDecomposer.from(user)
                let point = OutlineDecomposer.point(to)
                builder.elements.append(.line(point))
                builder.current = point
                return 0
            },
            conic_to: { control, to, user in
                let builder = OutlineDecomposer.from(user)
                let q = OutlineDecomposer.point(control), end = OutlineDecomposer.point(to)
                let start = builder.current
                // A quadratic with control q is the cubic with controls 2/3 of the way to q.
                let c1 = LayoutPoint(x: start.x + 2 * (q.x - start.x) / 3, y: start.y + 2 * (q.y - start.y) / 3)
                let c2 = LayoutPoint(x: end.x + 2 * (q.x - end.x) / 3, y: end.y + 2 * (q.y - end.y) / 3)
                builder.elements.append(.curve(c1, c2, end))
                builder.current = end
                return 0
            },
            cubic_to: { control1, control2, to, user in
                let builder = OutlineDecomposer.from(user)
                let end = OutlineDecomposer.point(to)
                builder.elements.append(
                    .curve(OutlineDecomposer.point(control1), OutlineDecomposer.point(control2), end))
                builder.current = end
                return 0
            },
            shift: 0, delta: 0)
        let user = Unmanaged.passUnretained(builder).toOpaque()
        _ = FT_Outline_Decompose(&outline, &funcs, user)
        builder.closeIfOpen()
        return OutlinePath(elements: builder.elements)
    }

    func closeIfOpen() {
        if open { elements.append(.close) }
        open = false
    }

    static func from(_ user: UnsafeMutableRawPointer?) -> OutlineDecomposer {
        Unmanaged<OutlineDecomposer>.fromOpaque(user!).takeUnretainedValue()
    }

    static func point(_ vector: UnsafePointer<FT_Vector>?) -> LayoutPoint {
        guard let vector else { return .zero }
        return LayoutPoint(x: Double(vector.pointee.x), y: Double(vector.pointee.y))
    }
}
