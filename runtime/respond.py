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
from runtime.uses import use_frame

if TYPE_CHECKING:
    from runtime.machine import Machine

PASS = {"label": "Pass", "key": "pass"}


def respond_frame() -> dict:
    """The frame offering responses to the seats other than the active one."""
    return {"h": "respond", "l": {}}


def anytime_options(m: Machine, seat: int) -> list[dict]:
    """The `any-time` abilities of `seat`'s cards in play it may use now, off its own turn
    (only those costing no actions: the action budget belongs to the active seat)."""
    from runtime.options import ability_options

    return ability_options(m, seat, m.program.anytime, 0)


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
        return Call(use_frame(m, seat, answer["c"], answer["i"], {"self": seat}, answer.get("f")))
    queue = local["q"]
    while local["n"] < len(queue):
        seat = queue[local["n"]]
        local["n"] += 1
        options = anytime_options(m, seat)
        if options:
            return ask(seat, "respond", "Use an ability now, or pass?", options + [PASS])
    return None
