"""Position scores for bots: rivals score against the best other seat, a party scores as one."""

from __future__ import annotations

from runtime.agents.evaluation import WIN, raw, scores, worth
from runtime.simulate import _write_values as write_values
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


def test_a_weight_by_steps_counts_each_seat_s_units_with_diminishing_returns(tally):
    """`gold: [4.0, 1.5]`: a seat's first gold 4, its second 1.5, any more nothing; a game
    value by steps once for the party. So a party scores higher with its gold spread."""
    m = start(tally, players=2)
    table = {"gold": [4.0, 1.5], "bell": [1.0, 0.5]}
    m.state["gv"]["bell"] = 3
    m.state["sv"][0]["gold"], m.state["sv"][1]["gold"] = 3, 1
    assert [raw(m, s, {"gold": [4.0, 1.5]}) for s in range(2)] == [5.5, 4.0]
    assert scores(m, table) == [5.5 + 4.0 + 1.5] * 2
    m.state["sv"][0]["gold"], m.state["sv"][1]["gold"] = 2, 2
    assert scores(m, table) == [5.5 + 5.5 + 1.5] * 2
    m.state["sv"][0]["gold"], m.state["sv"][1]["gold"] = 4, 0
    assert scores(m, table) == [5.5 + 1.5] * 2


def test_steps_read_part_units_and_amounts_below_zero():
    assert worth([4.0, 1.5], 0) == 0
    assert worth([4.0, 1.5], 0.5) == 2.0
    assert worth([4.0, 1.5], 1.5) == 4.75
    assert worth([4.0, 1.5], 7) == 5.5
    assert worth([4.0, 1.5], -2) == -8.0
    assert worth(1.5, 3) == 4.5


def test_simulate_s_written_seat_values_read_steps_as_the_bots_do(tally):
    m = start(tally, players=3)
    for seat, gold in enumerate((0, 1, 4)):
        m.state["sv"][seat]["gold"] = gold
    table = {"gold": [4.0, 1.5], "doom": -1.0}
    m.state["sv"][1]["doom"] = 2
    assert write_values(tally, table)(m) == [raw(m, s, table) for s in range(3)] == [0.0, 2.0, 5.5]
