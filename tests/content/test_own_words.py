"""Content prose is written in our own words: no run of ten or more words in any pack's
text stands in its rulebook (names and numbers are facts and may repeat; sentences may not)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from compiler.loader import load_file

ROOT = Path(__file__).resolve().parents[2]
SEEDS = ROOT.parent / "shared" / "seeds"
RUN = 10
BOOKS = {
    "townsfolk-tussle": "000_6a7358868881b7f0.txt",
    "fantasy-tavern-brawl": "001_befefbc2ed8f22ef.txt",
    "gascony-legacy": "003_1e9ea14bf8e66a67.txt",
    "fuzzy-mage-fight": "004_a0f56f3cb0f44a06.txt",
}


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower().replace("’", "'"))


def runs(seq: list[str]) -> set[tuple[str, ...]]:
    return {tuple(seq[i : i + RUN]) for i in range(len(seq) - RUN + 1)}


def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


@pytest.mark.skipif(not SEEDS.exists(), reason="the rulebooks live in ../shared/seeds")
@pytest.mark.parametrize("pack", sorted(BOOKS))
def test_no_sentence_copied_from_the_rulebook(pack):
    raw = (SEEDS / BOOKS[pack]).read_text(encoding="utf-8")
    book = runs(words(raw))
    # One rulebook lost its spaces in extraction: compare letters only, too.
    squashed = re.sub(r"[^a-z0-9]", "", raw.lower())
    copied = []
    for path in sorted((ROOT / "content" / pack).rglob("*.yaml")):
        docs, _ = load_file(path)
        for doc in docs:
            for text in strings(doc.data):
                seq = words(text)
                for run in runs(seq):
                    if run in book or (len("".join(run)) >= 40 and "".join(run) in squashed):
                        copied.append(f"{path.relative_to(ROOT)}: {' '.join(run)}")
                        break
    assert copied == []
