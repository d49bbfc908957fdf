"""Every function of linefit.h, given a NULL, a destroyed, a made-up or a wrong kind of handle,
returns the documented status and never crashes.

The functions are read from the header itself, so a function added later is covered without
touching this file; arguments other than the handle under test get valid values by type.
"""

import ctypes
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import linefit  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HEADER = os.path.join(ROOT, "Sources", "CLineFit", "include", "linefit.h")
FONTS = os.path.join(ROOT, "Fonts")
KINDS = ["font", "font_chain", "options", "engine", "layout", "editor", "style"]

# Handle parameters documented as optional (linefit.h says what NULL means there).
NULLABLE = {("linefit_style_layout", "chain")}


def prototypes():
    """(name, [(type, parameter name)]) for every function declared in the header."""
    with open(HEADER) as file:
        text = re.sub(r"/\*.*?\*/", "", file.read(), flags=re.S)
    found = []
    for match in re.finditer(r"([\w\s\*]+?)\b(linefit_\w+)\s*\(([^)]*)\)\s*;", text):
        name, params = match.group(2), match.group(3).strip()
        parsed = []
        if params != "void":
            for param in params.split(","):
                param = " ".join(param.split())
                kind, pname = re.match(r"(.*?)(\w+)$", param).groups()
                parsed.append((kind.replace(" *", "*").strip(), pname))
        found.append((name, parsed))
    return found


def handle_kind(ctype):
    match = re.fullmatch(r"linefit_(\w+)_t\*", ctype)
    return match.group(1) if match and match.group(1) in KINDS else None


class World:
    """Live objects of every kind, made through the binding, and a way to make more."""

    def __init__(self):
        self.engine = linefit.Engine()
        self.chain = linefit.FontChain.bundled(directory=FONTS)
        self.options = linefit.Options(960, 24, 300)
        self.objects = {
            "font": lambda: linefit.Font(os.path.join(FONTS, "NotoSans-Regular.ttf")),
            "font_chain": lambda: linefit.FontChain.bundled(directory=FONTS),
            "options": lambda: linefit.Options(),
            "engine": lambda: linefit.Engine(),
            "layout": lambda: self.engine.layout("hello world", self.chain, self.options),
            "editor": lambda: linefit.Editor(self.chain, self.options, "hello world"),
            "style": lambda: linefit.Style("strong"),
        }
        self.keep = []

    def live(self, kind):
        made = self.objects[kind]()
        self.keep.append(made)
        return made.handle.value

    def destroyed(self, kind):
        made = self.objects[kind]()
        handle = made.handle.value
        made.close()
        return handle


STRINGS = {"path": os.path.join(FONTS, "NotoSans-Regular.ttf"), "name": "strong", "tag": "liga", "language": "en",
           "directory": FONTS, "file_name": "NotoSans-Regular.ttf", "text": "hello"}


def arguments(world, params, handles):
    """Valid ctypes arguments for params; `handles` overrides handle parameters by index."""
    args, keep = [], []
    for index, (ctype, pname) in enumerate(params):
        kind = handle_kind(ctype)
        if index in handles:
            args.append(ctypes.c_void_p(handles[index]))
        elif kind:
            args.append(ctypes.c_void_p(world.live(kind)))
        elif ctype.endswith("**"):  # an out handle or out bytes
            slot = ctypes.c_void_p()
            keep.append(slot)
            args.append(ctypes.byref(slot))
        elif ctype == "linefit_font_t*const*":
            array = (ctypes.c_void_p * 1)(world.live("font"))
            keep.append(array)
            args.append(array)
        elif ctype in ("const char*",):
            value = STRINGS[pname].encode()
            args.append(ctypes.c_char_p(value))
        elif ctype == "const uint8_t*":
            with open(STRINGS["path"], "rb") as file:
                data = file.read()
            buffer = ctypes.create_string_buffer(data, len(data))
            keep.append(buffer)
            args.append(ctypes.cast(buffer, ctypes.c_void_p))
        elif ctype == "const uint16_t*":
            units = (ctypes.c_uint16 * 5)(*b"hello")
            keep.append(units)
            args.append(units)
        elif ctype.endswith("*"):  # an out record or number: room for anything small
            buffer = ctypes.create_string_buffer(4096)
            keep.append(buffer)
            args.append(ctypes.cast(buffer, ctypes.c_void_p))
        elif pname == "length" and index > 0 and params[index - 1][1] in ("text", "bytes"):
            previous = params[index - 1][1]
            args.append(ctypes.c_size_t(len(STRINGS["text"]) if previous == "text" else os.path.getsize(STRINGS["path"])))
        elif ctype == "double":
            args.append(ctypes.c_double(500.0))
        elif ctype == "size_t":
            args.append(ctypes.c_size_t(1 if pname in ("count", "capacity") else 0))
        elif ctype in ("int32_t", "uint32_t") or ctype.startswith("linefit_"):
            args.append(ctypes.c_int32(1080 if pname == "canvas_width" else 1920 if pname == "canvas_height" else 0))
        else:
            raise AssertionError(f"no test value for parameter {ctype} {pname}")
    return args, keep


