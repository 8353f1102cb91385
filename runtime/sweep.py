"""A sweep's cells: the grid of every combination of the values varied.

Two names are not variables: `players` (the player count) and `seats` (a lineup, agents
joined with `+`). Every other name is a game variable or a parameter the pack declares; a
parameter's value must lie in its declared range. A skill ladder (agents weakest first)
becomes a `seats` dimension: each agent against the one below it.
"""

from __future__ import annotations

import itertools
from typing import Any

from runtime.errors import RuleError
from runtime.program import Program
from runtime.simulate import Cell

PLAYERS, SEATS = "players", "seats"


def ladder_lineups(ladder: list[str], players: int) -> list[tuple[str, ...]]:
    """For each rung, the stronger agent in slot 1 against the weaker one in every other slot."""
    if len(ladder) < 2:
        raise RuleError("a skill ladder needs two agents or more, weakest first")
    return [(strong, *[weak] * (players - 1)) for weak, strong in itertools.pairwise(ladder)]


def grid(program: Program, dims: list[tuple[str, list[Any]]], players: int,
         seats: list[str]) -> list[Cell]:
    """Every combination of the dimensions' values, in order (the last one varying fastest).
    Seats not given are random bots; values are checked against the pack."""
    for name, values in dims:
        if name not in (PLAYERS, SEATS):
            for value in values:
                check_value(program, name, value)
    cells = []
    for combo in itertools.product(*(values for _, values in dims)):
        label = dict(zip((name for name, _ in dims), combo, strict=True))
        count = label.get(PLAYERS, players)
        span = program.game.game.players
        if not span.min <= count <= span.max:
            raise RuleError(f"{program.game.game.title} is for {span.min}–{span.max} players, "
                            f"not {count}")
        lineup = list(label[SEATS].split("+")) if SEATS in label else list(seats)
        if len(lineup) > count:
            raise RuleError(f"{len(lineup)} seats for {count} players ({'+'.join(lineup)})")
        lineup += ["random"] * (count - len(lineup))
        variables = {k: v for k, v in label.items() if k not in (PLAYERS, SEATS)}
        cells.append(Cell(count, tuple(lineup), variables, label))
    return cells


def check_value(program: Program, name: str, value: Any) -> None:
    """A value a variable or parameter may start at; RuleError says why not."""
    spec = program.variables.get(name)
    if spec is None:
        known = ", ".join(sorted(n for n, v in program.variables.items() if v.counts is None))
        raise RuleError(f"no variable or parameter '{name}' in {program.game.id} "
                        f"(known: {known or 'none'})")
    if spec.counts is not None:
        raise RuleError(f"'{name}' counts cards: it cannot be set")
    if isinstance(value, bool) or not isinstance(value, int | float):
        if isinstance(spec.initial, int | float) and not isinstance(spec.initial, bool):
            raise RuleError(f"'{name}' is a number, not {value!r}")
        return
    if (spec.min is not None and value < spec.min) or (spec.max is not None and value > spec.max):
        raise RuleError(f"{name}={value} is outside its range {spec.min}–{spec.max}")
