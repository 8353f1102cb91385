"""Viability checks specialised to an op's parameters, worked out once per effect at load.

Turn options ask of every action and ability whether its first effect has something to act
on (`runtime.options`). The ops' own checks (`contest`, `move-card`, `choose`) read their
parameters, bind their conditions and look up their card filters on every call; the checks
built here do that once per effect and keep only the reads of the state. Each gives the
same answer as the op's own check; parameters they do not cover (a card filter that reads
more than the card, an amount worked out in play) keep the op's own check. A condition that
fails is evaluated again by `Machine.holds`, which raises it located, as the op's check does
(`runtime.written.condition`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.errors import RuleError
from runtime.ops.cards import _move_viable
from runtime.ops.combat import _contest_viable
from runtime.ops.flow import _choose_viable
from runtime.options import first_check
from runtime.selectors import candidates
from runtime.specialise import specialises_check
from runtime.written import condition

if TYPE_CHECKING:
    from runtime.machine import Machine

_UNKNOWN = object()  # a card filter that is no lookup by card id


def _table(program, matching: str | None):
    """The card filter `matching` as a lookup by card id (None: no filter), or `_UNKNOWN`."""
    if matching is None:
        return None
    try:
        table = program.card_table(matching)
    except RuleError:  # the op's own check raises it, when it comes to it
        return _UNKNOWN
    return _UNKNOWN if table is None else table


def _runner(program, source: str | None):
    """Condition `source` written out (`runtime.written.condition`), or None for none."""
    return None if source is None else condition(program, source)


_OPPONENTS = frozenset({"chosen-opponent", "each-opponent", "random-opponent"})


def _seats(m: Machine, ctx: dict, selector: str) -> list[int]:
    """`candidates`, without the call for the selectors contests name most."""
    st = m.state
    me = ctx.get("self", st["active"])
    if selector in _OPPONENTS:
        out = st["out"]
        order = st["order"]
        start = order.index(me) if me in order else 0
        return [s for s in order[start:] + order[:start] if s != me and not out[s]]
    if selector == "partner":
        partner = st["partner"][me]
        return [] if partner is None else [partner]
    return candidates(m, ctx, selector)


@specialises_check(_contest_viable)
def contest_check(program, p):
    """`_contest_viable` for one contest: the attacker can reach the minimum with what it may
    commit, and some seat it may attack qualifies (and holds a target card)."""
    stakes = []
    for stake in p.attack:
        table = _table(program, stake.matching)
        if table is _UNKNOWN or type(stake.value) is not int or stake.value < 0:
            return _contest_viable
        stakes.append((_runner(program, stake.if_), stake.zone, table,
                       None if stake.face is None else stake.face == "down", stake.value))
    card = _table(program, p.card)
    if type(p.minimum) is not int or card is _UNKNOWN or (p.card is not None
                                                           and p.card_zone is None):
        return _contest_viable
    need = max(1, p.minimum)
    target, exclude, card_zone = p.target, tuple(p.exclude), p.card_zone
    target_run = _runner(program, p.target_if)

    def check(m: Machine, ctx: dict, _p) -> bool:
        seat = ctx["self"]
        if not _reaches(m, ctx, seat, stakes, need):
            return False
        excluded = {seat}
        for selector in exclude:
            excluded.update(_seats(m, ctx, selector))
        st = m.state
        zones, ids, keys = st["zones"], st["ids"], m.keys
        for s in _seats(m, ctx, target):
            if s in excluded:
                continue
            if target_run is not None and not target_run(m, s, ctx):
                continue
            if card is None:
                return True
            # `m.keys` looked up in place: a battle's own zones only are not in it
            key = keys[(card_zone, s)] if (card_zone, s) in keys else m.key(card_zone, s)
            for inst in zones[key]:
                if card[ids[inst]]:
                    return True
        return False

    return check


def _reaches(m: Machine, ctx: dict, seat: int, stakes: list[tuple], need: int) -> bool:
    """`combat._reaches` for stakes of a fixed value per card and card filters by card id."""
    st = m.state
    zones, ids, down, keys = st["zones"], st["ids"], st["down"], m.keys
    total = 0
    for run, zone, table, want_down, value in stakes:
        if run is not None and not run(m, seat, ctx):
            continue
        count = 0
        key = keys[(zone, seat)] if (zone, seat) in keys else m.key(zone, seat)
        for inst in zones[key]:
            if want_down is not None and bool(down[inst]) != want_down:
                continue
            if table is None or table[ids[inst]]:
                count += 1
        total += value * count
        if total >= need:
            return True
    return False


@specialises_check(_move_viable)
def move_card_check(program, p):
    """`_move_viable` for one move: some seat it names has a card to move and room for it."""
    table = _table(program, p.matching)
    if table is _UNKNOWN:
        return _move_viable
    who, from_, to, card_id = p.who, p.from_, p.to, p.card
    mine = who == "self"

    def check(m: Machine, ctx: dict, _p) -> bool:
        st = m.state
        zones, ids, keys = st["zones"], st["ids"], m.keys
        seats = [ctx.get("self", st["active"])] if mine else candidates(m, ctx, who)
        for s in seats:
            dest = keys[(to, s)] if (to, s) in keys else m.key(to, s)
            zone = m.key_zone[dest]
            if (zone.capacity is not None and zone.slots is None
                    and zone.capacity <= len(zones[dest])):
                continue  # no room (see `zones.room`)
            key = keys[(from_, s)] if (from_, s) in keys else m.key(from_, s)
            for inst in zones[key]:
                if card_id is not None and ids[inst] != card_id:
                    continue
                if table is None or table[ids[inst]]:
                    return True
        return False

    return check


@specialises_check(_choose_viable)
def choose_check(program, p):
    """`_choose_viable` for one choice: some option's condition holds and its first effect
    has something to act on."""
    options = [(_runner(program, o.if_), *first_check(program, o.do)) for o in p.options]

    def check(m: Machine, ctx: dict, _p) -> bool:
        chooser = ctx.get("self")
        card = ctx.get("card")
        for run, viable, params in options:
            if run is not None and not run(m, chooser, ctx, card):
                continue
            if viable is None or viable(m, ctx, params):
                return True
        return False

    return check
