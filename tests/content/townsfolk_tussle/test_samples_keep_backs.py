"""A bot's sample of what it cannot see deals each hidden card only where a card of its pile
lies (a face-down card shows its back): Umbrello's face-down action deck is sampled from his
action cards, never from the Peddler's gear, so the round look-ahead meets his real actions."""

from __future__ import annotations

from runtime.machine import Machine
from runtime.program import Program
from runtime.rng import Rng
from runtime.views import determinise, view
from tests.content.conftest import compiled_pack


def test_a_sampled_action_deck_holds_only_the_ruffians_action_cards():
    game = compiled_pack("townsfolk-tussle").game
    prog = Program(game, "umbrello-final-fight")
    actions = {c.id for c in game.decks["umbrello-actions"].cards}
    m = Machine.start(prog, 2, 3)
    while m.decision["kind"] != "turn":
        m.answer(0)
    seen = view(m, m.decision["seat"])
    assert None in seen["zones"]["action-deck"]  # the deck lies face down
    for k in range(20):
        sample = determinise(prog, seen, Rng(k))
        deck = [sample["ids"][i] for i in sample["zones"]["action-deck"]]
        assert len(deck) == len(m.state["zones"]["action-deck"])
        assert set(deck) <= actions, sorted(set(deck) - actions)
        # every card dealt once: the sample holds the game's cards, no more, no fewer
        assert sorted(sample["ids"]) == sorted(m.state["ids"])
