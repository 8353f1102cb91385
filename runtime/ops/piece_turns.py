"""`begin-turn`: pieces on a board begin a turn the rules run for them (a foe's), and the
terrain standing under or beside each acts on it as it does on a seat's figure when the
seat's turn starts (`start-of-any-turn`; see `runtime.windows`).

Each ability runs as that piece (`self` picks it on the board), for the seat that placed the
terrain piece in play, else the seat whose turn it is (what it deals a foe is that seat's
doing, as when a foe walks into terrain: `runtime.entering`); `entered_by_foe` says whether
the piece is a foe. A seat's figure is acted on as its seat, as at the start of its turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.board import pieces
from runtime.entering import placed_by_key
from runtime.frames import Tail, fx
from runtime.ops import implements
from runtime.targets import on_board, resolve_pieces
from runtime.uses import TERRAIN_SOURCE, Source
from runtime.windows import terrain_reaching

if TYPE_CHECKING:
    from runtime.machine import Machine

WINDOW = "start-of-any-turn"


@implements("begin-turn")
def begin_turn(m: Machine, ctx: dict, p, local: dict):
    waiting = m.program.terrain_triggers.get(WINDOW)
    if not waiting or not on_board(m):
        return None
    found = resolve_pieces(m, ctx, p.who, local)
    if type(found) is dict:
        return found
    frames = []
    for seat, actx, ability, name in acting(m, found, waiting):
        m.emit("ability", seat=seat, card=None, name=ability.name or "", terrain=name)
        frames.append(fx(m.program.lid(ability.do), actx))
    return Tail(*frames) if frames else None


def acting(m: Machine, found, waiting) -> list[tuple]:
    """`(seat, context, ability, terrain id)` for each terrain ability that acts on one of the
    pieces `found` (indices) as its turn begins: the terrain reaches it and the ability's `if`
    holds."""
    out = []
    for i in found:
        piece = pieces(m)[i]
        if piece[2] is None:
            continue
        for t in terrain_reaching(m, piece, waiting):
            seat = piece[1] if piece[1] is not None else m.state.get("placed_by", {}).get(
                placed_by_key(t.name, tuple(t.at)), m.state["active"])
            actx = {"self": seat, "terrain": t.name, "terrain_at": list(t.at),
                    "entered_by_foe": piece[1] is None}
            if piece[1] is None:
                actx["piece"] = i  # it acts on the foe, as the foe: `self` picks it
            for index in waiting[t.name]:
                ability = m.program.abilities_of(Source(TERRAIN_SOURCE + t.name, index))
                if m.holds(ability.if_, seat, actx):
                    out.append((seat, actx, ability, t.name))
    return out


def acting_on_foes(m: Machine) -> int:
    """Terrain abilities that would act on the foes on the board were their turn to begin now
    (none without a board)."""
    waiting = m.program.terrain_triggers.get(WINDOW)
    if not waiting or not on_board(m):
        return 0
    rows = pieces(m)
    return len(acting(m, [i for i, p in enumerate(rows) if p[1] is None and p[2] is not None],
                      waiting))
