"""`gamesmith serve`: links printed per human seat, a clean stop on Ctrl-C, `--resume`."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time

import httpx
from typer.testing import CliRunner

from gamesmith.cli import app
from tests.table.conftest import CONTENT, free_port

runner = CliRunner()


def start(args: list[str]) -> tuple[subprocess.Popen, list[str]]:
    """Run `gamesmith serve ARGS` until it has printed its links; returns them."""
    process = subprocess.Popen([sys.executable, "-m", "gamesmith", "serve", *args],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               env={**os.environ, "PYTHONUNBUFFERED": "1"})
    links, lines = [], []
    while True:
        line = process.stdout.readline()
        assert line, "serve ended early:\n" + "".join(lines)
        lines.append(line)
        links += re.findall(r"http://\S+", line)
        if line.startswith("Ctrl-C"):
            return process, links


def stop(process: subprocess.Popen) -> str:
    process.send_signal(signal.SIGINT)
    out, _ = process.communicate(timeout=20)
    return out


def page_up(url: str) -> httpx.Response:
    deadline = time.monotonic() + 15
    while True:
        try:
            return httpx.get(url)
        except httpx.ConnectError:
            assert time.monotonic() < deadline, "the server did not answer"
            time.sleep(0.05)


def test_serve_prints_a_link_per_human_seat_and_resumes(tmp_path):
    port = free_port()
    log = tmp_path / "table.jsonl"
    process, links = start([str(CONTENT / "fuzzy-mage-fight"), "--players", "3",
                            "--seat", "human", "--seat", "random", "--seat", "human",
                            "--port", str(port), "--log", str(log), "--seed", "4"])
    assert len(links) == 2 and all(u.startswith(f"http://127.0.0.1:{port}/seat/") for u in links)
    assert page_up(links[0]).status_code == 200
    out = stop(process)
    assert process.returncode == 0, out
    assert "gamesmith replay" in out
    process, again = start(["--resume", "--log", str(log), "--port", str(port)])
    assert len(again) == 2 and set(again).isdisjoint(links)  # fresh tokens each run
    assert page_up(links[0]).status_code == 404
    stop(process)


def test_serve_needs_a_human_seat_and_a_pack():
    result = runner.invoke(app, ["serve", str(CONTENT / "fuzzy-mage-fight"), "--seat", "random"])
    assert result.exit_code == 2 and "human" in result.output
    result = runner.invoke(app, ["serve", "--seat", "human"])
    assert result.exit_code == 2 and "PACK" in result.output
