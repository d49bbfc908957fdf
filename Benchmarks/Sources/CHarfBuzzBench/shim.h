// HarfBuzz's own OpenType functions (hb-ot), no FreeType: the baselines load a font with
// hb_blob_create_from_file + hb_face_create + hb_font_create, as a plain HarfBuzz user would.
#include <hb.h>
#include <hb-ot.h>
