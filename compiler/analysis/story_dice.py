"""A challenge's odds from its dice: exact success distributions (fractions) of a pool or a
target roll, and whether a challenge can pass or fail at all for a range of dice counts."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from compiler.language.documents import Dice, DiceFace

# The dice of a challenge when the rules declare none (as the runtime rolls them): written
# out rather than validated, which would build the dice models on every start-up.
DEFAULT_DICE = Dice.model_construct(
    id="story-dice", type="pool", sides=6,
    faces=[DiceFace.model_construct(face=f, successes=int(f >= 4)) for f in range(1, 7)],
)


def challenge_dice(dice_id: str | None, declared: list[Dice]) -> Dice | None:
    """The dice system a challenge rolls, as the runtime picks it (None: not found)."""
    if dice_id is not None:
        return next((d for d in declared if d.id == dice_id), None)
    pools = [d for d in declared if d.type == "pool"] or declared
    return pools[0] if pools else DEFAULT_DICE


def per_die(dice: Dice) -> tuple[int, int] | None:
    """The fewest and most successes one die of a pool counts (None: not a pool)."""
    if dice.type != "pool":
        return None
    worth = {f.face: f.successes for f in dice.faces}
    values = [worth.get(face, 0) for face in range(1, dice.sides + 1)]
    return min(values), max(values)


def capped(dice: Dice, count: int) -> int:
    return max(0, min(count, dice.max_count) if dice.max_count else count)


@cache
def _pool(dice_json: str, count: int) -> tuple[tuple[int, Fraction], ...]:
    dice = Dice.model_validate_json(dice_json)
    worth = {f.face: f.successes for f in dice.faces}
    one = Fraction(1, dice.sides)
    die: dict[int, Fraction] = {}
    for face in range(1, dice.sides + 1):
        s = worth.get(face, 0)
        die[s] = die.get(s, 0) + one
    dist = {0: Fraction(1)}
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for a, p in dist.items():
            for b, q in die.items():
                nxt[a + b] = nxt.get(a + b, 0) + p * q
        dist = nxt
    return tuple(sorted(dist.items()))


@cache
def _sums(sides: int, count: int) -> tuple[tuple[int, Fraction], ...]:
    dist = {0: Fraction(1)}
    one = Fraction(1, sides)
    for _ in range(count):
        nxt: dict[int, Fraction] = {}
        for a, p in dist.items():
            for face in range(1, sides + 1):
                nxt[a + face] = nxt.get(a + face, 0) + p * one
        dist = nxt
    return tuple(sorted(dist.items()))


MAX_EXACT_DICE = 60  # beyond this many dice the distribution is not worked out


def pass_chance(dice: Dice, count: int, needed: int) -> Fraction | None:
    """The exact chance that `count` dice (before the system's cap) give `needed` successes;
    None when the system's odds are not plain (a target given as an expression, a table)."""
    n = capped(dice, count)
    if n > MAX_EXACT_DICE:
        return None
    if dice.type == "pool":
        dist = _pool(dice.model_dump_json(by_alias=True), n)
        return sum((p for s, p in dist if s >= needed), Fraction(0))
    if dice.type == "target" and isinstance(dice.target, int):
        hit = sum((p for total, p in _sums(dice.sides, n) if total >= dice.target), Fraction(0))
        # a target roll counts one success when met
        return Fraction(1) if needed <= 0 else (hit if needed == 1 else Fraction(0))
    return None


def verdict(dice: Dice, counts: tuple[float, float], needed: tuple[float, float]) -> tuple[bool, bool]:
    """(can pass, can fail) for dice counts and successes needed within the given ranges
    (lowest, highest; infinite for no bound)."""
    inf = float("inf")

    def dice_rolled(n: float) -> float:
        n = max(0.0, n)
        return min(n, dice.max_count) if dice.max_count else n

    lo_n, hi_n = dice_rolled(counts[0]), dice_rolled(counts[1])
    bounds = per_die(dice)
    if bounds is None:  # a target roll: one success at most, none at least
        least, most = 0.0, (1.0 if hi_n > 0 else 0.0)
    else:
        least = bounds[0] * lo_n if lo_n != inf or bounds[0] == 0 else inf
        most = bounds[1] * hi_n if hi_n != inf or bounds[1] == 0 else inf
    return most >= needed[0], least < needed[1]
