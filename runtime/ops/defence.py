"""The op `defend`: each seat meets all the damage kept on its figure at once.

Attacks with `defer-defence` keep their hits in `state["incoming"]` as `[piece, damage,
defendable, mode]`. For each seat named, in turn: the hits it may not defend land first;
then, if any hit may be defended, it rolls its defence dice once (`before-defence-roll` and
`after-defence-roll` fire for it, so its abilities and rerolls change the dice), and the
dice cancel the most damage they can, each counted as the mode of the hit it goes to says.
One `defend` event tells what was blocked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import pieces
from runtime.dice import count_roll, face_worth, start_roll, system, with_mode
from runtime.frames import Call
from runtime.ops import implements
from runtime.shares import most_cancelled
from runtime.windows import window

if TYPE_CHECKING:
    from runtime.machine import Machine


def _figure_hits(m: Machine, seat: int) -> list[list]:
    """Take the hits kept on the seat's figure out of the state."""
    kept = m.state.get("incoming", [])
    mine = [h for h in kept if pieces(m)[h[0]][1] == seat]
    m.state["incoming"] = [h for h in kept if pieces(m)[h[0]][1] != seat]
    return mine


def _cancelled(m: Machine, dice, seat: int, hits: list[list]) -> int:
    st = m.state
    count_roll(m, dice)
    modes = sorted({h[3] or "" for h in hits})
    damage = [sum(h[1] for h in hits if (h[3] or "") == mode) for mode in modes]
    if st.get("forced") is not None:
        return min(sum(damage), st["forced"])
    tables = [face_worth(m, dice, with_mode(st.get("dice_mode"), mode) if mode else
                         st.get("dice_mode"), seat) for mode in modes]
    worths = [[table.get(str(face), 0) for table in tables] for face in st["dice"]]
    return most_cancelled(worths, damage)


@implements("defend", seats="who")
def defend(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    from runtime.ops.pieces import _defended, take_health

    while local.setdefault("i", 0) < len(seats):
        seat = seats[local["i"]]
        if "hits" not in local:
            hits = _figure_hits(m, seat)
            if not hits:
                local["i"] += 1
                continue
            local["hits"] = hits
            if any(h[2] for h in hits):
                count = max(0, int(m.value(p.count, seat, {**ctx, "self": seat})))
                start_roll(m, system(m, p.dice), seat, count)
                wctx = {**ctx, "self": seat, "defender": seat, "target": seat}
                return Call(window("before-defence-roll", wctx),
                            window("after-defence-roll", wctx))
        hits = local.pop("hits")
        local["i"] += 1
        landing = sum(h[1] for h in hits if not h[2])
        open_hits = [h for h in hits if h[2]]
        blocked = _cancelled(m, system(m, p.dice), seat, open_hits) if open_hits else 0
        damage = landing + sum(h[1] for h in open_hits) - blocked
        m.emit("defend", seat=seat, piece=hits[0][0], hits=len(hits), blocked=blocked,
               damage=damage, defences=_defended(m, seat) if open_hits else 0)
        if damage > 0:
            wctx = {**ctx, "self": seat, "defender": seat, "target": seat}
            frames = take_health(m, wctx, hits[0][0], damage)
            if frames:
                return Call(*frames)
    return None
