"""One seeded generator, kept in the state as a single 64-bit integer (splitmix64).

A game's chance outcomes all come from `state["rng"]`, so a copied state replays the same
future; `derive` turns a master seed and labels into independent seeds (per game, per seat).
"""

from __future__ import annotations

import hashlib
from functools import partial

MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix(z: int) -> int:
    """The splitmix64 finaliser: a well-spread 64-bit value from any 64-bit value."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def derive(*parts: object) -> int:
    """A 64-bit seed from a master seed and labels: `derive(seed, "game", 17)`."""
    text = "\x1f".join(map(str, parts)).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


def derives(*parts: object):
    """`derive(*parts, last)` as a function of `last`, the labels before it encoded once."""
    prefix = "\x1f".join(map(str, (*parts, ""))).encode("utf-8")

    def derived(last: object) -> int:
        # an int's text as bytes with no call (`str(True)` is no number: bools take the call)
        text = prefix + (b"%d" % last if type(last) is int else str(last).encode("utf-8"))
        return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")

    return derived


def draws(*parts: object):
    """`Rng(derive(*parts, step)).below(n)` as a function of `step` and `n`: a seat that only
    draws one option from each step's generator (the random agent) needs nothing more. The
    last label is a step count, an int (whose text `b"%d"` writes as `str` does; a bool's
    would not be `derive`'s)."""
    prefix = "\x1f".join(map(str, (*parts, ""))).encode("utf-8")
    hashed = partial(hashlib.blake2b, digest_size=8)
    from_bytes = int.from_bytes  # (big-endian by default)

    def drawn(step: int, n: int) -> int:
        # (`derives`, then `Rng.below` and `mix`, inline: this runs at every random decision)
        z = (from_bytes(hashed(prefix + b"%d" % step).digest()) + _GOLDEN) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return ((z ^ (z >> 31)) * n) >> 64

    return drawn


def below(state: dict, n: int) -> int:
    """A uniform integer in [0, n) drawn from the state's generator (n >= 1)."""
    z = state["rng"] = (state["rng"] + _GOLDEN) & MASK
    # (`mix`, inline: a game draws at every roll, random card and shuffle)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return ((z ^ (z >> 31)) * n) >> 64


def shuffle(state: dict, items: list) -> None:
    """Shuffle `items` in place (Fisher-Yates) with the state's generator."""
    s = state["rng"]
    for i in range(len(items) - 1, 0, -1):
        # (`below(state, i + 1)`, inline, the generator kept in `s` until the end)
        s = (s + _GOLDEN) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        j = ((z ^ (z >> 31)) * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    state["rng"] = s


class Rng:
    """A generator of its own for agents and samplers, never touching a game's state."""

    __slots__ = ("_s",)

    def __init__(self, seed: int):
        self._s = seed & MASK

    def below(self, n: int) -> int:
        self._s = (self._s + _GOLDEN) & MASK
        return (mix(self._s) * n) >> 64

    def random(self) -> float:
        return self.below(1 << 53) / (1 << 53)

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def seed(self) -> int:
        """A fresh 64-bit seed (for a state's generator)."""
        return self.below(1 << 64)
