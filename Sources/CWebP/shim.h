// libwebp, one module for still pictures and animations: encode/decode (libwebp), the
// animation container's WebPAnimEncoder (libwebpmux) and WebPAnimDecoder (libwebpdemux), which
// the tests use to check frame counts. The headers' init functions are static inline wrappers
// of versioned entry points, which Swift imports as they are.
#include <webp/encode.h>
#include <webp/decode.h>
#include <webp/mux.h>
#include <webp/demux.h>

// A still picture through the advanced API: the simple API always uses compression method 4,
// and a story is mostly flat colour, where the fast methods lose little. cwebp_encode exists
// to free the picture on every path. Returns the file's size and sets *output (free with
// WebPFree), or 0.
static inline size_t cwebp_encode(
    const uint8_t *pixels, int width, int height, int stride, int hasAlpha, float quality, int method,
    uint8_t **output
) {
    WebPConfig config;
    WebPPicture picture;
    WebPMemoryWriter writer;
    *output = NULL;
    if (!WebPConfigInit(&config) || !WebPPictureInit(&picture)) return 0;
    config.quality = quality;
    config.method = method;
    if (!WebPValidateConfig(&config)) return 0;
    picture.use_argb = 0;
    picture.width = width;
    picture.height = height;
    int imported = hasAlpha ? WebPPictureImportRGBA(&picture, pixels, stride) : WebPPictureImportRGB(&picture, pixels, stride);
    if (!imported) {
        WebPPictureFree(&picture);
        return 0;
    }
    WebPMemoryWriterInit(&writer);
    picture.writer = WebPMemoryWrite;
    picture.custom_ptr = &writer;
    int ok = WebPEncode(&config, &picture);
    WebPPictureFree(&picture);
    if (!ok) {
        WebPMemoryWriterClear(&writer);
        return 0;
    }
    *output = writer.mem;
    return writer.size;
}
