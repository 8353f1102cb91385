"""How good a position is for a seat, by the weights the rules' `evaluation:` declares.

A score is the weighted sum of the named values for the seat (a battle's own weights over the
rules'), less the best opponent's (in a co-operative game, the sum over the party); a finished game scores a win or a loss outright. Without weights, cards in hand count.
A weight written as steps (`[4.0, 1.5]`) gives the first unit of the seat's value its first step,
the second its second, and any unit past the last nothing: diminishing returns per seat.
"""

from __future__ import annotations

import math

from runtime.machine import Machine

WIN = 1000.0


Weight = float | list[float]


def weights(program) -> dict[str, Weight]:
    return dict(program.rules.evaluation) or {"hand": 1.0}


def worth(weight: Weight, amount: float) -> float:
    """What `amount` of a name is worth by its weight: a number times it, or by steps (the
    first unit the first step, and so on; a part unit its share of the next step, units past
    the last step nothing, and below 0 the first step for each)."""
    if type(weight) is not list:
        return weight * amount
    if amount <= 0:
        return weight[0] * amount
    whole = int(amount)
    total = sum(weight[:whole])
    return total + (amount - whole) * weight[whole] if whole < len(weight) else total


def battle_fought(program, state: dict | None = None):
    """The scenario of the battle fought in `state` (the program's own, or a story's battle
    under way), or None."""
    battle = program.scenario or ((state or {}).get("story") or {}).get("battle")
    return program.game.scenarios.get(battle) if battle else None


def in_battle(m: Machine, table: dict[str, Weight]) -> dict[str, Weight]:
    """`table` with the weights of the battle being fought (its scenario's `evaluation:`, on
    its own or in a story) over it; a name weighed 0 there is dropped."""
    scenario = battle_fought(m.program, m.state)
    own = scenario.evaluation if scenario is not None else None
    if not own:
        return table
    return {n: w for n, w in {**table, **own}.items() if w}


def raw(m: Machine, seat: int, table: dict[str, Weight]) -> float:
    # (a plain weight multiplied in place: this runs for every seat at every score)
    return sum(w * float(m.value(name, seat) or 0) if type(w) is not list
               else worth(w, float(m.value(name, seat) or 0)) for name, w in table.items())


def scores(m: Machine, table: dict[str, Weight]) -> list[float]:
    """Each seat's score relative to the best of the others; in a co-operative game (or a
    battle) the party's score, shared, and an end with no winner is everyone's loss."""
    from runtime.selectors import cooperative

    st = m.state
    players = st["players"]
    team = cooperative(m) or m.program.scenario is not None
    if st["result"] is not None:
        winners = st["result"]["winners"]
        if not winners:
            return [-WIN if team else 0.0] * players
        return [WIN if s in winners else -WIN for s in range(players)]
    table = in_battle(m, table)
    values = [raw(m, s, table) for s in range(players)]
    if team:
        # game-wide values count once, not once per seat
        shared = sum(worth(w, float(m.value(n, None) or 0)) for n, w in table.items()
                     if n in m.program.variables and m.program.variables[n].per == "game")
        each = sum(values) - (players - 1) * shared
        return [each] * players
    return [v - max(values[:s] + values[s + 1 :], default=0.0) for s, v in enumerate(values)]


def rewards(m: Machine, table: dict[str, Weight], scale: float = 4.0,
            base: list[float] | None = None) -> list[float]:
    """Scores squashed into [0, 1] per seat (1 a win, 0 a loss), for tree search; with
    `base` (each seat's score where the search started), measured from it."""
    base = base or [0.0] * m.state["players"]
    return [0.5 + 0.5 * math.tanh((s - b) / scale) if abs(s) < WIN else (1.0 if s > 0 else 0.0)
            for s, b in zip(scores(m, table), base, strict=False)]
