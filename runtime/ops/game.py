"""Ops that end the game: win, lose-game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.conditions import finish
from runtime.ops import implements
from runtime.selectors import cooperative, resolve

if TYPE_CHECKING:
    from runtime.machine import Machine


@implements("win")
def win(m: Machine, ctx: dict, p, local: dict):
    seats = resolve(m, ctx, p.who, local)
    if type(seats) is dict:
        return seats
    if cooperative(m):
        seats = [s for s in range(m.state["players"]) if not m.state["out"][s]]
    finish(m, seats, "won by an effect")
    return None


@implements("lose-game")
def lose_game(m: Machine, ctx: dict, p, local: dict):
    seats = resolve(m, ctx, p.who, local)
    if type(seats) is dict:
        return seats
    st = m.state
    if cooperative(m):
        finish(m, [], "lost by an effect")
        return None
    for seat in seats:
        st["out"][seat] = True
        m.emit("out", seat=seat, reason="lost")
    left = [s for s in range(st["players"]) if not st["out"][s]]
    if len(left) <= 1:
        finish(m, left, "every other seat is out")
    return None
