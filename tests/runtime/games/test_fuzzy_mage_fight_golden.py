"""The rulebook's example round for four players, played by scripted agents from a fixed
deal, ends as the rulebook tells it.

Player 1 draws twice and places a magic face down. Player 2 places a magic face down and a
mineon face up, then attacks player 1 with that magic and two from his hand (5); player 1
cannot answer 5, loses two random cards and turns to essence form. Player 3 places three
magic face down. Player 4's mineon draws him a card; he attacks player 3 with one magic from
his hand, she defends with one from her battlefield (3); he then drinks a potion that draws
four cards into an empty hand and places two of them. The Garbel sits the example out.
"""

from __future__ import annotations

from runtime.agents.scripted import ScriptedAgent
from runtime.deal import arrange
from runtime.machine import Machine
from runtime.rng import Rng
from tests.runtime.conftest import cards

SCRIPTS = [
    ["Chester", "Draw a card", "Draw a card", "Place a card", "Magic", "(total 0)"],
    ["Wyatt", "Place a card", "Place any other card", "Place a card", "Place a mineon",
     "Attack a fuzzy mage", "(total 5)"],
    ["Nez", "Place a card", "Place a card", "Place a card", "(total 3)"],
    ["Philo", "Attack a fuzzy mage", "Seat 3", "Bottomless Brew", "Place a card", "Place a card"],
]


def deal(m: Machine) -> None:
    arrange(m, {
        "garbel-box": ["garbel"],
        "hand:0": ["magic", "magic", "sticky-web"],
        "hand:1": ["magic", "magic", "magic", "dust-bunny"],
        "hand:2": ["magic", "magic", "magic"],
        "hand:3": [],
        "battlefield:3": ["pocket-newt:up", "bottomless-brew:down"],
    })
    top = ["magic"] * 5 + ["quick-wit", "fizzy-pop"]  # drawn last to first
    rest = cards(m, "draw")
    for card in top:
        rest.remove(card)
    arrange(m, {"draw": rest + top})


def lying(m: Machine, key: str) -> list[tuple[str, str]]:
    return [
        (m.state["ids"][i], "down" if m.state["down"][i] else "up") for i in m.state["zones"][key]
    ]


def test_the_example_round(fmf):
    agents = [ScriptedAgent(script) for script in SCRIPTS]
    m = Machine.start(fmf, 4, 2020)  # a seed in which seat 1 wins the roll for first turn
    dealt = False
    while not (m.state["round"] == 2 and m.decision["kind"] == "turn"):
        if m.decision["kind"] == "turn" and not dealt:
            deal(m)
            dealt = True
        seat = m.decision["seat"]
        m.answer(agents[seat].choose(None, m.decision, Rng(0)))
    assert [a.position for a in agents] == [len(s) for s in SCRIPTS]

    # Player 1: beaten by 5, robbed of two cards, in essence form; her face-down magic stays
    assert cards(m, "mage:0") == ["chester-essence"] and m.value("essence", 0) is True
    assert lying(m, "battlefield:0") == [("magic", "down")]
    assert len(m.state["zones"]["hand:0"]) == 2 and cards(m, "hand:0").count("magic") <= 1
    # Player 2: his mineon stands face up, the two stolen cards are in his hand
    assert lying(m, "battlefield:1") == [("dust-bunny", "up")]
    assert sorted(cards(m, "hand:1") + cards(m, "hand:0")) == sorted(
        ["magic", "sticky-web", "fizzy-pop", "quick-wit"]
    )
    # Player 3: held with one of her three face-down magic
    assert (
        lying(m, "battlefield:2") == [("magic", "down"), ("magic", "down")]
        and cards(m, "hand:2") == []
    )
    assert m.value("essence", 2) is False
    # Player 4: mineon, two new face-down magic, two magic left in hand, the potion spent
    assert lying(m, "battlefield:3") == [
        ("pocket-newt", "up"),
        ("magic", "down"),
        ("magic", "down"),
    ]
    assert cards(m, "hand:3") == ["magic", "magic"]
    # every magic used in both fights went to the discard pile, with the potion
    assert sorted(cards(m, "discard")) == ["bottomless-brew"] + ["magic"] * 5
    # Player 1 takes her next turn in essence form: no actions, only her essence options
    assert m.state["active"] == 0 and m.state["taken"] == [1, 1, 1, 1] and m.state["actions"] == 0
    assert [o["label"] for o in m.decision["options"]] == [
        "Roll to return to fuzzy form", "Chester, essence form: Bury the Hoard", "End your turn"]
