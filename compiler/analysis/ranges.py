"""Caps and counts far beyond what a game needs (GS263): a run that may take practically
forever is worth a warning even when every value is valid."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from compiler.diagnostics import CATALOGUE, Diagnostic
from compiler.loader import Document

TURN_CAP = 10_000  # turns: the longest real games take a few hundred
REPEATS = 100  # times one `repeat` runs its effects
TILE_COPIES = 100  # copies of one map tile


def analyse_ranges(kind: str, doc: Document) -> list[Diagnostic]:
    """GS263 for each cap or count in the document beyond its sane range."""
    out = []
    data = doc.data
    if kind == "rules" and _over(data.get("turn-cap"), TURN_CAP):
        out.append(_warn(doc, ("turn-cap",), f"turn-cap {data['turn-cap']} is beyond "
                         f"{TURN_CAP:,} turns", "a real game ends in a few hundred turns; "
                         "add an end condition"))
    if kind == "landscape" and _over(data.get("count"), TILE_COPIES):
        out.append(_warn(doc, ("count",), f"{data['count']} copies of a tile is beyond "
                         f"{TILE_COPIES}", "print as many tiles as the game's box holds"))
    for path, times in _repeats(data, ()):
        out.append(_warn(doc, path, f"repeat runs its effects {times} times, beyond {REPEATS}",
                         "repeat a few times, or count with a variable"))
    return out


def _over(value: Any, limit: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value > limit


def _repeats(node: Any, path: tuple) -> Iterator[tuple[tuple, int]]:
    if isinstance(node, dict):
        params = node.get("repeat")
        if len(node) == 1 and isinstance(params, dict) and _over(params.get("times"), REPEATS):
            yield (*path, "repeat", "times"), params["times"]
        for key, value in node.items():
            yield from _repeats(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _repeats(value, (*path, i))


def _warn(doc: Document, path: tuple, message: str, hint: str) -> Diagnostic:
    return CATALOGUE["GS263"](message, doc.location(path), hint=hint)
