"""Gascony's dice and weapon rules played through the runtime: Doom and Despair, the Prowess
stone's die and second weapon, Destiny after a Challenge roll."""

from __future__ import annotations

from tests.content.gascony_legacy.test_battle_round_example import (  # noqa: F401 (fixture)
    ATHOS,
    PORTHOS,
    THIRD_GUARD,
    events,
    load,
    street,
)
from tests.runtime.conftest import labels, pick


def equip(m, seat: int, card_id: str) -> None:
    inst = next(i for i, c in enumerate(m.state["ids"]) if c == card_id
                and m.state["loc"][i] in ("starting-weapons", "equipment"))
    m.state["zones"][m.state["loc"][inst]].remove(inst)
    m.state["zones"][f"equipped:{seat}"].append(inst)
    m.state["loc"][inst] = f"equipped:{seat}"


def test_doom_makes_a_6_count_1_and_covers_the_talent(street):
    m = street
    m.state["sv"][ATHOS]["doom"] = 1
    pick(m, "Seat 1 plays next")
    assert "Use Your Talent" not in labels(m)
    load(m, [6, 6, 1])
    pick(m, "Attack")
    assert events(m, "count")[-1]["successes"] == 2  # two 6s, 1 success each
    assert m.state["pieces"][THIRD_GUARD][4] == 1  # Wounded, not Defeated (3 needed)


def test_despair_rolls_a_die_fewer_and_covers_the_support(street):
    m = street
    m.state["sv"][ATHOS]["despair"] = 1
    pick(m, "Seat 1 plays next")
    assert "Use Your Support Ability" not in labels(m)
    pick(m, "Attack")
    assert [len(e["faces"]) for e in events(m, "roll") if e["dice"] == "d6"] == [2]  # Prowess 3


def test_an_altruism_stone_first_lifts_the_doom_covering_the_talent(street):
    m = street
    m.state["sv"][ATHOS]["doom"] = 1
    m.state["gv"]["stones_altruism"] = 1
    pick(m, "Seat 1 plays next")
    pick(m, "Spend an Altruism stone")
    assert m.state["sv"][ATHOS]["doom"] == 0
    assert "Use Your Talent" in labels(m)


def test_the_prowess_stone_adds_a_die_to_the_attack(street):
    m = street
    m.state["gv"]["stones_prowess"] = 1
    pick(m, "Seat 1 plays next")
    pick(m, "Spend a Prowess stone")
    pick(m, "Add 1 die to your Attack this turn")
    pick(m, "Attack")
    assert [len(e["faces"]) for e in events(m, "roll") if e["dice"] == "d6"] == [4]  # 3 + 1


def test_a_second_attack_needs_a_second_weapon(street):
    """With the Rapier alone, a Prowess stone gives no second attack."""
    m = street
    m.state["gv"]["stones_prowess"] = 2
    pick(m, "Seat 1 plays next")
    load(m, [1, 1, 1])
    pick(m, "Attack")
    pick(m, "Spend a Prowess stone")
    # no weapon is left to strike: the extra die, the one choice left, was taken at once
    assert m.decision["kind"] == "turn" and m.state["sv"][ATHOS]["prowess_bonus"] == 1
    assert len(events(m, "attack")) == 1


def test_two_one_handed_weapons_strike_once_each(street):
    m = street
    equip(m, ATHOS, "stiletto")
    m.state["pieces"][ATHOS][5] = 0
    m.state["gv"]["stones_prowess"] = 1
    pick(m, "Seat 1 plays next")
    load(m, [1, 1, 1, 1, 1, 1])
    pick(m, "Attack")
    pick(m, "Rapier")
    pick(m, "Spend a Prowess stone")
    pick(m, "Attack with your other weapon")  # the Stiletto: the only one left, no choice
    strikes = [(e["strikes"], e["attacker"]) for e in events(m, "attack")]
    assert strikes == [(1, ATHOS), (1, ATHOS)]
    assert "Attack" not in labels(m)


def test_porthos_holds_destiny_for_after_the_roll(street):
    """Destiny is no action of its own any more: it is offered after the roll, before it counts."""
    m = street
    m.state["sv"][PORTHOS]["destiny_tokens"] = 2
    pick(m, "Seat 2 plays next")
    assert not any("Destiny" in label for label in labels(m))
