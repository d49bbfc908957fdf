// The header's records are the ABI: their sizes are pinned here so that a change to one
// fails the build instead of silently breaking callers compiled against an older header.
#include "linefit.h"

#if UINTPTR_MAX == 0xFFFFFFFFFFFFFFFFu
_Static_assert(sizeof(linefit_layout_info_t) == 72, "linefit_layout_info_t changed: raise LINEFIT_ABI_VERSION");
_Static_assert(sizeof(linefit_line_t) == 104, "linefit_line_t changed: raise LINEFIT_ABI_VERSION");
_Static_assert(sizeof(linefit_size_span_t) == 24, "linefit_size_span_t changed: raise LINEFIT_ABI_VERSION");
_Static_assert(sizeof(linefit_run_t) == 56, "linefit_run_t changed: raise LINEFIT_ABI_VERSION");
_Static_assert(sizeof(linefit_glyph_t) == 40, "linefit_glyph_t changed: raise LINEFIT_ABI_VERSION");
#endif
