"""LineFit from Python: a thin ctypes binding of libLineFitC (linefit.h).

    import linefit
    chain = linefit.FontChain.bundled()                  # League Spartan + the bundled fallbacks
    options = linefit.Options(width=960, min_size=40, max_size=260)
    layout = linefit.Engine().layout("GOOD MORNING", chain, options)
    for line in layout.lines:
        print(line.start, line.end, line.size, line.width)
    style = linefit.Style("strong")
    png = linefit.render_png(linefit.Engine().style_layout(style, "GOOD MORNING"), style)

The library is found through LINEFIT_LIBRARY (a path to libLineFitC.so), then beside this
package in a LineFit checkout (.build/debug, then .build/release), then the system's search.
Every call that fails raises LineFitError with the library's status and message. Objects
free their handles when garbage-collected, or at once with close() / a `with` block.
"""

import ctypes
import ctypes.util
import os
import subprocess
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple

ABI_VERSION = 1

c_handle = ctypes.c_void_p


class LayoutInfo(ctypes.Structure):
    _fields_ = [
        ("width", ctypes.c_double), ("height", ctypes.c_double), ("min_size", ctypes.c_double),
        ("max_size", ctypes.c_double), ("height_scale", ctypes.c_double), ("line_count", ctypes.c_size_t),
        ("missing_count", ctypes.c_size_t), ("overflows_height", ctypes.c_int32), ("reserved", ctypes.c_int32 * 3),
    ]


class LineRecord(ctypes.Structure):
    _fields_ = [
        ("start", ctypes.c_size_t), ("end", ctypes.c_size_t), ("content_end", ctypes.c_size_t),
        ("size", ctypes.c_double), ("width", ctypes.c_double), ("x", ctypes.c_double), ("top", ctypes.c_double),
        ("baseline", ctypes.c_double), ("ascent", ctypes.c_double), ("descent", ctypes.c_double),
        ("height", ctypes.c_double), ("flags", ctypes.c_uint32), ("run_count", ctypes.c_uint32),
        ("reserved", ctypes.c_uint32 * 2),
    ]


class SizeSpanRecord(ctypes.Structure):
    _fields_ = [("start", ctypes.c_size_t), ("end", ctypes.c_size_t), ("size", ctypes.c_double)]


class AxisValueRecord(ctypes.Structure):
    _fields_ = [("tag", ctypes.c_char * 5), ("value", ctypes.c_double)]


class RunRecord(ctypes.Structure):
    _fields_ = [
        ("start", ctypes.c_size_t), ("end", ctypes.c_size_t), ("font_index", ctypes.c_uint32),
        ("bidi_level", ctypes.c_uint32), ("script", ctypes.c_char * 8), ("x", ctypes.c_double),
        ("width", ctypes.c_double), ("glyph_count", ctypes.c_size_t),
    ]


class GlyphRecord(ctypes.Structure):
    _fields_ = [
        ("id", ctypes.c_uint32), ("cluster", ctypes.c_uint32), ("x", ctypes.c_double), ("advance", ctypes.c_double),
        ("x_offset", ctypes.c_double), ("y_offset", ctypes.c_double),
    ]


# Status codes and flags, as in linefit.h.
OK = 0
ERROR_NULL_ARGUMENT = 1
ERROR_INVALID_HANDLE = 2
ERROR_WRONG_HANDLE_KIND = 3
ERROR_INVALID_ARGUMENT = 4
ERROR_FONT_NOT_FOUND = 5
ERROR_FONT_UNREADABLE = 6
ERROR_FONT_INVALID = 7
ERROR_INVALID_OPTION = 8
ERROR_NO_FONTS = 9
ERROR_LIBRARY = 10
ERROR_BUFFER_TOO_SMALL = 11
ERROR_RENDER = 12
ERROR_NOT_FOUND = 13

LINE_HELD_AT_MAX = 1 << 0
LINE_BROKEN_INSIDE_WORD = 1 << 1
LINE_OVERFLOWS = 1 << 2
LINE_EMPTY = 1 << 3
LINE_ENDS_PARAGRAPH = 1 << 4

