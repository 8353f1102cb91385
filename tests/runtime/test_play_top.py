"""A boss playing the top card of its action deck: the card's effects field run as the boss's
piece on the target its targeting field picks; health and stats from player-count tables;
pieces covering a square of cells."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from runtime.agents import make_agent
from runtime.board import cells_of, gap, named_cells, new_piece, occupied, step_towards
from runtime.loading import load_program
from runtime.rng import Rng
from runtime.targets import in_the_way, piece_candidates
from runtime.views import view
from tests.runtime.conftest import FIXTURES, labels, pick, start


@pytest.fixture(scope="module")
def lair():
    return load_program(FIXTURES / "boss", scenario="lair")


def ready(program, players: int = 2):
    """The seats stand on A1 and B1 (and C1); the ogre on C5."""
    m = start(program, players=players, log=[])
    for cell in ("A1", "B1", "C1")[:players]:
        pick(m, cell)
    return m


def on_top(m, card_id: str) -> None:
    pile = m.state["zones"]["deck"]
    inst = next(i for i in pile if m.state["ids"][i] == card_id)
    pile.remove(inst)
    pile.append(inst)


def ogre(m) -> list:
    return m.state["pieces"][-1]


@pytest.mark.parametrize(("players", "health"), [(1, 3), (2, 6), (3, 9)])
def test_a_foe_s_health_comes_from_the_card_field_the_scenario_names(lair, players, health):
    m = ready(lair, players)
    assert ogre(m)[:5] == ["ogre", None, 2, 4, health]


def test_the_card_s_effects_run_as_the_piece_against_the_target_it_picks(lair):
    m = ready(lair)
    ogre(m)[2:4] = [2, 1]  # C2: A1 is now the farthest figure (3 cells; B1 is 2)
    on_top(m, "stomp")
    pick(m, "Let the boss act")
    # it walks its MVMT for two players (2 cells) to A2, next to A1, and hits A1's seat
    assert ogre(m)[2:4] == [0, 1]
    assert [m.value("health", s) for s in range(2)] == [3, 5]
    assert m.state["ids"][m.state["zones"]["used"][-1]] == "stomp"


def test_a_piece_that_does_not_arrive_runs_nothing_more(lair):
    m = ready(lair)
    ogre(m)[2:4] = [0, 3]  # A4: B1 is the farthest (4 cells), past A1 on the way
    on_top(m, "stomp")
    pick(m, "Let the boss act")
    assert ogre(m)[2:4] == [0, 1]
    assert [m.value("health", s) for s in range(2)] == [5, 5]


def test_the_card_s_own_abilities_run_before_its_effects(lair):
    m = ready(lair)
    on_top(m, "bellow")
    pick(m, "Let the boss act")
    assert [m.value("slowed", s) for s in range(2)] == [1, 1]
    assert [m.value("health", s) for s in range(2)] == [5, 4]  # A1 and B1 are 6 and 5 away


def test_healing_never_takes_a_foe_above_its_starting_health(lair):
    m = ready(lair)
    ogre(m)[4] = 2
    on_top(m, "gulp")
    pick(m, "Let the boss act")  # no target to pick: it heals and heads for the pit
    assert ogre(m)[4] == 6 and ogre(m)[2:4] == [0, 4]


def test_an_area_the_board_lacks_has_no_cells(lair):
    m = ready(lair)
    assert named_cells(m, [], "nowhere") == [] and named_cells(m, [], "pit") == [(0, 4)]


def test_an_attack_roll_that_could_hit_nobody_is_not_offered(lair):
    m = ready(lair)
    assert "Swing" not in labels(m)
    ogre(m)[2:4] = [0, 1]  # next to A1
    m.state["decision"] = None
    m.state["stack"][-1]["l"].pop("ans", None)
    m.run()
    assert "Swing" in labels(m)


def test_the_heuristic_bot_breaks_ties_at_random(lair):
    m = ready(lair)
    agent = make_agent("heuristic", lair)
    seen = view(m, 0)
    picks = {agent.choose(seen, m.decision, Rng(k)) for k in range(16)}
    assert len(picks) > 1


def test_a_piece_covers_the_square_its_card_s_footprint_gives(lair):
    m = ready(lair)
    m.state["pieces"].append(new_piece("troll", None, (2, 2), 4))  # C3: covers C3:D4
    troll = m.state["pieces"][-1]
    assert cells_of(m, troll) == [(2, 2), (3, 2), (2, 3), (3, 3)]
    assert {(3, 3), (2, 3)} <= occupied(m)
    figure = m.state["pieces"][1]  # B1
    assert gap(m, troll, figure) == 3  # from C3, its nearest covered cell
    ctx = {"self": 0, "piece": len(m.state["pieces"]) - 1}
    assert piece_candidates(m, ctx, "in-range", SimpleNamespace(range=3)) == [1]
    step_towards(m, troll, {(1, 0)}, 3, True, in_the_way(m, ctx["piece"]))
    # its whole square moves with it, and stops next to B1
    assert troll[2:4] == [1, 1] and (2, 2) in cells_of(m, troll)
