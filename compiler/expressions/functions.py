"""The functions an expression may call, by plain name, and the guarded operators.

`FUNCTIONS` documents the whitelist: name -> (doc, arity); arity None means "two or more".
`flag`, `has` and `next_to` have no implementation here: they compile to membership tests on
`env['flags']`, `env['items']` and `env['near_terrain']`, so their argument must be a string
literal.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple


class Signature(NamedTuple):
    doc: str
    arity: int | None  # None: two or more arguments


FUNCTIONS: dict[str, Signature] = {
    "min": Signature("The smallest of its arguments: `min(hp, 3)`.", None),
    "max": Signature("The largest of its arguments: `max(1, hp - 2)`.", None),
    "abs": Signature("The distance of a number from zero: `abs(x - 3)`.", 1),
    "len": Signature("How many items a list or text holds: `len(keywords)` (a card's list field).", 1),
    "clamp": Signature("`x` limited to `lo`..`hi`: `clamp(hp + 2, 0, 10)`.", 3),
    "ceil": Signature("A number rounded up: `ceil(players / 2)`.", 1),
    "floor": Signature("A number rounded down: `floor(players / 2)`.", 1),
    "flag": Signature("True if the flag is set: `flag('met-guard')`.", 1),
    "has": Signature("True if the acting player or party has the item or card: `has('rope')`.", 1),
    "next_to": Signature("True if the seat's figure (or the piece acting; in what waits on "
                         "a foe's fall, that foe where it fell) stands on or next to a terrain "
                         "piece of this id: `next_to('town-pond')`.", 1),
    "foe_in": Signature("True if a foe (a piece of no seat) stands on a square of the board's "
                        "area of this name: `foe_in('objective-bench')`.", 1),
}

# Calls to these compile to `'x' in env[key]` instead of a function call.
MEMBERSHIP: dict[str, str] = {"flag": "flags", "has": "items", "next_to": "near_terrain",
                               "foe_in": "foe_areas"}


def _clamp(x: Any, lo: Any, hi: Any) -> Any:
    return max(lo, min(x, hi))


IMPLEMENTATIONS: dict[str, Callable[..., Any]] = {
    "min": min,
    "max": max,
    "abs": abs,
    "len": len,
    "clamp": _clamp,
    "ceil": math.ceil,
    "floor": math.floor,
}

_NUMBERS = (int, float)


def _numbers_only(symbol: str, a: Any, b: Any) -> TypeError:
    return TypeError(
        f"'{symbol}' works on numbers only, not {type(a).__name__} and {type(b).__name__}"
    )


def multiply(a: Any, b: Any) -> Any:
    """`a * b` for numbers only: `'x' * 10**9` or `[0] * 10**9` would exhaust memory."""
    if isinstance(a, _NUMBERS) and isinstance(b, _NUMBERS):
        return a * b
    raise _numbers_only("*", a, b)


def modulo(a: Any, b: Any) -> Any:
    """`a % b` for numbers only: on strings `%` formats, and `'%999999999d' % 1` is huge."""
    if isinstance(a, _NUMBERS) and isinstance(b, _NUMBERS):
        return a % b
    raise _numbers_only("%", a, b)
