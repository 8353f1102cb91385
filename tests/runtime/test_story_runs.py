"""Story runs: card conditions pass a card over, the step cap ends endless stories, simulated
runs count cards and choices, and simulated endings agree with the exact odds."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from compiler import compile_pack
from compiler.analysis.story_odds import ending_odds
from compiler.analysis.story_state import explore
from compiler.analysis.story_world import build_world
from gamesmith.cli import app
from runtime.figures import wilson
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.simulate import simulate
from tests.runtime.conftest import FIXTURES, labels, pick

PACK = FIXTURES / "story_loops"
runner = CliRunner()


@pytest.fixture(scope="module")
def lanes():
    return load_program(PACK, story="lanes")


def test_a_card_whose_if_fails_is_passed_over_to_its_goto(lanes):
    m = Machine.start(lanes, 1, 1, log=[])
    pick(m, "Go to the well")  # coins 1: card 2 needs 2
    assert m.state["story"]["card"] == "1" and labels(m) == ["Go to the well", "Walk the lanes"]
    passed = [e for e in m.log if e["e"] == "link" and e["at"] == "2"]
    assert passed and passed[0]["via"].startswith("passed over")
    assert not [e for e in m.log if e["e"] == "story" and e["at"] == "2"]  # its text unread
    pick(m, "Go to the well")  # coins 2: now the card applies
    assert m.state["story"]["card"] == "2" and labels(m) == ["Drink", "Let go of the rope"]


def test_an_endless_story_is_stopped_by_the_step_cap():
    m = Machine.start(load_program(PACK, story="endless"), 1, 1, log=[])
    assert m.over
    result = m.state["result"]
    assert result["capped"] and result["winners"] == []
    assert "step cap" in result["reason"] and "after 1000 cards" in result["reason"]


def test_simulation_counts_cards_and_choices_and_names_what_it_never_reached():
    report = simulate(PACK, load_program(PACK, story="endless"), 1, 2, 1, ["random"]).to_json()
    hits = report["story"]
    assert hits["cards"] == {"1": 1000, "2": 1000, "3": 0}  # 2 games, 1000 cards each
    assert hits["cards_never_reached"] == ["3"]
    lanes = simulate(PACK, load_program(PACK, story="lanes"), 1, 50, 1, ["random"]).to_json()
    hits = lanes["story"]
    assert hits["cards"]["1"] >= 50 and hits["cards_never_reached"] == []
    taken = hits["choices"]
    assert taken["1#1"] + taken["1#2"] == hits["cards"]["1"]  # one choice per reading


@pytest.mark.parametrize(("story", "battles", "victory"), [
    ("lanes", "play", "5/16"),  # worked by hand: V(0) = 5/16
    ("duel", "random", "2/5"),  # V = 1/2 (1/3 + V/3 + 1/12) + 1/8 (2 dice, 2 successes)
])
def test_simulated_endings_agree_with_the_exact_odds(story, battles, victory):
    result = compile_pack(PACK)
    space = explore(result.game.stories[story], build_world(result.units))
    exact = ending_odds(space)
    assert str(exact["victory"]) == victory and sum(exact.values()) == 1
    games = 1500
    program = load_program(PACK, story=story, battles=battles)
    report = simulate(PACK, program, 1, games, 7, ["random"]).to_json()
    for ending, chance in exact.items():
        lo, hi = wilson(report["endings"].get(ending, 0), games, z=3.29)  # a 99.9% interval
        assert lo <= chance <= hi, (ending, report["endings"], float(chance))


def test_story_odds_and_coverage_commands(tmp_path: Path):
    odds = runner.invoke(app, ["story", "odds", str(PACK), "--story", "lanes"])
    assert odds.exit_code == 0, odds.output
    assert "5/16" in odds.output and "11/16" in odds.output
    weighted = runner.invoke(app, ["story", "odds", str(PACK), "--story", "lanes",
                                   "--weight", "2=1,0", "-f", "json"])
    assert weighted.exit_code == 0, weighted.output
    # a reader who always drinks at the well wins more often than one who picks at random
    endings = json.loads(weighted.output)["endings"]
    assert Fraction(endings["victory"]["exact"]) > Fraction(5, 16)
    covered = runner.invoke(app, ["story", "coverage", str(PACK), "--story", "lanes"])
    assert covered.exit_code == 0 and "every card and branch is covered" in covered.output
    missed = runner.invoke(app, ["story", "coverage", str(PACK), "--story", "endless"])
    assert missed.exit_code == 1 and "card 3: no path reaches it" in missed.output
    # wide enough that the error box does not wrap the hint, however long the pack's path
    bad = runner.invoke(app, ["story", "odds", str(PACK), "--story", "lane"],
                        env={"COLUMNS": "300"})
    assert bad.exit_code == 2 and "did you mean 'lanes'" in bad.output
