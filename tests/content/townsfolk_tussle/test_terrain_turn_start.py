"""Terrain that acts as a turn starts, through the runtime: the Buzzing Hive stings a
townsfolk starting its turn next to it (`answers-beside`), the Bandit Campfire one starting
inside it (`standing-answers`), and neither reaches a townsfolk elsewhere."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.agents import make_agent
from runtime.board import figure
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.session import agent_rng
from runtime.views import view

PACK = Path(__file__).parents[3] / "content" / "townsfolk-tussle"


@pytest.fixture(scope="module")
def hollow():
    return load_program(PACK, "the-bundits-chump")


def _turn_start(hollow, placed_at: tuple[int, int]) -> list:
    """Seat 0 ends its first turn standing on `placed_at`: the log from its second turn's
    start."""
    log: list = []
    agents = [make_agent("heuristic", hollow) for _ in range(2)]
    m = Machine.start(hollow, 2, 1, log=log)

    def turns() -> int:
        return sum(e["e"] == "turn" and e["seat"] == 0 for e in log)

    while turns() < 1:
        seat = m.decision["seat"]
        m.answer(agents[seat].choose(view(m, seat), m.decision, agent_rng(1, seat, len(log))))
    me = figure(m, 0)
    me[2], me[3] = placed_at
    m.answer(next(i for i, o in enumerate(m.decision["options"]) if o["key"] == "end"))
    while turns() < 2:
        seat = m.decision["seat"]
        m.answer(agents[seat].choose(view(m, seat), m.decision, agent_rng(1, seat, len(log))))
    start = max(i for i, e in enumerate(log) if e["e"] == "turn" and e["seat"] == 0)
    assert tuple(figure(m, 0)[2:4]) == placed_at  # nothing moved it meanwhile
    return log[start:]


@pytest.mark.parametrize(("cell", "ability", "fires"), [
    ((13, 8), "Swarm", True),     # next to the hive on (14, 8)
    ((8, 5), "Scorch", True),     # inside the campfire on (8, 5)-(9, 6)
    ((10, 6), "Scorch", False),   # beside the campfire, not in it
    ((12, 8), "Swarm", False),    # two squares from the hive
])
def test_terrain_acts_on_the_townsfolk_whose_turn_starts_there(hollow, cell, ability, fires):
    events = _turn_start(hollow, cell)
    used = [e for e in events if e["e"] == "ability" and e["name"] == ability]
    assert bool(used) == fires and all(e["seat"] == 0 for e in used)
    if fires:
        after = events[events.index(used[0]) + 1:]
        stung = next(e for e in after if e["e"] == "damage")
        assert (stung["seat"], stung["amount"]) == (0, 1)


@pytest.mark.parametrize(("cell", "ability"), [
    ((12, 7), "Swarm"),   # its 2 x 2 block reaches M9, next to the hive on O9
    ((8, 5), "Scorch"),   # inside the campfire
    ((2, 2), None),       # near neither
])
def test_terrain_acts_on_the_ruffian_whose_turn_starts_there(cell, ability):
    from tests.content.townsfolk_tussle.test_worked_examples import (
        fight,
        next_action,
        ruffian,
        stand,
    )

    m = fight({}, "the-bundits-chump", ["Quintus Binch", "Granny Melba"])
    bundits = ruffian(m)
    bundits[2:4] = list(cell)
    stand(m, 0, (0, 13))
    stand(m, 1, (1, 13))
    health, before = bundits[4], len(m.log)
    next_action(m, "smoke-bomb")  # they land on J7 after their turn has started
    used = [e for e in m.log[before:] if e["e"] == "ability" and e.get("terrain")]
    assert [e["name"] for e in used] == ([ability] if ability else [])
    assert bundits[4] == health - (1 if ability else 0)
    assert all(m.value("health", s) == m.value("max_hp", s) for s in (0, 1))
