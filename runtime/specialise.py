"""Effects bound to their parameters at load: the per-op work of generic dispatch done once.

An op may register a specialiser (`@specialises(name)`): `fn(params, program)` returns the op
bound to one effect's parameters (a callable with the generic implementation's signature and
return contract), or None to keep the generic one. `bind_lists(program)` puts the bound ops
in `program.lists` in place of the generic ones, and `steps(program)` gives, per effect list,
what `runtime.effects.run_effects` runs: one entry per effect, except that a run of
consecutive effects that never ask, never run frames and need no end check after them
(`fusable` bound ops, `Program.quiet`) is one call. A state keeps list ids and indices,
never a bound op, so saves, replay and resume do not see any of this. Likewise an op's
viability check may be specialised to an effect's params (`@specialises_check(check)`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from runtime.written import write

if TYPE_CHECKING:
    from runtime.program import Program

Specialiser = Callable[[Any, "Program"], "Callable | None"]
SPECIALISERS: dict[str, Specialiser] = {}
# where a fused run notes which of its effects failed (read to locate the error)
FAILED_AT = "@failed"
# what the lines of an op written out inline (`fn.inline`) may read, worked out once per run:
# the effect's seat and card as `ctx` names them, and the seat acting (the active one if none)
INLINE_PRELUDE = ("seat = ctx['self'] if 'self' in ctx else None",
                  "card = ctx['card'] if 'card' in ctx else None",
                  "acting = ctx['self'] if 'self' in ctx else m.state['active']")


# the text bound ops are written with for what they read most: the acting seat, whether a piece
# acts (the generic op then), and a zone's key for a seat (no `dict.get` call)
ACTING = "(ctx['self'] if 'self' in ctx else m.state['active'])"
PIECE_ACTS = "'piece' in ctx and ctx['piece'] is not None"


def zone_key(zone: str, seat: str = "seat") -> str:
    """The text of zone `zone`'s key for the seat named `seat` (`Machine.key`, looked up)."""
    return f"(m.keys[({zone!r}, {seat})] if ({zone!r}, {seat}) in m.keys else m.key({zone!r}, {seat}))"


def specialises(name: str) -> Callable[[Specialiser], Specialiser]:
    """Register `fn(params, program) -> bound op | None` for op `name`. A bound op that never
    asks, never returns frames and keeps no working values may say so with `fusable = True`."""

    def register(fn: Specialiser) -> Specialiser:
        if name in SPECIALISERS:
            raise ValueError(f"op {name!r} specialised twice")
        SPECIALISERS[name] = fn
        return fn

    return register


CHECK_SPECIALISERS: dict = {}
"""An op's viability check -> `factory(program, params)`: the check to use for those params
(`check(m, ctx, params)`, specialised to them or the op's own), or None when always viable."""


def specialises_check(check: Callable) -> Callable:
    """Register a factory of checks specialised to their params for viability check `check`
    (what `runtime.options` offers reads them)."""

    def register(factory):
        if check in CHECK_SPECIALISERS:
            raise ValueError(f"viability check {check.__name__!r} specialised twice")
        CHECK_SPECIALISERS[check] = factory
        return factory

    return register


def define(name: str, body: list[str], names: dict[str, Any]) -> Callable:
    """A bound op written as Python source: `def name(m, ctx, p, local):` over `body` (lines,
    indented once), its free names taken from `names` (`runtime.written.write`)."""
    return write(name, "m, ctx, p, local", body, names)


def bind_lists(program: Program) -> None:
    """Replace, in every effect list, each op that has a specialiser by its bound form (what
    the generic implementation says of viability stays with it)."""
    for lid, effects in enumerate(program.lists):
        bound = []
        for impl, params, name in effects:
            specialiser = SPECIALISERS.get(name)
            fn = specialiser(params, program) if specialiser is not None else None
            if fn is None:
                bound.append((impl, params, name))
                continue
            viable = getattr(impl, "viable", None)
            if viable is not None:
                fn.viable = viable
            bound.append((fn, params, name))
        program.lists[lid] = tuple(bound)


def steps(program: Program) -> list[tuple[tuple, ...]]:
    """Per effect list, per effect: (op, params, quiet, next index). A run of two or more
    fusable, quiet effects is one step at its first index, its op running them all."""
    found = []
    for lid, effects in enumerate(program.lists):
        quiet = program.quiet[lid]
        row: list[tuple] = []
        i = 0
        while i < len(effects):
            j = i
            while j < len(effects) and quiet[j] and getattr(effects[j][0], "fusable", False):
                j += 1
            if j - i >= 2:
                row.append((_fused(effects, i, j), None, True, j))
                row.extend((fn, params, quiet[k], k + 1)
                           for k, (fn, params, _name) in enumerate(effects[i + 1:j], i + 1))
                i = j
                continue
            fn, params, _name = effects[i]
            row.append((fn, params, quiet[i], i + 1))
            i += 1
        found.append(tuple(row))
    return found


def _fused(effects: tuple, start: int, end: int) -> Callable:
    """One op running effects `start`..`end - 1` in order; a failure notes its effect's index
    in `local[FAILED_AT]`, so the error is located as if that effect ran alone. Effects that
    can be written inline (`fn.inline(tag)`: lines with no `return`, every name of their own
    ending in `tag`) make one function of straight-line code."""
    parts = tuple((k, fn, params) for k, (fn, params, _name) in enumerate(effects[start:end], start))
    if all(hasattr(fn, "inline") for _k, fn, _params in parts):
        return _written_out(parts, effects)

    def fused(m, ctx: dict, _p, local: dict):
        for at, fn, params in parts:
            try:
                fn(m, ctx, params, local)
            except Exception:
                local[FAILED_AT] = at
                raise

    fused.fusable = True
    return fused


def _written_out(parts: tuple, effects: tuple) -> Callable:
    """`_fused` as one function: each effect's lines in turn, `at` naming the one running."""
    body = [*INLINE_PRELUDE, "try:"]  # (none of the lines changes what the prelude read)
    names: dict[str, Any] = {"FAILED_AT": FAILED_AT}
    for k, fn, _params in parts:
        lines, own = fn.inline(f"_{k}")
        body += [f"    at = {k}  # {fn.__name__}", *(f"    {line}" for line in lines)]
        names.update(own)
    body += ["except Exception:",
             "    local[FAILED_AT] = at",
             "    raise"]
    first, last = parts[0][0], parts[-1][0]
    fn = define(f"effects_{first}_to_{last}_of_{len(effects)}", body, names)
    fn.fusable = True
    return fn
