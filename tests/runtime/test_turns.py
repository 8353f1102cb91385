"""Turn structure: seat order, rounds, actions with costs, extra actions and turns, skips."""

from __future__ import annotations

from runtime.deal import arrange
from tests.runtime.conftest import cards, labels, pick, start


def test_three_actions_then_the_next_seat(skirmish):
    m = start(skirmish, players=3)
    arrange(m, {"draw": ["guard", "guard", "guard"]}, spare="discard")
    assert m.decision["seat"] == 0 and m.state["actions"] == 3
    assert {"Draw a card", "Place a card", "End your turn"} <= set(labels(m))
    for _ in range(3):
        pick(m, "Draw a card")
    # no action left and nothing free to do: the turn ends by itself
    assert m.state["active"] == 1 and m.state["taken"] == [1, 0, 0]
    assert len(m.state["zones"]["hand:0"]) == 6


def test_rounds_follow_seat_order(skirmish):
    m = start(skirmish, players=2)
    seen = []
    while m.state["round"] == 1:
        seen.append(m.decision["seat"])
        pick(m, "End your turn")
    assert seen == [0, 1] and m.state["active"] == 0 and m.state["round"] == 2


def test_activated_ability_costs_actions_once_per_turn(skirmish):
    m = start(skirmish)
    arrange(
        m, {"hero:0": ["knight"], "hero:1": ["rogue"], "hand:1": ["gem", "gem"], "imp-box": ["imp"]}
    )
    pick(m, "End your turn")
    pick(m, "End your turn")  # round 2: seat 0 again, and seat 1 has played
    pick(m, "Knight: Shake Down")
    assert m.state["actions"] == 2 and len(m.state["zones"]["hand:1"]) == 1
    assert "Knight: Shake Down" not in labels(m)


def test_extra_action_from_a_free_spell(skirmish):
    m = start(skirmish)
    arrange(m, {"table:0": ["haste"]})
    assert m.state["actions"] == 3
    pick(m, "Haste: Haste")
    assert m.state["actions"] == 4 and cards(m, "discard") == ["haste"]


def test_extra_turn_is_not_a_new_round(skirmish):
    m = start(skirmish)
    arrange(m, {"table:0": ["again"]})
    pick(m, "Again: Again")
    pick(m, "End your turn")
    assert m.state["active"] == 0 and m.state["round"] == 1 and m.state["taken"][0] == 1
    pick(m, "End your turn")
    assert m.state["active"] == 1


def test_skip_turn_and_end_turn(skirmish):
    m = start(skirmish, players=3)
    m.state["skip"][1] = 1
    pick(m, "End your turn")
    assert m.state["active"] == 2
