"""Responses: after an action or ability resolves on a turn, the other seats may use `any-time`
abilities of their cards in play.

Each other seat still in the game, in turn order from the active seat, that holds a usable
`any-time` ability (its `if:` holds, its `once-per` allows it, it costs no actions: those
belong to the active seat) is asked, alone, to use one or pass; one answer per seat per
step. Seats with nothing usable are not asked, and a game with no `any-time` abilities never
builds the frame at all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.frames import Call, ask, handler
from runtime.turns import use_frame, used

if TYPE_CHECKING:
    from runtime.machine import Machine

PASS = {"label": "Pass", "key": "pass"}


def respond_frame() -> dict:
    """The frame offering responses to the seats other than the active one."""
    return {"h": "respond", "l": {}}


def anytime_options(m: Machine, seat: int) -> list[dict]:
    """The `any-time` abilities of `seat`'s cards in play it may use now, off its own turn."""
    from runtime.options import viable

    program = m.program
    st = m.state
    ids = st["ids"]
    options: list[dict] = []
    seen: set[str] = set()
    for zone in program.in_play_zones:
        if not zone.per_seat:
            continue
        for inst in st["zones"][f"{zone.id}:{seat}"]:
            card_id = ids[inst]
            for index in program.anytime.get(card_id, ()):
                key = f"use:{card_id}:{index}"
                ability = program.cards[card_id].abilities[index]
                if key in seen or ability.cost > 0:
                    continue
                if ability.once_per and used(m, ability.once_per, f"{inst}#{index}"):
                    continue
                ctx = {"self": seat, "card": inst}
                if not (m.holds(ability.if_, seat, ctx, inst) and viable(m, ability.do, ctx)):
                    continue
                seen.add(key)
                label = f"{program.name_of(card_id)}: {ability.name or 'use'}"
                options.append({"label": label, "key": key, "c": inst, "i": index})
    return options


@handler("respond")
def run_respond(m: Machine, frame: dict):
    local = frame["l"]
    if "q" not in local:
        active = m.state["active"]
        local["q"] = [s for s in m.seats_from(active) if s != active]
        local["n"] = 0
    answer = local.pop("ans", None)
    if answer is not None and answer["key"] != "pass":
        seat = local["q"][local["n"] - 1]
        return Call(use_frame(m, seat, answer["c"], answer["i"], {"self": seat}))
    queue = local["q"]
    while local["n"] < len(queue):
        seat = queue[local["n"]]
        local["n"] += 1
        options = anytime_options(m, seat)
        if options:
            return ask(seat, "respond", "Use an ability now, or pass?", options + [PASS])
    return None
