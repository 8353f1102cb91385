"""Ops on variables, flags and items: gain, lose, set, transfer, tally, set-flag,
clear-flag, gain-item, lose-item, modify-stat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runtime.errors import RuleError
from runtime.ops import amount, implements
from runtime.picking import in_zone
from runtime.selectors import resolve

if TYPE_CHECKING:
    from runtime.machine import Machine


def _spec(m: Machine, name: str):
    var = m.program.variables.get(name)
    if var is None:
        raise RuleError(f"no variable '{name}' (declare it under `variables:` in game.yaml)")
    if var.counts is not None:
        raise RuleError(f"variable '{name}' is a count of cards; effects cannot change it")
    return var


def read(m: Machine, name: str, seat: int | None) -> Any:
    var = _spec(m, name)
    if var.per == "game":
        return m.state["gv"][name]
    return m.state["sv"][seat][name]


def write(m: Machine, name: str, seat: int | None, value: Any) -> None:
    """Set a variable, held within its `min`, `max`, `limit` (read for the seat) and
    `capped-by`; the variables it caps fall to its new value when they stand above it."""
    _store(m, _spec(m, name), name, seat, value)


def _store(m: Machine, var, name: str, seat: int | None, value: Any) -> None:
    plain = name in _plain(m.program)
    if not plain and type(value) in (int, float):  # a number (not a bool): held within its bounds
        if var.min is not None:
            value = max(var.min, value)
        if var.max is not None:
            value = min(var.max, value)
        if var.limit is not None:
            top = m.value(var.limit, seat)
            if isinstance(top, int | float) and not isinstance(top, bool):
                value = min(top, value)
        if var.capped_by is not None:
            value = min(read(m, var.capped_by, seat), value)
    if var.per == "game":
        m.state["gv"][name] = value
    else:
        m.state["sv"][seat][name] = value
    if m.log is not None:
        m.emit("set", variable=name, seat=None if var.per == "game" else seat, value=value)
    if not plain:
        lower_capped(m, name, seat)


def _plain(program) -> frozenset[str]:
    """The variables with no bounds, no `limit:` and no `capped-by` either way: written as
    they are, nothing else moving with them (worked out once per program)."""
    found = program.cache.get("plain-variables")
    if found is None:
        caps = capped_by(program)
        found = program.cache["plain-variables"] = frozenset(
            name for name, var in program.variables.items()
            if var.min is None and var.max is None and var.limit is None
            and var.capped_by is None and name not in caps)
    return found


def lower_capped(m: Machine, name: str, seat: int | None) -> None:
    """Bring every variable `capped-by` variable `name` down to its value, where above it."""
    for capped in capped_by(m.program).get(name, ()):
        if read(m, capped, seat) > read(m, name, seat):
            write(m, capped, seat, read(m, name, seat))


def capped_by(program) -> dict[str, tuple[str, ...]]:
    """For each variable, the variables its value caps (worked out once per program)."""
    found = program.cache.get("capped-by")
    if found is None:
        found = {}
        for capped, var in program.variables.items():
            if getattr(var, "capped_by", None) is not None:
                found[var.capped_by] = (*found.get(var.capped_by, ()), capped)
        program.cache["capped-by"] = found
    return found


def _each(m: Machine, ctx: dict, p, local: dict, selector: str, change) -> Any:
    var = _spec(m, p.variable if hasattr(p, "variable") else p.stat)
    if var.per == "game":
        change(None)
        return None
    if selector == "self":  # the common case: no one to ask, no one to look for
        change(ctx.get("self", m.state["active"]))
        return None
    seats = resolve(m, ctx, selector, local)
    if type(seats) is dict:
        return seats
    for seat in seats:
        change(seat)
    return None


@implements("gain")
def gain(m: Machine, ctx: dict, p, local: dict):
    n = amount(m, ctx, p.amount)
    return _each(
        m, ctx, p, local, p.who, lambda s: write(m, p.variable, s, read(m, p.variable, s) + n)
    )


@implements("lose")
def lose(m: Machine, ctx: dict, p, local: dict):
    n = amount(m, ctx, p.amount)
    return _each(
        m, ctx, p, local, p.who, lambda s: write(m, p.variable, s, read(m, p.variable, s) - n)
    )


@implements("set")
def set_variable(m: Machine, ctx: dict, p, local: dict):
    var = _spec(m, p.variable)
    value = p.value
    if isinstance(value, str) and not isinstance(var.initial, str):
        value = amount(m, ctx, value)  # an expression (a text variable takes text as written)
    if p.who == "self" and var.per != "game":
        _store(m, var, p.variable, ctx.get("self", m.state["active"]), value)
        return None
    return _each(m, ctx, p, local, p.who, lambda s: _store(m, var, p.variable, s, value))


@implements("transfer", seats="who")
def transfer(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    for seat in seats:
        keep = int(m.value(p.keep, seat, ctx))
        moved = max(0, min(amount(m, ctx, p.amount), read(m, p.from_, seat) - keep))
        write(m, p.from_, seat, read(m, p.from_, seat) - moved)
        write(m, p.to, seat, read(m, p.to, seat) + moved)
    return None


@implements("tally")
def tally(m: Machine, ctx: dict, p, local: dict):
    zone = m.program.zone(p.zone)
    var = _spec(m, p.variable)

    def measure(seats: list[int | None]) -> Any:
        values = []
        for seat in seats:
            key = m.key(zone.id, seat) if zone.per_seat else zone.id
            for inst in in_zone(m, key, seat, p.if_, ctx):
                values.append(m.value(p.value, seat, ctx, inst))
        if not values:
            return 0
        return {"sum": sum, "max": max, "min": min}[p.of](values)

    if var.per == "game":
        everyone = list(range(m.state["players"])) if zone.per_seat else [None]
        write(m, p.variable, None, measure(everyone))
        return None
    seats = resolve(m, ctx, p.who, local)
    if type(seats) is dict:
        return seats
    for seat in seats:
        write(m, p.variable, seat, measure([seat]))
    return None


@implements("set-flag")
def set_flag(m: Machine, ctx: dict, p, local: dict):
    if p.flag not in m.state["flags"]:
        m.state["flags"] = sorted([*m.state["flags"], p.flag])
    return None


@implements("clear-flag")
def clear_flag(m: Machine, ctx: dict, p, local: dict):
    m.state["flags"] = [f for f in m.state["flags"] if f != p.flag]
    return None


@implements("gain-item", seats="who")
def gain_item(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    for seat in seats:
        items = m.state["items"][seat]
        if p.item not in items:
            items.append(p.item)
            items.sort()
    return None


@implements("lose-item", seats="who")
def lose_item(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    for seat in seats:
        m.state["items"][seat] = [i for i in m.state["items"][seat] if i != p.item]
    return None


@implements("modify-stat", seats="target")
def modify_stat(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    return change_seat_stats(m, ctx, p, seats)


def change_seat_stats(m: Machine, ctx: dict, p, seats: list[int]) -> None:
    """`modify-stat` on seats (foes on a board: `runtime.ops.piece_stats`)."""
    n = amount(m, ctx, p.amount)
    for seat in seats:
        before = read(m, p.stat, seat)
        write(m, p.stat, seat, before + n)
        if p.duration != "game":
            m.state.setdefault("mods", []).append(
                [seat, p.stat, read(m, p.stat, seat) - before, p.duration]
            )
    return None