_ENUMS = {
    "alignment": {"left": 0, "center": 1, "right": 2},
    "direction": {"auto": 0, "ltr": 1, "rtl": 2},
    "breaks": {"greedy": 0, "balanced": 1},
    "box": {"none": 0, "limit": 1, "fill": 2},
    "vertical_alignment": {"top": 0, "center": 1, "bottom": 2},
    "fit": {"size": 0, "width-axis": 1, "mixed": 2},
}


class LineFitError(Exception):
    """A call into libLineFitC failed: `status` is its code, `name` its LINEFIT_ERROR_* name."""

    def __init__(self, status: int, name: str, message: str):
        super().__init__(f"{message} ({name})")
        self.status = status
        self.name = name
        self.message = message


def _package_root() -> str:
    return os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def library_path() -> str:
    """Where the binding loads libLineFitC from (see the module's doc)."""
    explicit = os.environ.get("LINEFIT_LIBRARY")
    if explicit:
        return explicit
    root = _package_root()
    for configuration in ("debug", "release"):
        candidate = os.path.join(root, ".build", configuration, "libLineFitC.so")
        if os.path.exists(candidate):
            return candidate
    found = ctypes.util.find_library("LineFitC")
    if found:
        return found
    raise OSError("libLineFitC.so not found: build it with `swift build --product LineFitC` or set LINEFIT_LIBRARY")


def _load():
    lib = ctypes.CDLL(library_path())
    P = ctypes.POINTER
    size_p = P(ctypes.c_size_t)
    h_out = P(c_handle)
    signatures = {
        "linefit_version": (ctypes.c_char_p, []),
        "linefit_abi_version": (ctypes.c_int, []),
        "linefit_status_name": (ctypes.c_char_p, [ctypes.c_int]),
        "linefit_last_error": (ctypes.c_char_p, []),
        "linefit_bytes_free": (None, [ctypes.c_void_p]),
        "linefit_font_create_from_file": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_int32, h_out]),
        "linefit_font_create_from_bytes": (
            ctypes.c_int, [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_int32, h_out]),
        "linefit_font_destroy": (ctypes.c_int, [c_handle]),
        "linefit_font_get_units_per_em": (ctypes.c_int, [c_handle, P(ctypes.c_int32)]),
        "linefit_bundled_fonts_directory": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_size_t, size_p]),
        "linefit_font_chain_create": (ctypes.c_int, [P(c_handle), ctypes.c_size_t, h_out]),
        "linefit_font_chain_create_bundled": (ctypes.c_int, [ctypes.c_char_p, ctypes.c_char_p, h_out]),
        "linefit_font_chain_destroy": (ctypes.c_int, [c_handle]),
        "linefit_font_chain_get_count": (ctypes.c_int, [c_handle, size_p]),
        "linefit_options_create": (ctypes.c_int, [ctypes.c_double, ctypes.c_double, ctypes.c_double, h_out]),
        "linefit_options_destroy": (ctypes.c_int, [c_handle]),
        "linefit_engine_create": (ctypes.c_int, [h_out]),
        "linefit_engine_destroy": (ctypes.c_int, [c_handle]),
        "linefit_layout_create": (
            ctypes.c_int, [c_handle, c_handle, c_handle, ctypes.c_char_p, ctypes.c_size_t, h_out]),
        "linefit_layout_create_utf16": (
            ctypes.c_int, [c_handle, c_handle, c_handle, P(ctypes.c_uint16), ctypes.c_size_t, h_out]),
        "linefit_layout_destroy": (ctypes.c_int, [c_handle]),
        "linefit_layout_get_info": (ctypes.c_int, [c_handle, P(LayoutInfo)]),
        "linefit_layout_get_line": (ctypes.c_int, [c_handle, ctypes.c_size_t, P(LineRecord)]),
        "linefit_layout_get_lines": (ctypes.c_int, [c_handle, P(LineRecord), ctypes.c_size_t, size_p]),
        "linefit_layout_get_size_spans": (ctypes.c_int, [c_handle, P(SizeSpanRecord), ctypes.c_size_t, size_p]),
        "linefit_layout_get_line_axes": (
            ctypes.c_int, [c_handle, ctypes.c_size_t, P(AxisValueRecord), ctypes.c_size_t, size_p]),
        "linefit_layout_get_warning_count": (ctypes.c_int, [c_handle, size_p]),
        "linefit_layout_get_warning": (
            ctypes.c_int, [c_handle, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, size_p]),
        "linefit_layout_get_run": (ctypes.c_int, [c_handle, ctypes.c_size_t, ctypes.c_size_t, P(RunRecord)]),
        "linefit_layout_get_glyphs": (
            ctypes.c_int, [c_handle, ctypes.c_size_t, ctypes.c_size_t, P(GlyphRecord), ctypes.c_size_t, size_p]),
        "linefit_editor_create": (ctypes.c_int, [c_handle, c_handle, ctypes.c_char_p, ctypes.c_size_t, h_out]),
        "linefit_editor_destroy": (ctypes.c_int, [c_handle]),
        "linefit_editor_replace": (
            ctypes.c_int,
            [c_handle, ctypes.c_size_t, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, h_out, size_p, size_p]),
        "linefit_editor_insert": (
            ctypes.c_int, [c_handle, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, h_out]),
        "linefit_editor_delete": (ctypes.c_int, [c_handle, ctypes.c_size_t, ctypes.c_size_t, h_out]),
        "linefit_editor_get_layout": (ctypes.c_int, [c_handle, h_out]),
        "linefit_editor_get_length": (ctypes.c_int, [c_handle, size_p]),
        "linefit_editor_get_typing_size": (ctypes.c_int, [c_handle, ctypes.c_size_t, P(ctypes.c_double)]),
        "linefit_style_create": (ctypes.c_int, [ctypes.c_char_p, h_out]),
        "linefit_style_destroy": (ctypes.c_int, [c_handle]),
        "linefit_style_set_color": (ctypes.c_int, [c_handle, ctypes.c_uint32]),
        "linefit_style_layout": (
            ctypes.c_int,
            [c_handle, c_handle, c_handle, ctypes.c_int32, ctypes.c_int32, ctypes.c_char_p, ctypes.c_size_t, h_out]),
        "linefit_render_png": (
            ctypes.c_int,
            [c_handle, c_handle, ctypes.c_int32, ctypes.c_int32, P(P(ctypes.c_uint8)), size_p]),
    }
    for option in _OPTION_SETTERS.values():
        signatures[option[0]] = (ctypes.c_int, [c_handle] + option[1])
    for name, (restype, argtypes) in signatures.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    if lib.linefit_abi_version() != ABI_VERSION:
        raise OSError(f"libLineFitC has ABI {lib.linefit_abi_version()}, this binding expects {ABI_VERSION}")
    return lib


