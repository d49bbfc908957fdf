/*
 * A story through LineFit's C API: lay a caption out, print its lines, size spans and glyph
 * runs, type into it with an editor session, and render it to a PNG in the Strong style.
 *
 *   cc story.c $(pkg-config --cflags --libs linefit) -o story
 *   ./story [--png FILE] [--canvas WxH] [--font FILE] [--repeat N] [TEXT]
 *
 * --font uses that one font instead of the bundled chain (loaded and released on every
 * cycle); --canvas sets the picture's size (default 1080x1920). --repeat N runs the whole
 * create/layout/edit/render/destroy cycle N times (quietly after the first), which is what
 * the valgrind leak check in CI runs.
 */
#include <linefit.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                            \
    do {                                                                                       \
        linefit_status_t status_ = (call);                                                     \
        if (status_ != LINEFIT_OK) {                                                           \
            fprintf(stderr, "story: %s failed: %s (%s)\n", #call, linefit_last_error(),       \
                    linefit_status_name(status_));                                             \
            exit(1);                                                                           \
        }                                                                                      \
    } while (0)

static const char *default_text = "Nothing beats a quiet walk by the lake before the city wakes up";

static void print_layout(linefit_layout_t *layout, const char *text) {
    linefit_layout_info_t info;
    CHECK(linefit_layout_get_info(layout, &info));
    size_t count = 0;
    CHECK(linefit_layout_get_lines(layout, NULL, 0, &count));
    linefit_line_t *lines = calloc(count ? count : 1, sizeof *lines);
    CHECK(linefit_layout_get_lines(layout, lines, count, &count));
    printf("line   size pt    width  range\n");
    for (size_t i = 0; i < count; i++) {
        /* Offsets are UTF-16; this example's text is ASCII, so they index bytes too. */
        printf("%4zu %9.2f %8.1f  %zu..%zu  %.*s%s\n", i + 1, lines[i].size, lines[i].width, lines[i].start,
               lines[i].end, (int)(lines[i].content_end - lines[i].start), text + lines[i].start,
               (lines[i].flags & LINEFIT_LINE_HELD_AT_MAX) ? "  [max]" : "");
    }
    printf("%zu lines, width %.1f, height %.1f\n", info.line_count, info.width, info.height);

    /* The first line's glyph runs: font index, bidi level, glyph ids and pen positions. */
    if (count > 0) {
        for (size_t r = 0; r < lines[0].run_count; r++) {
            linefit_run_t run;
            CHECK(linefit_layout_get_run(layout, 0, r, &run));
            linefit_glyph_t *glyphs = calloc(run.glyph_count ? run.glyph_count : 1, sizeof *glyphs);
            size_t glyph_count = 0;
            CHECK(linefit_layout_get_glyphs(layout, 0, r, glyphs, run.glyph_count, &glyph_count));
            printf("line 1 run %zu: font %u, level %u, %s, %zu glyphs, first id %u at x %.2f\n", r, run.font_index,
                   run.bidi_level, run.script, glyph_count, glyph_count ? glyphs[0].id : 0,
                   glyph_count ? glyphs[0].x : 0.0);
            free(glyphs);
        }
    }
    free(lines);
}

struct settings {
    const char *text;
    const char *png_path;
    const char *font_path;
    int canvas_width, canvas_height;
};

