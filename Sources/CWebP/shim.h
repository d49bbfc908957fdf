// libwebp's simple encoding and decoding API; it reports failure by returning 0, so Swift
// calls it directly.
#include <webp/encode.h>
#include <webp/decode.h>
