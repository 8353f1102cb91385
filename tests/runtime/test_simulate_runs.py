"""Simulation runs: rotating seats, co-operative and capped games counted honestly, results
that stream to disk and resume, sweeps on the same seeds, skill ladders."""

from __future__ import annotations

import json
import shutil
from collections import Counter

import pytest
from typer.testing import CliRunner

from gamesmith.cli import app
from runtime.errors import RuleError
from runtime.figures import run_figures
from runtime.loading import load_program
from runtime.results import read_results
from runtime.simulate import Cell, Run, run_games, simulate
from runtime.sweep import grid
from tests.runtime.conftest import FIXTURES

SKIRMISH = FIXTURES / "skirmish"
runner = CliRunner()


def _run(cells, games=6, **kw) -> Run:
    return Run(str(SKIRMISH), tuple(cells), games, 5, **kw)


def test_seats_rotate_so_each_agent_sits_in_each_seat(skirmish):
    lineup = ("heuristic", "random", "random")
    header, games = run_games(_run([Cell(3, lineup)]), skirmish)
    seated = Counter((s, g.slots[s]) for g in games for s in range(3))
    assert seated == {(s, k): 2 for s in range(3) for k in range(3)}
    data = run_figures(header, games)["cells"][0]
    assert [s["agent"] for s in data["seats"]] == ["rotating"] * 3
    assert sum(a["wins"] for a in data["agents"]) == sum(s["wins"] for s in data["seats"])
    assert data["agents"][0]["agent"] == "heuristic"


def test_without_rotation_the_lineup_keeps_its_seats(skirmish):
    _, games = run_games(_run([Cell(3, ("heuristic", "random", "random"))], rotate=False),
                         skirmish)
    assert {g.slots for g in games} == {(0, 1, 2)}


def test_a_cooperative_game_reports_the_party(ambush):
    report = simulate(FIXTURES / "battle", ambush, 2, 4, 3, ["random", "random"]).to_json()
    assert report["cooperative"] and report["first_player_advantage"] is None
    party = report["party"]
    assert party["of"] == 4 and all(s["wins"] == party["wins"] for s in report["seats"])
    assert report["leads"] is None
    text = runner.invoke(app, ["simulate", str(FIXTURES / "battle"), "--scenario", "ambush",
                               "--games", "3", "--workers", "1"])
    assert text.exit_code == 0 and "Co-operative: the party won" in text.output


def test_games_stopped_by_the_turn_cap_are_counted_apart(tmp_path):
    pack = tmp_path / "capped"
    shutil.copytree(SKIRMISH, pack)
    rules = pack / "rules.yaml"
    rules.write_text(rules.read_text() + "turn-cap: 3\n")
    program = load_program(pack)
    data = simulate(pack, program, 2, 3, 1, ["random", "random"]).to_json()
    assert data["turn_cap_hit"] == 3 and data["no_winner"] == 0 and data["decided"] == 0
    assert data["length_counts"] == [[3, 0, 3]]
    text = runner.invoke(app, ["simulate", str(pack), "--games", "2", "--workers", "1"])
    assert "Games that hit the turn cap: 2 of 2" in text.output


def test_cards_count_per_seat_and_never_played_content_is_flagged(skirmish):
    data = simulate(SKIRMISH, skirmish, 3, 4, 2, ["random"] * 3).to_json()
    rows = {c["card"]: c for c in data["cards"]}
    assert set(rows) == set(skirmish.cards)
    assert all(r["dead"] == (r["played"] == r["used"] == 0) for r in rows.values())
    associated = [r for r in rows.values() if "by_winner" in r]
    assert associated and all(0 <= r["by_winner"]["win_rate"] <= 1 for r in associated)
    assert data["leads"]["comeback"]["fair_share"] == pytest.approx(1 / 3)


def test_results_stream_to_disk_and_an_interrupted_run_resumes(skirmish, tmp_path):
    run = _run([Cell(2, ("heuristic", "random"))])
    whole = tmp_path / "whole.jsonl"
    header, games = run_games(run, skirmish, results=whole)
    lines = whole.read_text().splitlines()
    assert len(lines) == 1 + 6 and json.loads(lines[0]) == header
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:3]) + "\n" + lines[3][:20])  # two games and half a line
    assert len(read_results(cut)[1]) == 2
    seen = []
    again = run_games(run, skirmish, results=cut, progress=lambda done, total: seen.append(done))
    assert seen[0] == 2 and seen[-1] == 6
    assert run_figures(*again) == run_figures(header, games)
    assert sorted(cut.read_text().splitlines()[1:]) == sorted(lines[1:])


