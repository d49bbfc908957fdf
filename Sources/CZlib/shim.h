// zlib for the PNG encoder. deflateInit2 is a macro that passes the library version and the
// stream's size, which Swift does not import; czlib_deflate_init exists only to expand it.
#include <zlib.h>

static inline int czlib_deflate_init(z_streamp stream, int level, int strategy) {
    return deflateInit2(stream, level, Z_DEFLATED, 15, 8, strategy);
}
