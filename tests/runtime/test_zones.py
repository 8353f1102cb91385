"""Zones: capacity, face up and face down, refilling the draw pile, cards leaving the game."""

from __future__ import annotations

from runtime.deal import arrange
from runtime.machine import Machine
from runtime.state import Template, copy_state, zone_for_write
from runtime.views import view
from runtime.zones import move
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


def test_a_move_on_a_fork_writes_its_own_copies_and_leaves_the_template_alone(skirmish):
    m = start(skirmish)
    arrange(m, {"hand:0": ["gem", "spark", "guard"], "table:0": ["gem"]})
    template = Template(m.state)
    hand = list(m.state["zones"]["hand:0"])
    moves = [(hand[0], "table:0", None, False),  # to another zone: both shared at first
             (hand[1], "hand:0", "up", True),  # within its zone, to the bottom: now its own
             (hand[2], "table:0", "down", True)]  # from a zone of its own to one of its own
    plain = Machine(skirmish, copy_state(m.state))
    shared = Machine(skirmish, template.fork())
    assert type(shared.state["zones"]["hand:0"]) is tuple  # (shared with the template)
    arrays_shared = Machine(skirmish, template.fork())  # its zones its own, not its arrays
    for key in ("hand:0", "table:0"):
        zone_for_write(arrays_shared.state, key)
    for inst, key, face, bottom in moves:
        assert move(plain, inst, key, face, bottom)
        for forked in (shared, arrays_shared):
            assert move(forked, inst, key, face, bottom)
            for part in ("loc", "down"):
                assert list(forked.state[part]) == plain.state[part]
            assert {k: list(v) for k, v in forked.state["zones"].items()} == plain.state["zones"]
    assert cards(plain, "table:0") == ["guard", "gem", "gem"]
    assert cards(plain, "hand:0") == ["spark"]
    again = template.fork()
    assert again["zones"]["hand:0"] == tuple(hand) and again["loc"] == tuple(m.state["loc"])
