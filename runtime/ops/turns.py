"""Ops on turns and seats: extra-action, extra-turn, skip-turn, end-turn, activate, flip, pair."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.frames import Tail, ask, fx
from runtime.ops import amount, implements
from runtime.selectors import candidates, resolve, seat_label
from runtime.state import array_for_write
from runtime.tallies import adjust
from runtime.windows import window

if TYPE_CHECKING:
    from runtime.machine import Machine


@implements("extra-action", seats="who")
def extra_action(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    n = int(amount(m, ctx, p.count))
    if m.state["active"] in seats:
        m.state["actions"] = max(0, m.state["actions"] + n)
    return None


def _one_more(counter: str):
    """An op giving each seat one more of `counter`: turns to take (`extra`) or skip (`skip`)."""

    def add(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
        for seat in seats:
            m.state[counter][seat] += 1
        return None

    return add


implements("extra-turn", seats="who")(_one_more("extra"))
implements("skip-turn", seats="who")(_one_more("skip"))


@implements("end-turn", seats="who")
def end_turn(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    if m.state["active"] in seats:
        m.state["end_turn"] = True
    return None


@implements("activate", seats="target")
def activate(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    """Each target seat's cards in play (only `piece` cards, if named) use their own abilities."""
    program, st = m.program, m.state
    frames = []
    for seat in seats:
        for zone in program.in_play_zones:
            key = m.key(zone.id, seat) if zone.per_seat else zone.id
            for inst in st["zones"][key]:
                card_id = st["ids"][inst]
                if zone.in_play_if is not None and not m.card_matches(zone.in_play_if, inst, seat):
                    continue
                if p.piece is not None and card_id != p.piece:
                    continue
                for index in program.activated.get(card_id, ()):
                    ability = program.cards[card_id].abilities[index]
                    actx = {**ctx, "self": seat, "card": inst}
                    if m.holds(ability.if_, seat, actx, inst):
                        frames.append(fx(program.lid(ability.do), actx))
    return Tail(*frames) if frames else None


def _sides(program) -> tuple[frozenset[str], dict[str, str]]:
    """The faces of two-sided cards, and each one's other side, worked out once a program."""
    found = program.cache.get("flip:sides")
    if found is None:
        other = {**program.front_of, **program.back_of}  # (a face with a back turns to it)
        found = program.cache["flip:sides"] = (frozenset(other), other)
    return found


def _character(m: Machine, ctx: dict, seat: int) -> int | None:
    """The seat's two-sided card: the one whose ability runs, else its first one in play."""
    st = m.state
    ids = st["ids"]
    program = m.program
    sided = _sides(program)[0]
    mine = ctx.get("card")
    if mine is not None and ids[mine] in sided and m.owner(mine) == seat:
        return mine
    order = (st["players"], seat)  # the seat's zones, those in play first: sorted once
    sorted_keys = program.cache.get("in-play first")
    if sorted_keys is None:
        sorted_keys = program.cache["in-play first"] = {}
    keys = sorted_keys.get(order)
    if keys is None:
        keys = sorted_keys[order] = sorted(
            m.seat_keys[seat], key=lambda k: not m.key_zone[k].in_play)
    zones = st["zones"]
    for key in keys:
        for inst in zones[key]:
            if ids[inst] in sided:
                return inst
    return None


def _showing(program, side: str) -> frozenset[str]:
    """The faces that are the side named `side`: its id, or a face with that value in a
    field; worked out once a program and side."""
    shows = program.cache.setdefault("flip:showing", {})
    found = shows.get(side)
    if found is None:
        found = shows[side] = frozenset(
            {side, *(card_id for card_id, fields in program.fields.items()
                     if side in {str(v) for v in fields.values()})})
    return found


@implements("flip", seats="who")
def flip(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    st = m.state
    program = m.program
    other_side = _sides(program)[1]
    shown = None if p.to is None else _showing(program, p.to)
    frames = []
    for seat in seats:
        inst = _character(m, ctx, seat)
        if inst is None:
            continue
        current = st["ids"][inst]
        if shown is not None and current in shown:
            continue
        other = other_side[current]
        tally = m.tally  # (`runtime.tallies`: counts by card, where either side counts)
        counts = tally is not None and (current in tally or other in tally)
        if counts:
            adjust(m, inst, -1)
        array_for_write(st, "ids")[inst] = other
        if counts:
            adjust(m, inst, 1)
        m.dirty = True  # (`Machine.dirty`: counts by card)
        array_for_write(st, "flipped")[inst] ^= 1
        if m.log is not None:
            m.emit("flip", seat=seat, card=inst, id=other)
        if "on-flip" in program.listened:
            frames.append(window("on-flip", {"self": seat, "card": inst}))
    return Tail(*frames) if frames else None


def _pair_viable(m: Machine, ctx: dict, p) -> bool:
    if p.unpair:
        return True
    me = ctx.get("self")
    return any(s != me and m.holds(p.if_, s, ctx) for s in candidates(m, ctx, p.with_))


@implements("pair", viable=_pair_viable)
def pair(m: Machine, ctx: dict, p, local: dict):
    st = m.state
    me = ctx["self"]
    if p.unpair:
        seats = resolve(m, ctx, p.with_, local)
        if type(seats) is dict:
            return seats
        for seat in seats:
            if st["partner"][me] == seat:
                st["partner"][me] = st["partner"][seat] = None
                m.emit("unpair", seats=[me, seat])
        return None
    seats = resolve(m, ctx, p.with_, local, where=p.if_, exclude=(me,), prompt="Pair with whom?")
    if type(seats) is dict:
        return seats
    if not seats:
        return None
    other = seats[0]
    if p.agree and "agreed" not in local:
        answer = local.pop("ans", None)
        if answer is None:
            options = [{"label": "Agree", "key": "yes", "yes": True},
                       {"label": "Refuse", "key": "no", "yes": False}]
            return ask(other, "agree", f"{seat_label(m, me)} proposes to pair with you", options)
        local["agreed"] = answer["yes"]
        if not answer["yes"]:
            m.emit("refuse", seat=other, to=me)
            return None
    for seat in (me, other):
        old = st["partner"][seat]
        if old is not None:
            st["partner"][old] = None
    st["partner"][me], st["partner"][other] = other, me
    m.emit("pair", seats=[me, other])
    return None
