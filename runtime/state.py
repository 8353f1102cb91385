"""Game state: plain JSON data (dicts, lists, ints, strings, booleans, None).

Cards are instances numbered from 0; per instance the state keeps the face shown (`ids`),
whether it lies face down (`down`), whether it shows its other side (`flipped`) and the key
of the zone holding it (`loc`). Zones are lists of instances keyed `draw` (a game zone) or
`hand:2` (seat 2's hand); the end of a list is its top. The pending work of the interpreter
is the `stack` of frames, so a state taken at any decision resumes exactly.
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
