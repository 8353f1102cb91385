"""A match: several games of one pack in a row, each starting from what the last carried.

The rules' `match.carry` names the variables whose end values start the next game (a seat
variable as one value per seat); the content decides the rest (who starts, from a carried
value; who wins, by a ranking that reads carried totals), so the match's winners are its last
game's. Game `k` (from 1) of a match is seeded `game_seed(seed, k)` and starts from the values
in its log's start event, so each game replays on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from runtime.agents import Agent
from runtime.errors import RuleError
from runtime.machine import Machine
from runtime.program import Program
from runtime.rng import derive
from runtime.session import play_game


def game_seed(seed: int, game: int) -> int:
    """The seed of game `game` (1, 2, ...) of the match seeded `seed`."""
    return derive(seed, "match", game)


def carry_names(program: Program) -> list[str]:
    """The variables a match carries; refuses a pack whose rules declare no match, or that
    carry a variable counted from the cards (it is never kept, so cannot start a game)."""
    match = program.rules.match
    if match is None:
        raise RuleError(f"{program.game.game.title} declares no match (rules: `match: {{carry: "
                        f"[...]}}`): play its games one at a time")
    for name in match.carry:
        var = program.variables.get(name)
        if var is None or var.counts is not None:
            raise RuleError(f"the match carries '{name}', which is counted from the cards, not "
                            "kept: carry a variable the effects set")
    return list(match.carry)


def carried(program: Program, m: Machine) -> dict[str, Any]:
    """The values the game `m` hands to the next game of its match."""
    out: dict[str, Any] = {}
    for name in carry_names(program):
        if program.variables[name].per == "game":
            out[name] = m.state["gv"][name]
        else:
            out[name] = [sv[name] for sv in m.state["sv"]]
    return out


def play_match(program: Program, players: int, seed: int, games: int,
               agents: Callable[[int], list[Agent]],
               variables: dict[str, Any] | None = None) -> list[Machine]:
    """`games` bot games in a row with no logs (`agents(k)` gives game k's agents); returns
    each game's finished machine, the last one's result being the match's."""
    carry_names(program)
    played: list[Machine] = []
    carry: dict[str, Any] | None = None
    for k in range(1, games + 1):
        m, _ = play_game(program, players, game_seed(seed, k), agents(k), variables=variables,
                         carried=carry)
        played.append(m)
        carry = carried(program, m)
    return played
