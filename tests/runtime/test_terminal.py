"""What a person at the terminal reads: the board of a spatial game, why a question is
asked, options with cost and effect, rolls die by die, plain words and grammar, a hand-over
screen between people sharing the terminal, and the last events before the end."""

from __future__ import annotations

import io

from rich.console import Console
from typer.testing import CliRunner

from gamesmith.cli import app
from runtime.agents.board_view import board_text
from runtime.agents.human import HumanAgent
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.render import _zone_name, describe, event_line, option_text, roll_text
from runtime.views import view
from tests.runtime.conftest import FIXTURES


def plain(text) -> str:
    console = Console(file=io.StringIO(), width=100, force_terminal=False)
    console.print(text)
    return console.file.getvalue()


def _to_move(program) -> Machine:
    m = Machine.start(program, 2, 1)
    for _ in range(6):  # characters, deployment, then the first move
        if m.decision["prompt"] == "Move where?":
            return m
        labels = [o["label"] for o in m.decision["options"]]
        m.answer(labels.index("Walk") if "Walk" in labels else 0)
    raise AssertionError("no move offered")


def test_board_shows_coordinates_pieces_terrain_and_reachable_cells(ambush):
    m = _to_move(ambush)
    d = m.decision
    drawn = plain(board_text(ambush, view(m, d["seat"]), d))
    lines = drawn.splitlines()
    assert lines[0].split() == ["A", "B", "C", "D", "E"]
    assert lines[1].split()[0] == "1" and lines[5].split()[0] == "5"
    assert "a Goblin, 2 health" in drawn and "Rock (impassable)" in drawn
    assert "* a cell you may choose" in drawn
    offered = {o["label"] for o in d["options"]}
    assert "A2" in offered and lines[2].split()[1] == "*"  # row 2, column A


def test_no_board_for_a_game_without_one(skirmish):
    m = Machine.start(skirmish, 2, 1)
    assert board_text(skirmish, view(m, 0), m.decision) is None


def test_options_show_cost_and_what_they_do(arena):
    line = option_text(arena, {"label": "Shove", "key": "action:shove", "cost": 1})
    assert line == "Shove (1 action) — push (distance 2, target chosen-opponent)"
    assert option_text(arena, {"label": "Rest", "key": "action:x", "cost": 0}) == "Rest (free)"
    assert option_text(arena, {"label": "End your turn", "key": "end"}) == "End your turn"


def test_success_pool_rolls_show_each_die_and_which_counted(ambush):
    from runtime.story import DEFAULT_DICE

    line = roll_text(ambush, {"dice": DEFAULT_DICE.id, "faces": [6, 2, 4], "total": 12})
    assert line == "6✓ 2✗ 4✓ = 2 successes"


def test_grammar_and_zone_names(skirmish):
    fight = {"e": "fight", "attacker": 0, "defender": 1, "strength": 3, "defence": 2, "won": True}
    assert event_line(skirmish, fight, 0).startswith("You attack Seat 2")
    assert event_line(skirmish, fight, 1).startswith("Seat 1 attacks you")
    assert event_line(skirmish, {"e": "skip", "seat": 0}, 0) == "You skip a turn"
    zone = next(z for z in skirmish.zones.values() if z.per_seat)
    object.__setattr__(zone, "name", "Your haul")
    try:
        assert _zone_name(skirmish, f"{zone.id}:0", 0) == "your haul"
        assert _zone_name(skirmish, f"{zone.id}:1", 0) == "Seat 2's haul"
    finally:
        object.__setattr__(zone, "name", zone.id)


def test_variables_read_as_words(tally):
    m = Machine.start(tally, 2, 1)
    seat_var = next(n for n, v in tally.variables.items() if v.per != "game" and v.counts is None)
    m.state["sv"][0][seat_var] = 3
    text = "\n".join(describe(tally, view(m, 0)))
    assert f"{seat_var}=" not in text
    assert seat_var.replace("_", " ").capitalize() + ": 3" in text


def test_hand_over_screen_between_people_sharing_the_terminal(skirmish):
    out = io.StringIO()
    console = Console(file=out, width=100, force_terminal=False)
    answers = iter(["", "1", "", "1"])
    console.input = lambda prompt="": next(answers)
    shared: dict = {}
    people = [HumanAgent(skirmish, console), HumanAgent(skirmish, console)]
    for person in people:
        person.shared = shared
    m = Machine.start(skirmish, 2, 1)
    decision = {"seat": 0, "prompt": "Pick", "kind": "option",
                "options": [{"label": "A"}, {"label": "B"}]}
    people[0].choose(view(m, 0), decision, None)
    assert "Pass the terminal" not in out.getvalue()
    people[1].choose(view(m, 1), {**decision, "seat": 1}, None)
    assert "Pass the terminal to Seat 2." in out.getvalue()


def test_why_a_setup_question_is_asked(tmp_path):
    runner = CliRunner()
    result = runner.invoke(app, ["play", str(FIXTURES / "battle"), "--scenario", "ambush",
                                 "--seat", "human", "--seed", "1",
                                 "--save", str(tmp_path / "s.json")], input="q\n")
    assert "Why: Setting up the game" in result.output, result.output


def test_last_events_before_the_end_are_shown(tmp_path):
    runner = CliRunner()
    answers = "\n".join(["1"] * 60) + "\n"
    result = runner.invoke(app, ["play", str(FIXTURES / "story"), "--story", _story(),
                                 "--seat", "human", "--seed", "2", "--battle-outcome", "victory",
                                 "--save", str(tmp_path / "s.json")], input=answers)
    assert result.exit_code == 0, result.output
    before_end = result.output.split("Story over")[0].rstrip().splitlines()
    assert "· [6] Welcomed: You are welcomed as a guest." in before_end[-1], result.output


def _story() -> str:
    return next(iter(load_program(FIXTURES / "story").game.stories))


def test_the_documented_scripted_file_plays(ambush):
    import re

    import yaml

    from runtime.agents.scripted import ScriptedAgent

    text = (FIXTURES.parents[2] / "docs/ops.md").read_text()
    section = text[text.index("## The scripted agent's file"):]
    script = yaml.safe_load(re.search(r"```yaml\n(.*?)```", section, re.S).group(1))
    agent = ScriptedAgent(script)
    m = Machine.start(ambush, 1, 1)
    labels = []
    while agent.position < len(script):
        index = agent.choose(None, m.decision, None)
        labels.append(m.decision["options"][index]["label"])
        m.answer(index)
    assert labels == ["Stout", "A1", "Walk", "A2", "End your turn"]
