#!/usr/bin/env python3
"""Writes Fonts/index.json: what each bundled font is, so a lookup by family name or weight
never has to open every font. Run after adding, removing or changing a font in Fonts/
(needs fontTools: pip install fonttools). FontIndexTests checks the result against the files.

Each entry: file, faces (number of faces; a collection has more than one), and for face 0
the family and style (name IDs 16/17 when present, else 1/2, as FreeType reports them),
weight (OS/2 usWeightClass) and axes (fvar tags, empty for static fonts); collections also
list every face's family in faceFamilies.
"""
import json
import os
import sys

from fontTools.ttLib import TTCollection, TTFont

FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")


def names(font):
    name = font["name"]
    family = name.getDebugName(16) or name.getDebugName(1) or ""
    style = name.getDebugName(17) or name.getDebugName(2) or ""
    return family, style


def describe(font):
    family, style = names(font)
    weight = font["OS/2"].usWeightClass if "OS/2" in font else 400
    axes = [axis.axisTag for axis in font["fvar"].axes] if "fvar" in font else []
    return {"family": family, "style": style, "weight": weight, "axes": axes}


def main():
    folder = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "Fonts")
    entries = []
    for file in sorted(os.listdir(folder)):
        if not file.lower().endswith(FONT_SUFFIXES):
            continue
        path = os.path.join(folder, file)
        if file.lower().endswith((".ttc", ".otc")):
            fonts = TTCollection(path, lazy=True).fonts
        else:
            fonts = [TTFont(path, lazy=True)]
        entry = {"file": file, "faces": len(fonts)}
        entry.update(describe(fonts[0]))
        if len(fonts) > 1:
            entry["faceFamilies"] = [names(font)[0] for font in fonts]
        entries.append(entry)
    index = {"version": 1, "fonts": entries}
    with open(os.path.join(folder, "index.json"), "w") as out:
        json.dump(index, out, indent=1, ensure_ascii=False)
        out.write("\n")
    print(f"{len(entries)} fonts indexed in {os.path.join(folder, 'index.json')}")


if __name__ == "__main__":
    main()
