"""Win conditions are checked as soon as anything changes, on the seat's own turn."""

from __future__ import annotations

from runtime.deal import arrange
from tests.runtime.conftest import pick, start


def test_winning_the_moment_the_condition_holds(skirmish):
    m = start(skirmish)
    arrange(m, {"hand:0": ["gem"] * 5, "draw": ["gem"], "imp-box": ["imp"]}, spare="discard")
    assert not m.over
    pick(m, "Draw a card")
    assert m.over and m.state["result"]["winners"] == [0]
    assert m.decision is None


def test_the_condition_counts_only_for_the_active_seat(skirmish):
    m = start(skirmish)
    arrange(m, {"hand:1": ["gem"] * 7, "imp-box": ["imp"], "hand:0": []})
    assert not m.over  # five gems, but not on seat 1's turn
    pick(m, "End your turn")
    assert m.over and m.state["result"]["winners"] == [1]


def test_a_knocked_down_hero_cannot_win(skirmish):
    m = start(skirmish)
    m.state["sv"][0]["down"] = True
    arrange(m, {"hand:0": ["gem"] * 7, "imp-box": ["imp"]})
    assert not m.over
