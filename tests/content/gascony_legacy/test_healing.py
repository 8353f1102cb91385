"""Healing Wounds and Loot items, played through the runtime: a heal turns broken hearts back
to gold (rulebook, "Healing Wounds"), and the Loot a Character holds beside the board can be
used (the Battle Round example's Cross gives back a Destiny token). Before, `heal` raised a
`health` this game does not have, so nothing healed, and Loot items were never offered."""

from __future__ import annotations

from runtime.machine import Machine
from tests.content.gascony_legacy.test_battle_round_example import ATHOS, street  # noqa: F401
from tests.runtime.conftest import labels, pick


def hand_over(m: Machine, card_id: str, seat: int) -> None:
    """Put a copy of Loot `card_id` beside `seat`'s board."""
    zone, inst = next((z, i) for z, cards in m.state["zones"].items() for i in cards
                      if m.state["ids"][i] == card_id and not z.startswith("items"))
    m.state["zones"][zone].remove(inst)
    m.state["zones"][f"items:{seat}"].append(inst)
    m.state["loc"][inst] = f"items:{seat}"


def test_the_wine_flask_heals_one_wound(street):
    m = street
    hand_over(m, "wine-flask", ATHOS)
    m.state["sv"][ATHOS]["wounds"] = 2
    pick(m, "Seat 1 plays next")
    assert "Wine Flask: A Long Pull" in labels(m)
    pick(m, "Wine Flask: A Long Pull")
    assert m.state["sv"][ATHOS]["wounds"] == 1
    assert "Wine Flask: A Long Pull" not in labels(m)  # discarded


def test_a_heal_never_flips_more_than_the_broken_hearts(street):
    m = street
    hand_over(m, "wine-flask", ATHOS)
    pick(m, "Seat 1 plays next")
    pick(m, "Wine Flask: A Long Pull")
    assert m.state["sv"][ATHOS]["wounds"] == 0


def test_the_cross_gives_back_a_destiny_token(street):
    m = street
    hand_over(m, "cross", ATHOS)
    pick(m, "Seat 1 plays next")
    pick(m, next(label for label in labels(m) if label.startswith("Cross")))
    assert m.state["sv"][ATHOS]["destiny_tokens"] == 1


def test_a_mana_burst_stone_heals_a_wound(street):
    m = street
    m.state["sv"][ATHOS]["wounds"] = 3
    m.state["gv"]["stones_mana"] = 1
    pick(m, "Seat 1 plays next")
    pick(m, "Spend a Mana Burst stone")
    pick(m, "Heal 1 Wound")
    assert m.state["sv"][ATHOS]["wounds"] == 2
