"""The vocabulary of the stack machine: frames, what a handler returns, and decisions.

A frame is a dict naming its handler (`h`), the context it runs in (`ctx`: the seats and
cards the effect refers to) and its own working values (`l`). A handler returns:

- `None`: it is finished and its frame is removed;
- `Call(frames)`: run these frames first (the first listed runs first), then call it again;
- `Tail(frames)`: it is finished and these frames take its place;
- an `ask(...)` decision: the seat named must choose; the option lands in `l["ans"]`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Handler = Callable[[Any, dict], Any]
HANDLERS: dict[str, Handler] = {}
NO_CTX: dict = {}  # read only: an evaluation with no effect around it


def handler(name: str) -> Callable[[Handler], Handler]:
    """Register a frame handler under `name`."""

    def register(fn: Handler) -> Handler:
        HANDLERS[name] = fn
        return fn

    return register


class Call:
    __slots__ = ("frames",)

    def __init__(self, *frames: dict):
        self.frames = frames


class Tail:
    __slots__ = ("frames",)

    def __init__(self, *frames: dict):
        self.frames = frames


def ask(seat: int, kind: str, prompt: str, options: list[dict]) -> dict:
    """A decision: `options` are dicts with a `label` for people and a stable `key`."""
    return {"seat": seat, "kind": kind, "prompt": prompt, "options": options}


def answered(local: dict, slot: str) -> dict | None:
    """The answer to the question `slot` an op asked (it set `local["asking"]`), taken out of
    its working values; None while that question is not pending or not yet answered."""
    if "ans" not in local or "asking" not in local or local["asking"] != slot:
        return None  # (read with no `dict.get` call: the ops that ask call this often)
    del local["asking"]
    found = local["ans"]
    del local["ans"]
    return found


def fx(lid: int | None, ctx: dict) -> dict:
    """A frame running an effect list (by number) in `ctx`."""
    return {"h": "fx", "e": lid, "i": 0, "ctx": ctx}
