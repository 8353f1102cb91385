"""Pepin Milkfrog at Chump level, fought to the end by bots: the Ruffian plays its action
deck, the townsfolk swing their weapons, and the fight ends in a win or a loss."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.agents import make_agent
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.session import agent_rng, play_game
from runtime.views import view

PACK = Path(__file__).parents[3] / "content" / "townsfolk-tussle"
# the scenario's outcomes, and the rules' own loss (tested first, on the same condition)
ENDINGS = {"Pepin Milkfrog is beaten.", "Every townsfolk is knocked out.",
           "Every townsfolk has been knocked out."}


@pytest.fixture(scope="module")
def chump():
    return load_program(PACK, "pepin-milkfrog-chump")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_chump_fight_plays_to_a_win_or_a_loss(chump, seed):
    agents = [make_agent("random", chump), make_agent("heuristic", chump)]
    m, _ = play_game(chump, 2, seed, agents)
    result = m.state["result"]
    assert not result.get("capped") and result["reason"] in ENDINGS
    pepin = next(p for p in m.state["pieces"] if p[0] == "pepin-milkfrog")
    if result["winners"]:
        assert pepin[2] is None and m.value("ruffian_down", 0)
    else:
        assert m.value("townsfolk_standing", 0) == 0 and pepin[4] > 0


def test_the_ruffian_acts_from_its_deck_and_the_townsfolk_fight_back(chump):
    log: list = []
    agents = [make_agent("heuristic", chump), make_agent("heuristic", chump)]
    m = Machine.start(chump, 2, 4, log=log)
    while not m.over:
        seat = m.decision["seat"]
        m.answer(agents[seat].choose(view(m, seat), m.decision, agent_rng(4, seat, len(log))))
    played = [e for e in log if e["e"] == "move" and e.get("from") == "action-deck"]
    assert played and all(e["to"] == "action-discard" for e in played)
    hurt = {e.get("seat") for e in log if e["e"] == "damage"}
    assert None in hurt and hurt & {0, 1}  # blows both ways: at Pepin's piece and at seats
