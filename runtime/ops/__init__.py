"""One implementation per op of the compiler's catalogue (`compiler.language.catalogue.OPS`).

An op is `fn(machine, ctx, params, local)`: it acts on the state and returns what a frame
handler returns (see `runtime.frames`). `local` keeps its working values between calls,
so an op that asks a seat, or rolls, does each only once. An op may carry `fn.viable(m,
ctx, params)`: whether it has anything to act on, so actions that would fizzle are not
offered. The modules group ops as the catalogue does.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Op = Callable[..., Any]
IMPLEMENTATIONS: dict[str, Op] = {}


def implements(name: str, viable: Callable[..., bool] | None = None) -> Callable[[Op], Op]:
    """Register `fn` as the implementation of op `name` (once; a second is a mistake)."""

    def register(fn: Op) -> Op:
        if name in IMPLEMENTATIONS:
            raise ValueError(f"op {name!r} implemented twice")
        if viable is not None:
            fn.viable = viable
        IMPLEMENTATIONS[name] = fn
        return fn

    return register


def amount(m, ctx: dict, value: Any) -> Any:
    """An op's amount, worked out for the seat (and card) the effect belongs to."""
    if type(value) is not str:
        return value
    return m.evaluate(value, ctx.get("self"), ctx, ctx.get("card"))


from runtime.ops import board, cards, combat, dice, flow, game, turns, variables  # noqa: E402, F401
