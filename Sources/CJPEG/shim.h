// libjpeg(-turbo) reports errors by calling error_exit, which must not return: the library
// expects a longjmp out of it. Swift cannot setjmp, and a longjmp must never cross Swift
// frames, so the whole compress and decompress loops live here, in C, each with its own
// setjmp. Rows come from (or go to) a callback that runs between libjpeg calls, never inside
// one, so no longjmp passes through it. Each function is prefixed cjpeg_.
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct {
    struct jpeg_error_mgr base;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
} cjpeg_error;

static inline void cjpeg_error_exit(j_common_ptr info) {
    cjpeg_error *error = (cjpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

/// Warnings (corrupt data the library can skip) are not printed to stderr.
static inline void cjpeg_output_message(j_common_ptr info) { (void)info; }

static inline void cjpeg_copy_message(const cjpeg_error *error, char *message, size_t capacity) {
    if (message == NULL || capacity == 0) return;
    strncpy(message, error->message, capacity - 1);
    message[capacity - 1] = 0;
}

/// Fills `row` (width × 3 bytes of RGB) with row `index` of the picture.
typedef void (*cjpeg_row_source)(void *context, int index, unsigned char *row);

/// Compresses a width × height RGB picture, row by row from `source`, into a JPEG file in
/// memory. On success returns 1 and sets *output (free it with free()) and *size; on failure
/// returns 0 with libjpeg's message.
static inline int cjpeg_compress(
    int width, int height, int quality, cjpeg_row_source source, void *context,
    unsigned char **output, unsigned long *size, char *message, size_t capacity
) {
    struct jpeg_compress_struct info;
    cjpeg_error error;
    unsigned char *volatile row = NULL;
    *output = NULL;
    *size = 0;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = cjpeg_error_exit;
    error.base.output_message = cjpeg_output_message;
    if (setjmp(error.jump)) {
        cjpeg_copy_message(&error, message, capacity);
        jpeg_destroy_compress(&info);
        free(row);
        free(*output);
        *output = NULL;
        *size = 0;
        return 0;
    }
    jpeg_create_compress(&info);
    jpeg_mem_dest(&info, output, size);
    info.image_width = (JDIMENSION)width;
    info.image_height = (JDIMENSION)height;
    info.input_components = 3;
    info.in_color_space = JCS_RGB;
    jpeg_set_defaults(&info);
    jpeg_set_quality(&info, quality, TRUE);
    row = malloc((size_t)width * 3);
    if (row == NULL) {
        strncpy(error.message, "out of memory", sizeof error.message);
        longjmp(error.jump, 1);
    }
    jpeg_start_compress(&info, TRUE);
    while (info.next_scanline < info.image_height) {
        source(context, (int)info.next_scanline, row);
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&info, rows, 1);
    }
    jpeg_finish_compress(&info);
    jpeg_destroy_compress(&info);
    free(row);
    return 1;
}

/// Decodes a JPEG file in memory to RGB. On success returns 1 and sets *pixels (width ×
/// height × 3 bytes; free it with free()), *width and *height; on failure returns 0.
static inline int cjpeg_decompress(
    const unsigned char *data, unsigned long count, unsigned char **pixels, int *width, int *height,
    char *message, size_t capacity
) {
    struct jpeg_decompress_struct info;
    cjpeg_error error;
    *pixels = NULL;
    *width = 0;
    *height = 0;
    info.err = jpeg_std_error(&error.base);
    error.base.error_exit = cjpeg_error_exit;
    error.base.output_message = cjpeg_output_message;
    if (setjmp(error.jump)) {
        cjpeg_copy_message(&error, message, capacity);
        jpeg_destroy_decompress(&info);
        free(*pixels);
        *pixels = NULL;
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, count);
    jpeg_read_header(&info, TRUE);
    info.out_color_space = JCS_RGB;
    jpeg_start_decompress(&info);
    size_t stride = (size_t)info.output_width * 3;
    *pixels = malloc(stride * info.output_height);
    if (*pixels == NULL) {
        strncpy(error.message, "out of memory", sizeof error.message);
        longjmp(error.jump, 1);
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = {*pixels + stride * info.output_scanline};
        jpeg_read_scanlines(&info, rows, 1);
    }
    *width = (int)info.output_width;
    *height = (int)info.output_height;
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    return 1;
}
