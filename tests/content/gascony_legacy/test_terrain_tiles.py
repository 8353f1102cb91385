"""The Terrain Tiles of the rulebook played through the runtime with loaded dice: the Brazier
tipped onto the one Enemy the player picks, the Haystack's extra defence die, the Chandelier
Swing carrying the swinger across and bumping whoever stood there, and the Wagon Roll moving
the tile itself, hitting what it runs into and carrying its riders."""

from __future__ import annotations

import pytest

from runtime.audit import Audit
from runtime.machine import Machine
from runtime.program import Program
from tests.content.conftest import compiled_pack
from tests.content.gascony_legacy.test_battle_round_example import events, load
from tests.content.gascony_legacy.test_board_geometry import (  # noqa: F401 (a fixture)
    BLADE, HERO, MARKSMAN, one_seat_alone, road)
from tests.runtime.conftest import labels, pick


def battle(scenario: str, *characters: str) -> Machine:
    """The Characters (Athos alone by default) deployed on the battle's first start cells,
    Destiny spent (no rerolls asked), an audit attached; seat 1 acts first."""
    characters = characters or ("Athos",)
    m = Machine.start(Program(compiled_pack("gascony-legacy").game, scenario),
                      len(characters), 1, log=[])
    for name in characters:
        pick(m, name)
    while m.decision["kind"] == "cell":
        m.answer(0)
    for seat in range(len(characters)):
        m.state["sv"][seat]["destiny_tokens"] = 0
    Audit().attach(m)
    if m.decision["kind"] == "order":
        pick(m, "Seat 1 plays next")
    return m


def stand(m: Machine, piece: int, cell: tuple[int, int] | None, facing: int = 0) -> None:
    row = m.state["pieces"][piece]
    row[2:4] = [None, None] if cell is None else list(cell)
    row[5] = facing
    m.state["decision"] = None
    m.run()


def foe(m: Machine, card: str, cell: tuple[int, int]) -> int:
    """A fresh foe of `card` (2 health: unwounded) standing on `cell`."""
    m.state["pieces"].append([card, None, cell[0], cell[1], 2, 0, {}])
    return len(m.state["pieces"]) - 1


def clear(m: Machine) -> None:
    for i, row in enumerate(m.state["pieces"]):
        if row[1] is None:
            row[2:4] = [None, None]


def interact(m: Machine, tile: str | None = None) -> None:
    pick(m, "Interact")
    if m.decision["kind"] == "terrain":
        pick(m, tile)


def terrain_at(m: Machine, name: str) -> list[list]:
    from runtime.board import board

    return [[t.name, *t.at] for t in board(m)[0].pieces if t.name == name]


def cell(m: Machine, piece: int) -> tuple[int, int] | None:
    row = m.state["pieces"][piece]
    return None if row[2] is None else (row[2], row[3])


def looted(m: Machine) -> list[str]:
    return [e["id"] for e in m.log if e["e"] == "move" and e.get("from") == "loot"]


def audited(m: Machine) -> list[str]:
    return [f.name for f in m.audit.failed]


# -- Brazier ----------------------------------------------------------------------------------


def test_the_brazier_burns_the_one_enemy_the_player_picks():
    """The rulebook's example: Constance kicks over a Brazier with 3 Enemies next to it and
    picks the Cardinal's Captain, who is Defeated; the other two are left alone. (The Palace
    Gate: the Brazier at B2; Constance at A2, Guards at C2 and C1, the Captain at B3.)"""
    m = battle("the-palace-gate", "Constance")
    clear(m)
    stand(m, 0, (0, 1))
    guards = [foe(m, "cardinals-guard", (2, 1)), foe(m, "cardinals-guard", (2, 0))]
    captain = foe(m, "cardinals-captain", (1, 2))
    far = foe(m, "cardinals-guard", (6, 5))  # not next to the Brazier: never offered
    load(m, [5, 5, 1, 1])
    interact(m, "Brazier")
    assert m.decision["kind"] == "piece"
    assert sorted(labels(m)) == ["Cardinal's Captain at B3", "Cardinal's Guard at C1",
                                 "Cardinal's Guard at C2"]
    pick(m, "Cardinal's Captain at B3")
    assert cell(m, captain) is None
    assert [cell(m, g) for g in guards] == [(2, 1), (2, 0)] and cell(m, far) == (6, 5)
    assert [m.state["pieces"][g][4] for g in guards] == [2, 2]
    assert ["brazier", 1, 1] not in terrain_at(m, "brazier")
    assert audited(m) == []


def test_the_brazier_wounds_a_named_enemy_once():
    m = battle("the-palace-gate")
    clear(m)
    stand(m, 0, (0, 1))
    rochefort = foe(m, "rochefort", (2, 1))
    m.state["pieces"][rochefort][4] = 5
    load(m, [5, 5, 1, 1, 1])
    interact(m, "Brazier")  # the only Enemy next to it: no question asked
    assert m.state["pieces"][rochefort][4] == 4 and cell(m, rochefort) == (2, 1)


# -- Haystack ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("at", "dice"), [((1, 4), 6), ((0, 4), 5)])
def test_a_character_on_the_haystack_rolls_one_more_defence_die(at, dice):
    """The Chantilly road: Athos (Movement 5) on the Haystack at B5, or beside it at A5, with
    the Hired Blade in front of him: his one defence roll has 6 dice on the hay, 5 off it."""
    m = road()
    m.state["sv"][0]["destiny_tokens"] = 0
    stand(m, MARKSMAN, None)
    stand(m, HERO, at)
    stand(m, BLADE, (at[0], at[1] - 1))
    m.log.clear()
    pick(m, "End your turn")
    [defended] = events(m, "defend")
    counted = [e for e in events(m, "count") if e["seat"] == 0 and e["dice"] == "d6"][-1]
    assert defended["seat"] == 0 and sum(counted[f"n{f}"] for f in range(1, 7)) == dice
    hiding = "Hiding in the Hay" in [e["name"] for e in events(m, "ability")]
    assert hiding == (dice == 6)


