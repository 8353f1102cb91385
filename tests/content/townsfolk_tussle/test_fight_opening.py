"""The fight's opening, through the runtime: every townsfolk starts the fight at its own
full HP (the opening heal works its amount out per townsfolk, `per-target`)."""

from __future__ import annotations

from pathlib import Path

from runtime.agents import make_agent
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.session import agent_rng
from runtime.views import view

PACK = Path(__file__).parents[3] / "content" / "townsfolk-tussle"


def test_each_townsfolk_starts_the_fight_at_its_own_max_hp():
    program = load_program(PACK)
    log: list = []
    agents = [make_agent("heuristic", program) for _ in range(3)]
    m = Machine.start(program, 3, 1, log=log)
    while not m.over and m.value("phase", 0) != "fight":
        seat = m.decision["seat"]
        m.answer(agents[seat].choose(view(m, seat), m.decision, agent_rng(1, seat, len(log))))
    assert not [e for e in log if e["e"] == "damage"]  # nothing has hit anyone yet
    tops = [m.value("max_hp", s) for s in range(3)]
    # the seed seats a townsfolk with more max HP than the active seat's: a heal by the
    # active seat's max HP would leave it short
    assert max(tops) > tops[m.state["active"]]
    assert [m.value("health", s) for s in range(3)] == tops
