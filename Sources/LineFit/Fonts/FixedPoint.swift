import CHarfBuzz

/// FreeType's fixed-point formats, converted in one place.
enum FixedPoint {
    /// 26.6: 1/64 units. Rounded down so that a requested size is never exceeded.
    static func f26Dot6(_ value: Double) -> FT_F26Dot6 {
        FT_F26Dot6((value * 64).rounded(.down))
    }

    /// 16.16, as FreeType's design coordinates are given.
    static func f16Dot16(_ value: Double) -> FT_Fixed {
        FT_Fixed((value * 65536).rounded())
    }
}
