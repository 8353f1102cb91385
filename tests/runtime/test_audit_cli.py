"""`simulate --audit`, `play --audit` and `replay --until`: what a designer sees, and the
exit codes; and the event catalogue the compiler checks `after:` against matches the runtime."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from compiler.language.events import EVENTS
from gamesmith.cli import app
from tests.runtime.test_audit import pack

runner = CliRunner()
BROKEN = "invariants:\n  - {id: one-coin, for: seat, holds: coins <= 1, message: one coin each}\n"


def test_simulate_audit_reports_the_break_and_a_command_that_reproduces_it(tmp_path):
    root = pack(tmp_path, BROKEN)
    result = runner.invoke(app, ["simulate", str(root), "-n", "3", "--workers", "1", "--audit"])
    assert result.exit_code == 1, result.stderr
    assert "Audit: 3 games" in result.stderr and "3 games broke a rule" in result.stderr
    assert "invariant 'one-coin' at step 2, seat 1: one coin each" in result.stderr
    assert 'after: {"e":"set"' in result.stderr  # the log line the break follows (a gain)
    command = re.search(r"reproduce: (gamesmith replay .*)", result.stderr).group(1)
    words = shlex.split(command)[1:]
    assert words[-2:] == ["--until", "2"]
    again = runner.invoke(app, words)
    assert again.exit_code == 1 and "played again: 2 decisions (stopped there)" in again.output
    assert "invariant 'one-coin' at step 2" in again.stderr
    earlier = runner.invoke(app, [*words[:-1], "1"])
    assert earlier.exit_code == 0 and "one-coin" not in earlier.stderr


def test_a_clean_audit_exits_zero_and_plain_simulate_never_audits(tmp_path):
    root = pack(tmp_path, BROKEN.replace("coins <= 1", "coins <= 100"))
    clean = runner.invoke(app, ["simulate", str(root), "-n", "2", "--workers", "1", "--audit"])
    assert clean.exit_code == 0 and "0 games broke a rule" in clean.stderr
    (tmp_path / "b").mkdir()
    broken = pack(tmp_path / "b", BROKEN)
    plain = runner.invoke(app, ["simulate", str(broken), "-n", "2", "--workers", "1"])
    assert plain.exit_code == 0 and "Audit" not in plain.stderr


def test_play_audit_points_at_its_log_and_replay_until_stops_there(tmp_path):
    root = pack(tmp_path, BROKEN)
    log = tmp_path / "game.jsonl"
    result = runner.invoke(app, ["play", str(root), "--seed", "5", "--log", str(log), "--audit"])
    assert result.exit_code == 1
    assert f"reproduce: gamesmith replay {log} --audit --until 2" in result.output
    again = runner.invoke(app, ["replay", str(log), "--audit", "--until", "2"])
    assert again.exit_code == 1 and again.output.startswith("ok: 2 decisions replayed")
    whole = runner.invoke(app, ["replay", str(log)])
    assert whole.exit_code == 0 and "won" in whole.output


def test_the_events_are_the_ones_the_runtime_logs():
    source = "\n".join(p.read_text(encoding="utf-8")
                       for p in Path("runtime").rglob("*.py"))
    emitted = set(re.findall(r'emit\(\s*"([a-z-]+)"', source))
    emitted |= set(re.findall(r'"e": "([a-z-]+)"', source))
    emitted |= {"steal", "give"}  # emitted under the op's own name (runtime.ops.cards)
    framing = {"start", "decision", "end"}  # the session's own lines around the game's events
    assert emitted - framing == set(EVENTS)
