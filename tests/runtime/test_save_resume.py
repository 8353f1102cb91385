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


# -- kill -9 at many points: the resumed logs equal the uninterrupted game's, byte for byte --


def _kill_run(program, log: Path, kill_at: int, rng) -> None:
    """In a forked child: play the game, SIGKILL at the `kill_at`-th write (a log line, part
    of one, or a save, complete or half written); never returns."""
    from compiler import files
    from runtime import log as log_module
    from runtime import session as session_module
    from runtime.agents.random import RandomAgent
    from runtime.session import Session

    count = iter(range(10**9))

    def point(partial) -> None:
        if next(count) == kill_at:
            partial()
            os.kill(os.getpid(), signal.SIGKILL)

    def write(self, events):
        full, *seats = self.files
        for event in events:
            for fh, seen in ((full, event),
                             *((s, log_module.for_seat(event, i)) for i, s in enumerate(seats))):
                if seen is None:
                    continue
                line = log_module.dumps(seen) + "\n"
                point(lambda fh=fh, line=line: (fh.write(line[: rng.randrange(len(line))]),
                                                fh.flush()))
                fh.write(line)
                fh.flush()

    def save_atomic(path, data):
        def half():
            import tempfile

            fd, _ = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
            os.write(fd, data.encode()[: len(data) // 2])
        point(half)
        files.write_atomic(path, data)
        point(lambda: None)

    try:
        log_module.LogWriter.write = write
        session_module.write_atomic = save_atomic
        Session.new(program, 3, 11, ["random"] * 3, [RandomAgent() for _ in range(3)],
                    pack=str(FIXTURES / "tally"), log=log, save=log.with_suffix(".save.json")).run()
    finally:
        os._exit(0)


def _logs(log: Path) -> dict[str, bytes]:
    return {p.name.replace(log.stem, "L"): p.read_bytes()
            for p in sorted(log.parent.glob(f"{log.stem}*.jsonl"))}


def test_logs_after_kills_at_many_points_equal_the_unbroken_game(tmp_path):
    import random

    from runtime.agents.random import RandomAgent
    from runtime.errors import RuleError
    from runtime.loading import load_program
    from runtime.session import Session

    program = load_program(FIXTURES / "tally")
    whole = tmp_path / "whole" / "g.jsonl"
    Session.new(program, 3, 11, ["random"] * 3, [RandomAgent() for _ in range(3)],
                pack=str(FIXTURES / "tally"), log=whole, save=whole.with_suffix(".save.json")).run()
    expected = _logs(whole)
    writes = sum(len(v.splitlines()) for v in expected.values())  # roughly the kill points
    rng = random.Random(17)
    points = sorted({*rng.sample(range(writes + 40), 24), 0, 1, writes + 38})
    outcomes = []
    for n, kill_at in enumerate(points):
        log = tmp_path / f"k{n}" / "g.jsonl"
        log.parent.mkdir()
        pid = os.fork()
        if pid == 0:
            _kill_run(program, log, kill_at, random.Random(kill_at))
        _, status = os.waitpid(pid, 0)
        save = log.with_suffix(".save.json")
        if not save.exists():
            outcomes.append("before the first save")
            continue
        try:
            Session.resume(save, lambda p: load_program(Path(p)),
                           lambda seats, prog: [RandomAgent() for _ in seats]).run()
            outcomes.append("resumed")
        except RuleError as err:
            assert "is over" in str(err), err
            outcomes.append("already over")
        assert _logs(log) == expected, f"kill point {kill_at}"
        assert not list(log.parent.glob(".*.tmp")), f"kill point {kill_at}: temporaries left"
    assert outcomes.count("resumed") >= len(points) // 2, outcomes
