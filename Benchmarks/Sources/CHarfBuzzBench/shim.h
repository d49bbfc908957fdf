// HarfBuzz's own OpenType functions (hb-ot), no FreeType: the baselines load a font with
// hb_blob_create_from_file + hb_face_create + hb_font_create, as a plain HarfBuzz user would.
// hb-ft as well: the baseline the issue reads LineFit against shapes through FreeType, as
// LineFit does.
#include <hb.h>
#include <hb-ot.h>
#include <hb-ft.h>
