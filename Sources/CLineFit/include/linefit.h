/*
 * linefit.h: the C API of LineFit, a Type Mode text layout engine (every line of a text gets
 * the largest point size at which it still fills the width).
 *
 * This header is the whole contract of libLineFitC: what is written here holds for every
 * release with the same LINEFIT_ABI_VERSION.
 *
 * OBJECTS AND HANDLES
 *   Every object (font, font chain, options, engine, layout, editor, style) is made by a
 *   linefit_<object>_create... function and released by linefit_<object>_destroy. A handle is
 *   an opaque token, never a pointer to memory: it names a slot in the library's table and
 *   carries that slot's generation. So a NULL handle, a handle already destroyed, a made-up
 *   value, or a handle of another kind (a font passed where a layout is expected) is
 *   reported as an error status; it never crashes and never reaches another object.
 *
 * OWNERSHIP
 *   - The caller owns every handle a function gives back through an out parameter and must
 *     destroy it once. Destroying twice returns LINEFIT_ERROR_INVALID_HANDLE.
 *   - Objects keep what they need alive: a chain keeps its fonts, a layout keeps the chain it
 *     was made with, an editor keeps its chain and a copy of its options. Destroying a font
 *     right after making a chain of it is fine.
 *   - Input strings and arrays are read during the call only; nothing keeps a pointer to them.
 *     Font bytes are copied.
 *   - Output records (linefit_line_t, ...) are filled into memory the caller provides.
 *     Strings returned as `const char *` belong to the library (see each function).
 *   - PNG bytes are allocated by the library and released with linefit_bytes_free.
 *
 * THREADS
 *   - Every function may be called from any thread; the handle table is locked internally,
 *     and a call keeps the objects it uses alive until it returns, even if another thread
 *     destroys their handles meanwhile.
 *   - Fonts, font chains, layouts and styles are immutable once made: share them between
 *     threads freely.
 *   - An engine, an editor and an options object belong to one thread at a time: do not call
 *     two functions on the same one at once (make one engine per thread).
 *   - linefit_last_error is per thread.
 *
 * STATUS AND ERRORS
 *   Every function except linefit_version, linefit_abi_version, linefit_status_name,
 *   linefit_last_error and linefit_bytes_free returns a linefit_status_t. On failure, out
 *   parameters are left untouched (handles stay NULL if they were NULL) and
 *   linefit_last_error() gives a one-line message for the calling thread.
 *
 * UNITS
 *   Lengths are points (one pixel per point in pictures); text ranges are UTF-16 offsets
 *   (the units of Java/Android strings and of NSString), end exclusive; y grows downward from
 *   the block's top.
 *
 * OPTIONS
 *   Options are an opaque object with one setter per option of docs/OPTIONS.md, named after
 *   its C column. A setter checks its value at once with the engine's own validation; an
 *   option the engine does not implement yet returns LINEFIT_ERROR_INVALID_OPTION, so its
 *   setter already exists and starts working without an ABI change. Checks that involve
 *   several options (min not above max, a box kind with its height) happen when a layout is
 *   made.
 */
#ifndef LINEFIT_H
#define LINEFIT_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Raised whenever a function, a record or a meaning in this header changes incompatibly.
 * Compare with linefit_abi_version() at run time to detect a mismatched library. */
#define LINEFIT_ABI_VERSION 1

/* Status codes. New codes may be added in later releases; treat unknown ones as failures. */
typedef enum {
    LINEFIT_OK = 0,
    /* A required handle or pointer argument is NULL. */
    LINEFIT_ERROR_NULL_ARGUMENT = 1,
    /* The handle was destroyed, or was never made by this library. */
    LINEFIT_ERROR_INVALID_HANDLE = 2,
    /* The handle is live but names another kind of object. */
    LINEFIT_ERROR_WRONG_HANDLE_KIND = 3,
    /* A plain argument is out of range: an index, a UTF-16 range, invalid UTF-8 or UTF-16,
     * an unknown enum value or preset name. */
    LINEFIT_ERROR_INVALID_ARGUMENT = 4,
    /* Fonts: no file at the path / the file cannot be read / not a usable font or face. */
    LINEFIT_ERROR_FONT_NOT_FOUND = 5,
    LINEFIT_ERROR_FONT_UNREADABLE = 6,
    LINEFIT_ERROR_FONT_INVALID = 7,
    /* A layout option is out of its domain, or not implemented yet (the message says which). */
    LINEFIT_ERROR_INVALID_OPTION = 8,
    /* A font chain with no fonts. */
    LINEFIT_ERROR_NO_FONTS = 9,
    /* A system library (FreeType, ICU, libpng) failed in a way that is not the caller's fault. */
    LINEFIT_ERROR_LIBRARY = 10,
    /* An output array is shorter than the count the function reports. */
    LINEFIT_ERROR_BUFFER_TOO_SMALL = 11,
    /* The picture could not be made (for example the canvas is too large). */
    LINEFIT_ERROR_RENDER = 12,
    /* The bundled fonts' folder was not found (set LINEFIT_FONTS to it). */
    LINEFIT_ERROR_NOT_FOUND = 13
} linefit_status_t;

