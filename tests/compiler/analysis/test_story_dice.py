"""Challenge odds from the dice: exact chances match counting every roll, and the verdicts
(can pass, can fail) agree with them."""

from fractions import Fraction
from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from compiler.analysis.story_dice import pass_chance, verdict
from compiler.language.documents import Dice


@st.composite
def pools(draw):
    sides = draw(st.integers(2, 6))
    worth = draw(st.lists(st.integers(0, 2), min_size=sides, max_size=sides))
    cap = draw(st.none() | st.integers(1, 4))
    return Dice.model_validate({"id": "pool", "type": "pool", "sides": sides, "max-count": cap,
                                "faces": [{"face": f + 1, "successes": w}
                                          for f, w in enumerate(worth)]})


@given(pools(), st.integers(0, 4), st.integers(-1, 6))
def test_pool_chances_count_every_roll(dice, count, needed):
    worth = {f.face: f.successes for f in dice.faces}
    rolled = min(count, dice.max_count) if dice.max_count else count
    rolls = list(product(range(1, dice.sides + 1), repeat=rolled))
    passing = sum(1 for r in rolls if sum(worth[f] for f in r) >= needed)
    assert pass_chance(dice, count, needed) == Fraction(passing, len(rolls))


@given(pools(), st.integers(0, 4), st.integers(-1, 6))
def test_verdicts_agree_with_the_chances(dice, count, needed):
    p = pass_chance(dice, count, needed)
    assert verdict(dice, (count, count), (needed, needed)) == (p > 0, p < 1)


def test_target_rolls_and_unknown_counts():
    d6 = Dice.model_validate({"id": "d6", "type": "target", "sides": 6, "target": 5})
    assert pass_chance(d6, 1, 1) == Fraction(1, 3)
    assert pass_chance(d6, 2, 1) == Fraction(30, 36)  # all but six of the 36 rolls total 5+
    assert verdict(d6, (0, 0), (1, 1)) == (False, True)  # no dice, no success
    pool = Dice.model_validate({"id": "p", "type": "pool", "sides": 6,
                                "faces": [{"face": 6, "successes": 1}]})
    inf = float("inf")
    assert verdict(pool, (-inf, inf), (1, 1)) == (True, True)
    assert verdict(pool, (0, 3), (4, 4)) == (False, True)  # 3 dice show 3 successes at most
