// HarfBuzz with its FreeType integration (hb-ft) and the FreeType headers LineFit uses.
// FreeType's headers are reached through macros (FT_FREETYPE_H), which Swift cannot expand
// in an import, so they are included here.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_TRUETYPE_TABLES_H
#include FT_OUTLINE_H
#include FT_GLYPH_H
#include FT_SIZES_H
#include FT_MULTIPLE_MASTERS_H
#include <hb.h>
#include <hb-ft.h>
#include <hb-ot.h>
