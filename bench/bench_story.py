"""Benchmark checking a large story against a bare YAML parse of the same files, and the size
of its graph drawn whole against its overview.

Run: python bench/bench_story.py [--cards 20000] [--files 4] [--repeat N]. Prints CPU times
(best of N) and their ratio (target: check <= 3x parse), then the SVG sizes.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import yaml
from timing import best_of

from compiler import compile_pack
from compiler.analysis.story_overview import overview
from compiler.analysis.story_render import render_story
from compiler.chapters import join_chapters


def generate(root: Path, cards: int, files: int) -> Path:
    """A gamebook of `cards` numbered cards in `files` files (a story and its chapters):
    forks, flags set and tested, challenges, and a loop back every 50 cards."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "game.yaml").write_text(
        "kind: game\nid: gamebook\ntitle: Gamebook\nplayers: {min: 1, max: 1}\n"
        "variables:\n  skill: {initial: 3, min: 0, max: 6}\n")
    per_file = -(-cards // files)
    for f in range(files):
        head = ("kind: story\nid: book\ntitle: Book\nstart: '1'\n" if f == 0 else
                f"kind: chapter\nid: book-part-{f + 1}\nstory: book\n")
        lines = [head + "cards:"]
        for i in range(f * per_file + 1, min(cards, (f + 1) * per_file) + 1):
            nxt, skip = i + 1, min(i + 2, cards)
            if i == cards:
                lines.append(f"  '{i}':\n    text: The end.\n    ending: victory")
            elif i % 50 == 0:
                lines.append(f"  '{i}':\n    text: A crossroads you have seen before.\n"
                             f"    choices:\n      - text: Go back\n        goto: '{i - 40}'\n"
                             f"      - text: Go on\n        goto: '{nxt}'")
            elif i % 7 == 0:
                lines.append(f"  '{i}':\n    text: A fork in the road.\n    choices:\n"
                             f"      - text: Go left\n        do: [set-flag: left-{i % 5}]\n"
                             f"        goto: '{nxt}'\n"
                             f"      - text: Go right\n        if: flag('left-{(i + 1) % 5}')\n"
                             f"        goto: '{skip}'")
            elif i % 11 == 0:
                lines.append(f"  '{i}':\n    text: A wall to climb.\n"
                             f"    challenge: {{stat: skill, successes: 2}}\n"
                             f"    pass: '{nxt}'\n    fail: '{i - 1}'")
            else:
                lines.append(f"  '{i}':\n    title: Card {i}\n    text: The road goes on.\n"
                             f"    goto: '{nxt}'")
        (root / f"book-{f + 1:02}.yaml").write_text("\n".join(lines) + "\n")
    return root


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cards", type=int, default=20_000)
    parser.add_argument("--files", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = generate(Path(tmp) / "pack", args.cards, args.files)
        files = sorted(root.glob("*.yaml"))

        def bare_parse():
            for f in files:
                list(yaml.load_all(f.read_bytes(), Loader=yaml.CSafeLoader))

        result = compile_pack(root)
        problems = [f"{d.code} {d.message}" for d in result.report.diagnostics]
        print(f"story: {result.report.counts['story-card']} cards in {len(files) - 1} files; "
              f"{len(problems)} diagnostics {problems[:3]}")
        parse = best_of(args.repeat, bare_parse, time.process_time)
        check = best_of(args.repeat, lambda: compile_pack(root), time.process_time)
        print(f"bare YAML parse (CSafeLoader): {parse:.3f} s CPU")
        print(f"gamesmith check:               {check:.3f} s CPU")
        print(f"ratio check / parse:           {check / parse:.2f}x  (target <= 3x)")
        joined = join_chapters(result.units)["book"]
        whole = render_story(joined.story, [], "svg")
        small = render_story(overview(joined.story, joined.chapter_of), [], "svg")
        print(f"graph SVG: whole {len(whole) / 1e6:.1f} MB, overview {len(small) / 1e3:.1f} kB")


if __name__ == "__main__":
    sys.exit(main())
