"""Gear on a figure: slotted zones (a 2-handed piece fills both hands), stat bonuses while a
card is worn, a variable capped by another (health under max_hp), cards in play only when
they match, a move split around other actions, knocked-down figures lifted off the board,
and ties between characters rolled off."""

from __future__ import annotations

import pytest

from runtime.loading import load_program
from runtime.ops.variables import write
from runtime.targets import enemies_of
from runtime.zones import move
from tests.runtime.conftest import FIXTURES, cards, labels, pick, start


@pytest.fixture(scope="module")
def outfit():
    return load_program(FIXTURES / "outfit", scenario="brawl")


def deployed(program, cells=("A1", "E1")):
    """Two seats on the field (seat 1's turn, nothing worn yet)."""
    m = start(program, players=2, log=[])
    for cell in cells:
        pick(m, cell)
    return m


def wear(m, name: str) -> None:
    pick(m, "Wear")
    pick(m, name)


def test_a_two_handed_piece_pushes_both_hands_out_and_a_one_handed_one_the_two_handed(outfit):
    m = deployed(outfit)
    wear(m, "Sword")
    wear(m, "Club")
    assert cards(m, "worn:0") == ["sword", "club"]
    wear(m, "Pike")
    assert cards(m, "worn:0") == ["pike"]
    assert {"sword", "club"} <= set(cards(m, "pack:0"))
    wear(m, "Sword")
    assert cards(m, "worn:0") == ["sword"] and "pike" in cards(m, "pack:0")


def test_a_full_one_slot_swaps_and_a_card_with_no_slot_stays_out(outfit):
    m = deployed(outfit)
    wear(m, "Helm")
    wear(m, "Cap")
    assert cards(m, "worn:0") == ["cap"] and "helm" in cards(m, "pack:0")
    charm = next(i for i in m.state["zones"]["pack:0"] if m.state["ids"][i] == "charm")
    assert move(m, charm, "worn:0") is False and m.state["loc"][charm] == "pack:0"


def test_worn_gear_gives_its_bonus_and_taking_it_off_lowers_what_it_capped(outfit):
    m = deployed(outfit)
    assert (m.value("max_hp", 0), m.value("health", 0)) == (3, 3)
    wear(m, "Helm")
    assert (m.value("max_hp", 0), m.value("health", 0)) == (5, 3)  # no health gained
    pick(m, "Rest")
    assert m.value("health", 0) == 5  # healing stops at the raised bar, not at 8
    pick(m, "Take off")  # the helm, the only piece worn
    assert (m.value("max_hp", 0), m.value("health", 0)) == (3, 3)  # the bar fell, and health


def test_a_bonus_to_actions_and_moves_counts_at_once(outfit):
    m = deployed(outfit)
    wear(m, "Cap")
    assert m.value("mox", 0) == 3
    wear(m, "Pike")
    assert m.value("steps", 0) == 4
    wear(m, "Helm")  # pushes the cap out: its MOX goes with it
    assert m.value("mox", 0) == 2


def test_a_capped_variable_never_goes_above_its_cap(outfit):
    m = deployed(outfit)
    write(m, "health", 0, 7)
    assert m.value("health", 0) == 3


def test_gear_in_the_pack_is_not_in_play_unless_it_matches(outfit):
    m = deployed(outfit)
    assert "Charm: Rub" in labels(m)  # a charm works from the pack
    assert "Sword: Slash" not in labels(m)  # a weapon only when worn
    m.state["pieces"][2][2:4] = [0, 1]  # the brute next to seat 1 (A2)
    wear(m, "Sword")
    assert "Sword: Slash" in labels(m)


def test_a_move_is_split_around_other_actions_and_spends_what_it_walks(outfit):
    m = deployed(outfit)
    assert m.value("steps_left", 0) == 3
    pick(m, "Walk")
    assert "A1" not in labels(m)  # a move of no cells is no move
    pick(m, "B1")
    assert m.value("steps_left", 0) == 2 and "Walk" in labels(m)
    pick(m, "Rest")
    pick(m, "Walk")
    pick(m, "B3")
    assert m.value("steps_left", 0) == 0 and "Walk" not in labels(m)
    assert [r[2:4] for r in m.state["pieces"] if r[1] == 0] == [[1, 2]]


