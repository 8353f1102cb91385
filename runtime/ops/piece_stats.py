"""Stats of foes on a board changed for a while: `modify-stat` on pieces, and how long it
lasts (`next-action`: until the end of the card the foe plays next), and the window that follows
a foe's card (`after-foe-action`).

A foe's stat is the value its row keeps (`runtime.targets.piece_value`: else its card's
field, for this many players); a change is kept on the row and listed in
`state["piece_mods"]` as `[piece, stat, change, duration]` until its duration ends. A
character's figure picked by the same selector has its seat's stat changed, as the op does
for seats. Seats' `next-action` changes end with their next turn (`expire`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import pieces
from runtime.frames import Tail, handler
from runtime.ops import amount, on_pieces
from runtime.selectors import resolve
from runtime.targets import piece_value, set_piece_value
from runtime.windows import windows

if TYPE_CHECKING:
    from runtime.machine import Machine

NEXT_ACTION = "next-action"


def _stat(m: Machine, i: int, stat: str) -> int:
    value = piece_value(m, i, stat)
    if isinstance(value, dict):  # a player-count table printed on the foe's card
        value = value.get(m.state["players"])
    return int(value or 0)


@on_pieces("modify-stat")
def modify_piece_stat(m: Machine, ctx: dict, p, local: dict, found: list[int]):
    from runtime.ops.variables import change_seat_stats

    rows = pieces(m)
    if all(rows[i][1] is not None for i in found):
        # characters only: their seats, as the selector names them away from the board
        seats = resolve(m, ctx, p.target, local, slot="seats")
        return seats if type(seats) is dict else change_seat_stats(m, ctx, p, seats)
    change_seat_stats(m, ctx, p, sorted({rows[i][1] for i in found if rows[i][1] is not None}))
    n = int(amount(m, ctx, p.amount))
    for i in found:
        if rows[i][1] is not None:
            continue
        before = _stat(m, i, p.stat)
        set_piece_value(m, i, p.stat, before + n)
        change = _stat(m, i, p.stat) - before
        if p.duration != "game" and change:
            m.state.setdefault("piece_mods", []).append([i, p.stat, change, p.duration])
    return None


def expire(m: Machine, scope: str, piece: int | None = None) -> None:
    """End the foes' changes lasting for `scope` (with `piece`: that foe's own); a seat's
    `next-action` changes end as its turn does (`runtime.turns.expire` then undoes them)."""
    st = m.state
    if scope == "turn":
        for mod in st.get("mods", ()):
            if mod[0] == st["active"] and mod[3] == NEXT_ACTION:
                mod[3] = "turn"
    if not st.get("piece_mods"):
        return
    if scope == "battle":  # the board is cleared with the battle: its pieces are gone
        st["piece_mods"] = []
        return
    keep = []
    for mod in st["piece_mods"]:
        i, stat, change, duration = mod
        if duration != scope or (piece is not None and i != piece):
            keep.append(mod)
            continue
        set_piece_value(m, i, stat, _stat(m, i, stat) - change)
    st["piece_mods"] = keep


def acted(m: Machine, piece: int | None) -> list[dict]:
    """The frame ending a foe's `next-action` changes once the card it plays is carried out,
    and firing `after-foe-action` (none for a seat playing a card)."""
    if piece is None:
        return []
    return [{"h": "piece-acted", "ctx": {}, "piece": piece}]


@handler("piece-acted")
def piece_acted(m: Machine, frame: dict):
    """A foe's card carried out: its `next-action` changes end, then `after-foe-action`."""
    expire(m, NEXT_ACTION, frame["piece"])
    after = windows(m, ("after-foe-action",), {"self": m.state["active"], "tpiece": frame["piece"]})
    return Tail(*after) if after else None
