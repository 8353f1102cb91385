"""Which dice a bot may sensibly reroll: never one that already counts the most a face can.

A die of a success pool showing its best face (a 6 counting two, or any success under Doom,
where every success counts one) cannot count more when rolled again, so an option rerolling
it is never better than the same option without it; a look-ahead that keeps the luckiest of
a few play-outs would still pick it, as more dice rolled means a wider spread of luck.
"""

from __future__ import annotations

from runtime.dice import face_worth, system
from runtime.machine import Machine
from runtime.state import Template


def worth_rerolling(program, sample: Template, decision: dict) -> list[int]:
    """The options of `decision` in the position `sample` (all of them unless it is a choice
    of dice to reroll from a success pool) that reroll no die already showing a face worth the
    most any face is."""
    everything = list(range(len(decision["options"])))
    if decision.get("kind") != "reroll":
        return everything
    m = Machine(program, sample.fork())
    dice_id = m.state.get("dice_system")
    if dice_id is None:
        return everything
    dice = system(m, dice_id)
    if dice.type != "pool":
        return everything
    worth = face_worth(m, dice, m.state.get("dice_mode"), m.state.get("dice_seat"))
    best = max(worth.values(), default=0)
    kept = [i for i, option in enumerate(decision["options"])
            if all(worth.get(str(face), 0) < best for face in option.get("faces") or [])]
    return kept or everything
