// libwebp's animation container: WebPAnimEncoder (libwebpmux) writes animated WebP, and
// WebPAnimDecoder (libwebpdemux) reads it back, which the tests use to check frame counts.
// The headers' init functions are static inline wrappers of versioned entry points, which
// Swift imports as they are, so no prefixed helpers are needed.
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
