"""Layouts, editing and pictures through libLineFitC equal what the Swift CLI makes."""

import json
import os
import struct
import subprocess
import sys
import tempfile
import threading
import unittest
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import linefit  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FONTS = os.path.join(ROOT, "Fonts")


def cli_path():
    explicit = os.environ.get("LINEFIT_CLI")
    path = explicit or os.path.join(os.path.dirname(linefit.library_path()), "linefit")
    if not os.path.exists(path):
        raise FileNotFoundError(f"the linefit CLI is not built at {path} (swift build)")
    return path


def swift_layout(*args):
    """What `linefit --json ARGS` prints, parsed."""
    result = subprocess.run([cli_path(), "--json", *args], capture_output=True, check=True,
                            env=dict(os.environ, LINEFIT_FONTS=FONTS))
    return json.loads(result.stdout)


FLAG_NAMES = {"heldAtMax": linefit.LINE_HELD_AT_MAX, "brokenInsideWord": linefit.LINE_BROKEN_INSIDE_WORD,
              "overflows": linefit.LINE_OVERFLOWS, "empty": linefit.LINE_EMPTY,
              "endsParagraph": linefit.LINE_ENDS_PARAGRAPH}

# The stories the comparisons run on: the README's three examples and a mixed-script one.
STORIES = [
    ("Nothing beats a quiet walk by the lake before the city wakes up",
     ["--min", "40", "--max", "260"], dict(width=960, min_size=40, max_size=260), None),
    ("this weekend\nONLY\nhalf price on everything in the shop",
     ["--font", os.path.join(FONTS, "BebasNeue-Regular.otf"), "--min", "36", "--max", "320"],
     dict(width=960, min_size=36, max_size=320), "BebasNeue-Regular.otf"),
    ("Supercalifragilisticexpialidocious", ["--width", "300", "--min", "40"],
     dict(width=300, min_size=40, max_size=300), None),
    ("Sunday in Tel Aviv: שבת שלום 🌅\nनमस्ते दोस्तों, สวัสดีครับ\n今天天气很好 ☀️ مرحبا بالجميع",
     ["--font", os.path.join(FONTS, "NotoSans-Regular.ttf"), "--min", "30", "--max", "200", "--width", "600"],
     dict(width=600, min_size=30, max_size=200), "NotoSans-Regular.ttf"),
]


