"""Selectors: which seats an effect acts on (`self`, `chosen-opponent`, `each-player`…).

`resolve` returns the seats, or a decision when the acting seat must choose one; the
result is kept in the op's working values under `slot`, so an op called again after the
choice (or after a random pick) sees the same seats. A tie (two closest, equally weak…)
is a decision for the seat the rules' `ties` names (`tie_breaker`). Selectors about
pieces on a board (closest, adjacent, in-range…) are resolved by `runtime.board` for
games with a board.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.errors import RuleError
from runtime.frames import answered, ask

if TYPE_CHECKING:
    from runtime.machine import Machine

_CHOICE = {"chosen", "chosen-opponent", "chosen-adjacent", "chosen-adjacent-incapacitated"}
# selectors meant to name a seat: naming none is worth a look when auditing
_ONE = _CHOICE | {"random-opponent", "attacker", "defender", "target", "partner", "next-player",
                  "previous-player", "holder"}
# selectors whose seats may come with a tie, a choice or a random pick (see `resolve`)
_ASKING = _CHOICE | {"weakest", "strongest", "closest", "farthest", "random-opponent"}


def seat_label(m: Machine, seat: int) -> str:
    return f"Seat {seat + 1}"


def cooperative(m: Machine) -> bool:
    return _party_rules(m.program)


def _party_rules(program) -> bool:
    return any(c.who == "party" for c in (*program.rules.win, *program.rules.lose))


def plays_as_party(program) -> bool:
    """True when the seats win or lose together: co-operative rules, a battle, a story."""
    return program.scenario is not None or program.story is not None or _party_rules(program)


def candidates(m: Machine, ctx: dict, selector: str) -> list[int]:
    """The seats a selector names, without asking anyone (choices: everyone eligible): a new
    list each call, which `resolve` may keep as it is."""
    named = _NAMED.get(selector)
    if named is not None:
        return named(m, ctx, ctx["self"] if "self" in ctx else m.state["active"])
    from runtime.board import board_seats

    return board_seats(m, ctx, selector)


def _others(m: Machine, ctx: dict, me: int) -> list[int]:
    return m.seats_from(me, itself=False)


def _enemies(m: Machine, ctx: dict, me: int) -> list[int]:
    return [] if cooperative(m) else _others(m, ctx, me)


def _allies(m: Machine, ctx: dict, me: int) -> list[int]:
    if cooperative(m):
        return _others(m, ctx, me)
    return _partner(m, ctx, me)


def _partner(m: Machine, ctx: dict, me: int) -> list[int]:
    partner = m.state["partner"][me]
    return [] if partner is None else [partner]


def _next(m: Machine, ctx: dict, me: int) -> list[int]:
    ring = m.seats_from(me)
    return ring[1:2] or ring[:1]


def _previous(m: Machine, ctx: dict, me: int) -> list[int]:
    ring = m.seats_from(me)
    return ring[-1:] if len(ring) > 1 else ring[:1]


def _target(m: Machine, ctx: dict, me: int) -> list[int]:
    if "tpieces" in ctx:
        # the seats of the several pieces a played card targets (see the op `play-top`)
        rows = m.state["pieces"]
        return [rows[i][1] for i in ctx["tpieces"]
                if rows[i][1] is not None and rows[i][2] is not None]
    return _in_ctx(m, ctx, me, "target")


def _in_ctx(m: Machine, ctx: dict, me: int, name: str) -> list[int]:
    seat = ctx.get(name)
    return [] if seat is None else [seat]


def _holder(m: Machine, ctx: dict, me: int) -> list[int]:
    card = ctx.get("card")
    owner = m.owner(card) if card is not None else None
    return [me] if owner is None else [owner]


# selector -> its seats `(m, ctx, me)`, `me` the acting seat (else the active one): looked
# up, not matched case by case (effects name seats all the time)
_NAMED = {
    "self": lambda m, ctx, me: [me],
    "active": lambda m, ctx, me: [m.state["active"]],
    "each-player": lambda m, ctx, me: m.seats_from(m.state["active"]),
    "all-characters": lambda m, ctx, me: m.seats_from(m.state["active"]),
    "each-player-reversed": lambda m, ctx, me: m.seats_from(m.state["order"][0])[::-1],
    "chosen": lambda m, ctx, me: m.seats_from(me),
    "chosen-opponent": _others,
    "each-opponent": _others,
    "random-opponent": _others,
    "all-enemies": _enemies,
    "each-ally": _allies,
    "next-player": _next,
    "previous-player": _previous,
    "target": _target,
    "attacker": lambda m, ctx, me: _in_ctx(m, ctx, me, "attacker"),
    "defender": lambda m, ctx, me: _in_ctx(m, ctx, me, "defender"),
    "partner": _partner,
    "holder": _holder,
    "weakest": _others,
    "strongest": _others,
}


def resolve(m: Machine, ctx: dict, selector: str, local: dict, slot: str = "who",
            where: str | None = None, exclude: tuple[int, ...] = (), prompt: str | None = None):
    """The seats `selector` names (kept in `local[slot]`), or a decision to make first.

    `where` is a condition each candidate must meet, evaluated for that seat.
    """
    if slot in local:
        return local[slot]
    answer = answered(local, slot) if "ans" in local else None  # (no call with none pending)
    if answer is not None:
        local[slot] = [answer["seat"]]
        return local[slot]
    seats = candidates(m, ctx, selector)
    if exclude or where is not None:  # (one pass for both; `where` read for the seats left)
        seats = [s for s in seats
                 if s not in exclude and (where is None or m.holds(where, s, ctx))]
    if not seats and m.audit is not None and selector in _ONE:
        m.audit.notice(m, "no-target", f"an effect targets '{selector}', and no seat qualifies")
    if selector not in _ASKING:  # (the seats as they are: no tie, choice or chance)
        local[slot] = seats
        return seats
    if selector in ("weakest", "strongest") and seats:
        health = {s: m.value("health", s, ctx) for s in seats}
        best = (min if selector == "weakest" else max)(health.values())
        seats = [s for s in seats if health[s] == best]
        if len(seats) > 1:
            prompt = prompt or f"Several seats are the {selector}: which?"
            return _tie(m, ctx, seats, local, slot, prompt)
    if selector in ("closest", "farthest") and len(seats) > 1:
        return _tie(m, ctx, seats, local, slot, prompt or f"Several are the {selector}: which?")
    if selector == "random-opponent" and seats:
        seats = [seats[m.below(len(seats))]]
        m.emit("chance", what="random seat", result=seats[0])
    elif selector in _CHOICE and len(seats) > 1:
        return _choose(m, ctx, seats, local, slot, prompt or "Choose a seat")
    local[slot] = seats
    return seats


def tie_breaker(m: Machine, ctx: dict, local: dict, slot: str):
    """The seat that breaks a tie for `slot`: the one the rules' `ties` names (the acting
    seat by default), or first the decision naming it (`ties: chosen`)."""
    found = resolve(m, ctx, m.program.rules.ties, local, f"{slot}:ties",
                    prompt="Who breaks the tie?")
    return found if type(found) is dict else one(found, "ties")


def _tie(m: Machine, ctx: dict, seats: list[int], local: dict, slot: str, prompt: str) -> dict:
    chooser = tie_breaker(m, ctx, local, slot)
    if type(chooser) is dict:
        return chooser
    return _choose(m, ctx, seats, local, slot, prompt, chooser)


def _choose(m: Machine, ctx: dict, seats: list[int], local: dict, slot: str, prompt: str,
            chooser: int | None = None) -> dict:
    local["asking"] = slot
    if chooser is None:
        chooser = ctx.get("self", m.state["active"])
    return ask(chooser, "seat", prompt, [
        _SEAT_OPTIONS[s] if s in _SEAT_OPTIONS else _seat_option(m, s) for s in seats])


_SEAT_OPTIONS: dict[int, dict] = {}  # seat -> the option naming it (the same every time: shared,
# as the turn's option dicts are, never changed)


def _seat_option(m: Machine, seat: int) -> dict:
    found = _SEAT_OPTIONS[seat] = {"label": seat_label(m, seat), "key": f"seat:{seat}",
                                   "seat": seat}
    return found


def one(seats: list[int], what: str) -> int:
    if len(seats) != 1:
        raise RuleError(f"{what} needs exactly one seat, not {len(seats)}")
    return seats[0]
