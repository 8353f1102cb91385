"""The pause between two story cards: each seat in turn order may take the actions the rules'
`between-cards` lists (calling a porter, buying, selling, trading…), each at most its
`limit` times (once without one) in a pause, then goes on; the `after-pause` window fires
(what was offered and left unbought is cleared there) and the story enters the next card.
Nothing is offered that could only fizzle or whose `if:` does not hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.frames import Call, ask, fx, handler
from runtime.options import viable
from runtime.uses import record_use, used
from runtime.windows import windows

if TYPE_CHECKING:
    from runtime.machine import Machine

SCOPE = "between"  # what the pause's uses of each action are counted under
DONE = "done"


def pause_frames(m: Machine) -> list[dict]:
    """A pause frame for every seat still in, in turn order (none without `between-cards`),
    then the `after-pause` window if anything waits on it."""
    if not m.program.rules.between_cards:
        return []
    first = m.state["order"][0]
    return [*({"h": "between", "ctx": {"self": seat}, "l": {}} for seat in m.seats_from(first)),
            *windows(m, ("after-pause",), {"self": first})]


def _options(m: Machine, seat: int) -> list[dict]:
    ctx = {"self": seat}
    options = []
    for action_id in m.program.rules.between_cards:
        action = m.program.actions[action_id]
        if used(m, SCOPE, f"{seat}:{action_id}") >= (action.limit or 1):
            continue
        if m.holds(action.if_, seat, ctx) and viable(m, action.do, ctx):
            options.append({"label": action.name, "key": "action:" + action_id, "a": action_id})
    return options


@handler("between")
def pause(m: Machine, frame: dict):
    seat = frame["ctx"]["self"]
    local = frame["l"]
    m.state["active"] = seat
    m.dirty = True  # (`Machine.dirty`)
    answer = local.pop("ans", None)
    if answer is not None and answer["key"] != DONE:
        action = m.program.actions[answer["a"]]
        record_use(m, SCOPE, f"{seat}:{action.id}")
        m.emit("action", seat=seat, action=action.id, name=action.name)
        return Call(fx(m.program.lid(action.do), {"self": seat}))
    options = _options(m, seat) if answer is None else []
    if not options:
        uses = m.state["used"].get(SCOPE, {})
        for key in [k for k in uses if k.startswith(f"{seat}:")]:
            del uses[key]  # the seat is done: its next pause counts afresh
        return None
    options.append({"label": "Go on to the next card", "key": DONE})
    return ask(seat, "between", "Between story cards: anything to do first?", options)