# Option name (docs/OPTIONS.md, C column) -> (setter, argument types, how a Python value is passed).
_OPTION_SETTERS = {
    "width": ("linefit_options_set_width", [ctypes.c_double], "number"),
    "min_size": ("linefit_options_set_min_size", [ctypes.c_double], "number"),
    "max_size": ("linefit_options_set_max_size", [ctypes.c_double], "number"),
    "step": ("linefit_options_set_step", [ctypes.c_double], "number"),
    "hinted": ("linefit_options_set_hinted", [ctypes.c_int32], "bool"),
    "tracking": ("linefit_options_set_tracking", [ctypes.c_double], "number"),
    "line_spacing": ("linefit_options_set_line_spacing", [ctypes.c_double], "number"),
    "alignment": ("linefit_options_set_alignment", [ctypes.c_int], "enum"),
    "direction": ("linefit_options_set_direction", [ctypes.c_int], "enum"),
    "feature": ("linefit_options_set_feature", [ctypes.c_char_p, ctypes.c_uint32], "tagged"),
    "language": ("linefit_options_set_language", [ctypes.c_char_p], "string"),
    "breaks": ("linefit_options_set_breaks", [ctypes.c_int], "enum"),
    "box": ("linefit_options_set_box", [ctypes.c_int], "enum"),
    "box_height": ("linefit_options_set_box_height", [ctypes.c_double], "number"),
    "vertical_alignment": ("linefit_options_set_vertical_alignment", [ctypes.c_int], "enum"),
    "minimum_floor": ("linefit_options_set_minimum_floor", [ctypes.c_double], "number"),
    "stable_breaks": ("linefit_options_set_stable_breaks", [ctypes.c_int32], "bool"),
    "axis": ("linefit_options_set_axis", [ctypes.c_char_p, ctypes.c_double], "tagged"),
    "instance": ("linefit_options_set_instance", [ctypes.c_char_p], "string"),
    "optical_sizing": ("linefit_options_set_optical_sizing", [ctypes.c_int32], "bool"),
    "fit": ("linefit_options_set_fit", [ctypes.c_int], "enum"),
}

