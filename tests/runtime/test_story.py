"""Stories walked by the party: text, effects, choices with conditions, challenges, battles
fought or resolved by --battle-outcome, flags and items across cards, endings; logs replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from gamesmith.cli import app
from runtime.agents import make_agent
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.session import play_game
from runtime.state import copy_state, state_hash
from runtime.story import where
from tests.gamesmith.test_cli import readme_pack  # noqa: F401 (a fixture)
from tests.runtime.conftest import FIXTURES, labels, pick

PACK = FIXTURES / "story"
GASCONY = Path(__file__).resolve().parents[2] / "content" / "gascony-legacy"
runner = CliRunner()


@pytest.fixture(scope="module")
def road():
    return load_program(PACK, story="road")


def walk(program, seed: int = 1, **variables) -> Machine:
    return Machine.start(program, 1, seed, log=[], variables=variables or None)


def events(m: Machine, kind: str) -> list[dict]:
    return [e for e in m.log if e["e"] == kind]


def test_text_is_public_effects_run_and_choices_obey_their_conditions(road):
    m = walk(road)
    gate = events(m, "story")[0]
    assert gate["at"] == "1" and "toll keeper" in gate["text"] and "seen" not in gate
    assert m.value("coins", 0) == 2  # the card's `do` ran before its choices
    # the flag-only choice is not offered: flag('paid') does not hold yet
    assert m.decision["kind"] == "choice" and m.decision["seat"] == 0
    assert labels(m) == ["Pay the toll", "Climb the wall"]


def test_flags_and_items_persist_through_a_battle_to_victory(road):
    m = walk(road)
    pick(m, "Pay the toll")
    assert m.state["items"][0] == ["token"] and m.state["flags"] == ["paid"]
    assert m.value("coins", 0) == 0
    assert m.program.scenario == "ambush" and m.state["story"]["battle"] == "ambush"
    pick(m, "A1")  # deploy in the scenario's start area, as for any battle
    m.state["gv"]["foes_left"] = 0
    pick(m, "Walk")  # the rout objective holds: the battle ends, the story goes on
    assert m.program.scenario is None and m.state["story"]["battle"] is None
    assert not m.state["pieces"] and events(m, "battle-end")[0]["outcome"] == "rout"
    assert labels(m) == ["Show the toll token", "Walk on"]  # flag('paid') and has('token')
    pick(m, "Show the toll token")
    assert m.over and m.state["result"]["winners"] == [0]
    assert m.state["result"]["ending"] == "victory" and m.state["story"]["ending"] == "victory"


def test_a_lost_battle_follows_its_defeat_link(road):
    m = walk(road)
    pick(m, "Pay the toll")
    pick(m, "A1")
    m.state["gv"]["fallen"] = 1
    pick(m, "Walk")
    assert m.over and m.state["result"]["winners"] == []
    assert m.state["story"]["card"] == "9" and m.state["result"]["ending"] == "defeat"


def test_any_ending_but_defeat_is_a_win(road):
    m = walk(road)
    pick(m, "Pay the toll")
    pick(m, "A1")
    m.state["gv"]["foes_left"] = 0
    pick(m, "Walk")
    pick(m, "Walk on")
    assert m.state["result"]["winners"] == [0] and m.state["result"]["ending"] == "turned-away"


def test_challenges_pass_and_fail_by_the_seeded_dice(road):
    seen = set()
    for seed in range(12):
        m = walk(road, seed, coins=0)  # one coin after the card: only the wall is open
        (roll,) = events(m, "roll")
        (challenge,) = events(m, "challenge")
        assert roll["dice"] == "d6" and len(roll["faces"]) == 2  # luck 2: two dice
        assert challenge["successes"] == sum(f >= 5 for f in roll["faces"])
        passed = challenge["passed"]
        assert passed == (challenge["successes"] >= 1)
        assert m.state["story"]["card"] == ("4" if passed else "9")
        assert m.over != passed  # passed: into the battle; failed: the road is lost
        assert walk(road, seed, coins=0).log == m.log  # the same seed, the same dice
        seen.add(passed)
    assert seen == {True, False}


@pytest.mark.parametrize("outcome, card", [("victory", "5"), ("defeat", "9")])
def test_battle_outcome_option_resolves_without_fighting(outcome, card):
    program = load_program(PACK, story="road", battles=outcome)
    m = walk(program)
    pick(m, "Pay the toll")
    assert m.state["story"]["card"] == card and "pieces" not in m.state
    assert events(m, "battle")[0] == {"e": "battle", "scenario": "ambush", "outcome": outcome,
                                      "fought": False}


def test_random_battle_outcomes_are_seeded_chance():
    program = load_program(PACK, story="road", battles="random")
    reached = set()
    for seed in range(10):
        m = walk(program, seed)
        pick(m, "Pay the toll")
        reached.add(events(m, "battle")[0]["outcome"])
    assert reached == {"rout", "defeat"}


def test_a_state_inside_a_battle_resumes_with_the_battles_program(road):
    m = walk(road)
    pick(m, "Pay the toll")
    again = Machine(road, copy_state(m.state), log=[])
    assert again.program.scenario == "ambush"
    assert "fighting battle 'ambush'" in where(again) and "--battle-outcome" in where(again)
    for machine in (m, again):
        pick(machine, "A1")
        pick(machine, "Walk")
    assert state_hash(again.state) == state_hash(m.state)


def test_gascony_act_1_reaches_an_ending_with_random_battles():
    program = load_program(GASCONY, story="act-1", battles="random")
    agents = [make_agent("random", program) for _ in range(2)]
    for seed in range(4):
        m, _ = play_game(program, 2, seed, agents)
        assert m.state["story"]["ending"] in ("victory", "defeat"), m.state["result"]


def test_readme_pack_walked_by_a_script(readme_pack, tmp_path_factory):  # noqa: F811
    outside = tmp_path_factory.mktemp("walk")  # the pack folder holds only the pack
    script = outside / "walk.yaml"
    script.write_text(yaml.safe_dump(["Take the toll bridge"]))
    log = outside / "walk.jsonl"
    result = runner.invoke(app, ["play", ".", "--story", "night-walk", "--seed", "5",
                                 "--seat", f"scripted:{script}", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert "Story over at ending 'victory': the party won" in result.output
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [e["at"] for e in lines if e["e"] == "story"] == ["1", "2", "4"]
    assert [e["value"] for e in lines if e["e"] == "set"] == [1]  # the toll paid
    assert runner.invoke(app, ["replay", str(log)]).output.startswith("ok:")
    assert runner.invoke(app, ["play", "."]).exit_code == 1  # no rules: name a story


def test_cli_play_replay_and_simulate_a_story(tmp_path):
    log = tmp_path / "road.jsonl"
    played = runner.invoke(app, ["play", str(PACK), "--story", "road", "--seed", "4",
                                 "--seat", "random", "--log", str(log)])
    assert played.exit_code == 0 and "Story over" in played.output, played.output
    head = json.loads(log.read_text().splitlines()[0])
    assert head["story"] == "road" and head["battles"] == "play"
    assert runner.invoke(app, ["replay", str(log)]).output.startswith("ok:")
    simulated = runner.invoke(app, ["simulate", str(PACK), "--story", "road", "--games", "12",
                                    "--workers", "1", "--battle-outcome", "random",
                                    "--format", "json"])
    assert simulated.exit_code == 0, simulated.output
    endings = json.loads(simulated.output)["endings"]
    assert sum(endings.values()) == 12 and set(endings) <= {"victory", "turned-away", "defeat"}
    assert runner.invoke(app, ["play", str(PACK), "--story", "nowhere"]).exit_code == 2
    assert runner.invoke(app, ["play", str(PACK), "--story", "road",
                               "--battle-outcome", "maybe"]).exit_code == 2
