"""A Character's ranged weapon played through the runtime: the Pistol (Range 6, one ray
straight ahead) shoots along its line of fire, in range and in sight; a target in Cover is
shot at with Disadvantage. The board is the Chantilly Road's: a Column at C2, a Wagon over
E3:F4."""

from __future__ import annotations

import pytest

from runtime.audit import Audit
from tests.content.gascony_legacy.test_battle_round_example import load
from tests.content.gascony_legacy.test_board_geometry import (  # noqa: F401 (fixture)
    BLADE,
    HERO,
    MARKSMAN,
    attacks,
    one_seat_alone,
    put,
    road,
)
from tests.content.gascony_legacy.test_dice_and_weapons import equip
from tests.runtime.conftest import labels, pick

RIGHT = 1  # facing right: the Pistol's ray runs along the row


@pytest.fixture
def gunman():
    """Athos alone with his Rapier and a Pistol, facing right; only the Marksman stands."""
    m = road()
    equip(m, 0, "pistol")
    put(m, BLADE, None)
    m.state["pieces"][HERO][5] = RIGHT
    return m


def aim(m, hero, foe) -> None:
    put(m, MARKSMAN, foe)
    put(m, HERO, hero)


def test_the_pistol_hits_a_target_along_its_ray_in_range_and_sight(gunman):
    audit = Audit()
    audit.attach(gunman)
    aim(gunman, (0, 0), (4, 0))  # A1 at E1: 4 squares ahead, open ground
    gunman.state["pieces"][MARKSMAN][4] = 2  # standing unhurt: a Wound, then Defeat
    load(gunman, [6, 6, 5])  # the Pistol's 3 dice: 5 successes beat the Marksman outright
    pick(gunman, "Attack")  # the Rapier reaches nothing: the Pistol fires without a choice
    pick(gunman, "Keep the dice")  # no Destiny spent
    [attack] = attacks(gunman.log)
    assert attack["ranged"] and not attack["cover"] and attack["won"]
    assert attack["piece"] == MARKSMAN and attack["source"] == HERO
    shot = gunman.log[:gunman.log.index(attack)]
    rolls = [e for e in shot if e["e"] == "roll" and e["dice"] == "d6"]
    assert [len(e["faces"]) for e in rolls] == [3]  # the weapon's own dice, not Prowess
    assert gunman.state["pieces"][MARKSMAN][2] is None  # defeated, off the board
    # the shot saw its target when it struck, though the target has left the board since
    assert attack["in_sight"] and not audit.failed


@pytest.mark.parametrize(("foe", "offered"), [((6, 0), True),  # G1: 6 squares ahead, Range 6
                                               ((7, 0), False),  # H1: past the Range
                                               ((0, 2), False)])  # A3: not along the ray
def test_only_a_target_along_the_ray_and_in_range_is_offered(gunman, foe, offered):
    aim(gunman, (0, 0), foe)
    assert ("Attack" in labels(gunman)) == offered


def test_a_target_behind_a_column_is_not_offered(gunman):
    aim(gunman, (0, 1), (4, 1))  # A2 at E2, the Column at C2 between
    assert "Attack" not in labels(gunman)
    aim(gunman, (3, 1), (4, 1))  # D2, past the Column: now it is in sight
    assert "Attack" in labels(gunman)


def test_a_shot_at_a_target_in_cover_has_disadvantage(gunman):
    aim(gunman, (0, 2), (6, 2))  # A3 at G3, the Wagon at E3:F3 between
    load(gunman, [4, 4, 6])
    pick(gunman, "Attack")
    pick(gunman, "Keep the dice")
    [attack] = attacks(gunman.log)
    assert attack["ranged"] and attack["cover"]
    count = [e for e in gunman.log[:gunman.log.index(attack)] if e["e"] == "count"][-1]
    assert count["disadvantage"] and not count["advantage"]
    assert count["successes"] == 2  # the 4s no longer count; the 6 counts 2