_lib = None


def lib():
    """The loaded library (ctypes.CDLL with argument types set), loaded on first use."""
    global _lib
    if _lib is None:
        _lib = _load()
    return _lib


def _check(status: int) -> None:
    if status != OK:
        raise LineFitError(status, lib().linefit_status_name(status).decode(), lib().linefit_last_error().decode())


def version() -> str:
    """The library's version string."""
    return lib().linefit_version().decode()


def bundled_fonts_directory() -> str:
    """The bundled fonts' folder the library finds (LINEFIT_FONTS, else the one in the checkout)."""
    length = ctypes.c_size_t(0)
    _check(lib().linefit_bundled_fonts_directory(None, 0, ctypes.byref(length)))
    buffer = ctypes.create_string_buffer(length.value + 1)
    _check(lib().linefit_bundled_fonts_directory(buffer, len(buffer), ctypes.byref(length)))
    return buffer.value.decode()


class _Object:
    """A handle and the destroy function that releases it."""

    _destroy = ""

    def __init__(self, handle: int):
        self._handle = c_handle(handle)

    @property
    def handle(self) -> c_handle:
        if not self._handle.value:
            raise ValueError(f"{type(self).__name__} is closed")
        return self._handle

    def close(self) -> None:
        if getattr(self, "_handle", None) is not None and self._handle.value and _lib is not None:
            _check(getattr(_lib, self._destroy)(self._handle))
            self._handle = c_handle(0)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass


def _made(function, *args) -> int:
    out = c_handle()
    _check(function(*args, ctypes.byref(out)))
    return out.value


class Font(_Object):
    """A font face from a file, or from bytes (copied) with a name."""

    _destroy = "linefit_font_destroy"

    def __init__(self, path: Optional[str] = None, *, data: Optional[bytes] = None, name: str = "font",
                 face_index: int = 0):
        if data is not None:
            handle = _made(lib().linefit_font_create_from_bytes, data, len(data), name.encode(), face_index)
        else:
            handle = _made(lib().linefit_font_create_from_file, os.fsencode(path), face_index)
        super().__init__(handle)

    @property
    def units_per_em(self) -> int:
        value = ctypes.c_int32()
        _check(lib().linefit_font_get_units_per_em(self.handle, ctypes.byref(value)))
        return value.value


class FontChain(_Object):
    """Fonts in order: the primary first, then fallbacks."""

    _destroy = "linefit_font_chain_destroy"

    def __init__(self, fonts: Sequence[Font] = (), *, _handle: Optional[int] = None):
        if _handle is None:
            array = (c_handle * max(1, len(fonts)))(*[font.handle for font in fonts])
            _handle = _made(lib().linefit_font_chain_create, array, len(fonts))
        super().__init__(_handle)

    @classmethod
    def bundled(cls, primary: Optional[str] = None, directory: Optional[str] = None) -> "FontChain":
        """A bundled primary font (default League Spartan Bold) and the bundled fallbacks."""
        handle = _made(lib().linefit_font_chain_create_bundled, directory and os.fsencode(directory),
                       primary and primary.encode())
        return cls(_handle=handle)

    def __len__(self) -> int:
        count = ctypes.c_size_t()
        _check(lib().linefit_font_chain_get_count(self.handle, ctypes.byref(count)))
        return count.value


class Options(_Object):
    """Layout options; keyword arguments and set() take the C names of docs/OPTIONS.md."""

    _destroy = "linefit_options_destroy"

    def __init__(self, width: float = 960, min_size: float = 24, max_size: float = 300, **options):
        super().__init__(_made(lib().linefit_options_create, width, min_size, max_size))
        for name, value in options.items():
            self.set(name, value)

    def set(self, name: str, value) -> "Options":
        """Sets one option: a number, a bool, an enum's name ("center", "rtl", "balanced", ...),
        a string, or (tag, value) for `feature` and `axis`."""
        if name not in _OPTION_SETTERS:
            raise KeyError(f"unknown option {name!r}")
        setter, _, kind = _OPTION_SETTERS[name]
        function = getattr(lib(), setter)
        if kind == "enum":
            values = _ENUMS[name]
            args = [values[value] if isinstance(value, str) else int(value)]
        elif kind == "bool":
            args = [1 if value else 0]
        elif kind == "string":
            args = [None if value is None else value.encode()]
        elif kind == "tagged":
            args = [value[0].encode(), value[1]]
        else:
            args = [float(value)]
        _check(function(self.handle, *args))
        return self


