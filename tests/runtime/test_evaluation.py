"""Position scores for bots: rivals score against the best other seat, a party scores as one."""

from __future__ import annotations

from runtime.agents.evaluation import WIN, scores
from tests.runtime.conftest import start


def test_a_party_shares_one_score_and_loses_together(tally):
    m = start(tally, players=2)
    m.state["sv"][0]["gold"], m.state["sv"][1]["gold"] = 3, 1
    m.state["gv"]["bell"] = 2
    # per seat values add up; the game's own value counts once
    assert scores(m, {"gold": 1.0, "bell": 1.0}) == [6.0, 6.0]
    m.state["result"] = {"winners": [], "reason": "doom falls on the whole table"}
    assert scores(m, {"gold": 1.0}) == [-WIN, -WIN]


def test_rivals_score_against_the_best_other_seat(skirmish):
    m = start(skirmish, players=3)
    for seat, hand in enumerate((5, 2, 4)):
        m.state["zones"][f"hand:{seat}"] = m.state["zones"][f"hand:{seat}"][:hand]
    sizes = [len(m.state["zones"][f"hand:{s}"]) for s in range(3)]
    best = [max(sizes[:s] + sizes[s + 1:]) for s in range(3)]
    assert scores(m, {"hand": 1.0}) == [float(sizes[s] - best[s]) for s in range(3)]
