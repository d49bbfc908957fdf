import CHarfBuzz

extension Font {
    /// The `OS/2` table's usWeightClass (100 thin … 400 regular … 700 bold … 900 black), or
    /// 400 for a font without the table; fallbacks are matched to the primary font's weight.
    public var weightClass: Int {
        withFace { face in
            guard let os2 = FT_Get_Sfnt_Table(face, FT_SFNT_OS2)?.assumingMemoryBound(to: TT_OS2.self).pointee,
                  os2.version != 0xFFFF, os2.usWeightClass > 0 else { return 400 }
            return Int(os2.usWeightClass)
        }
    }
}
