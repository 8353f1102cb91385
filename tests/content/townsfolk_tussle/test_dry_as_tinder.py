"""Samuel Strawman's weakness, through the runtime: once terrain has hurt him (the game's
`damaged-by-terrain` window, as terrain opens it after its DMG), every weapon hit deals
him 1 extra DMG. Two fights alike up to one townsfolk's first swing: the same roll, the
one with the weakness found deals one more."""

from __future__ import annotations

from pathlib import Path

import pytest

from runtime.agents import make_agent
from runtime.board import figure
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.session import agent_rng
from runtime.views import view
from runtime.windows import window

PACK = Path(__file__).parents[3] / "content" / "townsfolk-tussle"


@pytest.fixture(scope="module")
def field():
    return load_program(PACK, "samuel-strawman-chump")


def _first_swing(field, seed: int, terrain_hurt_him: bool) -> tuple[Machine, list[dict]]:
    """Seat 0, set down next to Samuel on its first turn, swings its starting weapon: the
    machine and what the swing logged."""
    log: list = []
    agents = [make_agent("heuristic", field) for _ in range(2)]
    m = Machine.start(field, 2, seed, log=log)
    while not any(e["e"] == "turn" and e["seat"] == 0 for e in log):
        seat = m.decision["seat"]
        m.answer(agents[seat].choose(view(m, seat), m.decision, agent_rng(seed, seat, len(log))))
    samuel = next(p for p in m.state["pieces"] if p[0] == "samuel-strawman")
    me = figure(m, 0)
    me[2], me[3] = samuel[2], samuel[3] + 2  # right below his 2 x 2 piece
    # open a window (none waits on the second name) so the turn asks again from there
    name = "damaged-by-terrain" if terrain_hurt_him else "nothing-waits-on-this"
    m.state["stack"].append(window(name, {"self": 0}))
    m.state["decision"] = None
    m.run()
    swing = next(i for i, o in enumerate(m.decision["options"]) if o["label"].endswith("Attack"))
    start = len(log)
    m.answer(swing)
    return m, log[start:]


@pytest.mark.parametrize("seed", [2, 4])
def test_once_terrain_hurts_samuel_every_hit_deals_him_one_more(field, seed):
    plain, before = _first_swing(field, seed, False)
    weak, after = _first_swing(field, seed, True)
    assert not plain.value("weakness_active", 0) and weak.value("weakness_active", 0)
    rolls = [[e["faces"] for e in events if e["e"] == "roll"] for events in (before, after)]
    assert rolls[0] == rolls[1]  # the same swing, the same die
    hits = [[e["amount"] for e in events if e["e"] == "damage" and e["seat"] is None]
            for events in (before, after)]
    assert len(hits[0]) == 1 and hits[1] == [hits[0][0] + 1]