static int story(const struct settings *settings, int verbose) {
    const char *text = settings->text;
    linefit_font_chain_t *chain = NULL;
    linefit_options_t *options = NULL;
    linefit_engine_t *engine = NULL;
    linefit_layout_t *layout = NULL;
    if (settings->font_path) {
        linefit_font_t *font = NULL;
        CHECK(linefit_font_create_from_file(settings->font_path, 0, &font));
        CHECK(linefit_font_chain_create(&font, 1, &chain));
        CHECK(linefit_font_destroy(font)); /* the chain keeps its fonts alive */
    } else {
        CHECK(linefit_font_chain_create_bundled(NULL, NULL, &chain));
    }
    CHECK(linefit_options_create(960, 40, 260, &options));
    CHECK(linefit_engine_create(&engine));
    CHECK(linefit_layout_create(engine, chain, options, text, strlen(text), &layout));
    if (verbose) print_layout(layout, text);

    /* Per-line size spans: what an Android AbsoluteSizeSpan covers. */
    size_t span_count = 0;
    CHECK(linefit_layout_get_size_spans(layout, NULL, 0, &span_count));
    linefit_size_span_t *spans = calloc(span_count ? span_count : 1, sizeof *spans);
    CHECK(linefit_layout_get_size_spans(layout, spans, span_count, &span_count));
    if (verbose && span_count > 0) printf("size span 1: %zu..%zu at %.2f pt\n", spans[0].start, spans[0].end, spans[0].size);
    free(spans);

    /* Typing: an editor session answers each edit from what it already measured. */
    linefit_editor_t *editor = NULL;
    linefit_layout_t *edited = NULL;
    size_t length = 0;
    double typing_size = 0;
    CHECK(linefit_editor_create(chain, options, text, strlen(text), &editor));
    CHECK(linefit_editor_get_length(editor, &length));
    CHECK(linefit_editor_insert(editor, length, " again", 6, &edited));
    CHECK(linefit_editor_get_typing_size(editor, length + 6, &typing_size));
    if (verbose) {
        linefit_layout_info_t info;
        CHECK(linefit_layout_get_info(edited, &info));
        printf("after typing \" again\": %zu lines, caret line at %.2f pt\n", info.line_count, typing_size);
    }
    CHECK(linefit_layout_destroy(edited));
    CHECK(linefit_editor_destroy(editor));

    /* A picture: the story in the Strong style on the canvas (the chain's fonts with --font). */
    linefit_style_t *style = NULL;
    linefit_layout_t *styled = NULL;
    uint8_t *png = NULL;
    size_t png_length = 0;
    CHECK(linefit_style_create("strong", &style));
    CHECK(linefit_style_layout(style, engine, settings->font_path ? chain : NULL, settings->canvas_width,
                               settings->canvas_height, text, strlen(text), &styled));
    CHECK(linefit_render_png(styled, style, settings->canvas_width, settings->canvas_height, &png, &png_length));
    if (settings->png_path) {
        FILE *file = fopen(settings->png_path, "wb");
        if (!file || fwrite(png, 1, png_length, file) != png_length || fclose(file) != 0) {
            fprintf(stderr, "story: cannot write %s\n", settings->png_path);
            return 1;
        }
        if (verbose) printf("wrote %s (%zu bytes)\n", settings->png_path, png_length);
    }
    linefit_bytes_free(png);
    CHECK(linefit_layout_destroy(styled));
    CHECK(linefit_style_destroy(style));

    CHECK(linefit_layout_destroy(layout));
    CHECK(linefit_engine_destroy(engine));
    CHECK(linefit_options_destroy(options));
    CHECK(linefit_font_chain_destroy(chain));
    return 0;
}

int main(int argc, char **argv) {
    struct settings settings = {default_text, NULL, NULL, 1080, 1920};
    long repeat = 1;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--png") == 0 && i + 1 < argc) {
            settings.png_path = argv[++i];
        } else if (strcmp(argv[i], "--font") == 0 && i + 1 < argc) {
            settings.font_path = argv[++i];
        } else if (strcmp(argv[i], "--canvas") == 0 && i + 1 < argc) {
            if (sscanf(argv[++i], "%dx%d", &settings.canvas_width, &settings.canvas_height) != 2) {
                fprintf(stderr, "story: bad --canvas '%s': use WxH\n", argv[i]);
                return 2;
            }
        } else if (strcmp(argv[i], "--repeat") == 0 && i + 1 < argc) {
            repeat = strtol(argv[++i], NULL, 10);
        } else {
            settings.text = argv[i];
        }
    }
    if (linefit_abi_version() != LINEFIT_ABI_VERSION) {
        fprintf(stderr, "story: built for ABI %d, the library is ABI %d\n", LINEFIT_ABI_VERSION, linefit_abi_version());
        return 1;
    }
    printf("LineFit %s (ABI %d)\n", linefit_version(), linefit_abi_version());
    for (long i = 0; i < repeat; i++) {
        if (story(&settings, i == 0) != 0) return 1;
    }
    return 0;
}
