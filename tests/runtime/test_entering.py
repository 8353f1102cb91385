"""Stepping into terrain: a piece moving onto a terrain piece sets off its `on-enter`
abilities (the fixture's Nettles on C3 sting whoever steps in for 1), once per entry, for a
seat's figure walking in, a foe moved there, and a foe walking through on its way."""

from __future__ import annotations

import pytest

from tests.runtime.conftest import pick, start, var

HERO, OTHER, LEFT, RIGHT = 0, 1, 2, 3  # two figures, goblins at B4 and D4
NETTLES = (2, 2)  # C3


@pytest.fixture
def game(pieces_pack):
    m = start(pieces_pack, log=[])
    pick(m, "A1")
    pick(m, "E1")
    return m


def put(m, piece, cell):
    m.state["pieces"][piece][2:4] = list(cell)
    m.state["decision"] = None
    m.run()


def health(m, piece):
    return m.state["pieces"][piece][4]


def stings(m) -> int:
    return sum(1 for e in m.log if e["e"] == "ability" and e.get("terrain") == "nettles")


def test_a_figure_walking_onto_the_terrain_sets_it_off_once_per_entry(game):
    put(game, HERO, (2, 1))  # C2, next to the nettles
    assert stings(game) == 0
    pick(game, "Walk")
    pick(game, "C3")
    assert var(game, "health", HERO) == 3 and stings(game) == 1
    pick(game, "Walk")
    pick(game, "C2")  # stepping out does nothing
    assert var(game, "health", HERO) == 3 and stings(game) == 1


def test_a_foe_moved_onto_it_is_hurt_and_the_seat_whose_turn_it_is_dealt_it(game):
    put(game, LEFT, (2, 3))  # C4
    pick(game, "Stride the goblins")
    pick(game, "C3")
    pick(game, "D5")  # the other goblin's stride: the nettles go off once both have moved
    assert health(game, LEFT) == 1 and var(game, "dealt", HERO) == 1 and stings(game) == 1


def test_a_foe_walking_through_it_is_stung_on_the_way(game):
    put(game, HERO, (2, 0))  # C1
    put(game, LEFT, (2, 4))  # C5: its charge of 2 ends on C3
    put(game, RIGHT, (4, 4))  # E5: nowhere near
    for _ in range(2):
        pick(game, "End your turn")
    assert stings(game) == 1 and health(game, LEFT) == 1 and health(game, RIGHT) == 2
    assert tuple(game.state["pieces"][LEFT][2:4]) == NETTLES


def test_walking_past_it_on_a_path_counts_as_entering(game):
    put(game, HERO, (2, 0))  # C1
    put(game, LEFT, (2, 3))  # C4: its charge of 2 runs over C3 to C2
    put(game, RIGHT, (4, 4))
    for _ in range(2):
        pick(game, "End your turn")
    assert tuple(game.state["pieces"][LEFT][2:4]) == (2, 1)
    assert stings(game) == 1 and health(game, LEFT) == 1
