#!/usr/bin/env python3
"""Writes the batch benchmark's input: N story jobs as JSON lines (default 1,000).

Captions are seeded variations drawn from Corpus/source/story.txt (original prose written
for these benchmarks): one to three consecutive sentences, sometimes cut to a short shout,
sometimes upper-cased, sometimes with a line break typed for emphasis, now and then an
emoji. With --captions they are drawn from Corpus/captions/captions.json instead (the
story-report's realistic captions, non-Latin and emoji included), with the same variations. Every job is style Strong on the 1080x1920 story canvas, written as a PNG to
OUT/NNNN.png. The same seed gives the same file.

    python3 Benchmarks/Batch/make_jobs.py [--count N] [--seed S] [--out DIR] > jobs.jsonl
"""
import argparse
import json
import os
import random
import re

HERE = os.path.dirname(os.path.abspath(__file__))
EMOJI = ["🎉", "🌊", "☕", "🐑", "✨", "🚢"]


def sentences():
    with open(os.path.join(HERE, "..", "Corpus", "source", "story.txt"), encoding="utf-8") as f:
        text = f.read()
    return [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]


def captions():
    with open(os.path.join(HERE, "..", "Corpus", "captions", "captions.json"), encoding="utf-8") as f:
        return json.load(f)["captions"]


def caption(rng, pool, joined=True):
    start = rng.randrange(len(pool))
    text = " ".join(pool[start:start + rng.choice([1, 1, 2, 3])]) if joined else pool[start]
    roll = rng.random()
    if roll < 0.15:
        words = text.split()
        text = " ".join(words[: rng.randint(1, 4)]).upper()
    elif roll < 0.25:
        text = text.upper()
    if rng.random() < 0.3:
        words = text.split()
        if len(words) > 3:
            cut = rng.randint(1, len(words) - 1)
            text = " ".join(words[:cut]) + "\n" + " ".join(words[cut:])
    if rng.random() < 0.1:
        text += " " + rng.choice(EMOJI)
    return text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--out", default="batch-out")
    parser.add_argument("--captions", action="store_true", help="draw from Corpus/captions/captions.json")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = captions() if args.captions else sentences()
    for index in range(args.count):
        job = {"text": caption(rng, pool, joined=not args.captions), "style": "strong", "canvas": "1080x1920",
               "png": f"{args.out}/{index:04d}.png"}
        print(json.dumps(job, ensure_ascii=False))


if __name__ == "__main__":
    main()
