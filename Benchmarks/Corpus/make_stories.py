#!/usr/bin/env python3
"""Builds the story corpus (Benchmarks/Corpus/stories/*.json) from source/story.txt.

Every text is original prose written for these benchmarks, in a story caption voice. The
lengths are exact in UTF-16 units (the engine's index space). The shorter texts are the
opening of the long story, with the last sentence edited by hand so that the length is
exact; the edits are listed below. Two series:

- story-NNNNN.json: NotoSans Regular, one paragraph (paragraph breaks become spaces, which
  keeps the length), width 960, sizes 32...220 (the shared "paragraph" job's settings).
- story-spartan-NNNNN.json: LeagueSpartan Bold, paragraphs kept as written (one per line),
  width 960, sizes 24...300 (the CLI's story defaults).

Run it from anywhere: python3 Benchmarks/Corpus/make_stories.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def units(s):
    return len(s.encode("utf-16-le")) // 2


def edit(text, old, new):
    assert text.count(old) == 1, old
    return text.replace(old, new)


story = open(os.path.join(HERE, "source", "story.txt"), encoding="utf-8").read().rstrip("\n")
paragraphs = story.split("\n")


def opening(count):
    return "\n".join(paragraphs[:count])


texts = {
    70: "Last light on the harbour wall, salt in my hair, the ferry horn going.",
    280: edit(opening(1), "did not survive the sprint.",
              "did not survive the sprint. Marta blames me. I blame the chips. Fair."),
    1100: edit(opening(4), "brave enough to take.", "brave enough to take on alone, not once."),
    2200: edit(opening(8), "a piano that badly needed tuning.", "a piano that needed tuning."),
    10000: edit(story,
                "and the fourth, and as many more days as that island will give us.",
                "and the fourth, and more after."),
}

for length, text in texts.items():
    assert units(text) == length, (length, units(text))
    assert "  " not in text and not text.endswith(" ")

series = [
    ("story", "Fonts/NotoSans-Regular.ttf", 960, 32, 220, True),
    ("story-spartan", "Fonts/LeagueSpartan-Bold.otf", 960, 24, 300, False),
]
for prefix, font, width, low, high, single in series:
    for length, text in texts.items():
        body = text.replace("\n", " ") if single else text
        name = f"{prefix}-{length:05d}"
        job = {"name": name, "text": body, "width": width, "min": low, "max": high,
               "font": font, "fallbacks": "none"}
        with open(os.path.join(HERE, "stories", name + ".json"), "w", encoding="utf-8") as out:
            json.dump(job, out, ensure_ascii=False, indent=1)
            out.write("\n")
        print(f"{name}.json  {units(body):6d} UTF-16 units, {body.count(chr(10)) + 1} paragraph(s)")
