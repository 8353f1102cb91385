"""A game killed mid-way resumes from its save and ends exactly as an unbroken game does."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.runtime.conftest import FIXTURES

ROOT = Path(__file__).resolve().parents[2]


def _play(*args: str) -> list[str]:
    return [sys.executable, "-m", "gamesmith", "play", str(FIXTURES / "skirmish"), "--players", "3",
            "--seat", "heuristic", "--seat", "mcts:8", "--seat", "random", "--seed", "15", *args]


def _step(save: Path) -> int:
    try:
        return json.loads(save.read_text())["step"]
    except (OSError, ValueError):
        return -1


def test_resume_after_a_killed_process(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    whole = tmp_path / "whole.jsonl"
    subprocess.run(
        _play("--log", str(whole)), check=True, capture_output=True, env=env, cwd=tmp_path
    )

    broken = tmp_path / "broken.jsonl"
    save = broken.with_suffix(".save.json")
    proc = subprocess.Popen(_play("--log", str(broken)), env=env, cwd=tmp_path,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while _step(save) < 6 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert 0 <= _step(save) < json.loads(whole.read_text().splitlines()[-1])["steps"], (
        "killed too late"
    )

    subprocess.run([sys.executable, "-m", "gamesmith", "play", "--resume", "--log", str(broken)],
                   check=True, capture_output=True, env=env, cwd=tmp_path)
    assert broken.read_text() == whole.read_text()
    for seat in (1, 2, 3):
        assert (tmp_path / f"broken.seat{seat}.jsonl").read_text() == (
            tmp_path / f"whole.seat{seat}.jsonl"
        ).read_text()
    replayed = subprocess.run([sys.executable, "-m", "gamesmith", "replay", str(broken)],
                              capture_output=True, text=True, env=env, cwd=tmp_path)
    assert replayed.returncode == 0 and replayed.stdout.startswith("ok:")
