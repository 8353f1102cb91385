"""Board, dice, variable and game-end ops on a 5×5 arena (pieces on compiler.geometry)."""

from __future__ import annotations

import pytest

from runtime.board import board, figure
from runtime.deal import arrange
from tests.runtime.conftest import cards, labels, pick, start


@pytest.fixture
def game(arena):
    """Seat 1 at A1, seat 2 at E1, seat 1 to act."""
    m = start(arena, log=[])
    pick(m, "A1")
    pick(m, "E1")
    return m


def at(m, seat):
    piece = figure(m, seat)
    return piece[2], piece[3]


def test_setup_places_each_figure(game):
    assert at(game, 0) == (0, 0) and at(game, 1) == (4, 0)


def test_walk_offers_cells_within_reach(game):
    pick(game, "Walk")
    assert "C1" in labels(game) and "D1" not in labels(game) and "A3" in labels(game)
    pick(game, "B2")
    assert at(game, 0) == (1, 1)


def test_shove_pushes_away_up_to_the_edge(game):
    game.state["pieces"][0][2] = 2  # seat 1 stands at C1
    pick(game, "Shove")
    assert at(game, 1) == (4, 0)  # already at the edge: it cannot go further
    game.state["pieces"][1][2] = 3
    pick(game, "Shove")
    assert at(game, 1) == (4, 0)


def test_charge_arrives_and_hits_or_falls_short(game):
    pick(game, "Charge")  # three steps from A1 reach D1, next to E1
    assert at(game, 0) == (3, 0) and game.value("health", 1) == 4


def test_terrain_placed_in_play_blocks_movement(game):
    pick(game, "Build a rock")
    pick(game, "B2")
    b, _ = board(game)
    assert not b.passable((1, 1)) and game.state["terrain"] == [["rock", 1, 1]]


def test_scatter_summon_and_burn(game):
    pick(game, "Sow the purse")
    assert len(cards(game, "board")) == 5 and len(game.state["cells"]) == 5
    pick(game, "Summon a slime")
    slimes = [p for p in game.state["pieces"] if p[0] == "slime"]
    assert len(slimes) == 1 and abs(slimes[0][2]) + abs(slimes[0][3]) == 1 and slimes[0][4] == 2
    game.state["pieces"][1][2:4] = [2, 2]  # seat 2 steps into the field
    pick(game, "End your turn")
    pick(game, "Burn the field")
    assert game.value("health", 1) == 3 and game.value("health", 0) == 5


def test_challenge_rolls_a_success_pool(game):
    pick(game, "Train")
    rolls = [e for e in game.log if e["e"] == "roll"]
    outcome = [e for e in game.log if e["e"] == "challenge"][0]
    assert len(rolls[0]["faces"]) == 2
    assert game.value("score", 0) == (2 if outcome["passed"] else 1)


def test_abilities_change_the_roll_being_made(game):
    arrange(game, {"lair:0": ["charm"]}, spare="beasts")
    pick(game, "Train")
    assert len(game.state["dice"]) == 3  # a die was added
    arrange(game, {"lair:0": ["loaded-die"]}, spare="beasts")
    pick(game, "Train")
    assert game.state["successes"] == 9


def test_attack_with_a_strength_against_the_defence(game):
    pick(game, "Hit")
    assert game.value("health", 1) == 3  # strength 3 against defence 1


def test_variables_flags_items_and_statuses(game):
    pick(game, "Trade")
    assert game.value("bank", 0) == 1 and game.value("coins_held", 0) == 2
    assert game.value("defence", 0) == 3 and game.state["flags"] == ["traded"]
    assert game.state["items"][0] == ["medal"] and game.state["status"][0] == {"calm": "round"}
    pick(game, "Crown me")
    assert game.state["result"]["winners"] == [0]


def test_a_status_for_the_round_outlasts_the_turn_and_ends_with_the_round(game):
    pick(game, "Trade")
    pick(game, "End your turn")
    assert game.state["status"] == [{"calm": "round"}, {}]  # the other seat's turn: still held
    pick(game, "End your turn")
    assert game.state["round"] == 2 and game.state["status"] == [{}, {}]


def test_defence_boost_lasts_the_turn(game):
    pick(game, "Trade")
    pick(game, "End your turn")
    assert game.value("defence", 0) == 1


def test_give_heal_repeat_leader_and_play_top(game):
    pick(game, "Gift")
    assert cards(game, "hand:1") == ["medal"]
    game.state["sv"][0]["health"] = 2
    pick(game, "Feast")
    assert game.decision["prompt"] == "Leaders are tied: who leads?"
    pick(game, "Seat 1")
    assert game.value("health", 0) == 4 and game.value("score", 0) == 1
    assert len(cards(game, "discard")) == 1


def test_losing_and_defeat_end_the_game(game):
    pick(game, "Give up")
    assert game.state["result"]["winners"] == [1] and game.state["out"] == [True, False]


def test_defeating_the_other_seat(game):
    pick(game, "Topple")
    assert game.state["result"]["winners"] == [0]


def test_a_loss_condition_puts_a_seat_out(game):
    game.state["sv"][1]["health"] = 1
    pick(game, "Hit")
    assert game.state["out"][1] and game.state["result"]["winners"] == [0]


def test_the_last_round_ends_the_game_and_the_ranking_decides(game):
    game.state["sv"][1]["score"] = 3
    while not game.over:
        pick(game, "End your turn")
    assert game.state["round"] == 4 and game.state["result"]["winners"] == [1]


def test_a_tie_for_closest_is_the_acting_seats_decision(arena):
    m = start(arena, players=3)
    for cell in ("C1", "A1", "E1"):  # seat 1 between the other two, two squares from each
        pick(m, cell)
    pick(m, "Jab the closest")
    assert m.decision["seat"] == 0 and m.decision["kind"] == "piece"
    assert labels(m) == ["Seat 2 at A1", "Seat 3 at E1"]
    pick(m, "Seat 3 at E1")
    assert [m.value("health", s) for s in range(3)] == [5, 5, 4]
