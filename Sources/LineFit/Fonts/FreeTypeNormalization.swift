import CHarfBuzz

/// Design axis values to the normalized coordinates FreeType 2.12 computes from them
/// (`ft_var_to_normalized`), bit for bit, without setting a face: what exact `HVAR` advances
/// at an instance other than the face's current one need (`AxisStep`).
///
/// hb-ft passes HarfBuzz's design values to FreeType (`FT_Set_Var_Design_Coordinates`,
/// each float × 65536 truncated), and FreeType normalizes them itself, in 16.16: each axis
/// by `FT_DivFix` against its range, then `avar` by `FT_MulDiv` between segment points. Its
/// rounding differs from HarfBuzz's 2.14 normalization by a unit here and there, which
/// moves an advance by a unit where the delta sum sits at a rounding edge; so FreeType's
/// own arithmetic is done here. `VariationAdvances.stepLocked` checks it against the
/// face's coordinates read back from FreeType on every use.
struct FreeTypeNormalization {
    /// Per axis in fvar order: minimum, default, maximum (16.16).
    private let axes: [(minimum: Int64, def: Int64, maximum: Int64)]
    /// Per axis: `avar` segment points (from, to) in 16.16; empty without `avar`.
    private let segments: [[(from: Int64, to: Int64)]]

    /// `axes` as read from fvar (their 16.16 values are exact in `Double`), and `face`'s `avar`.
    init?(axes: [VariationAxis], face: OpaquePointer) {
        self.axes = axes.map { (Int64(($0.minValue * 65536).rounded()), Int64(($0.defaultValue * 65536).rounded()),
                                Int64(($0.maxValue * 65536).rounded())) }
        var segments = [[(from: Int64, to: Int64)]](repeating: [], count: axes.count)
        if let avar = OpenTypeTableBytes(face, "avar") {
            guard avar.u16(0) == 1, let count = avar.u16(6).map(Int.init), count == axes.count else { return nil }
            var at = 8
            for axis in 0..<count {
                guard let pairs = avar.u16(at).map(Int.init) else { return nil }
                at += 2
                for _ in 0..<pairs {
                    guard let from = avar.i16(at), let to = avar.i16(at + 2) else { return nil }
                    segments[axis].append((Int64(from) * 4, Int64(to) * 4))
                    at += 4
                }
            }
        }
        self.segments = segments
    }

    /// FreeType's normalized coordinates (16.16) for `settings` (effective, clamped values).
    func normalized(_ settings: VariationSettings, axes variationAxes: [VariationAxis]) -> [Int64] {
        var result = [Int64](repeating: 0, count: axes.count)
        for (index, axis) in variationAxes.enumerated() where index < axes.count {
            result[index] = normalized(axis: index, axis.clamped(settings[axis.tag] ?? axis.defaultValue))
        }
        return result
    }

    /// FreeType's normalized coordinate (16.16) of axis `index` at `value` (clamped): each
    /// axis is normalized alone (`avar` 1 maps each axis by its own segments), so a step
    /// along one axis needs only this one.
    func normalized(axis index: Int, _ value: Double) -> Int64 {
        guard index < axes.count else { return 0 }
        // hb-ft's `coords[i] * 65536.f`, converted to FT_Fixed (truncated).
        var coordinate = Int64(Float(value) * 65536)
        let (minimum, def, maximum) = axes[index]
        coordinate = min(max(coordinate, minimum), maximum)
        var normal: Int64 = 0
        if coordinate < def {
            normal = -Self.divFix(coordinate - def, minimum - def)
        } else if coordinate > def {
            normal = Self.divFix(coordinate - def, maximum - def)
        }
        let points = segments[index]
        if points.count > 1 {
            for point in 1..<points.count where normal < points[point].from {
                normal = Self.mulDiv(
                    normal - points[point - 1].from, points[point].to - points[point - 1].to,
                    points[point].from - points[point - 1].from) + points[point - 1].to
                break
            }
        }
        return normal
    }

    /// FreeType's `FT_DivFix`: a / b in 16.16, rounded half away from zero on magnitudes.
    private static func divFix(_ a: Int64, _ b: Int64) -> Int64 {
        let negative = (a < 0) != (b < 0)
        let (a, b) = (abs(a), abs(b))
        let quotient = b > 0 ? ((a << 16) + (b >> 1)) / b : 0x7FFF_FFFF
        return negative ? -quotient : quotient
    }

    /// FreeType's `FT_MulDiv`: a × b / c, rounded half away from zero on magnitudes.
    private static func mulDiv(_ a: Int64, _ b: Int64, _ c: Int64) -> Int64 {
        let negative = ((a < 0) != (b < 0)) != (c < 0)
        let (a, b, c) = (abs(a), abs(b), abs(c))
        let quotient = c > 0 ? (a * b + (c >> 1)) / c : 0x7FFF_FFFF
        return negative ? -quotient : quotient
    }
}
