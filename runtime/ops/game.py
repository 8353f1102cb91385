"""Ops that end the game: win, lose-game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.conditions import finish, put_out
from runtime.ops import implements
from runtime.selectors import cooperative

if TYPE_CHECKING:
    from runtime.machine import Machine


@implements("win", seats="who")
def win(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    if cooperative(m):
        seats = [s for s in range(m.state["players"]) if not m.state["out"][s]]
    finish(m, seats, "won by an effect")
    return None


@implements("lose-game", seats="who")
def lose_game(m: Machine, ctx: dict, p, local: dict, seats: list[int]):
    if cooperative(m):
        finish(m, [], "lost by an effect")
    else:
        put_out(m, seats, "lost")
    return None
