"""The play, simulate and replay commands."""

from __future__ import annotations

import json
import os
import stat

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


def _quit_a_human_game(seed: int):
    result = runner.invoke(app, ["play", PACK, "--seat", "human", "--seed", str(seed)],
                           input="q\n")
    assert result.exit_code == 130, result.output
    return result


def test_each_game_gets_its_own_save_and_resume_takes_the_latest(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _quit_a_human_game(3)
    second = _quit_a_human_game(4)
    assert "1 unfinished game(s) of this pack" in second.output
    saves = sorted((tmp_path / ".gamesmith").glob("*.save.json"))
    assert [p.name for p in saves] == ["skirmish-1.save.json", "skirmish-2.save.json"]
    assert [json.loads(p.read_text())["seed"] for p in saves] == [3, 4]  # neither overwritten

    again = runner.invoke(app, ["play", PACK, "--resume"], input="q\n")
    assert again.exit_code == 130, again.output
    assert "2 unfinished games of this pack" in again.output
    assert "skirmish-2.save.json" in again.output.splitlines()[1]  # the latest first
    assert "--save .gamesmith/skirmish-2.save.json" in again.output


def test_a_new_game_never_overwrites_an_unfinished_save(tmp_path):
    save = tmp_path / "mine.save.json"
    first = runner.invoke(app, ["play", PACK, "--seat", "human", "--save", str(save)],
                          input="q\n")
    assert first.exit_code == 130
    before = save.read_bytes()
    second = runner.invoke(app, ["play", PACK, "--save", str(save)])
    assert second.exit_code == 2 and "unfinished game" in second.output
    assert save.read_bytes() == before


def test_replay_works_from_any_folder(tmp_path, monkeypatch):
    log = tmp_path / "games" / "game.jsonl"
    played = runner.invoke(app, ["play", PACK, "--players", "2", "--seed", "5", "--log", str(log)])
    assert played.exit_code == 0, played.output
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and replayed.output.startswith("ok:"), replayed.output
    deeper = elsewhere / "a" / "b"
    deeper.mkdir(parents=True)
    monkeypatch.chdir(deeper)
    moved = deeper / "game.jsonl"
    moved.write_bytes(log.read_bytes())
    assert runner.invoke(app, ["replay", str(moved)]).exit_code == 1  # the pack is not beside it
    with_pack = runner.invoke(app, ["replay", str(moved), "--pack", PACK])
    assert with_pack.exit_code == 0, with_pack.output


def test_replay_counts_nan_as_equal():
    from runtime.replay import _compare

    assert _compare([{"x": float("nan")}], [{"x": float("nan")}], "now") is None
    assert _compare([{"x": float("nan")}], [{"x": 1.0}], "now") is not None


def test_check_emit_to_stdout_and_to_a_device(tmp_path):
    result = runner.invoke(app, ["check", PACK, "--emit", "-"])
    assert result.exit_code == 0 and '"format"' in result.output
    if os.geteuid() == 0:
        node = tmp_path / "null"
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        link = tmp_path / "out"
        link.symlink_to(node)
        assert runner.invoke(app, ["check", PACK, "--emit", str(link)]).exit_code == 0
        assert stat.S_ISCHR(node.lstat().st_mode) and link.is_symlink()


def test_a_finished_bot_game_leaves_no_save_of_ours(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", PACK, "--players", "2", "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert not list((tmp_path / ".gamesmith").glob("*.save.json"))
