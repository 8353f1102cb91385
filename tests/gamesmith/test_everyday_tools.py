"""gamesmith in a designer's everyday tools: the pre-commit hook, `check --find-packs`, and
`check --watch` (its change report, and a short real run stopped by an event)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from compiler.diagnostics import CATALOGUE, Location, Report
from gamesmith.cli import app
from gamesmith.commands.check import _check, packs_holding
from gamesmith.commands.watch import render_changes, watch

ROOT = Path(__file__).resolve().parents[2]
GAME = "kind: game\nid: lantern-road\ntitle: The Lantern Road\nplayers: {min: 1, max: 4}\n"
STORY = ("kind: story\nid: walk\ntitle: A Walk\nstart: '1'\ncards:\n"
         "  '1': {text: The lantern gutters., goto: '2'}\n  '2': {ending: victory}\n")
runner = CliRunner()


def write_pack(folder: Path, story: str = STORY) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "game.yaml").write_text(GAME)
    (folder / "story.yaml").write_text(story)
    return folder


def test_find_packs_checks_the_packs_holding_the_files(tmp_path):
    one, two = write_pack(tmp_path / "one"), write_pack(tmp_path / "packs" / "two")
    (tmp_path / "notes.yaml").write_text("a: 1\n")
    paths = [one / "story.yaml", one / "game.yaml", two / "story.yaml", tmp_path / "notes.yaml"]
    assert packs_holding(paths) == [one, two]


def _diagnostic(code: str, line: int, message: str):
    return CATALOGUE[code](message, Location("story.yaml", line, 3))


def test_watch_prints_only_what_changed():
    before = Report([_diagnostic("GS402", 6, "link to '9'"), _diagnostic("GS401", 7, "unreachable")])
    after = Report([_diagnostic("GS401", 7, "unreachable"), _diagnostic("GS406", 8, "no ending")])
    text = render_changes(before, after, lambda _: None)
    assert text.splitlines() == [
        "fixed: story.yaml:6:3: error GS402: link to '9'",
        "",
        "story.yaml:8:3: warning GS406: no ending",
        "",
        "0 errors, 2 warnings",
    ]
    assert render_changes(after, after, lambda _: None).splitlines() == ["no change", "0 errors, 2 warnings"]


def test_a_real_watch_run_reports_a_fix(tmp_path):
    pack = write_pack(tmp_path / "pack", STORY.replace("goto: '2'", "goto: '3'"))
    out: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=([pack], lambda: _check([pack], None), out.append, stop))
    thread.start()
    try:
        _wait(lambda: any("watching" in o for o in out))
        assert "GS402" in out[0]
        time.sleep(0.3)  # let the watcher settle before the edit
        (pack / "story.yaml").write_text(STORY)
        _wait(lambda: any("fixed:" in o for o in out))
    finally:
        stop.set()
        thread.join(timeout=10)
    assert not thread.is_alive()
    change = next(o for o in out if "fixed:" in o)
    assert "GS402" in change and change.rstrip().endswith("0 errors, 0 warnings in 2 files (counts: story-card 2, game 1, story 1)")


def _wait(condition, timeout: float = 15.0) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.05)


def test_watch_takes_text_only(tmp_path):
    result = runner.invoke(app, ["check", str(write_pack(tmp_path)), "--watch", "--format", "json"])
    assert result.exit_code == 2


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_pre_commit_hook_checks_a_content_repository(tmp_path):
    """The hook as .pre-commit-hooks.yaml declares it, run by pre-commit on a sample repository
    (as a local hook using this gamesmith, so nothing is downloaded)."""
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text())
    repo = tmp_path / "repo"
    write_pack(repo / "content" / "lantern-road")
    local = {**hook, "language": "system"}
    (repo / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{"repo": "local", "hooks": [local]}]}))
    env = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "cache"),
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
           "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run(args, cwd=repo, env=env, capture_output=True, text=True, timeout=120)

    run("git", "init", "-q")
    run("git", "add", "-A")
    pre_commit = [sys.executable, "-m", "pre_commit", "run", "--all-files"]
    clean = run(*pre_commit)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    story = repo / "content" / "lantern-road" / "story.yaml"
    story.write_text(STORY.replace("goto: '2'", "goto: '22'"))
    run("git", "add", "-A")
    broken = run(*pre_commit)
    assert broken.returncode == 1
    assert "content/lantern-road/story.yaml:6:" in broken.stdout and "GS402" in broken.stdout


def test_the_github_actions_example_installs_checks_and_uploads_sarif():
    workflow = yaml.safe_load((ROOT / "docs" / "examples" / "gamesmith-check.yml").read_text())
    steps = workflow["jobs"]["check"]["steps"]
    runs = [s.get("run", "") for s in steps]
    assert any(r.startswith("pip install") and "gamesmith" in r for r in runs)
    sarif = next(r for r in runs if "--format sarif" in r)
    target = sarif.split(">")[1].split()[0]
    upload = next(s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif"))
    assert upload["with"]["sarif_file"] == target
    assert workflow["permissions"]["security-events"] == "write"
    assert "docs/examples/gamesmith-check.yml" in (ROOT / "README.md").read_text()
