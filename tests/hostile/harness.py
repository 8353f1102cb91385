"""Running one hostile input: a decoy tree hashed before and after, the command run in-process
(or as a subprocess where a hang is the risk) under a time limit, its output judged."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from gamesmith.cli import app

ROOT = Path(__file__).resolve().parents[2]
PACKS = {
    "tally": ROOT / "tests/runtime/fixtures/tally",
    "mini": ROOT / "tests/printkit/fixtures/mini",
    "board": ROOT / "tests/printkit/fixtures/board",
}
README_STORY = """\
kind: story
id: night-walk
title: A Walk at Night
start: "1"
cards:
  "1":
    text: The lantern gutters at the crossroads.
    choices:
      - text: Take the toll bridge
        goto: "2"
      - text: Wade the ford
        goto: "3"
  "2": {text: Over the bridge., goto: "4"}
  "3": {text: Through the water., goto: "4"}
  "4": {ending: victory}
"""
LIMIT = 20.0  # seconds a case may take before it counts as a hang
_ERROR = re.compile(r"(?m)(^|: |\] )(error|Error)\b")


@dataclass
class Outcome:
    code: int
    output: str


class Place:
    """A case's scratch folder: `work/` for packs and named outputs, `decoy/` for what a user
    owns and nothing may touch."""

    def __init__(self, tmp: Path):
        self.tmp = tmp
        self.work = tmp / "work"
        self.decoy = tmp / "decoy"
        self.work.mkdir()
        self.decoy.mkdir()
        (self.decoy / "victim.txt").write_text("precious\n" * 150)
        (self.decoy / "notes").mkdir()
        (self.decoy / "notes" / "a.md").write_text("# notes\n")
        old = self.decoy / "old.png"
        old.write_bytes(b"\x89PNG old art")
        month_ago = time.time() - 30 * 86400
        os.utime(old, (month_ago, month_ago))
        deep = self.decoy / "ab" / "cd"
        deep.mkdir(parents=True)
        (deep / ("e" * 64 + ".png")).write_bytes(b"looks like a cache entry")
        os.utime(deep / ("e" * 64 + ".png"), (month_ago, month_ago))

    def pack(self, name: str, as_: str | None = None) -> Path:
        target = self.work / (as_ or name)
        if name == "story":
            target.mkdir()
            (target / "game.yaml").write_text(
                "kind: game\nid: lantern-road\ntitle: The Lantern Road\nplayers: {min: 1, max: 2}\n")
            (target / "story.yaml").write_text(README_STORY)
        else:
            shutil.copytree(PACKS[name], target)
        return target


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def tree_hash(folder: Path) -> str:
    """Names, kinds, sizes, modification times and contents of everything under `folder`."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        st = path.lstat()
        digest.update(f"{path.relative_to(folder)}|{st.st_mode}|{st.st_size}|{st.st_mtime_ns}".encode())
        if path.is_file() and not path.is_symlink():
            digest.update(path.read_bytes())
    return digest.hexdigest()


@contextmanager
def _deadline(seconds: float):
    def expire(signum, frame):
        raise TimeoutError(f"the case ran longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_inprocess(argv: list[str], cwd: Path) -> Outcome:
    old = Path.cwd()
    os.chdir(cwd)
    try:
        with _deadline(LIMIT):
            result = CliRunner().invoke(app, argv)
    finally:
        os.chdir(old)
    output = result.output + (getattr(result, "stderr", "") if _separate(result) else "")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        output += "Traceback (most recent call last):\n" + "".join(
            traceback.format_exception(result.exception))
    return Outcome(result.exit_code, output)


def _separate(result) -> bool:
    try:
        return bool(result.stderr) and result.stderr not in result.output
    except ValueError:
        return False


def run_subprocess(argv: list[str], cwd: Path, stdout=None, closed: bool = False) -> Outcome:
    """The command in a fresh interpreter; `stdout` a file to write to, or `closed`."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    try:
        done = subprocess.run([sys.executable, "-m", "gamesmith", *argv], cwd=cwd, env=env,
                              stdin=subprocess.DEVNULL, stdout=stdout or subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=LIMIT,
                              preexec_fn=(lambda: os.close(1)) if closed else None)
    except subprocess.TimeoutExpired:
        return Outcome(-1, f"hang: no answer in {LIMIT} s")
    out = (done.stdout or b"").decode("utf-8", "replace") if stdout is None and not closed else ""
    return Outcome(done.returncode, out + done.stderr.decode("utf-8", "replace"))


def unwrapped(output: str) -> str:
    """The output with rich's panel borders gone and its wrapped lines joined again."""
    lines = [line.strip(" │╭╮╰╯─") for line in output.splitlines()]
    return "".join(line for line in lines if line)


def judge(outcome: Outcome, expect: str, codes: tuple[int, ...]) -> list[str]:
    """What is wrong with an outcome (empty: nothing)."""
    problems = []
    if outcome.code not in codes:
        problems.append(f"exit code {outcome.code}, wanted one of {codes}")
    if "Traceback" in outcome.output:
        problems.append("a traceback")
    if not (re.search(expect, outcome.output) or re.search(expect, unwrapped(outcome.output))):
        problems.append(f"no message matching {expect!r}")
    errors = [m for m in _ERROR.finditer(outcome.output)]
    if len(errors) > 1:
        problems.append(f"{len(errors)} error messages, wanted one")
    return problems