@dataclass
class Glyph:
    id: int
    cluster: int
    x: float
    advance: float
    x_offset: float
    y_offset: float


@dataclass
class Run:
    start: int
    end: int
    font_index: int
    bidi_level: int
    script: str
    x: float
    width: float
    glyphs: List[Glyph] = field(default_factory=list)


@dataclass
class Line:
    start: int
    end: int
    content_end: int
    size: float
    width: float
    x: float
    top: float
    baseline: float
    ascent: float
    descent: float
    height: float
    flags: int
    runs: List[Run] = field(default_factory=list)


class Layout(_Object):
    """A fitted text. Offsets are UTF-16; lengths are points."""

    _destroy = "linefit_layout_destroy"

    @property
    def info(self) -> LayoutInfo:
        info = LayoutInfo()
        _check(lib().linefit_layout_get_info(self.handle, ctypes.byref(info)))
        return info

    @property
    def lines(self) -> List[Line]:
        """Every line with its runs and glyphs, copied out of the library."""
        count = ctypes.c_size_t()
        _check(lib().linefit_layout_get_lines(self.handle, None, 0, ctypes.byref(count)))
        records = (LineRecord * max(1, count.value))()
        _check(lib().linefit_layout_get_lines(self.handle, records, count.value, ctypes.byref(count)))
        lines = []
        for index in range(count.value):
            record = records[index]
            line = Line(record.start, record.end, record.content_end, record.size, record.width, record.x,
                        record.top, record.baseline, record.ascent, record.descent, record.height, record.flags)
            line.runs = [self._run(index, run) for run in range(record.run_count)]
            lines.append(line)
        return lines

    def _run(self, line: int, index: int) -> Run:
        record = RunRecord()
        _check(lib().linefit_layout_get_run(self.handle, line, index, ctypes.byref(record)))
        glyphs = (GlyphRecord * max(1, record.glyph_count))()
        count = ctypes.c_size_t()
        _check(lib().linefit_layout_get_glyphs(self.handle, line, index, glyphs, record.glyph_count,
                                               ctypes.byref(count)))
        return Run(record.start, record.end, record.font_index, record.bidi_level, record.script.decode(),
                   record.x, record.width,
                   [Glyph(g.id, g.cluster, g.x, g.advance, g.x_offset, g.y_offset) for g in glyphs[:count.value]])

    @property
    def size_spans(self) -> List[Tuple[int, int, float]]:
        count = ctypes.c_size_t()
        _check(lib().linefit_layout_get_size_spans(self.handle, None, 0, ctypes.byref(count)))
        spans = (SizeSpanRecord * max(1, count.value))()
        _check(lib().linefit_layout_get_size_spans(self.handle, spans, count.value, ctypes.byref(count)))
        return [(span.start, span.end, span.size) for span in spans[:count.value]]


    def line_axes(self, index: int) -> Dict[str, float]:
        """The variable-font axis values line `index` is shaped and drawn at ({} for static fonts)."""
        count = ctypes.c_size_t()
        _check(lib().linefit_layout_get_line_axes(self.handle, index, None, 0, ctypes.byref(count)))
        values = (AxisValueRecord * max(1, count.value))()
        _check(lib().linefit_layout_get_line_axes(self.handle, index, values, count.value, ctypes.byref(count)))
        return {value.tag.decode(): value.value for value in values[:count.value]}

    @property
    def warnings(self) -> List[str]:
        """One-line messages: axis values clamped to a font's range, axes no font has."""
        count = ctypes.c_size_t()
        _check(lib().linefit_layout_get_warning_count(self.handle, ctypes.byref(count)))
        messages = []
        for index in range(count.value):
            length = ctypes.c_size_t()
            _check(lib().linefit_layout_get_warning(self.handle, index, None, 0, ctypes.byref(length)))
            buffer = ctypes.create_string_buffer(length.value + 1)
            _check(lib().linefit_layout_get_warning(self.handle, index, buffer, length.value + 1, ctypes.byref(length)))
            messages.append(buffer.value.decode())
        return messages


