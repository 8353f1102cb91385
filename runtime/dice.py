"""Dice systems from the rules: target rolls, success pools and roll tables.

The dice of the roll being made stay in `state["dice"]` (with `state["dice_mode"]` for
advantage, disadvantage or both, which cancel, and `state["dice_seat"]` for the seat rolling)
until it is counted, so abilities in a window between rolling and counting can reroll, adjust
or add dice. A pool counts its `faces`, changed by the advantage or disadvantage entries and
then by the system's `modifiers` whose condition holds for the rolling seat (which may also
take dice from or add dice to its rolls). Every roll is a logged chance outcome, and every
count of a pool a `count` event with the faces tallied (`n1`, `n2`…) and the mode.
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


def _modifiers(m: Machine, dice, seat: int | None) -> list:
    """The system's standing modifiers whose condition holds for the rolling seat."""
    if seat is None or not dice.modifiers:
        return []
    return [mod for mod in dice.modifiers if m.holds(mod.if_, seat)]


def face_worth(m: Machine, dice, mode: str | None = None, seat: int | None = None) -> dict:
    """What each face of a pool counts: its faces, changed by advantage or disadvantage
    (both at once cancel) and then by the modifiers holding for `seat`."""
    worth = {str(f.face): f.successes for f in dice.faces}
    changes = {"advantage": dice.advantage, "disadvantage": dice.disadvantage}.get(mode, [])
    for mod in [changes] + [mod.faces for mod in _modifiers(m, dice, seat)]:
        worth.update({str(f.face): f.successes for f in mod})
    return worth


def with_mode(current: str | None, mode: str) -> str:
    """The mode of a roll given `mode` on top of `current`: advantage and disadvantage cancel."""
    if current in (None, mode):
        return mode
    return "both"


def successes(m: Machine, dice, faces: list[int]) -> int:
    """Successes the dice show: by the pool's face table, or 1 for a target roll met."""
    if dice.type == "pool":
        st = m.state
        worth = face_worth(m, dice, st.get("dice_mode"), st.get("dice_seat"))
        return sum(worth.get(str(face), 0) for face in faces)
    if dice.target is not None:
        return int(sum(faces) >= m.value(dice.target, m.state["active"]))
    return 0


def count_of(m: Machine, dice, seat: int | None, count: int | None) -> int:
    """Dice to roll: `count` (else the system's), changed by the seat's modifiers, capped."""
    n = int(m.value(dice.count, seat)) if count is None else count
    n = max(0, n + sum(mod.dice for mod in _modifiers(m, dice, seat)))
    return min(n, dice.max_count) if dice.max_count else n


def start_roll(m: Machine, dice, seat: int | None, count: int | None,
               mode: str | None = None) -> list[int]:
    """Throw the dice of a roll about to be changed and counted, keeping them in the state."""
    st = m.state
    st.update(dice_system=dice.id, dice_mode=mode, forced=None, dice_seat=seat)
    st["dice"] = throw(m, dice.sides, count_of(m, dice, seat, count))
    if m.log is not None:
        m.emit("roll", dice=dice.id, seat=seat, faces=list(st["dice"]), total=sum(st["dice"]))
    return st["dice"]


def count_roll(m: Machine, dice) -> int:
    """Count the roll kept in the state: a pool's successes (or those forced), logged with its
    faces tallied; a target roll 1 if met; other dice their total."""
    st = m.state
    st["roll"] = sum(st["dice"])
    if st.get("forced") is not None:
        st["successes"] = st["forced"]
    elif dice.type == "pool" or dice.target is not None:
        st["successes"] = successes(m, dice, st["dice"])
    else:
        return st["roll"]
    if dice.type == "pool":
        mode = st.get("dice_mode")
        tally = {f"n{face}": st["dice"].count(face) for face in range(1, dice.sides + 1)}
        m.emit("count", dice=dice.id, seat=st.get("dice_seat"), successes=st["successes"],
               forced=st.get("forced") is not None, advantage=mode == "advantage",
               disadvantage=mode == "disadvantage", **tally)
    return st["successes"]


def roll_system(m: Machine, dice_id: str, seat: int | None, modifier: int = 0,
                count: int | None = None) -> tuple[int, list]:
    """Roll a dice system: set `roll` and `successes`, return the total and matching table rows."""
    dice = system(m, dice_id)
    faces = throw(m, dice.sides, count_of(m, dice, seat, count))
    st = m.state
    st["dice"] = faces
    st["dice_seat"] = seat
    total = sum(faces) + modifier
    st["roll"] = total
    st["successes"] = successes(m, dice, faces)
    if m.log is not None:
        m.emit("roll", dice=dice_id, seat=seat, faces=faces, total=total)
    rows = [r for r in dice.table if r.min <= total <= r.max]
    return total, rows


def roll_total(m: Machine, dice_id: str, seat: int | None) -> int:
    return roll_system(m, dice_id, seat)[0]
