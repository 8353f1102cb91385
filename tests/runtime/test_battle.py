"""A scenario played on its own: deployment in the start area, enemies by player count,
outcomes that end the battle."""

from __future__ import annotations

import pytest

from runtime.agents import make_agent
from runtime.board import step_towards
from runtime.errors import RuleError
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.session import play_game
from runtime.targets import enemies_of, in_the_way
from tests.runtime.conftest import FIXTURES, labels, pick, start


def deployed(program, players: int = 2):
    """Both seats chose (seat 1 Stout, seat 2 Swift) and stand on A1 and E1."""
    m = start(program, players=players, log=[])
    pick(m, "Stout")
    pick(m, "Swift")
    if players > 2:
        pick(m, "Swift")
    pick(m, "A1")
    pick(m, "E1")
    if players > 2:
        pick(m, "C1")
    return m


def test_each_player_chooses_for_itself_in_turn(ambush):
    m = start(ambush, log=[])
    assert m.decision["seat"] == 0 and labels(m) == ["Stout", "Swift"]
    pick(m, "Stout")
    assert m.decision["seat"] == 1 and labels(m) == ["Stout", "Swift"]
    pick(m, "Swift")
    assert [m.value("health", s) for s in range(2)] == [4, 3]


def test_seats_deploy_in_the_start_area_and_enemies_come_by_player_count(ambush):
    m = start(ambush, log=[])
    pick(m, "Stout")
    pick(m, "Swift")
    assert m.decision["seat"] == 0 and labels(m) == ["A1", "B1", "C1", "D1", "E1"]
    pick(m, "A1")
    assert "A1" not in labels(m)
    pick(m, "E1")
    rows = m.state["pieces"]
    assert [r[:5] for r in rows] == [
        [None, 0, 0, 0, None],
        [None, 1, 4, 0, None],
        ["goblin", None, 1, 3, 2],  # the first group: two of its cells for two players
        ["goblin", None, 3, 3, 2],
        ["goblin", None, 4, 4, 1],  # the second: in its area, with the table's health
    ]
    assert m.value("foes_left", 0) == 3 and not m.over


def test_an_outcome_ends_the_battle(ambush):
    m = deployed(ambush)
    m.state["gv"]["fallen"] = 1
    pick(m, "Walk")
    assert m.state["result"] == {"winners": [], "reason": "Somebody fell."}


def test_an_objective_wins_the_battle(ambush):
    m = deployed(ambush)
    m.state["gv"]["foes_left"] = 1
    m.state["pieces"][2][4] = 1
    pick(m, "Jab the closest")
    assert m.state["result"] == {"winners": [0, 1], "reason": "The yard is clear."}


def test_foes_answer_the_games_own_windows_as_their_pieces(ambush):
    m = deployed(ambush, players=3)
    archer = next(i for i, r in enumerate(m.state["pieces"]) if r[0] == "archer")
    assert m.state["pieces"][archer][2:4] == [0, 2]  # A3
    for _ in range(3):
        pick(m, "End your turn")
    while m.decision["kind"] == "piece":  # goblins torn between two figures: the seat picks
        m.answer(0)
    # the goblins walk in first; then the archer's volley hits the figure farthest from it
    volley = [e for e in m.log if e["e"] == "damage"][-1]
    assert volley["seat"] == 1 and volley["amount"] == 1  # E1 is the farthest from A3


def test_an_unknown_scenario_is_refused():
    with pytest.raises(RuleError, match="no scenario 'nowhere'"):
        load_program(FIXTURES / "battle", scenario="nowhere")


def test_random_bots_fight_the_battle_to_its_end(ambush):
    for seed in range(3):
        agents = [make_agent("random", ambush) for _ in range(2)]
        m, _ = play_game(ambush, 2, seed, agents)
        assert m.state["result"]["reason"] in ("The yard is clear.", "Somebody fell.")


def test_foes_ignore_an_incapacitated_figure(ambush):
    m = deployed(ambush)
    goblin = next(i for i, r in enumerate(m.state["pieces"]) if r[0] == "goblin")
    assert enemies_of(m, goblin) == [0, 1]
    m.state["sv"][1]["health"] = 0
    assert enemies_of(m, goblin) == [0]


def test_a_foe_walking_to_a_figure_goes_round_a_fallen_one_in_its_way(ambush):
    # goblin on B3, a fallen figure on C3, its target on D3: the straight way ends on the
    # fallen one's square, where no one may stop; the goblin heads for the nearest free
    # square next to its target (D2, round by C2) and gets as far as its 2 steps take it
    m = deployed(ambush)
    rows = m.state["pieces"]
    for row in rows[3:]:
        row[2:4] = [None, None]
    rows[0][2:4], rows[1][2:4], rows[2][2:4] = [2, 2], [3, 2], [1, 2]
    m.state["sv"][0]["health"] = 0
    step_towards(m, rows[2], {(3, 2)}, 2, True, in_the_way(m, 2))
    assert rows[2][2:4] == [2, 1]  # C2
    step_towards(m, rows[2], {(3, 2)}, 2, True, in_the_way(m, 2))
    assert rows[2][2:4] == [3, 1]  # D2, next to its target
    step_towards(m, rows[2], {(3, 2)}, 2, True, in_the_way(m, 2))
    assert rows[2][2:4] == [3, 1]  # next to it already: it stays