def test_a_move_with_nowhere_to_go_is_not_offered(outfit):
    # offered, it would cost nothing and change nothing: a search that picks it once picks
    # it for ever
    m = deployed(outfit)
    rows = m.state["pieces"]
    rows[0][2:4], rows[1][2:4], rows[2][2:4] = [0, 1], [1, 1], [0, 0]  # A2, friend B2, brute A1
    m.state["sv"][0]["steps_left"] = 1  # the well on A3: every square in reach is held
    m.state["decision"] = None
    m.run()
    assert "Walk" not in labels(m)
    m.state["sv"][0]["steps_left"] = 2  # through the friend on B2 to a free square
    m.state["decision"] = None
    m.run()
    assert "Walk" in labels(m)
    pick(m, "Walk")
    assert set(labels(m)) == {"B1", "C2", "B3"}


def test_a_knocked_down_figure_leaves_the_board_takes_no_turns_and_is_not_a_target(outfit):
    m = deployed(outfit)
    first = m.state["pieces"][0]
    assert first[1] == 0
    m.state["sv"][0]["health"] = 1
    first[2:4] = [2, 2]  # C3, next to the brute on C4
    pick(m, "End your turn")
    pick(m, "End your turn")  # the round ends: the brute smashes the closest, seat 1
    assert m.value("down", 0) and first[2] is None
    assert [e for e in m.log if e["e"] == "lift"] == [{"e": "lift", "seat": 0}]
    brute = next(i for i, r in enumerate(m.state["pieces"]) if r[0] == "brute")
    assert [m.state["pieces"][i][1] for i in enemies_of(m, brute)] == [1]
    assert m.decision["seat"] == 1  # seat 1 is skipped: seat 2 opens the next round


def test_a_tie_between_characters_is_rolled_off_not_chosen(outfit):
    m = deployed(outfit, cells=("A1", "E1"))
    m.state["pieces"][2][2:4] = [2, 2]  # the brute on C3: seats 1 and 2 both two cells away
    before = len(m.log)
    pick(m, "End your turn")
    pick(m, "End your turn")
    after = m.log[before:]
    rolls = [e for e in after if e["e"] == "roll"]
    assert len(rolls) >= 2 and {e["seat"] for e in rolls} == {0, 1}
    assert not any(e["e"] == "decision" and e["kind"] == "piece" for e in after)
    hit = [e for e in after if e["e"] == "damage"]
    last = {e["seat"]: e["total"] for e in rolls[-2:]}
    assert [e["seat"] for e in hit] == [max(last, key=last.get)]


def test_terrain_abilities_are_offered_next_to_an_obstacle_or_inside_a_feature(outfit):
    m = deployed(outfit)
    assert not [label for label in labels(m) if label.startswith(("Well", "Spring", "Crate"))]
    me = next(r for r in m.state["pieces"] if r[1] == 0)
    me[2:4] = [0, 1]  # A2: next to the well on A3
    m.state["decision"] = None
    m.run()
    assert "Well: Draw Water" in labels(m) and "Spring: Drink" not in labels(m)
    me[2:4] = [1, 4]  # B5: in the spring
    m.state["decision"] = None
    m.run()
    assert "Spring: Drink" in labels(m) and "Well: Draw Water" not in labels(m)
    pick(m, "Spring: Drink")
    assert m.value("steps_left", 0) == 5 and "Spring: Drink" not in labels(m)  # once a turn


def test_a_terrain_ability_can_take_its_own_piece_off_the_board(outfit):
    m = deployed(outfit)
    assert m.state["terrain"] == [["crate", 4, 2]]
    me = next(r for r in m.state["pieces"] if r[1] == 0)
    me[2:4] = [4, 1]  # E2, next to the crate on E3
    m.state["decision"] = None
    m.run()
    pick(m, "Crate: Smash")
    assert m.state["terrain"] == [] and "Crate: Smash" not in labels(m)
    assert [e for e in m.log if e["e"] == "remove-terrain"] == [
        {"e": "remove-terrain", "terrain": "crate", "cell": [4, 2]}]


def test_a_card_held_as_an_item_offers_its_abilities_and_answers_windows(outfit):
    m = deployed(outfit)
    assert m.value("mornings", 0) == 1  # Early Riser answered as the turn began
    pick(m, "Scout: Dash")
    assert m.value("steps_left", 0) == 5 and m.state["actions"] == 1
    assert "Scout: Dash" not in labels(m)  # once a turn
    assert [e["name"] for e in m.log if e["e"] == "ability" and e["seat"] == 0] == [
        "Early Riser", "Dash"]