/* Handles: distinct types so a C compiler catches most mix-ups; the library checks the rest. */
typedef struct linefit_font_s linefit_font_t;
typedef struct linefit_font_chain_s linefit_font_chain_t;
typedef struct linefit_options_s linefit_options_t;
typedef struct linefit_engine_s linefit_engine_t;
typedef struct linefit_layout_s linefit_layout_t;
typedef struct linefit_editor_s linefit_editor_t;
typedef struct linefit_style_s linefit_style_t;

/* Line flags (linefit_line_t.flags). */
enum {
    /* The line would grow past the maximum size; it is held there and aligned. */
    LINEFIT_LINE_HELD_AT_MAX = 1 << 0,
    /* A word wider than the width at the minimum size was broken between grapheme clusters. */
    LINEFIT_LINE_BROKEN_INSIDE_WORD = 1 << 1,
    /* The line is wider than the width even at the minimum size (one cluster too wide). */
    LINEFIT_LINE_OVERFLOWS = 1 << 2,
    /* The line has no content (an empty paragraph). */
    LINEFIT_LINE_EMPTY = 1 << 3,
    /* The line ends with a mandatory break (a newline or a paragraph separator). */
    LINEFIT_LINE_ENDS_PARAGRAPH = 1 << 4
};

/* Option values. */
typedef enum { LINEFIT_ALIGN_LEFT = 0, LINEFIT_ALIGN_CENTER = 1, LINEFIT_ALIGN_RIGHT = 2 } linefit_alignment_t;
typedef enum { LINEFIT_DIRECTION_AUTO = 0, LINEFIT_DIRECTION_LTR = 1, LINEFIT_DIRECTION_RTL = 2 } linefit_direction_t;
typedef enum { LINEFIT_BREAKS_GREEDY = 0, LINEFIT_BREAKS_BALANCED = 1 } linefit_breaks_t;
typedef enum { LINEFIT_BOX_NONE = 0, LINEFIT_BOX_LIMIT = 1, LINEFIT_BOX_FILL = 2 } linefit_box_t;
typedef enum {
    LINEFIT_VERTICAL_ALIGN_TOP = 0,
    LINEFIT_VERTICAL_ALIGN_CENTER = 1,
    LINEFIT_VERTICAL_ALIGN_BOTTOM = 2
} linefit_vertical_alignment_t;
typedef enum { LINEFIT_FIT_SIZE = 0, LINEFIT_FIT_WIDTH_AXIS = 1, LINEFIT_FIT_MIXED = 2 } linefit_fit_t;

/* A whole layout. */
typedef struct {
    double width;            /* the width the lines were fitted to */
    double height;           /* the block's height: the sum of the lines' heights */
    double min_size;         /* the min and max actually used (scaled by a height limit) */
    double max_size;
    double height_scale;     /* the factor a height limit scaled min and max by (1: none) */
    size_t line_count;
    size_t missing_count;    /* grapheme clusters no font covers (drawn as .notdef) */
    int32_t overflows_height;/* 1 when a height limit is set and the block is still taller */
    int32_t reserved[3];     /* zero */
} linefit_layout_info_t;

/* One line. The lines' [start, end) ranges tile the text. */
typedef struct {
    size_t start;            /* UTF-16 range, trailing whitespace and line break included */
    size_t end;
    size_t content_end;      /* where trailing whitespace and the line break start */
    double size;             /* point size of every glyph on the line */
    double width;            /* content width, trailing whitespace left out */
    double x;                /* left edge of the content in the block */
    double top;              /* top of the line's box, from the block's top */
    double baseline;         /* baseline, from the block's top */
    double ascent;           /* largest ascent and descent of the line's fonts at its size */
    double descent;
    double height;           /* the line's box height: (ascent + descent) x line spacing */
    uint32_t flags;          /* LINEFIT_LINE_* */
    uint32_t run_count;      /* glyph runs on the line */
    uint32_t reserved[2];    /* zero */
} linefit_line_t;

/* A point size over a UTF-16 range: what an Android AbsoluteSizeSpan or an iOS font
 * attribute covers. One span per line. */