def _walker_on_a3(m, beside: list) -> list:
    """Seat 0's figure on A3, `beside` (a piece row) on B3 in its way east, the rest off the
    board; the figure's row."""
    rows = m.state["pieces"]
    for row in rows:
        row[2:4] = [None, None]
    rows[0][2:4], beside[2:4] = [0, 2], [1, 2]
    return rows[0]


def test_a_figure_walking_goes_round_a_foe_in_its_way(ambush):
    # the one walk for every piece: a seat's figure may not pass a foe's square (the other
    # side's), so from A3 to D3 it goes round the goblin on B3: five orthogonal steps
    m = deployed(ambush)
    goblin = m.state["pieces"][2]
    me = _walker_on_a3(m, goblin)
    step_towards(m, me, {(3, 2)}, 5, False, in_the_way(m, 0))
    assert me[2:4] == [3, 2]
    assert [1, 2] not in m.state["path"] and len(m.state["path"]) == 5
    # with fewer steps it gets as far as they take it, still round the goblin
    me[2:4] = [0, 2]
    step_towards(m, me, {(3, 2)}, 2, False, in_the_way(m, 0))
    assert me[2:4] in ([1, 1], [1, 3]) and goblin[2:4] == [1, 2]


def test_a_figure_walking_passes_through_an_ally_but_never_stops_on_it(ambush):
    m = deployed(ambush)
    ally = m.state["pieces"][1]
    me = _walker_on_a3(m, ally)
    step_towards(m, me, {(3, 2)}, 3, False, in_the_way(m, 0))
    assert me[2:4] == [3, 2] and m.state["path"] == [[1, 2], [2, 2], [3, 2]]
    # one step only would end on the ally's square: it stays where it stood
    me[2:4] = [0, 2]
    step_towards(m, me, {(3, 2)}, 1, False, in_the_way(m, 0))
    assert me[2:4] == [0, 2]


def test_foes_and_figures_at_the_exit_are_counted(ambush):
    m = deployed(ambush)  # seat 1 on A1, seat 2 on E1 (the exit), three goblins
    assert m.value("foes", 0) == 3 and m.value("at_exit", 0) == 1
    m.state["pieces"][2][2:4] = [None, None]
    m.state["pieces"][0][2:4] = [4, 1]
    assert m.value("foes", 0) == 2 and m.value("at_exit", 0) == 1


def test_an_enemy_group_fights_with_the_abilities_of_the_card_field_it_names():
    raid = load_program(FIXTURES / "battle", scenario="raid")
    m = deployed(raid)
    ogre = next(i for i, r in enumerate(m.state["pieces"]) if r[0] == "ogre")
    assert m.state["pieces"][ogre][6]["abilities_from"] == "rage"
    pick(m, "End your turn")
    pick(m, "End your turn")
    # at the round's volley the ogre bellows as its piece: at E1, the figure closest to E5
    hits = [e for e in m.log if e["e"] == "damage"]
    assert [(e["seat"], e["amount"]) for e in hits] == [(1, 1)]
    assert m.value("health", 1) == 2


def test_foe_distance_counts_cells_to_the_nearest_foe_standing(ambush):
    m = deployed(ambush)  # seat 1 on A1, seat 2 on E1; goblins on B4, D4 and E5
    assert [m.value("foe_distance", s) for s in range(2)] == [4, 4]  # four-way steps
    m.state["pieces"][0][2:4] = [1, 2]  # seat 1 steps next to the goblin on B4
    assert m.value("foe_distance", 0) == 1
    for row in m.state["pieces"][2:]:
        row[2:4] = [None, None]  # every foe off the board: nothing left to close in on
    assert m.value("foe_distance", 0) == 0


def test_fallen_ally_distance_counts_cells_to_the_nearest_ally_struck_down(ambush):
    m = deployed(ambush)  # seat 1 on A1, seat 2 on E1; incapacitated: health <= 0
    assert [m.value("fallen_ally_distance", s) for s in range(2)] == [0, 0]  # nobody down
    m.state["sv"][1]["health"] = 0
    # the standing seat counts the way to the fallen one; the fallen one counts nothing
    assert [m.value("fallen_ally_distance", s) for s in range(2)] == [4, 0]
    m.state["pieces"][0][2:4] = [3, 0]  # seat 1 steps next to it, on D1
    assert m.value("fallen_ally_distance", 0) == 1


def test_a_variable_that_resets_each_battle_begins_it_at_its_initial_value(ambush):
    log: list = []
    m = Machine.start(ambush, 2, 1, log=log, variables={"feats": 2})
    assert m.state["gv"]["feats"] == 2  # the characters are picked before the battle begins
    pick(m, "Stout")
    pick(m, "Swift")
    assert m.state["gv"]["feats"] == 0
    assert {"e": "set", "variable": "feats", "seat": None, "value": 0} in log


def test_a_seat_figures_piece_variable_that_resets_each_battle_begins_it_at_its_initial_value(
        ambush):
    # a seat's figure keeps its piece variables from battle to battle (an Enemy's are new)
    m = Machine.start(ambush, 2, 1, log=[], variables={"dazed": 1})
    pick(m, "Stout")
    pick(m, "Swift")
    assert [m.state["sv"][s]["dazed"] for s in range(2)] == [0, 0]