# -- Chandelier -------------------------------------------------------------------------------
# The Ballroom: the Chandelier hangs over C3:D4; a Table stands at B1:C1.


def test_the_chandelier_swing_carries_the_swinger_across_and_the_chandelier_falls():
    """Athos at B3, next to the Chandelier's left edge, swings to E4, diagonally across it,
    where a Guard stood: the Guard steps aside and takes 1 Wound. Then the Chandelier falls:
    the Guard under it at C3 is Defeated and Richelieu under it at D4 takes 1 Wound."""
    m = battle("the-ballroom")
    clear(m)
    stand(m, 0, (1, 2))
    bumped = foe(m, "cardinals-guard", (4, 3))
    under = foe(m, "cardinals-guard", (2, 2))
    richelieu = foe(m, "cardinal-richelieu", (3, 3))
    m.state["pieces"][richelieu][4] = 6
    load(m, [5, 5, 5, 1, 1])
    interact(m, "Chandelier: Chandelier Swing")
    if m.decision["kind"] == "cell":  # where the Guard steps aside to
        pick(m, "F4")
    assert cell(m, 0) == (4, 3)
    assert cell(m, bumped) not in (None, (4, 3)) and m.state["pieces"][bumped][4] == 1
    assert cell(m, under) is None
    assert m.state["pieces"][richelieu][4] == 5 and cell(m, richelieu) == (3, 3)
    assert terrain_at(m, "chandelier") == []
    assert looted(m) == []  # no Loot for Enemies defeated by terrain
    assert audited(m) == []


def test_a_failed_swing_costs_2_wounds_and_the_chandelier_holds():
    m = battle("the-ballroom")
    clear(m)
    stand(m, 0, (1, 2))
    under = foe(m, "cardinals-guard", (2, 2))
    load(m, [1, 1, 2, 2, 3])
    interact(m, "Chandelier: Chandelier Swing")
    assert cell(m, 0) == (1, 2) and m.state["sv"][0]["wounds"] == 2
    assert cell(m, under) == (2, 2) and terrain_at(m, "chandelier") == [["chandelier", 2, 2]]


def test_no_swing_from_a_corner_of_the_chandelier():
    m = battle("the-ballroom")
    clear(m)
    foe(m, "cardinals-guard", (10, 5))
    stand(m, 0, (1, 1))  # B2: touches the Chandelier at its corner only
    assert "Interact" not in labels(m)
    stand(m, 0, (1, 2))  # B3: along its edge
    assert "Interact" in labels(m)


# -- Wagon --------------------------------------------------------------------------------
# The Jolly Miller: the Wagon over I3:J4, its front to the right; the board ends after column L.


def test_the_wagon_rolls_on_runs_over_a_guard_wounds_rochefort_and_he_jumps_aside():
    """The rulebook's example: 6 successes roll the Wagon 3 squares. A Guard in its way is
    Defeated; Rochefort, where it halts, takes 1 Wound and jumps aside; D'Artagnan, on top of
    it, rides along."""
    m = battle("the-jolly-miller", "Athos", "D'Artagnan")
    clear(m)
    stand(m, 0, (7, 2))  # Athos at H3, behind the Wagon
    stand(m, 1, (8, 3))  # D'Artagnan on the Wagon at I4
    guard = foe(m, "cardinals-guard", (10, 2))  # K3
    rochefort = foe(m, "rochefort", (11, 3))  # L4
    m.state["pieces"][rochefort][4] = 5
    load(m, [6, 6, 5, 5, 1])
    interact(m, "Wagon")
    if m.decision["kind"] == "cell":
        pick(m, "L5")
    assert terrain_at(m, "wagon") == [["wagon", 11, 2]]  # L3, its front half past the edge
    assert cell(m, guard) is None
    assert m.state["pieces"][rochefort][4] == 4
    assert cell(m, rochefort) not in ((11, 2), (11, 3), None)
    assert cell(m, 1) == (11, 3) and cell(m, 0) == (7, 2)
    assert looted(m) == []
    assert audited(m) == []


def test_the_wagon_stops_before_other_terrain():
    """The Chantilly road: the Wagon over E3:F4 rolls right with 8 successes (5 squares) but
    halts after 2, against the Column at I4."""
    m = battle("roadside-ambush")
    clear(m)
    foe(m, "hired-blade", (0, 5))
    stand(m, 0, (3, 2))  # D3
    load(m, [6, 6, 6, 6, 1])
    interact(m, "Wagon")
    assert terrain_at(m, "wagon") == [["wagon", 6, 2]]
    moved = [e for e in m.log if e["e"] == "move-terrain"]
    assert moved and moved[-1]["steps"] == 2


def test_a_failed_wagon_roll_moves_nothing():
    m = battle("roadside-ambush")
    clear(m)
    foe(m, "hired-blade", (0, 5))
    stand(m, 0, (3, 2))
    load(m, [6, 4, 1, 1, 1])  # 3 successes of the 4 needed
    interact(m, "Wagon")
    assert terrain_at(m, "wagon") == [["wagon", 4, 2]]