class Engine(_Object):
    """A layout context; use one per thread."""

    _destroy = "linefit_engine_destroy"

    def __init__(self):
        super().__init__(_made(lib().linefit_engine_create))

    def layout(self, text: str, chain: FontChain, options: Options) -> Layout:
        data = text.encode("utf-8", "surrogatepass")
        return Layout(_made(lib().linefit_layout_create, self.handle, chain.handle, options.handle, data, len(data)))

    def layout_utf16(self, text: str, chain: FontChain, options: Options) -> Layout:
        data = text.encode("utf-16-le", "surrogatepass")
        units = (ctypes.c_uint16 * max(1, len(data) // 2)).from_buffer_copy(data.ljust(2, b"\0"))
        return Layout(_made(lib().linefit_layout_create_utf16, self.handle, chain.handle, options.handle, units,
                            len(data) // 2))

    def style_layout(self, style: "Style", text: str, canvas: Tuple[int, int] = (1080, 1920),
                     chain: Optional[FontChain] = None) -> Layout:
        """`text` as `linefit --style NAME --canvas WxH` lays it out ((0, 0): no canvas)."""
        data = text.encode("utf-8", "surrogatepass")
        return Layout(_made(lib().linefit_style_layout, style.handle, self.handle, chain.handle if chain else None,
                            canvas[0], canvas[1], data, len(data)))


class Editor(_Object):
    """An editing session: each edit re-measures only what it touched."""

    _destroy = "linefit_editor_destroy"

    def __init__(self, chain: FontChain, options: Options, text: str = ""):
        data = text.encode("utf-8", "surrogatepass")
        super().__init__(_made(lib().linefit_editor_create, chain.handle, options.handle, data, len(data)))

    def replace(self, start: int, end: int, text: str) -> Tuple[Layout, range]:
        """Replaces the UTF-16 range; the new layout and the range of lines that changed."""
        data = text.encode("utf-8", "surrogatepass")
        out, first, last = c_handle(), ctypes.c_size_t(), ctypes.c_size_t()
        _check(lib().linefit_editor_replace(self.handle, start, end, data, len(data), ctypes.byref(out),
                                            ctypes.byref(first), ctypes.byref(last)))
        return Layout(out.value), range(first.value, last.value)

    def insert(self, offset: int, text: str) -> Layout:
        data = text.encode("utf-8", "surrogatepass")
        return Layout(_made(lib().linefit_editor_insert, self.handle, offset, data, len(data)))

    def delete(self, start: int, end: int) -> Layout:
        return Layout(_made(lib().linefit_editor_delete, self.handle, start, end))

    @property
    def layout(self) -> Layout:
        return Layout(_made(lib().linefit_editor_get_layout, self.handle))

    def __len__(self) -> int:
        length = ctypes.c_size_t()
        _check(lib().linefit_editor_get_length(self.handle, ctypes.byref(length)))
        return length.value

    def typing_size(self, caret: int) -> float:
        size = ctypes.c_double()
        _check(lib().linefit_editor_get_typing_size(self.handle, caret, ctypes.byref(size)))
        return size.value


class Style(_Object):
    """A Type Mode style preset: classic, modern, neon, typewriter or strong."""

    _destroy = "linefit_style_destroy"

    def __init__(self, name: str = "strong", color: Optional[int] = None):
        super().__init__(_made(lib().linefit_style_create, name.encode()))
        if color is not None:
            _check(lib().linefit_style_set_color(self.handle, color))


def render_png(layout: Layout, style: Style, canvas: Tuple[int, int] = (1080, 1920)) -> bytes:
    """The layout drawn in the style on the canvas, as PNG bytes ((0, 0): just around the text)."""
    data = ctypes.POINTER(ctypes.c_uint8)()
    length = ctypes.c_size_t()
    _check(lib().linefit_render_png(layout.handle, style.handle, canvas[0], canvas[1], ctypes.byref(data),
                                    ctypes.byref(length)))
    try:
        return ctypes.string_at(data, length.value)
    finally:
        lib().linefit_bytes_free(data)
