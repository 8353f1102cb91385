"""Game state: plain JSON data (dicts, lists, ints, strings, booleans, None).

Cards are instances numbered from 0; per instance the state keeps the face shown (`ids`),
whether it lies face down (`down`), whether it shows its other side (`flipped`) and the key
of the zone holding it (`loc`). Zones are lists of instances keyed `draw` (a game zone) or
`hand:2` (seat 2's hand); the end of a list is its top. The pending work of the interpreter
is the `stack` of frames, so a state taken at any decision resumes exactly.

Search copies a state many times and changes little of each copy: a `Template` forks states
that share the zones and the per-instance arrays with it (held as tuples, which nothing can
change) and copy only the rest. A fork copies a shared zone or array the first time it is
written, so every write to them goes through `zone_for_write` and `array_for_write`; a
direct write to a shared one fails loudly (a tuple has no `append`, no item assignment).
Tuples hash, save and compare by value as lists do in JSON, so a fork stays plain data.
"""

from __future__ import annotations

import hashlib
import json
import marshal
from typing import Any

FORMAT = 1


def copy_state(state: dict) -> dict:
    """A deep copy, cheap: marshal round-trips plain data much faster than `copy.deepcopy`."""
    return marshal.loads(marshal.dumps(state))


def frozen(state: dict) -> bytes:
    """The state as bytes to thaw any number of times: each `thawed` copy is independent, and
    the state is serialised once rather than on every copy."""
    return marshal.dumps(state)


def thawed(data: bytes) -> dict:
    """A fresh state from `frozen` bytes."""
    return marshal.loads(data)


INSTANCE_ARRAYS = ("ids", "down", "flipped", "loc")  # one entry per card instance
_SHARED = frozenset((*INSTANCE_ARRAYS, "zones"))


def zone_for_write(state: dict, key: str) -> list:
    """Zone `key`'s cards, ready to change: a zone a fork still shares is copied first."""
    cards = state["zones"][key]
    if type(cards) is tuple:
        cards = state["zones"][key] = list(cards)
    return cards


def array_for_write(state: dict, name: str) -> list:
    """Per-instance array `name` (one of `INSTANCE_ARRAYS`), ready to change: one a fork
    still shares is copied first."""
    values = state[name]
    if type(values) is tuple:
        values = state[name] = list(values)
    return values


class Template:
    """A state to fork many times: each `fork` is a state of its own (the caller's to play)
    equal to the one given, sharing its zones and per-instance arrays until it writes them and
    copying the rest (variables, stack, decision: small, and written everywhere)."""

    __slots__ = ("_rest", "_arrays", "_zones")

    def __init__(self, state: dict):
        # the shared keys stay in the rest as placeholders, so a fork keeps the key order
        self._rest = marshal.dumps({k: None if k in _SHARED else v for k, v in state.items()})
        self._arrays = [(name, tuple(state[name])) for name in INSTANCE_ARRAYS]
        self._zones = {key: tuple(cards) for key, cards in state["zones"].items()}

    def fork(self) -> dict:
        """A fresh state equal to the template's."""
        st = marshal.loads(self._rest)
        for name, values in self._arrays:
            st[name] = values
        st["zones"] = dict(self._zones)  # a fork's own map: replacing a zone must not leak
        return st


def canonical(state: dict) -> bytes:
    """The state as canonical JSON bytes (sorted keys, no spaces)."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def state_hash(state: dict) -> str:
    """A stable hash of the state: equal states hash equal on any machine and Python."""
    return hashlib.blake2b(canonical(state), digest_size=16).hexdigest()


def empty_state(players: int, seed: int, counters: dict[str, Any]) -> dict:
    """A state with no cards yet; `counters` are the game variables' initial values."""
    return {
        "v": FORMAT,
        "players": players,
        "rng": seed,
        "ids": [],
        "down": [],
        "flipped": [],
        "loc": [],
        "redirect": {},  # instance -> {zone it would enter: zone it goes to instead}
        "zones": {},
        "gv": dict(counters),
        "sv": [],
        "flags": [],
        "items": [[] for _ in range(players)],
        "status": [{} for _ in range(players)],
        "partner": [None] * players,
        "out": [False] * players,
        "order": list(range(players)),
        "begun": False,  # True once setup is over: only then are end conditions tested
        "round": 1,
        "active": 0,
        "turns": 0,
        "taken": [0] * players,
        "actions": 0,
        "used": {},
        "extra": [0] * players,
        "skip": [0] * players,
        "end_turn": False,
        "roll": 0,
        "successes": 0,
        "dice": [],
        "stack": [],
        "decision": None,
        "result": None,
    }
