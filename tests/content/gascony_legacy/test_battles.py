"""Every Battle of the four Acts, played on its own by random bots, comes to an end."""

from __future__ import annotations

import pytest

from runtime.agents import make_agent
from runtime.program import Program
from runtime.session import play_game
from tests.content.conftest import compiled_pack

SCENARIOS = [
    "the-jolly-miller",
    "roadside-ambush",
    "the-amiens-inn",
    "the-calais-road",
    "buckingham-gardens",
    "the-jewellers-workshop",
    "the-thames-docks",
    "the-paris-streets",
    "the-palace-gate",
    "the-grand-staircase",
    "the-ballroom",
]


def test_the_list_names_every_battle_but_the_convent_yard():
    scenarios = set(compiled_pack("gascony-legacy").game.scenarios)
    assert scenarios == set(SCENARIOS) | {"the-convent-yard"}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_bots_fight_the_battle_to_its_end(scenario):
    program = Program(compiled_pack("gascony-legacy").game, scenario)
    agents = [make_agent("random", program) for _ in range(2)]
    m, _ = play_game(program, 2, 1, agents)
    assert m.over and not m.state["result"].get("capped")
    assert m.state["round"] > 1  # no objective holds before the fighting starts
