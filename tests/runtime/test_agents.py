"""Agents: random, heuristic, mcts (which only ever sees its view), scripted and human."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from runtime.agents import make_agent
from runtime.agents.human import HumanAgent, Quit
from runtime.agents.scripted import ScriptedAgent, match
from runtime.deal import arrange
from runtime.errors import RuleError
from runtime.rng import Rng
from runtime.session import play_game
from runtime.views import view
from tests.runtime.conftest import start


@pytest.mark.parametrize("spec", ["random", "heuristic", "mcts:15"])
def test_bots_play_whole_games(skirmish, spec):
    agents = [make_agent(spec, skirmish), make_agent("random", skirmish)]
    m, steps = play_game(skirmish, 2, 8, agents)
    assert m.over and steps > 0


def test_heuristic_takes_the_winning_draw(skirmish):
    m = start(skirmish)
    arrange(m, {"hand:0": ["gem"] * 5, "draw": ["gem"], "imp-box": ["imp"]}, spare="discard")
    choice = make_agent("heuristic", skirmish).choose(view(m, 0), m.decision, Rng(1))
    assert m.decision["options"][choice]["label"] == "Draw a card"


def test_mcts_prefers_the_winning_draw(skirmish):
    m = start(skirmish)
    arrange(m, {"hand:0": ["gem"] * 5, "draw": ["gem"], "imp-box": ["imp"]}, spare="discard")
    # placing a gem is nearly as good, so the budget must tell them apart (at 60 iterations
    # they tie in visits on some seeds)
    choice = make_agent("mcts:200", skirmish).choose(view(m, 0), m.decision, Rng(2))
    assert m.decision["options"][choice]["label"] == "Draw a card"


@pytest.mark.parametrize("order", [1, -1])
def test_mcts_with_a_visit_per_option_takes_the_best_scored_wherever_it_is_listed(skirmish,
                                                                                 order):
    # one iteration per option visits each once: a tie on visits, broken by the reward (it
    # took the first listed); a draw pile of gems only, so every sample draws the sixth
    m = start(skirmish)
    arrange(m, {"hand:0": ["gem"] * 5, "hand:1": [], "draw": ["gem"] * 3, "imp-box": ["imp"]},
            spare="discard")
    decision = dict(m.decision, options=m.decision["options"][::order])
    choice = make_agent(f"mcts:{len(decision['options'])}", skirmish).choose(
        view(m, 0), decision, Rng(2))
    assert decision["options"][choice]["label"] == "Draw a card"


def test_scripted_choices_by_index_label_key_and_piece():
    options = [
        {"label": "Draw a card", "key": "action:draw"},
        {"label": "End your turn", "key": "end"},
    ]
    entries = (1, "Draw a card", "end", "draw", "your", "d", "nope")
    assert [match(e, options) for e in entries] == [1, 0, 1, 0, 1, None, None]


def test_scripted_agent_stops_when_its_script_runs_out(skirmish):
    m = start(skirmish)
    agent = ScriptedAgent(["Draw a card"])
    assert agent.choose(None, m.decision, Rng(0)) == 0
    with pytest.raises(RuleError, match="no choice left"):
        agent.choose(None, m.decision, Rng(0))


def test_bad_agent_specs_are_errors(skirmish):
    for spec in ("robot", "mcts:lots", "scripted"):
        with pytest.raises(RuleError):
            make_agent(spec, skirmish)


def test_human_sees_its_table_gets_help_and_answers(skirmish):
    m = start(skirmish)
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False)
    answers = iter(["?", "9", "2"])
    console.input = lambda prompt="": next(answers)
    human = HumanAgent(skirmish, console=console)
    assert human.choose(view(m, 0), m.decision, Rng(0)) == 1
    text = out.getvalue()
    assert "1. Draw a card" in text and "Choose 1–" in text and "Round 1" in text
    lines = [line.strip() for line in text.splitlines()]
    other = lines.index("Seat 2")
    assert lines[other + 1] == "hand: 3 unseen"  # the other seat's cards are not shown


def test_human_may_quit(skirmish):
    m = start(skirmish)
    console = Console(file=io.StringIO())
    console.input = lambda prompt="": "q"
    with pytest.raises(Quit):
        HumanAgent(skirmish, console=console).choose(view(m, 0), m.decision, Rng(0))