typedef struct {
    size_t start;
    size_t end;
    double size;
} linefit_size_span_t;

/* A variable-font axis value a line is shaped and drawn at (docs/VARIABLE-FONTS.md). */
typedef struct {
    char tag[5];             /* four-letter axis tag such as "wdth", NUL-terminated */
    double value;            /* design coordinate, as the first font with the axis applies it */
} linefit_axis_value_t;

/* A run of glyphs of one font, one bidi level and one script, in visual order on its line. */
typedef struct {
    size_t start;            /* UTF-16 range of the characters the run draws */
    size_t end;
    uint32_t font_index;     /* index into the font chain the layout was made with */
    uint32_t bidi_level;     /* UAX #9 embedding level: odd is right-to-left */
    char script[8];          /* ISO 15924 tag, NUL-terminated, e.g. "Latn" */
    double x;                /* left edge relative to the line's x */
    double width;            /* advance width, tracking included */
    size_t glyph_count;
} linefit_run_t;

/* One positioned glyph, in points at the line's size. */
typedef struct {
    uint32_t id;             /* glyph id in the run's font */
    uint32_t cluster;        /* UTF-16 offset of the first character of its cluster */
    double x;                /* pen position relative to the run's left edge */
    double advance;
    double x_offset;         /* HarfBuzz offsets, y up */
    double y_offset;
} linefit_glyph_t;

/* ---- Library ---------------------------------------------------------------------------- */

/* The library's version, such as "0.10.0". Static storage; never NULL. */
const char *linefit_version(void);
/* The LINEFIT_ABI_VERSION the library was built with. */
int linefit_abi_version(void);
/* A constant name for a status, such as "LINEFIT_ERROR_INVALID_HANDLE". Never NULL. */
const char *linefit_status_name(linefit_status_t status);
/* The message of the last call on this thread that failed ("" if none did). Valid until the
 * next failing call on this thread; copy it to keep it. Never NULL. */
const char *linefit_last_error(void);
/* Releases bytes the library allocated (PNG data). NULL is ignored. */
void linefit_bytes_free(uint8_t *bytes);

/* ---- Fonts ------------------------------------------------------------------------------ */

/* Loads a face from a font file (TrueType, OpenType/CFF, or a collection with face_index). */
linefit_status_t linefit_font_create_from_file(const char *path, int32_t face_index, linefit_font_t **font);
/* Loads a face from font bytes (copied); name identifies it in layouts and errors. */
linefit_status_t linefit_font_create_from_bytes(const uint8_t *bytes, size_t length, const char *name,
                                                int32_t face_index, linefit_font_t **font);
linefit_status_t linefit_font_destroy(linefit_font_t *font);
/* Design units per em, from the `head` table. */
linefit_status_t linefit_font_get_units_per_em(linefit_font_t *font, int32_t *units_per_em);

/* ---- Bundled fonts ---------------------------------------------------------------------- */

/* Copies the bundled fonts' folder (LINEFIT_FONTS, else the one beside the sources) as a
 * NUL-terminated string into buffer; *length is its length without the NUL. buffer may be
 * NULL with capacity 0 to ask for the length; LINEFIT_ERROR_BUFFER_TOO_SMALL when
 * capacity <= *length. LINEFIT_ERROR_NOT_FOUND when there is no such folder. */
linefit_status_t linefit_bundled_fonts_directory(char *buffer, size_t capacity, size_t *length);

/* ---- Font chains ------------------------------------------------------------------------ */

/* A chain of fonts: the primary first, then the fallbacks in order. count >= 1. */
linefit_status_t linefit_font_chain_create(linefit_font_t *const *fonts, size_t count, linefit_font_chain_t **chain);
/* The primary font file_name (NULL: LeagueSpartan-Bold.otf) from the bundled folder, then the
 * bundled fallbacks (Latin, Arabic, Hebrew, Devanagari, Thai, CJK, colour emoji). directory
 * NULL finds the folder as linefit_bundled_fonts_directory does. Fonts load once per process. */
linefit_status_t linefit_font_chain_create_bundled(const char *directory, const char *file_name,
                                                   linefit_font_chain_t **chain);
linefit_status_t linefit_font_chain_destroy(linefit_font_chain_t *chain);
linefit_status_t linefit_font_chain_get_count(linefit_font_chain_t *chain, size_t *count);

/* ---- Options (docs/OPTIONS.md) ---------------------------------------------------------- */

