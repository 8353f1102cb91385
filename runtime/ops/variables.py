"""Ops on variables, flags and items: gain, lose, set, transfer, tally, set-flag,
clear-flag, gain-item, lose-item, modify-stat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from runtime.ops import amount, implements
from runtime.picking import in_zone
from runtime.selectors import resolve
from runtime.specialise import INLINE_PRELUDE, define, specialises
from runtime.variables import (  # the variable store (kept importable from here)
    _spec,
    _store,
    capped_by,
    lower_capped,  # noqa: F401
    read,
    write,
)

if TYPE_CHECKING:
    from runtime.machine import Machine


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


@specialises("set")
def _bound_set(p, program):
    return bound_variable_op("set", p.value, p, program)


@specialises("gain")
def _bound_gain(p, program):
    return bound_variable_op("gain", p.amount, p, program)


@specialises("lose")
def _bound_lose(p, program):
    return bound_variable_op("lose", p.amount, p, program)


# selectors naming one seat from the effect's context (or none), which bound ops read in place
_NAMED = ("attacker", "defender", "partner")
_NO_TARGET = "an effect targets '{}', and no seat qualifies"  # (`resolve`'s audit notice)


def bound_variable_op(op: str, given, p, program):
    """`set`, `gain` or `lose` of one variable bound at load, for the common shapes: a game
    variable, or a seat variable of the acting seat, of each player or of the attacker,
    defender or partner, held within no more than `min` and `max`; the value a constant or a
    bound expression. It may be written out inline in a run of such ops (`fn.inline`, see
    `runtime.specialise`)."""
    name = p.variable
    var = program.variables.get(name)
    if (var is None or var.counts is not None or var.limit is not None
            or var.capped_by is not None or name in capped_by(program)):
        return None  # the generic op (and its messages for what it cannot change)
    game = var.per == "game"
    if not game and p.who not in ("self", "each-player", *_NAMED):
        return None

    def inline(tag: str) -> tuple[list[str], dict]:
        """The op's lines (no `return`), every name of its own ending in `tag`."""
        return _variable_lines(op, given, p, program, var, game, tag)

    body, names = inline("")
    fn = define(f"{op}_{name}_{'game' if game else p.who.replace('-', '_')}",
                [*INLINE_PRELUDE, *body], names)
    fn.fusable = True
    fn.inline = inline
    return fn


def _variable_lines(op: str, given, p, program, var, game: bool, tag: str) -> tuple[list, dict]:
    name = p.variable
    names = {f"given{tag}": given}
    if type(given) is str and (op != "set" or not isinstance(var.initial, str)):
        names[f"run{tag}"] = program.runner(given)
        body = ["try:",
                f"    value{tag} = run{tag}(m, seat, ctx, card)",
                "except Exception:  # evaluated again the generic way: it fails located",
                f"    value{tag} = m.evaluate(given{tag}, seat, ctx, card)"]
    else:
        body = []  # a constant, read as `given`
    value = f"value{tag}" if body else f"given{tag}"
    if game:
        body += [f"row{tag} = m.state['gv']", f"who{tag} = None"]
        indent = ""
    elif p.who == "self":
        body += [f"who{tag} = acting", f"row{tag} = m.state['sv'][who{tag}]"]
        indent = ""
    elif p.who in _NAMED:  # one seat or none, as `runtime.selectors.resolve` names it
        read = ("m.state['partner'][acting]" if p.who == "partner"
                else f"ctx[{p.who!r}] if {p.who!r} in ctx else None")
        body += [f"who{tag} = {read}",
                 f"if who{tag} is None and m.audit is not None:",
                 f"    m.audit.notice(m, 'no-target', {_NO_TARGET.format(p.who)!r})",
                 f"for who{tag} in () if who{tag} is None else (who{tag},):",
                 f"    row{tag} = m.state['sv'][who{tag}]"]
        indent = "    "
    else:
        body += [f"for who{tag} in m.seats_from(m.state['active']):",
                 f"    row{tag} = m.state['sv'][who{tag}]"]
        indent = "    "
    new = {"set": value, "gain": f"row{tag}[{name!r}] + {value}",
           "lose": f"row{tag}[{name!r}] - {value}"}[op]
    inner = [f"new{tag} = {new}"]
    if var.min is not None or var.max is not None:
        inner.append(f"if type(new{tag}) in (int, float):  # a number (not a bool): within bounds")
        if var.min is not None:
            inner.append(f"    new{tag} = max({var.min!r}, new{tag})")
        if var.max is not None:
            inner.append(f"    new{tag} = min({var.max!r}, new{tag})")
    inner += [f"row{tag}[{name!r}] = new{tag}",
              *(["m.dirty = True  # (read by the end check: `Machine.dirty`)"]
                if name in program.watched else []),
              "if m.log is not None:",
              f"    m.emit('set', variable={name!r}, seat=who{tag}, value=new{tag})"]
    return body + [indent + line for line in inner], names


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
