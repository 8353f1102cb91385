"""Dice systems from the rules: target rolls, success pools and roll tables.

The dice of the roll being made stay in `state["dice"]` (with `state["dice_mode"]` for
advantage or disadvantage) until it is counted, so abilities in a window between rolling
and counting can reroll, adjust or add dice. Every roll is a logged chance outcome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from runtime.errors import RuleError

if TYPE_CHECKING:
    from runtime.machine import Machine


def system(m: Machine, dice_id: str):
    found = m.program.dice.get(dice_id)
    if found is None:
        raise RuleError(f"no dice system '{dice_id}' in the rules")
    return found


def throw(m: Machine, sides: int, count: int) -> list[int]:
    return [m.below(sides) + 1 for _ in range(max(0, count))]


def successes(m: Machine, dice, faces: list[int]) -> int:
    """Successes the dice show: by the pool's face table, or 1 for a target roll met."""
    if dice.type == "pool":
        mode = m.state.get("dice_mode")
        table = dice.faces
        if mode == "advantage" and dice.advantage:
            table = dice.advantage
        elif mode == "disadvantage" and dice.disadvantage:
            table = dice.disadvantage
        worth = {str(f.face): f.successes for f in table}
        return sum(worth.get(str(face), 0) for face in faces)
    if dice.target is not None:
        return int(sum(faces) >= m.value(dice.target, m.state["active"]))
    return 0


def count_of(m: Machine, dice, seat: int | None, count: int | None) -> int:
    n = int(m.value(dice.count, seat)) if count is None else count
    return min(n, dice.max_count) if dice.max_count else n


def roll_system(m: Machine, dice_id: str, seat: int | None, modifier: int = 0,
                count: int | None = None) -> tuple[int, list]:
    """Roll a dice system: set `roll` and `successes`, return the total and matching table rows."""
    dice = system(m, dice_id)
    faces = throw(m, dice.sides, count_of(m, dice, seat, count))
    st = m.state
    st["dice"] = faces
    total = sum(faces) + modifier
    st["roll"] = total
    st["successes"] = successes(m, dice, faces)
    m.emit("roll", dice=dice_id, seat=seat, faces=faces, total=total)
    rows = [r for r in dice.table if r.min <= total <= r.max]
    return total, rows


def roll_total(m: Machine, dice_id: str, seat: int | None) -> int:
    return roll_system(m, dice_id, seat)[0]