/* Options with the given width and sizes and every other option at its default. */
linefit_status_t linefit_options_create(double width, double min_size, double max_size, linefit_options_t **options);
linefit_status_t linefit_options_destroy(linefit_options_t *options);
linefit_status_t linefit_options_set_width(linefit_options_t *options, double width);
linefit_status_t linefit_options_set_min_size(linefit_options_t *options, double min_size);
linefit_status_t linefit_options_set_max_size(linefit_options_t *options, double max_size);
linefit_status_t linefit_options_set_step(linefit_options_t *options, double step);
/* Nonzero: measure with FreeType hinting at each size. */
linefit_status_t linefit_options_set_hinted(linefit_options_t *options, int32_t hinted);
/* Letter spacing in em. */
linefit_status_t linefit_options_set_tracking(linefit_options_t *options, double tracking);
linefit_status_t linefit_options_set_line_spacing(linefit_options_t *options, double line_spacing);
linefit_status_t linefit_options_set_alignment(linefit_options_t *options, linefit_alignment_t alignment);
linefit_status_t linefit_options_set_direction(linefit_options_t *options, linefit_direction_t direction);
/* Sets an OpenType feature (a four-letter tag) to value, replacing an earlier value of it. */
linefit_status_t linefit_options_set_feature(linefit_options_t *options, const char *tag, uint32_t value);
/* BCP 47 tag; NULL or "" chooses one from the text's scripts. */
linefit_status_t linefit_options_set_language(linefit_options_t *options, const char *language);
linefit_status_t linefit_options_set_breaks(linefit_options_t *options, linefit_breaks_t breaks);
/* The box kind; its height comes from linefit_options_set_box_height. */
linefit_status_t linefit_options_set_box(linefit_options_t *options, linefit_box_t box);
linefit_status_t linefit_options_set_box_height(linefit_options_t *options, double height);
linefit_status_t linefit_options_set_vertical_alignment(linefit_options_t *options,
                                                        linefit_vertical_alignment_t alignment);
linefit_status_t linefit_options_set_minimum_floor(linefit_options_t *options, double floor);
linefit_status_t linefit_options_set_stable_breaks(linefit_options_t *options, int32_t stable);
/* Sets a variable-font axis (a four-letter tag) to value, replacing an earlier value of it. */
linefit_status_t linefit_options_set_axis(linefit_options_t *options, const char *tag, double value);
/* An fvar named instance; NULL clears it. */
linefit_status_t linefit_options_set_instance(linefit_options_t *options, const char *name);
linefit_status_t linefit_options_set_optical_sizing(linefit_options_t *options, int32_t enabled);
linefit_status_t linefit_options_set_fit(linefit_options_t *options, linefit_fit_t fit);

/* ---- Engines ---------------------------------------------------------------------------- */

/* A layout context: ICU iterators, a HarfBuzz buffer and scratch memory reused across calls. */
linefit_status_t linefit_engine_create(linefit_engine_t **engine);
linefit_status_t linefit_engine_destroy(linefit_engine_t *engine);

/* ---- Layouts ---------------------------------------------------------------------------- */

/* Fits UTF-8 text (length in bytes; it need not be NUL-terminated) with chain under options.
 * Invalid UTF-8 is LINEFIT_ERROR_INVALID_ARGUMENT (nothing is ever dropped or replaced). */
linefit_status_t linefit_layout_create(linefit_engine_t *engine, linefit_font_chain_t *chain,
                                       linefit_options_t *options, const char *text, size_t length,
                                       linefit_layout_t **layout);
/* The same for UTF-16 text (length in code units), as Java and JNI strings hold it. */
linefit_status_t linefit_layout_create_utf16(linefit_engine_t *engine, linefit_font_chain_t *chain,
                                             linefit_options_t *options, const uint16_t *text, size_t length,
                                             linefit_layout_t **layout);
linefit_status_t linefit_layout_destroy(linefit_layout_t *layout);
linefit_status_t linefit_layout_get_info(linefit_layout_t *layout, linefit_layout_info_t *info);
linefit_status_t linefit_layout_get_line(linefit_layout_t *layout, size_t index, linefit_line_t *line);
/* Every line at once: *count is always set to the number of lines; lines may be NULL with
 * capacity 0 to ask for it; LINEFIT_ERROR_BUFFER_TOO_SMALL when capacity < *count. */
linefit_status_t linefit_layout_get_lines(linefit_layout_t *layout, linefit_line_t *lines, size_t capacity,
                                          size_t *count);
/* The size spans, counted as linefit_layout_get_lines counts lines. */
linefit_status_t linefit_layout_get_size_spans(linefit_layout_t *layout, linefit_size_span_t *spans,
                                               size_t capacity, size_t *count);
