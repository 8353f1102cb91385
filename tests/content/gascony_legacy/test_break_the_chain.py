"""Breaking the Chain played through the runtime, on the Grand Staircase (the Chandelier hangs
over C3:D4): a Character attacks the Chandelier itself with a ranged weapon whose line of fire
reaches it; 4 successes (its Defence) bring it down on the Guard beneath, fewer waste the
Attack, and the weapon has struck for the turn either way. A melee weapon cannot."""

from __future__ import annotations

from tests.content.gascony_legacy.test_battle_round_example import load
from tests.content.gascony_legacy.test_dice_and_weapons import equip
from tests.content.gascony_legacy.test_terrain_tiles import (
    audited,
    battle,
    cell,
    clear,
    foe,
    stand,
    terrain_at,
)
from tests.runtime.conftest import labels, pick

C6, D3, C4 = (2, 5), (3, 2), (2, 3)
UP = 0
ACTION = "Attack a Terrain Tile"


def under_the_chandelier(pistol: bool = True):
    m = battle("the-grand-staircase", "Athos", "Porthos")
    clear(m)
    if pistol:
        equip(m, 0, "pistol")
    guard = foe(m, "cardinals-guard", D3)
    foe(m, "cardinals-guard", (5, 0))  # another, out of the way: the Battle goes on
    stand(m, 0, C6, UP)  # the Pistol's line of fire runs up column C, under the Chandelier
    return m, guard


def test_four_successes_break_the_chain_and_the_chandelier_crushes_the_guard():
    m, guard = under_the_chandelier()
    assert terrain_at(m, "chandelier")
    load(m, [6, 5, 4])  # the Pistol's 3 dice: 4 successes
    pick(m, ACTION)
    [shot] = [e for e in m.log if e["e"] == "attack-terrain"]
    assert shot["terrain"] == "chandelier" and shot["successes"] == 4 and shot["strikes"] == 1
    assert not terrain_at(m, "chandelier") and cell(m, guard) is None
    assert ACTION not in labels(m)  # the Pistol has struck this turn
    assert audited(m) == []


def test_fewer_successes_waste_the_attack():
    m, guard = under_the_chandelier()
    load(m, [5, 4, 1])
    pick(m, ACTION)
    assert [e["successes"] for e in m.log if e["e"] == "attack-terrain"] == [2]
    assert terrain_at(m, "chandelier") and cell(m, guard) == D3
    assert ACTION not in labels(m)


def test_no_melee_weapon_breaks_the_chain():
    m, _ = under_the_chandelier(pistol=False)
    stand(m, 0, C4, UP)  # right under it, the Rapier in hand
    assert ACTION not in labels(m)
