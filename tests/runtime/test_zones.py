"""Zones: capacity, face up and face down, refilling the draw pile, cards leaving the game."""

from __future__ import annotations

from runtime.deal import arrange
from runtime.views import view
from tests.runtime.conftest import cards, labels, pick, start


def test_a_full_zone_takes_nothing_more(skirmish):
    m = start(skirmish)
    arrange(m, {"hand:0": ["gem", "spark"], "table:0": ["gem", "gem", "gem"]})
    assert "Place a card" not in labels(m)


def test_guards_lie_face_up_other_cards_face_down(skirmish):
    m = start(skirmish)
    arrange(m, {"hand:0": ["guard", "spark"], "imp-box": ["imp"]})
    pick(m, "Place a card")
    pick(m, "Place a guard face up")
    pick(m, "Place a card")  # only the spell is left, so nothing more is asked
    table = m.state["zones"]["table:0"]
    assert cards(m, "table:0") == ["guard", "spark"]
    assert [m.state["down"][i] for i in table] == [0, 1]
    other = view(m, 1)
    assert [other["ids"][i] if i is not None else None for i in other["zones"]["table:0"]] == [
        "guard",
        None,
    ]


def test_empty_draw_pile_is_refilled_from_the_discard_pile(skirmish):
    m = start(skirmish)
    arrange(m, {"draw": [], "discard": ["gem", "spark", "guard"]}, spare="removed")
    assert m.state["zones"]["draw"] == []
    pick(m, "Draw a card")
    assert len(m.state["zones"]["draw"]) == 2 and m.state["zones"]["discard"] == []
    assert all(m.state["down"][i] for i in m.state["zones"]["draw"])


def test_a_card_taken_back_from_the_discard_pile_leaves_the_game_next_time(skirmish):
    m = start(skirmish)
    arrange(m, {"table:0": ["recall"], "discard": ["haste"], "hand:0": ["gem"]})
    pick(m, "Recall: Recall")  # recall goes to the discard pile, then a spell comes back
    pick(m, "Haste")
    assert "haste" in cards(m, "hand:0") or "recall" in cards(m, "hand:0")
    back = "haste" if "haste" in cards(m, "hand:0") else "recall"
    inst = next(i for i in m.state["zones"]["hand:0"] if m.state["ids"][i] == back)
    assert m.state["redirect"] == {str(inst): {"discard": "removed"}}
    from runtime.zones import move

    move(m, inst, "discard")
    assert m.state["loc"][inst] == "removed" and m.state["redirect"] == {}
