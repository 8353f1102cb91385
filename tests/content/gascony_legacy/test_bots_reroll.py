"""A bot spending Destiny rerolls only dice that can count more: never a 6 (two successes,
the most a face counts), and under Doom (a 6 counts one) no success at all."""

from __future__ import annotations

from runtime.agents.heuristic import HeuristicAgent
from runtime.agents.rerolls import worth_rerolling
from runtime.rng import Rng
from runtime.state import Template, frozen, thawed
from runtime.views import view
from tests.content.gascony_legacy.test_battle_round_example import ATHOS, load, street  # noqa: F401
from tests.runtime.conftest import labels, pick


def athos_rolls(m, faces: list[int], doom: int = 0):
    """Athos, with Destiny to spend, attacks the Guard before him and rolls `faces`."""
    pick(m, "Seat 1 plays next")
    m.state["sv"][ATHOS]["destiny_tokens"] = 2
    m.state["sv"][ATHOS]["doom"] = doom
    load(m, faces)
    pick(m, "Attack")
    assert m.decision["kind"] == "reroll" and m.state["dice"] == faces
    return m


def sensible(m) -> list[str]:
    options = worth_rerolling(m.program, Template(thawed(frozen(m.state))), m.decision)
    return [m.decision["options"][i]["label"] for i in options]


def test_a_six_is_never_offered_to_a_bot_for_rerolling(street):
    m = athos_rolls(street, [6, 2, 6])
    assert "Reroll 2, 6, 6" in labels(m)  # the player may; a bot may not
    assert sensible(m) == ["Keep the dice", "Reroll 2"]


def test_under_doom_no_success_is_rerolled(street):
    m = athos_rolls(street, [6, 4, 2], doom=1)
    assert sensible(m) == ["Keep the dice", "Reroll 2"]


def test_the_heuristic_keeps_its_six(street):
    """Two successes Wound the Guard and three would Defeat it: the heuristic rerolls the
    misses (it rerolled the 6 too in 3 of these 8 tries, before bots were kept off it)."""
    m = athos_rolls(street, [6, 1, 2])
    assert sensible(m) == ["Keep the dice", "Reroll 2", "Reroll 1", "Reroll 1, 2"]
    agent = HeuristicAgent(m.program)
    picks = [m.decision["options"][agent.choose(view(m, ATHOS), m.decision, Rng(k))]["faces"]
             for k in range(8)]
    assert all(6 not in faces for faces in picks), picks
    assert any(picks), picks  # it does spend Destiny here, on the misses