/* The axis values of line line_index (opsz, wdth and the fixed ones such as wght), counted
 * as linefit_layout_get_lines counts lines; none for static fonts. */
linefit_status_t linefit_layout_get_line_axes(linefit_layout_t *layout, size_t line_index,
                                              linefit_axis_value_t *values, size_t capacity, size_t *count);
/* How many warnings the layout has (an axis value clamped to a font's range, an axis no font
 * has), and warning index's one-line message copied as linefit_bundled_fonts_directory copies. */
linefit_status_t linefit_layout_get_warning_count(linefit_layout_t *layout, size_t *count);
linefit_status_t linefit_layout_get_warning(linefit_layout_t *layout, size_t index, char *buffer, size_t capacity,
                                            size_t *length);
/* Run run_index of line line_index (runs are in visual order, left to right). */
linefit_status_t linefit_layout_get_run(linefit_layout_t *layout, size_t line_index, size_t run_index,
                                        linefit_run_t *run);
/* The glyphs of a run, counted as linefit_layout_get_lines counts lines. */
linefit_status_t linefit_layout_get_glyphs(linefit_layout_t *layout, size_t line_index, size_t run_index,
                                           linefit_glyph_t *glyphs, size_t capacity, size_t *count);

/* ---- Editor sessions -------------------------------------------------------------------- */

/* An editing session over UTF-8 text: each edit re-measures only what it touched, and its
 * layout always equals a fresh one of the same text. The session keeps the chain and a copy
 * of the options (later changes to the options object do not affect it). */
linefit_status_t linefit_editor_create(linefit_font_chain_t *chain, linefit_options_t *options, const char *text,
                                       size_t length, linefit_editor_t **editor);
linefit_status_t linefit_editor_destroy(linefit_editor_t *editor);
/* Replaces the UTF-16 range [start, end) with UTF-8 text. If layout is not NULL, *layout
 * receives a new layout handle of the result (the caller destroys it). If changed_first and
 * changed_end are not NULL they receive the range of line indices that changed. */
linefit_status_t linefit_editor_replace(linefit_editor_t *editor, size_t start, size_t end, const char *text,
                                        size_t length, linefit_layout_t **layout, size_t *changed_first,
                                        size_t *changed_end);
linefit_status_t linefit_editor_insert(linefit_editor_t *editor, size_t offset, const char *text, size_t length,
                                       linefit_layout_t **layout);
linefit_status_t linefit_editor_delete(linefit_editor_t *editor, size_t start, size_t end,
                                       linefit_layout_t **layout);
/* The current layout as a new layout handle (the caller destroys it). */
linefit_status_t linefit_editor_get_layout(linefit_editor_t *editor, linefit_layout_t **layout);
/* Length of the current text in UTF-16 units. */
linefit_status_t linefit_editor_get_length(linefit_editor_t *editor, size_t *length);
/* The size text typed at the caret (a UTF-16 offset) gets: the size of the caret's line. */
linefit_status_t linefit_editor_get_typing_size(linefit_editor_t *editor, size_t caret, double *size);

/* ---- Styles and pictures ---------------------------------------------------------------- */

/* A Type Mode style by preset name: "classic", "modern", "neon", "typewriter" or "strong". */
linefit_status_t linefit_style_create(const char *name, linefit_style_t **style);
linefit_status_t linefit_style_destroy(linefit_style_t *style);
/* Sets the style's palette colour, 0xRRGGBB (Neon derives its glow from it). */
linefit_status_t linefit_style_set_color(linefit_style_t *style, uint32_t rgb);
/* Lays UTF-8 text out as `linefit --style NAME --canvas WxH` does: the style scaled to the
 * canvas width, its text transform (offsets still index the text given), its fonts from the
 * bundled folder (or chain, if not NULL), width = canvas less the margins, and a height limit
 * of the canvas height less four margins. */
linefit_status_t linefit_style_layout(linefit_style_t *style, linefit_engine_t *engine, linefit_font_chain_t *chain,
                                      int32_t canvas_width, int32_t canvas_height, const char *text, size_t length,
                                      linefit_layout_t **layout);
/* Draws layout in style on a canvas_width x canvas_height canvas (the style scaled to the
 * canvas width, the block centred) and encodes it as PNG. Both 0: a transparent picture just
 * around the text. *png receives bytes to release with linefit_bytes_free. */
linefit_status_t linefit_render_png(linefit_layout_t *layout, linefit_style_t *style, int32_t canvas_width,
                                    int32_t canvas_height, uint8_t **png, size_t *length);

#ifdef __cplusplus
}
#endif

#endif /* LINEFIT_H */
