"""The rulebook's worked example, "A Priest" (Story card 12), played through the runtime:
one Equipment card per player is drawn and offered for purchase between the cards; each
Character rolls its own Movement in dice and recovers 1 Destiny per success of its own roll,
never above its board's Destiny."""

from __future__ import annotations

import pytest

from runtime.machine import Machine
from runtime.program import Program
from tests.content.conftest import compiled_pack

SUCCESSES = {1: 0, 2: 0, 3: 0, 4: 1, 5: 1, 6: 2}
PARTY = ("Athos", "Porthos")
CHURCH = "Step into the church first and ask the way."
GO_ON = "Go on to the next card"


def _answer(m: Machine, label: str) -> None:
    labels = [o["label"] for o in m.decision["options"]]
    m.answer(labels.index(label))


def _to_card_12(seed: int, destiny: int | None):
    """Athos and Porthos with 10 Coins each, walked to A Priest; Destiny set to `destiny`
    (None: as set up) before the card, as in the example where neither is at full Destiny."""
    game = compiled_pack("gascony-legacy").game
    log: list = []
    m = Machine.start(Program(game, story="act-1"), 2, seed, log=log, variables={"coins": 10})
    for name in PARTY:
        _answer(m, name)
    if destiny is not None:
        for sv in m.state["sv"]:
            sv["destiny_tokens"] = destiny
    _answer(m, CHURCH)
    while not any(e["e"] == "story" and e["at"] == "12" for e in log):
        _answer(m, GO_ON)  # the pause before card 12: nothing to do yet
    return m, log, game


def _card_12_rolls(log: list) -> list[dict]:
    start = next(i for i, e in enumerate(log) if e["e"] == "story" and e["at"] == "12")
    end = next(i for i, e in enumerate(log) if e["e"] == "story" and e["at"] == "13") \
        if any(e["e"] == "story" and e["at"] == "13" for e in log) else len(log)
    return [e for e in log[start:end] if e["e"] == "roll"]


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_each_character_recovers_its_own_successes(seed):
    m, log, game = _to_card_12(seed, destiny=0)
    rolls = _card_12_rolls(log)
    assert [r["seat"] for r in rolls] == [0, 1]  # every Character rolls, once
    for roll, name in zip(rolls, PARTY, strict=True):
        card = next(c for c in game.cards.values() if c.name == name)
        assert len(roll["faces"]) == card.f_movement  # its own Movement in dice
        own = sum(SUCCESSES[f] for f in roll["faces"])
        assert m.state["sv"][roll["seat"]]["destiny_tokens"] == min(card.f_destiny, own)


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_destiny_never_goes_above_the_board(seed):
    m, _log, game = _to_card_12(seed, destiny=None)  # set up full: nothing more to recover
    for seat, name in enumerate(PARTY):
        card = next(c for c in game.cards.values() if c.name == name)
        assert m.state["sv"][seat]["destiny_tokens"] == card.f_destiny


def test_the_equipment_drawn_is_offered_for_purchase_between_the_cards():
    m, log, _game = _to_card_12(1, destiny=0)
    market = list(m.state["zones"]["market"])
    assert len(market) == 2  # one card per player, face up for all
    assert all(not m.state["down"][inst] for inst in market)
    assert m.decision["kind"] == "between" and m.decision["seat"] == 0
    labels = [o["label"] for o in m.decision["options"]]
    assert "Buy Equipment" in labels and GO_ON in labels
    _answer(m, "Buy Equipment")
    if m.decision["kind"] == "card":  # which of the offered cards
        m.answer(0)
    [bought] = [i for i in market if m.state["loc"][i] == "equipped:0"]
    cost = m.program.fields[m.state["ids"][bought]]["cost"]
    assert m.state["sv"][0]["coins"] == 10 - cost
    assert bought not in m.state["zones"]["market"]
