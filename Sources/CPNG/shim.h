// libpng's simplified API (png_image_*, libpng 1.6), which reports errors through the
// png_image struct instead of longjmp, so Swift can call it safely. The format and version
// are macros built from other macros, which Swift does not import; these inline functions
// expose their values. Each is prefixed cpng_ and exists only for that reason.
#include <png.h>

static inline png_uint_32 cpng_image_version(void) { return PNG_IMAGE_VERSION; }
static inline png_uint_32 cpng_format_rgba(void) { return PNG_FORMAT_RGBA; }