class HandleChecks(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.functions = prototypes()
        # A second CDLL object over the same library: its function objects take raw ctypes
        # arguments here without changing the binding's typed ones.
        linefit.lib()
        cls.lib = ctypes.CDLL(linefit.library_path())
        for name, params in cls.functions:
            function = getattr(cls.lib, name)
            function.restype = ctypes.c_int
        cls.lib.linefit_last_error.restype = ctypes.c_char_p

    def test_the_header_matches_the_library(self):
        self.assertGreaterEqual(len(self.functions), 60, "the header parser lost functions")
        font_array = dict(self.functions)["linefit_font_chain_create"][0][0]
        self.assertEqual(font_array, "linefit_font_t*const*")
        for name, _ in self.functions:
            self.assertTrue(hasattr(self.lib, name), f"{name} is declared but not exported")

    def call(self, name, params, handles):
        world = self.world
        args, keep = arguments(world, params, handles)
        status = getattr(self.lib, name)(*args)
        del keep
        return status

    def test_every_handle_parameter_refuses_bad_handles(self):
        self.world = World()
        checked = 0
        for name, params in self.functions:
            for index, (ctype, pname) in enumerate(params):
                kind = handle_kind(ctype)
                if kind is None:
                    continue
                checked += 1
                with self.subTest(function=name, parameter=pname):
                    if (name, pname) not in NULLABLE:
                        self.assertEqual(self.call(name, params, {index: None}), linefit.ERROR_NULL_ARGUMENT)
                        self.assertIn("NULL", self.lib.linefit_last_error().decode())
                    self.assertEqual(self.call(name, params, {index: self.world.destroyed(kind)}),
                                     linefit.ERROR_INVALID_HANDLE)
                    other = KINDS[(KINDS.index(kind) + 1) % len(KINDS)]
                    self.assertEqual(self.call(name, params, {index: self.world.live(other)}),
                                     linefit.ERROR_WRONG_HANDLE_KIND)
                    self.assertIn("expected a", self.lib.linefit_last_error().decode())
                    for made_up in (1, 0xDEADBEEF, 0x7FFF_0000_0001, ctypes.addressof(ctypes.c_int(5))):
                        self.assertEqual(self.call(name, params, {index: made_up}), linefit.ERROR_INVALID_HANDLE)
        self.assertGreaterEqual(checked, 50)

    def test_with_valid_handles_the_same_calls_succeed(self):
        # The baseline for the test above: with every handle live, the status is not a handle
        # error, so the refusals above are caused by the bad handle alone.
        self.world = World()
        for name, params in self.functions:
            if not any(handle_kind(ctype) for ctype, _ in params):
                continue
            with self.subTest(function=name):
                status = self.call(name, params, {})
                self.assertNotIn(status, (linefit.ERROR_NULL_ARGUMENT, linefit.ERROR_INVALID_HANDLE,
                                          linefit.ERROR_WRONG_HANDLE_KIND), self.lib.linefit_last_error())

    def test_a_font_array_with_a_bad_handle(self):
        self.world = World()
        out = ctypes.c_void_p()
        for bad, status in [(None, linefit.ERROR_NULL_ARGUMENT), (self.world.destroyed("font"), linefit.ERROR_INVALID_HANDLE),
                            (self.world.live("style"), linefit.ERROR_WRONG_HANDLE_KIND)]:
            array = (ctypes.c_void_p * 2)(self.world.live("font"), bad)
            self.assertEqual(self.lib.linefit_font_chain_create(array, 2, ctypes.byref(out)), status)
            self.assertIsNone(out.value)

    def test_null_out_pointers(self):
        self.world = World()
        checked = 0
        for name, params in self.functions:
            for index, (ctype, pname) in enumerate(params):
                out_record = re.fullmatch(r"linefit_\w+_t\*", ctype) and not handle_kind(ctype)
                if not (ctype.endswith("**") or out_record or ctype in ("size_t*", "double*", "int32_t*", "char*")):
                    continue
                if name == "linefit_editor_replace" and pname in ("layout", "changed_first", "changed_end"):
                    continue  # documented as optional
                if name in ("linefit_editor_insert", "linefit_editor_delete") and pname == "layout":
                    continue
                checked += 1
                with self.subTest(function=name, parameter=pname):
                    world = self.world
                    args, keep = arguments(world, params, {})
                    args[index] = None
                    self.assertEqual(getattr(self.lib, name)(*args), linefit.ERROR_NULL_ARGUMENT)
        self.assertGreaterEqual(checked, 25)

    def test_destroying_twice(self):
        lib = self.lib
        out = ctypes.c_void_p()
        self.assertEqual(lib.linefit_engine_create(ctypes.byref(out)), linefit.OK)
        self.assertEqual(lib.linefit_engine_destroy(out), linefit.OK)
        self.assertEqual(lib.linefit_engine_destroy(out), linefit.ERROR_INVALID_HANDLE)
        # The slot is reused by the next object, with a new generation: the old handle stays dead.
        fresh = ctypes.c_void_p()
        self.assertEqual(lib.linefit_options_create(ctypes.c_double(960), ctypes.c_double(24), ctypes.c_double(300),
                                                    ctypes.byref(fresh)), linefit.OK)
        self.assertNotEqual(fresh.value, out.value)
        self.assertEqual(lib.linefit_engine_destroy(out), linefit.ERROR_INVALID_HANDLE)
        self.assertEqual(lib.linefit_options_destroy(fresh), linefit.OK)


if __name__ == "__main__":
    unittest.main()