def test_a_results_file_of_another_run_or_a_changed_pack_is_refused(skirmish, tmp_path):
    path = tmp_path / "r.jsonl"
    run_games(_run([Cell(2, ("random", "random"))]), skirmish, results=path)
    with pytest.raises(RuleError, match="another run"):
        run_games(_run([Cell(2, ("random", "random"))], games=7), skirmish, results=path)
    pack = tmp_path / "pack"
    shutil.copytree(SKIRMISH, pack)
    run = Run(str(pack), (Cell(2, ("random", "random")),), 2, 5)
    run_games(run, skirmish, results=tmp_path / "p.jsonl")
    (pack / "rules.yaml").write_text((pack / "rules.yaml").read_text() + "turn-cap: 50\n")
    with pytest.raises(RuleError, match="the pack changed"):
        run_games(run, skirmish, results=tmp_path / "p.jsonl")


def test_a_sweep_plays_the_same_seeds_in_every_cell(skirmish):
    cells = grid(skirmish, [("gems_to_win", [4, 6])], 3, ["random"] * 3)
    header, games = run_games(_run(cells), skirmish)
    swept = run_figures(header, games)["cells"]
    plain = simulate(SKIRMISH, skirmish, 3, 6, 5, ["random"] * 3).to_json()
    strip = ("label", "variables")
    assert {k: v for k, v in swept[1].items() if k not in strip} == \
        {k: v for k, v in plain.items() if k not in strip}
    assert swept[0]["variables"] == {"gems_to_win": 4}
    assert swept[0]["length_turns"] != swept[1]["length_turns"]


def test_sweep_values_are_checked_against_the_pack(skirmish):
    with pytest.raises(RuleError, match="outside its range 3–8"):
        grid(skirmish, [("gems_to_win", [9])], 2, [])
    with pytest.raises(RuleError, match="no variable or parameter 'gems'"):
        grid(skirmish, [("gems", [1])], 2, [])
    bad = runner.invoke(app, ["simulate", str(SKIRMISH), "--vary", "gems_to_win=2,4"])
    assert bad.exit_code == 1 and "outside its range" in bad.output
    assert runner.invoke(app, ["simulate", str(SKIRMISH), "--vary", "gems_to_win"]).exit_code == 2


def test_cli_sweep_over_players_and_a_parameter(tmp_path):
    result = runner.invoke(app, [
        "simulate", str(SKIRMISH), "--games", "2", "--workers", "1", "--vary", "players=2,3",
        "--vary", "gems_to_win=5,6", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["sweep"] == ["players", "gems_to_win"] and data["games"] == 8
    assert [c["label"] for c in data["cells"]] == [
        {"players": p, "gems_to_win": g} for p in (2, 3) for g in (5, 6)]
    text = runner.invoke(app, ["simulate", str(SKIRMISH), "--games", "2", "--workers", "1",
                               "--vary", "gems_to_win=5,6"])
    assert text.exit_code == 0 and "4 games in 2 cells" in text.output


def test_a_skill_ladder_says_whether_skill_matters():
    result = runner.invoke(app, ["simulate", str(SKIRMISH), "--games", "4", "--workers", "1",
                                 "--ladder", "random,heuristic", "--players", "2"])
    assert result.exit_code == 0, result.output
    assert "Does skill matter?" in result.output and "heuristic" in result.output
    data = json.loads(runner.invoke(app, [
        "simulate", str(SKIRMISH), "--games", "4", "--workers", "1", "--ladder",
        "random,heuristic", "--players", "2", "--format", "json"]).output)
    (cell,) = data["cells"]
    assert cell["label"] == {"seats": "heuristic+random"} and data["ladder"] == ["random", "heuristic"]
    assert runner.invoke(app, ["simulate", str(SKIRMISH), "--ladder", "random"]).exit_code == 2
