import LineFit

/// Draws colour emoji: a font's bitmap strike (Noto Color Emoji's is 109 pixels per em)
/// scaled to the line's size.
///
/// Each picture pixel averages a grid of bilinear samples of the bitmap: one sample when
/// the bitmap is enlarged, more when it is reduced (one per bitmap pixel the picture pixel
/// spans, per axis), so a small emoji is smoothed rather than aliased.
enum ColorGlyphPainter {
    /// Paints `bitmap` with its origin (pen position on the baseline) at (`x`, `y`), scaled
    /// to `size` pixels per em.
    static func paint(
        _ bitmap: ColorGlyphBitmap, x: Double, y: Double, size: Double, opacity: Float = 1, into image: inout RGBAImage
    ) {
        guard bitmap.ppem > 0, bitmap.width > 0, bitmap.height > 0 else { return }
        let scale = size / bitmap.ppem
        let left = x + bitmap.left * scale
        let top = y - bitmap.top * scale
        let drawnWidth = Double(bitmap.width) * scale, drawnHeight = Double(bitmap.height) * scale
        let samples = max(1, Int((1 / scale).rounded(.up)))
        let firstColumn = max(0, Int(left.rounded(.down))), lastColumn = min(image.width, Int((left + drawnWidth).rounded(.up)))
        let firstRow = max(0, Int(top.rounded(.down))), lastRow = min(image.height, Int((top + drawnHeight).rounded(.up)))
        guard firstColumn < lastColumn, firstRow < lastRow else { return }
        // A fading emoji (a transition's cross-fade) scales every premultiplied component.
        let weight = opacity / Float(samples * samples)
        for row in firstRow..<lastRow {
            for column in firstColumn..<lastColumn {
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for sy in 0..<samples {
                    for sx in 0..<samples {
                        // The sample's position in bitmap pixels (pixel centres at +0.5).
                        let px = (Double(column) + (Double(sx) + 0.5) / Double(samples) - left) / scale
                        let py = (Double(row) + (Double(sy) + 0.5) / Double(samples) - top) / scale
                        let sample = bilinear(bitmap, px - 0.5, py - 0.5)
                        sum.0 += sample.0; sum.1 += sample.1; sum.2 += sample.2; sum.3 += sample.3
                    }
                }
                image.blend(x: column, y: row, premultiplied: (sum.0 * weight, sum.1 * weight, sum.2 * weight, sum.3 * weight))
            }
        }
    }

    /// The premultiplied colour at a point between pixel centres, transparent outside.
    private static func bilinear(_ bitmap: ColorGlyphBitmap, _ x: Double, _ y: Double) -> (Float, Float, Float, Float) {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = Float(x - Double(x0)), fy = Float(y - Double(y0))
        var result: (Float, Float, Float, Float) = (0, 0, 0, 0)
        for (dx, dy, w) in [(0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)), (0, 1, (1 - fx) * fy), (1, 1, fx * fy)] where w > 0 {
            let px = x0 + dx, py = y0 + dy
            guard px >= 0, py >= 0, px < bitmap.width, py < bitmap.height else { continue }
            let offset = (py * bitmap.width + px) * 4
            let rgba = bitmap.premultipliedRGBA
            result.0 += Float(rgba[offset]) / 255 * w
            result.1 += Float(rgba[offset + 1]) / 255 * w
            result.2 += Float(rgba[offset + 2]) / 255 * w
            result.3 += Float(rgba[offset + 3]) / 255 * w
        }
        return result
    }
}
