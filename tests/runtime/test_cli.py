"""The play, simulate and replay commands."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from gamesmith.cli import app
from tests.runtime.conftest import FIXTURES

PACK = str(FIXTURES / "skirmish")
runner = CliRunner()


def test_play_with_bots_only_runs_to_the_end_and_replays(tmp_path):
    log = tmp_path / "game.jsonl"
    result = runner.invoke(
        app,
        ["play", PACK, "--players", "3", "--seat", "heuristic", "--seed", "7", "--log", str(log)],
    )
    assert result.exit_code == 0, result.output
    assert "Game over" in result.output and (tmp_path / "game.save.json").exists()
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and replayed.output.startswith("ok:")


def test_play_human_quits_and_resumes(tmp_path):
    save = tmp_path / "s.json"
    first = runner.invoke(
        app, ["play", PACK, "--seat", "human", "--seed", "3", "--save", str(save)], input="1\nq\n"
    )
    assert first.exit_code == 130 and "--resume" in first.output
    step = json.loads(save.read_text())["step"]
    assert step >= 1
    again = runner.invoke(app, ["play", "--resume", "--save", str(save)], input="q\n")
    assert again.exit_code == 130 and f"step {step}" in again.output


def test_simulate_json_report():
    result = runner.invoke(
        app,
        ["simulate", PACK, "--players", "2", "--games", "4", "--workers", "1", "--format", "json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 4 and len(data["seats"]) == 2
    assert {"first_player_advantage", "length_turns", "cards", "turn_cap_hit"} <= set(data)


def test_simulate_text_report():
    result = runner.invoke(app, ["simulate", PACK, "--games", "2", "--workers", "1"])
    assert result.exit_code == 0 and "First player" in result.output and "turn cap" in result.output


def test_usage_errors():
    assert runner.invoke(app, ["play", PACK, "--players", "9"]).exit_code == 2
    assert runner.invoke(app, ["simulate", PACK, "--seat", "human"]).exit_code == 1
    assert runner.invoke(app, ["play", PACK, "--seat", "nobody"]).exit_code == 1


def test_a_scenario_is_played_on_its_own_and_replays(tmp_path):
    battle = str(FIXTURES / "battle")
    log = tmp_path / "battle.jsonl"
    result = runner.invoke(
        app, ["play", battle, "--scenario", "ambush", "--players", "2", "--seed", "3",
              "--log", str(log)],
    )
    assert result.exit_code == 0, result.output
    assert "Somebody fell" in result.output or "The yard is clear" in result.output
    assert runner.invoke(app, ["replay", str(log)]).output.startswith("ok:")
    simulated = runner.invoke(
        app, ["simulate", battle, "--scenario", "ambush", "--games", "3", "--workers", "1"]
    )
    assert simulated.exit_code == 0, simulated.output
    assert runner.invoke(app, ["play", battle, "--scenario", "nowhere"]).exit_code == 2
