/// Neon's glow: the text's coverage blurred into a halo.
///
/// A Gaussian blur is approximated by three box blurs in a row (by the central limit
/// theorem three boxes are already within a few percent of a Gaussian), each separable into
/// a horizontal and a vertical pass with a running sum, so the cost per pixel does not grow
/// with the radius.
enum GlowBlur {
    /// The mask blurred with standard deviation `sigma` pixels, its alpha multiplied by
    /// `strength` and clamped to 1. The result is grown by the blur's reach on every side
    /// (clipped to the picture) so the halo is not cut off.
    static func blurred(_ mask: CoverageMask, sigma: Double, strength: Double, clipWidth: Int, clipHeight: Int) -> CoverageMask {
        guard sigma > 0, mask.width > 0, mask.height > 0 else { return mask }
        // Three boxes of width w have variance 3 (w² − 1) / 12; solve for w at sigma².
        let boxWidth = (4 * sigma * sigma + 1).squareRoot()
        let radius = max(1, Int(((boxWidth - 1) / 2).rounded()))
        let reach = 3 * radius + 1
        let left = max(0, mask.x - reach), top = max(0, mask.y - reach)
        let right = min(clipWidth, mask.x + mask.width + reach), bottom = min(clipHeight, mask.y + mask.height + reach)
        let width = right - left, height = bottom - top
        guard width > 0, height > 0 else { return mask }
        var values = [Float](repeating: 0, count: width * height)
        for row in 0..<mask.height {
            let y = mask.y + row - top
            guard y >= 0, y < height else { continue }
            for column in 0..<mask.width {
                let x = mask.x + column - left
                guard x >= 0, x < width else { continue }
                values[y * width + x] = mask.values[row * mask.width + column]
            }
        }
        var scratch = [Float](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for row in 0..<height {
                boxPass(&values, start: row * width, stride: 1, count: width, radius: radius, scratch: &scratch)
            }
            for column in 0..<width {
                boxPass(&values, start: column, stride: width, count: height, radius: radius, scratch: &scratch)
            }
        }
        let gain = Float(strength)
        for index in values.indices { values[index] = min(1, values[index] * gain) }
        return CoverageMask(x: left, y: top, width: width, height: height, values: values)
    }

    /// One box blur along a row or column, zero outside it: each value becomes the mean of
    /// the 2r + 1 values around it, kept as a running sum.
    private static func boxPass(_ values: inout [Float], start: Int, stride: Int, count: Int, radius: Int, scratch: inout [Float]) {
        let scale = 1 / Float(2 * radius + 1)
        values.withUnsafeMutableBufferPointer { values in
            scratch.withUnsafeMutableBufferPointer { line in
                for index in 0..<count { line[index] = values[start + index * stride] }
                var sum: Float = 0
                for index in 0..<min(radius, count) { sum += line[index] }
                for index in 0..<count {
                    let entering = index + radius
                    if entering < count { sum += line[entering] }
                    let leaving = index - radius - 1
                    if leaving >= 0 { sum -= line[leaving] }
                    values[start + index * stride] = max(0, sum * scale)
                }
            }
        }
    }
}
