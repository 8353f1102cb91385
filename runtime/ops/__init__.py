"""One implementation per op of the compiler's catalogue (`compiler.language.catalogue.OPS`).

An op is `fn(machine, ctx, params, local)`: it acts on the state and returns what a frame
handler returns (see `runtime.frames`). `local` keeps its working values between calls,
so an op that asks a seat, or rolls, does each only once. An op acting on the seats a
selector names is registered with `seats=` and gets them resolved; when the selector picks
pieces on a board, the op's piece handler (`runtime.ops.pieces`) acts on those instead. An op may carry
`fn.viable(m, ctx, params)`: whether it has anything to act on, so actions that would
fizzle are not offered (an op on a selector's seats: on a board, whether it picks a piece).
An op changes a zone or a per-instance array (`ids`, `down`, `flipped`, `loc`) only through
`runtime.state.zone_for_write` / `array_for_write` (or `runtime.zones.move`): search plays
on forks that share them with the state they came from.
The modules group ops as the catalogue does. An op may also be bound to one effect's
parameters at load (`runtime.specialise`), with the same signature and return contract.

This module is the ops' registry only (`IMPLEMENTATIONS`, `PIECE_HANDLERS`): it imports the
core and the domains (selectors, targets), never an op module. Each op module imports it and
registers into it; `runtime.rule_modules` imports every op module (as `runtime.program` does
through it), so a program binds its effects to a full registry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runtime.selectors import resolve
from runtime.specialise import CHECK_SPECIALISERS
from runtime.targets import (
    of_card_type,
    piece_candidates,
    resolve_pieces,
    targets_pieces,
)

Op = Callable[..., Any]
IMPLEMENTATIONS: dict[str, Op] = {}
PIECE_HANDLERS: dict = {}


def on_pieces(name: str):
    """Register `fn(m, ctx, params, local, pieces)` as op `name`'s way with piece targets."""

    def register(fn):
        PIECE_HANDLERS[name] = fn
        return fn

    return register


def implements(name: str, viable: Callable[..., bool] | None = None,
               seats: str | None = None) -> Callable[[Op], Op]:
    """Register `fn` as the implementation of op `name` (once; a second is a mistake).

    With `seats` (the name of the parameter holding a selector), the seats it names are
    resolved first, asking the acting seat when it must choose, and `fn` is called as
    `fn(m, ctx, params, local, seats)`.
    """

    def register(fn: Op) -> Op:
        if name in IMPLEMENTATIONS:
            raise ValueError(f"op {name!r} implemented twice")
        impl = fn if seats is None else _on_seats(fn, seats, name)
        if viable is not None:
            impl.viable = viable
        elif seats is not None:
            impl.viable = _some_piece(seats)
        IMPLEMENTATIONS[name] = impl
        return impl

    return register


def _on_seats(fn: Op, field: str, name: str) -> Op:
    def impl(m, ctx: dict, p, local: dict):
        selector = getattr(p, field)
        # the acting seat, as `resolve` has it (read with no `dict.get` call)
        if selector == "self" and ("piece" not in ctx or ctx["piece"] is None):
            found = local["who"] = [ctx["self"] if "self" in ctx else m.state["active"]]
            return fn(m, ctx, p, local, found)
        if name in PIECE_HANDLERS and targets_pieces(m, selector, ctx):
            found = resolve_pieces(m, ctx, selector, local, p=p)
            if type(found) is dict:
                return found
            found = of_card_type(m, found, getattr(p, "only", None))
            return PIECE_HANDLERS[name](m, ctx, p, local, found)
        found = resolve(m, ctx, selector, local)
        if type(found) is dict:
            return found
        return fn(m, ctx, p, local, found)

    impl.__doc__ = fn.__doc__
    return impl


# selectors of pieces that may well pick none: an effect on none of them only fizzles
_MAY_BE_EMPTY = frozenset({"closest", "farthest", "weakest", "strongest", "adjacent", "in-range",
                           "all-enemies", "all-characters", "chosen-opponent"})


def _some_piece(field: str) -> Callable[..., bool]:
    """Viability of an op on the seats or pieces a selector names: on a board, that the
    selector picks a piece at all."""

    def viable(m, ctx: dict, p) -> bool:
        selector = getattr(p, field)
        if selector not in _MAY_BE_EMPTY or not targets_pieces(m, selector, ctx):
            return True
        return bool(piece_candidates(m, ctx, selector, p))

    # turn options check a selector that may not pick none at once: always viable (None)
    CHECK_SPECIALISERS[viable] = lambda _program, p: (
        viable if getattr(p, field) in _MAY_BE_EMPTY else None)
    return viable


def amount(m, ctx: dict, value: Any) -> Any:
    """An op's amount, worked out for the seat (and card) the effect belongs to."""
    if type(value) is not str:
        return value
    return m.evaluate(value, ctx.get("self"), ctx, ctx.get("card"))
