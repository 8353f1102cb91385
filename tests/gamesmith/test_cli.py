"""The command line: exit codes, output formats and the README's walkthrough."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from gamesmith.cli import app

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


@pytest.fixture
def readme_pack(tmp_path, monkeypatch):
    """The pack from README's "first ten minutes", written out as the README shows it."""
    text = (ROOT / "README.md").read_text()
    for name, body in re.findall(r"`(game\.yaml|story\.yaml)`:\n\n```yaml\n(.*?)```", text, re.S):
        (tmp_path / name).write_text(body)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def readme_console(n: int) -> str:
    blocks = re.findall(r"```console\n\$ gamesmith check \.\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    return blocks[n]


def test_readme_pack_is_clean(readme_pack):
    result = runner.invoke(app, ["check", ".", "--no-color"])
    assert result.exit_code == 0, result.output
    assert result.output == readme_console(0)


def test_readme_planted_mistake(readme_pack):
    story = readme_pack / "story.yaml"
    story.write_text(story.read_text().replace('goto: "2"', 'goto: "22"'))
    result = runner.invoke(app, ["check", ".", "--no-color"])
    assert result.exit_code == 1
    assert result.output == readme_console(1)


def test_json_format(readme_pack):
    (readme_pack / "story.yaml").write_text((readme_pack / "story.yaml").read_text().replace("coins >= 1", "coisn >= 1"))
    result = runner.invoke(app, ["check", ".", "--format", "json"])
    assert result.exit_code == 1
    data = json.loads(result.output)
    (diag,) = data["diagnostics"]
    assert diag["code"] == "GS221" and diag["file"] == "story.yaml" and diag["line"] == 11
    assert diag["hint"] == "did you mean 'coins'?"
    assert data["summary"]["errors"] == 1
    assert data["summary"]["counts"]["game"] == 1


def test_sarif_and_github_formats(readme_pack):
    (readme_pack / "story.yaml").write_text((readme_pack / "story.yaml").read_text().replace('"4": {ending: victory}', '"4": {}'))
    sarif = json.loads(runner.invoke(app, ["check", ".", "--format", "sarif"]).output)
    assert sarif["version"] == "2.1.0"
    assert {r["ruleId"] for r in sarif["runs"][0]["results"]} >= {"GS403"}
    github = runner.invoke(app, ["check", ".", "--format", "github"]).output
    assert github.startswith("::error file=story.yaml,line=")


def test_strict_fails_on_warnings(readme_pack):
    (readme_pack / "extra.yaml").write_text("kind: terrain\nid: rock\nname: Rock\ntype: obstacle\n")
    (readme_pack / "notes.json").write_text("{}")
    assert runner.invoke(app, ["check", "."]).exit_code == 0
    assert runner.invoke(app, ["check", ".", "--strict"]).exit_code == 1


def test_usage_errors_exit_2(readme_pack):
    assert runner.invoke(app, ["check", ".", "--format", "xml"]).exit_code == 2
    assert runner.invoke(app, ["check"]).exit_code == 2


def test_missing_pack_is_a_diagnostic(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["check", "nowhere", "--no-color"])
    assert result.exit_code == 1
    assert "GS304" in result.output and "Traceback" not in result.output


@pytest.mark.parametrize("suffix", [".dot", ".svg", ".png"])
def test_graph_writes_each_format(readme_pack, suffix):
    out = readme_pack / "out" / f"night{suffix}"
    result = runner.invoke(app, ["graph", ".", "--story", "night-walk", "-o", str(out)])
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert {".dot": b"digraph", ".svg": b"<svg", ".png": b"\x89PNG"}[suffix] in data[:200]


def test_graph_unknown_story(readme_pack):
    result = runner.invoke(app, ["graph", ".", "--story", "night-wlak", "-o", "x.svg"])
    assert result.exit_code == 2
    assert "did you mean 'night-walk'" in result.output


def test_emit_writes_the_compiled_game(readme_pack):
    result = runner.invoke(app, ["check", ".", "--emit", "out/game.json"])
    assert result.exit_code == 0, result.output
    data = json.loads((readme_pack / "out" / "game.json").read_text())
    assert data["format"] == "gamesmith.compiled/1"
    assert data["game"]["id"] == "lantern-road"
    assert set(data["stories"]["night-walk"]["cards"]) == {"1", "2", "3", "4", "5"}
