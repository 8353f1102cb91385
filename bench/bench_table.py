"""Playtest table benchmark: what the browser table costs over the bare runtime.

- Click to view: a human seat's answer sent over the WebSocket until its next payload
  arrives (socket round trip with the server's work and the bots' moves in between), median
  and 95th percentile; with Chromium installed, also from a button's click in the page to the
  redrawn options (MutationObserver), which adds the page's JSON parsing and drawing.
- Throughput: whole games of Fuzzy Mage Fight at its six seats (one human answering at once
  over the socket, five random bots, no pause after bot moves): payloads the server sends per
  second and decisions per second, next to the bare runtime playing the same games (same
  seeds, all six seats random, no views, logs or saves) and to `play`'s session (the same,
  with its log and its atomic save after every decision) in this process.

    python bench/bench_table.py [--games N] [--no-browser]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.sync.client import connect  # noqa: E402

from runtime.agents import make_agent  # noqa: E402
from runtime.loading import load_program  # noqa: E402
from runtime.session import Session, play_game  # noqa: E402
from table import Table, server  # noqa: E402
from table.faces import Faces  # noqa: E402
from tests.table.conftest import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402

PACK = ROOT / "content" / "fuzzy-mage-fight"
SEATS = 6


class Served:
    """A table on a free port, its game started."""

    def __init__(self, table: Table, faces: Faces | None = None):
        self.table = table
        self.srv = server(table, faces, "127.0.0.1", free_port())
        self.thread = threading.Thread(target=self.srv.run, daemon=True)

    def __enter__(self) -> str:
        self.thread.start()
        while not self.srv.started:
            time.sleep(0.01)
        self.table.start()
        token = next(iter(self.table.tokens))
        return f"127.0.0.1:{self.srv.config.port}/seat/{token}"

    def __exit__(self, *exc) -> None:
        self.table.close(timeout=5)
        self.srv.should_exit = True
        self.thread.join(5)


def new_table(program, seats: list[str], seed: int, folder: Path) -> Table:
    return Table.new(program, len(seats), seed, seats, pack=str(PACK),
                     log=folder / f"g{seed}.jsonl", save=folder / f"g{seed}.save.json")


def socket_game(program, seed: int, folder: Path) -> tuple[list[float], int, int, float]:
    """One game with the human on a socket: round trips (s), payloads received, decisions,
    seconds."""
    table = new_table(program, ["human", *["random"] * (SEATS - 1)], seed, folder)
    trips: list[float] = []
    received = 0
    start = time.perf_counter()
    with Served(table) as where, connect(f"ws://{where}/ws", max_size=2**24) as ws:
        sent_at = None
        while True:
            message = json.loads(ws.recv(timeout=60))
            if message["type"] != "table":
                continue
            received += 1
            if sent_at is not None:
                trips.append(time.perf_counter() - sent_at)
                sent_at = None
            if message["over"] is not None:
                break
            if message["waiting"]:
                ws.send(json.dumps({"type": "choose", "seat": 0, "step": message["step"],
                                    "option": 0}))
                sent_at = time.perf_counter()
        seconds = time.perf_counter() - start
        table.wait(10)
        return trips, received, table.session.step, seconds


def bare_games(program, seeds: range) -> tuple[int, float]:
    agents = [make_agent("random", program) for _ in range(SEATS)]
    start = time.perf_counter()
    decisions = sum(play_game(program, SEATS, seed, agents)[1] for seed in seeds)
    return decisions, time.perf_counter() - start


def session_games(program, seeds: range, folder: Path) -> tuple[int, float]:
    """`play` with six bots: a Session with its log and a save after every decision."""
    decisions, start = 0, time.perf_counter()
    for seed in seeds:
        agents = [make_agent("random", program) for _ in range(SEATS)]
        session = Session.new(program, SEATS, seed, ["random"] * SEATS, agents, pack=str(PACK),
                              log=folder / f"s{seed}.jsonl", save=folder / f"s{seed}.save.json")
        session.run()
        decisions += session.step
    return decisions, time.perf_counter() - start


def browser_clicks(program, folder: Path, clicks: int) -> list[float]:
    """Milliseconds from a click on an option to the next options drawn, in Chromium."""
    from playwright.sync_api import sync_playwright

    table = new_table(program, ["human", "random"], 99, folder)
    faces = Faces(program.game, cache=folder / "cache")
    table.has_face = faces.known
    measure = """async () => {
      const button = document.querySelector('#options button');
      const start = performance.now();
      const done = new Promise((resolve) => {
        const watch = new MutationObserver(() => {
          if (document.querySelector('#options button:not([disabled])')
              || !document.getElementById('over').hidden) { watch.disconnect(); resolve(); }
        });
        watch.observe(document.body, {subtree: true, childList: true, attributes: true});
      });
      button.click();
      await done;
      return performance.now() - start;
    }"""
    samples: list[float] = []
    with Served(table, faces) as where, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(f"http://{where}")
        while len(samples) < clicks:
            page.wait_for_function("() => document.querySelector('#options button:not([disabled])')"
                                   " || !document.getElementById('over').hidden")
            if page.is_visible("#over"):
                break
            samples.append(page.evaluate(measure))
        browser.close()
    return samples


def ms(values: list[float], scale: float = 1000.0) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"median {statistics.median(ordered) * scale:.1f} ms, p95 {p95 * scale:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--no-browser", action="store_true")
    args = parser.parse_args()
    program = load_program(PACK)
    seeds = range(1, args.games + 1)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        trips: list[float] = []
        payloads = decisions = 0
        seconds = 0.0
        for seed in seeds:
            t, p, d, s = socket_game(program, seed, folder)
            trips += t
            payloads += p
            decisions += d
            seconds += s
        bare_decisions, bare_seconds = bare_games(program, seeds)
        play_decisions, play_seconds = session_games(program, seeds, folder)
        print(f"Fuzzy Mage Fight, {SEATS} seats, {args.games} games")
        print(f"  table (1 human on a socket, {SEATS - 1} random bots): {payloads / seconds:,.0f}"
              f" payloads/s to the human, {decisions / seconds:,.0f} decisions/s"
              f" ({decisions} decisions in {seconds:.2f} s, with log, saves and views)")
        print(f"  bare runtime (all random, no log/saves/views): "
              f"{bare_decisions / bare_seconds:,.0f} decisions/s"
              f" ({bare_decisions} decisions in {bare_seconds:.2f} s)")
        print(f"  play's session (all random, log and a save after every decision): "
              f"{play_decisions / play_seconds:,.0f} decisions/s"
              f" ({play_decisions} decisions in {play_seconds:.2f} s)")
        print(f"  answer sent -> next payload over the socket ({len(trips)} answers): {ms(trips)}")
        if args.no_browser or not CHROMIUM.exists():
            print("  click -> redrawn view in Chromium: skipped (no browser)")
            return
        clicks = browser_clicks(program, folder, 40)
        print(f"  click -> redrawn view in Chromium ({len(clicks)} clicks): "
              f"{ms(clicks, scale=1.0)}")


if __name__ == "__main__":
    main()