class LayoutEqualsSwift(unittest.TestCase):
    """Every number of every line, run and glyph is what Swift's own layout gives (JSON prints
    doubles in their shortest round-trip form, so equality is exact)."""

    maxDiff = None

    def assert_same(self, ours, theirs):
        self.assertEqual(ours.info.line_count, len(theirs["lines"]))
        self.assertEqual(ours.info.height, theirs["height"])
        self.assertEqual(ours.info.width, theirs["width"])
        for line, expected in zip(ours.lines, theirs["lines"]):
            for name, key in [("start", "start"), ("end", "end"), ("content_end", "contentEnd"), ("size", "size"),
                              ("width", "width"), ("x", "x"), ("top", "top"), ("baseline", "baseline"),
                              ("ascent", "ascent"), ("descent", "descent"), ("height", "height")]:
                self.assertEqual(getattr(line, name), expected[key], f"line {expected['text']!r}: {name}")
            flags = sum(FLAG_NAMES[name] for name in expected["flags"])
            self.assertEqual(line.flags, flags, f"line {expected['text']!r}: flags")
            self.assertEqual(len(line.runs), len(expected["runs"]))
            for run, expected_run in zip(line.runs, expected["runs"]):
                self.assertEqual((run.start, run.end, run.font_index, run.bidi_level, run.script, run.x, run.width),
                                 (expected_run["start"], expected_run["end"], expected_run["fontIndex"],
                                  expected_run["bidiLevel"], expected_run["script"], expected_run["x"],
                                  expected_run["width"]))
                self.assertEqual(
                    [(g.id, g.cluster, g.x, g.advance, g.x_offset, g.y_offset) for g in run.glyphs],
                    [(g["id"], g["cluster"], g["x"], g["advance"], g["xOffset"], g["yOffset"])
                     for g in expected_run["glyphs"]])
        self.assertEqual(ours.size_spans,
                         [(span["start"], span["end"], span["size"]) for span in theirs["sizeSpans"]])

    def test_stories_equal_the_cli(self):
        engine = linefit.Engine()
        for text, args, options, primary in STORIES:
            with self.subTest(text=text[:20]):
                chain = linefit.FontChain.bundled(primary=primary, directory=FONTS)
                layout = engine.layout(text, chain, linefit.Options(**options))
                self.assert_same(layout, swift_layout(*args, text))

    def test_utf16_input_equals_utf8_input(self):
        engine = linefit.Engine()
        text, _, options, primary = STORIES[3]
        chain = linefit.FontChain.bundled(primary=primary, directory=FONTS)
        utf8 = engine.layout(text, chain, linefit.Options(**options))
        utf16 = engine.layout_utf16(text, chain, linefit.Options(**options))
        self.assertEqual(utf8.lines, utf16.lines)
        # The emoji is two UTF-16 units: offsets are UTF-16, as Java and NSString count.
        self.assertEqual(utf8.lines[-1].end, len(text.encode("utf-16-le")) // 2)

    def test_options_reach_the_layout(self):
        engine = linefit.Engine()
        chain = linefit.FontChain.bundled(directory=FONTS)
        text = "this weekend\nONLY"
        base = ["--min", "30", "--max", "200", "--width", "700"]
        options = linefit.Options(700, 30, 200, tracking=0.05, line_spacing=1.3, alignment="left", step=1)
        self.assert_same(engine.layout(text, chain, options),
                         swift_layout(*base, "--tracking", "0.05", "--line-spacing", "1.3", "--align", "left",
                                      "--step", "1", text))
        self.assertTrue(all(line.size == int(line.size) for line in engine.layout(text, chain, options).lines))

    def test_styled_layout_and_png_equal_the_cli(self):
        text = "GAME NIGHT at the lake, bring snacks 🍿"
        engine = linefit.Engine()
        for name in ["strong", "modern"]:
            with self.subTest(style=name), tempfile.TemporaryDirectory() as folder:
                style = linefit.Style(name)
                layout = engine.style_layout(style, text, canvas=(540, 960))
                path = os.path.join(folder, "cli.png")
                # The CLI's pictures default to balanced breaks filling the canvas (issue 8);
                # the C API's styled layout keeps the library's greedy default with the limit.
                self.assert_same(layout, swift_layout("--style", name, "--canvas", "540x960", "--png", path,
                                                      "--breaks", "greedy", "--no-fill-box", text))
                png = linefit.render_png(layout, style, canvas=(540, 960))
                with open(path, "rb") as file:
                    self.assertEqual(png, file.read(), "the C API's PNG differs from the CLI's")
                self.assertEqual(png_size(png), (540, 960))

    def test_png_has_ink_where_the_glyphs_are(self):
        # Transparent canvas: pixels are ink only where text (or its background) is drawn.
        engine = linefit.Engine()
        style = linefit.Style("modern")
        layout = engine.style_layout(style, "INK", canvas=(0, 0))
        width, height, rows = png_rgba(linefit.render_png(layout, style, canvas=(0, 0)))
        line = layout.lines[0]
        self.assertGreater(width, line.width)
        opaque = sum(1 for row in rows for x in range(width) if row[4 * x + 3] > 128)
        self.assertGreater(opaque, width * height * 0.1, "the glyphs left almost no ink")
        self.assertLess(opaque, width * height * 0.9, "the picture is filled, not glyphs")


class Threads(unittest.TestCase):
    def test_engines_on_threads_share_a_chain(self):
        # ctypes drops the GIL around each call, so these layouts run at the same time; a
        # chain and its fonts are shared, each thread has its own engine (linefit.h).
        chain = linefit.FontChain.bundled(directory=FONTS)
        texts = [text for text, _, _, _ in STORIES]
        expected = [linefit.Engine().layout(text, chain, linefit.Options()).lines for text in texts]
        failures = []

        def work():
            engine, options = linefit.Engine(), linefit.Options()
            for _ in range(3):
                for text, lines in zip(texts, expected):
                    if engine.layout(text, chain, options).lines != lines:
                        failures.append(text)

        threads = [threading.Thread(target=work) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        self.assertEqual(failures, [])


class EditorEqualsFresh(unittest.TestCase):
    def test_typing_and_deleting_match_fresh_layouts(self):
        chain = linefit.FontChain.bundled(directory=FONTS)
        options = linefit.Options(600, 30, 220)
        engine = linefit.Engine()
        editor = linefit.Editor(chain, options, "good morning")
        text = "good morning"
        for offset, insert in [(12, " everyone"), (0, "A very "), (4, "\n"), (len("A very good morning everyone") + 1, "!")]:
            layout = editor.insert(offset, insert)
            text = text[:offset] + insert + text[offset:]
            self.assertEqual(layout.lines, engine.layout(text, chain, options).lines, repr(text))
        layout, changed = editor.replace(0, 2, "")
        text = text[2:]
        self.assertEqual(layout.lines, engine.layout(text, chain, options).lines)
        self.assertLessEqual(changed.stop, layout.info.line_count)
        layout = editor.delete(0, 4)
        text = text[4:]
        self.assertEqual(layout.lines, editor.layout.lines)
        self.assertEqual(layout.lines, engine.layout(text, chain, options).lines)
        self.assertEqual(len(editor), len(text))
        # The caret's line size: the last line's, at the end of the text.
        self.assertEqual(editor.typing_size(len(text)), layout.lines[-1].size)
        self.assertEqual(editor.typing_size(0), layout.lines[0].size)

    def test_a_range_inside_a_surrogate_pair_is_an_argument_error(self):
        editor = linefit.Editor(linefit.FontChain.bundled(directory=FONTS), linefit.Options(), "a🌅b")
        with self.assertRaises(linefit.LineFitError) as caught:
            editor.delete(1, 2)
        self.assertEqual(caught.exception.status, linefit.ERROR_INVALID_ARGUMENT)
        with self.assertRaises(linefit.LineFitError) as caught:
            editor.insert(5, "x")
        self.assertEqual(caught.exception.status, linefit.ERROR_INVALID_ARGUMENT)


class Errors(unittest.TestCase):
    def test_font_errors_are_typed(self):
        with self.assertRaises(linefit.LineFitError) as caught:
            linefit.Font("/nonexistent/font.ttf")
        self.assertEqual(caught.exception.status, linefit.ERROR_FONT_NOT_FOUND)
        self.assertIn("/nonexistent/font.ttf", caught.exception.message)
        with self.assertRaises(linefit.LineFitError) as caught:
            linefit.Font(data=b"not a font at all", name="junk")
        self.assertEqual(caught.exception.status, linefit.ERROR_FONT_INVALID)
        with self.assertRaises(linefit.LineFitError) as caught:
            linefit.Font(os.path.join(FONTS, "NotoSans-Regular.ttf"), face_index=3)
        self.assertEqual(caught.exception.status, linefit.ERROR_FONT_INVALID)

    def test_fonts_from_bytes_lay_out_like_fonts_from_files(self):
        path = os.path.join(FONTS, "BebasNeue-Regular.otf")
        with open(path, "rb") as file:
            from_bytes = linefit.Font(data=file.read(), name="bebas")
        from_file = linefit.Font(path)
        self.assertEqual(from_bytes.units_per_em, from_file.units_per_em)
        engine = linefit.Engine()
        options = linefit.Options(960, 36, 320)
        a = engine.layout("HELLO THERE", linefit.FontChain([from_bytes]), options)
        b = engine.layout("HELLO THERE", linefit.FontChain([from_file]), options)
        self.assertEqual(a.lines, b.lines)
        # One line, fitted to the width: within one 0.01 pt step of 960, never over it.
        self.assertEqual(len(a.lines), 1)
        self.assertFalse(a.lines[0].flags & linefit.LINE_HELD_AT_MAX)
        self.assertLessEqual(a.lines[0].width, 960)
        self.assertGreater(a.lines[0].width, 960 - a.lines[0].width / a.lines[0].size * 0.01)

    def test_options_out_of_domain(self):
        options = linefit.Options()
        for name, value in [("width", 0), ("width", float("nan")), ("step", 0), ("tracking", 11),
                            ("line_spacing", 0), ("box_height", -1), ("minimum_floor", 0), ("feature", ("toolong", 1)),
                            ("axis", ("wdth", float("inf"))), ("instance", " ")]:
            with self.subTest(option=name, value=value):
                with self.assertRaises(linefit.LineFitError) as caught:
                    options.set(name, value)
                self.assertEqual(caught.exception.status, linefit.ERROR_INVALID_OPTION)
        # Every option of docs/OPTIONS.md is implemented now: none answers "not implemented".
        options.set("fit", "width-axis").set("fit", "size")
        for name, value in [("alignment", 3), ("direction", 7), ("breaks", 2), ("box", 3), ("fit", 9),
                            ("vertical_alignment", 3)]:
            with self.subTest(option=name, value=value):
                with self.assertRaises(linefit.LineFitError) as caught:
                    options.set(name, value)
                self.assertEqual(caught.exception.status, linefit.ERROR_INVALID_ARGUMENT)
        # Accepted values; min above max is a whole-options check, made at layout.
        options.set("language", "tr").set("language", None).set("feature", ("liga", 0)).set("box", "limit")
        options.set("box_height", 500).set("stable_breaks", True).set("breaks", "balanced").set("box", "fill")
        options.set("box", "limit").set("direction", "rtl").set("min_size", 400)
        with self.assertRaises(linefit.LineFitError) as caught:
            linefit.Engine().layout("x", linefit.FontChain.bundled(directory=FONTS), options)
        self.assertEqual(caught.exception.status, linefit.ERROR_INVALID_OPTION)
        self.assertIn("greater than max", caught.exception.message)

    def test_variable_font_axes_and_warnings(self):
        engine = linefit.Engine()
        chain = linefit.FontChain([linefit.Font(os.path.join(FONTS, "RobotoFlex-VF.ttf"))])
        text = "Nothing beats a quiet walk by the lake"
        options = linefit.Options(600, 20, 200).set("axis", ("wght", 1200)).set("fit", "width-axis")
        layout = engine.layout(text, chain, options)
        swift = swift_layout("--font", os.path.join(FONTS, "RobotoFlex-VF.ttf"), "--no-fallback", "--width", "600",
                             "--min", "20", "--max", "200", "--axis", "wght=1200", "--fit", "width-axis", text)
        self.assertEqual([line.size for line in layout.lines], [line["size"] for line in swift["lines"]])
        for index, line in enumerate(swift["lines"]):
            self.assertEqual(layout.line_axes(index), line["axes"])
        self.assertEqual(layout.warnings, [w["message"] for w in swift["warnings"]])
        self.assertEqual(len(layout.warnings), 1)
        self.assertIn("clamped to 1000", layout.warnings[0])
        with self.assertRaises(linefit.LineFitError):
            layout.line_axes(len(swift["lines"]))

    def test_invalid_text_is_refused_not_replaced(self):
        engine, chain, options = linefit.Engine(), linefit.FontChain.bundled(directory=FONTS), linefit.Options()
        lib = linefit.lib()
        out = linefit.c_handle()
        bad = b"ok \xff\xfe"
        status = lib.linefit_layout_create(engine.handle, chain.handle, options.handle, bad, len(bad),
                                           linefit.ctypes.byref(out))
        self.assertEqual(status, linefit.ERROR_INVALID_ARGUMENT)
        self.assertIn("UTF-8", lib.linefit_last_error().decode())
        self.assertIsNone(out.value)
        lone = (linefit.ctypes.c_uint16 * 2)(0x61, 0xD800)
        status = lib.linefit_layout_create_utf16(engine.handle, chain.handle, options.handle, lone, 2,
                                                 linefit.ctypes.byref(out))
        self.assertEqual(status, linefit.ERROR_INVALID_ARGUMENT)
        self.assertEqual(engine.layout("", chain, options).info.line_count, 0)

    def test_buffers_too_small_and_counts(self):
        layout = linefit.Engine().layout("one\ntwo\nthree", linefit.FontChain.bundled(directory=FONTS),
                                         linefit.Options())
        lib, ctypes = linefit.lib(), linefit.ctypes
        count = ctypes.c_size_t()
        records = (linefit.LineRecord * 2)()
        self.assertEqual(lib.linefit_layout_get_lines(layout.handle, records, 2, ctypes.byref(count)),
                         linefit.ERROR_BUFFER_TOO_SMALL)
        self.assertEqual(count.value, 3)
        self.assertEqual(lib.linefit_layout_get_lines(layout.handle, None, 5, ctypes.byref(count)),
                         linefit.ERROR_NULL_ARGUMENT)
        record = linefit.LineRecord()
        self.assertEqual(lib.linefit_layout_get_line(layout.handle, 3, ctypes.byref(record)),
                         linefit.ERROR_INVALID_ARGUMENT)
        self.assertEqual(lib.linefit_layout_get_line(layout.handle, 2, ctypes.byref(record)), linefit.OK)
        self.assertEqual((record.start, record.end), (8, 13))
        run = linefit.RunRecord()
        self.assertEqual(lib.linefit_layout_get_run(layout.handle, 0, 1, ctypes.byref(run)),
                         linefit.ERROR_INVALID_ARGUMENT)
        length = ctypes.c_size_t()
        small = ctypes.create_string_buffer(3)
        self.assertEqual(lib.linefit_bundled_fonts_directory(small, 3, ctypes.byref(length)),
                         linefit.ERROR_BUFFER_TOO_SMALL)
        self.assertEqual(length.value, len(linefit.bundled_fonts_directory().encode()))

    def test_sizes_past_the_address_space_are_refused(self):
        # (size_t)-1 and friends: an index, a length, a capacity or a range that no array can
        # have is an argument error, never a wrapped negative index.
        lib, ctypes = linefit.lib(), linefit.ctypes
        huge = ctypes.c_size_t(-1).value
        chain = linefit.FontChain.bundled(directory=FONTS)
        engine, options = linefit.Engine(), linefit.Options()
        layout = engine.layout("one two", chain, options)
        out = linefit.c_handle()
        record, count = linefit.LineRecord(), ctypes.c_size_t()
        self.assertEqual(lib.linefit_layout_get_line(layout.handle, huge, ctypes.byref(record)),
                         linefit.ERROR_INVALID_ARGUMENT)
        self.assertEqual(lib.linefit_layout_get_glyphs(layout.handle, 0, huge, None, 0, ctypes.byref(count)),
                         linefit.ERROR_INVALID_ARGUMENT)
        self.assertEqual(lib.linefit_layout_get_lines(layout.handle, ctypes.byref(record), huge, ctypes.byref(count)),
                         linefit.ERROR_INVALID_ARGUMENT)
        self.assertEqual(lib.linefit_layout_create(engine.handle, chain.handle, options.handle, b"abc", huge,
                                                   ctypes.byref(out)), linefit.ERROR_INVALID_ARGUMENT)
        self.assertEqual(lib.linefit_font_create_from_bytes(b"abc", huge, b"x", 0, ctypes.byref(out)),
                         linefit.ERROR_INVALID_ARGUMENT)
        editor = linefit.Editor(chain, options, "abc")
        size = ctypes.c_double()
        self.assertEqual(lib.linefit_editor_delete(editor.handle, huge, 2, None), linefit.ERROR_INVALID_ARGUMENT)
        self.assertEqual(lib.linefit_editor_delete(editor.handle, 0, huge, None), linefit.ERROR_INVALID_ARGUMENT)
        self.assertEqual(lib.linefit_editor_get_typing_size(editor.handle, huge, ctypes.byref(size)),
                         linefit.ERROR_INVALID_ARGUMENT)
        self.assertEqual(len(editor), 3)
        self.assertIsNone(out.value)

    def test_last_error_is_per_thread(self):
        lib = linefit.lib()
        self.assertEqual(lib.linefit_font_destroy(None), linefit.ERROR_NULL_ARGUMENT)
        main_message = lib.linefit_last_error().decode()
        seen = {}

        def other():
            seen["before"] = lib.linefit_last_error().decode()
            lib.linefit_style_create(b"no such style", linefit.ctypes.byref(linefit.c_handle()))
            seen["after"] = lib.linefit_last_error().decode()

        thread = threading.Thread(target=other)
        thread.start()
        thread.join()
        self.assertEqual(seen["before"], "")
        self.assertIn("no such style", seen["after"])
        self.assertEqual(lib.linefit_last_error().decode(), main_message)
        self.assertIn("font handle is NULL", main_message)

    def test_status_names_and_version(self):
        lib = linefit.lib()
        self.assertEqual(lib.linefit_status_name(linefit.ERROR_WRONG_HANDLE_KIND), b"LINEFIT_ERROR_WRONG_HANDLE_KIND")
        self.assertEqual(lib.linefit_status_name(999), b"LINEFIT_ERROR_UNKNOWN")
        self.assertEqual(lib.linefit_abi_version(), linefit.ABI_VERSION)
        self.assertRegex(linefit.version(), r"^\d+\.\d+\.\d+")

    def test_version_is_the_swift_package_version(self):
        # Read independently: the source line of LineFit.version, and what the CLI prints.
        with open(os.path.join(ROOT, "Sources", "LineFit", "Layout", "Version.swift")) as source:
            declared = [line.split('"')[1] for line in source if line.startswith("public let version = ")]
        self.assertEqual(len(declared), 1)
        self.assertEqual(linefit.version(), declared[0])
        printed = subprocess.run([cli_path(), "--version"], capture_output=True, check=True, text=True).stdout.strip()
        self.assertEqual(linefit.version(), printed)


def png_chunks(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    offset = 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        yield kind, data[offset + 8:offset + 8 + length]
        offset += 12 + length


def png_size(data):
    header = dict(png_chunks(data))[b"IHDR"]
    return struct.unpack(">II", header[:8])


def png_rgba(data):
    """Rows of straight RGBA bytes of an 8-bit RGBA PNG (what the renderer writes)."""
    chunks = list(png_chunks(data))
    header = dict(chunks)[b"IHDR"]
    width, height, depth, colour = struct.unpack(">IIBB", header[:10])
    assert (depth, colour) == (8, 6), f"expected 8-bit RGBA, got depth {depth} colour type {colour}"
    raw = zlib.decompress(b"".join(body for kind, body in chunks if kind == b"IDAT"))
    stride = width * 4
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        row = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            left = row[i - 4] if i >= 4 else 0
            up = previous[i]
            upper_left = previous[i - 4] if i >= 4 else 0
            if kind == 1:
                row[i] = (row[i] + left) & 0xFF
            elif kind == 2:
                row[i] = (row[i] + up) & 0xFF
            elif kind == 3:
                row[i] = (row[i] + (left + up) // 2) & 0xFF
            elif kind == 4:
                p = left + up - upper_left
                pa, pb, pc = abs(p - left), abs(p - up), abs(p - upper_left)
                row[i] = (row[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else upper_left)) & 0xFF
        rows.append(row)
        previous = row
    return width, height, rows


if __name__ == "__main__":
    unittest.main()
