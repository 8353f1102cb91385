"""Shared by the table's tests: the seed packs compiled once, tables served on a free port,
seats' payloads checked for hidden cards, and Chromium for the browser tests."""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager
from pathlib import Path

import anyio
import pytest

from runtime.loading import load_program
from runtime.views import hidden_cards
from table import Table, server
from table.faces import Faces

# Starlette's file responses resolve anyio's file functions lazily. Under pytest that import
# is compiled from source (anyio is a pytest plugin, so pytest rewrites its modules), and done
# from the server's thread while the game's thread compiles expressions it can trip CPython
# 3.11's ast thread-safety bug ("AST constructor recursion depth mismatch"): resolve it now.
anyio.open_file  # noqa: B018

ROOT = Path(__file__).resolve().parents[2]
CONTENT = ROOT / "content"
ARTEFACTS = ROOT / "test-artefacts" / "table"  # screenshots; gitignored


@pytest.fixture(scope="session")
def fuzzy():
    return load_program(CONTENT / "fuzzy-mage-fight")


@pytest.fixture(scope="session")
def convent_yard():
    return load_program(CONTENT / "gascony-legacy", scenario="the-convent-yard")


@pytest.fixture(scope="session")
def act_one():
    return load_program(CONTENT / "gascony-legacy", story="act-1", battles="victory")


def new_table(program, seats: list[str], tmp_path: Path, seed: int = 7, **options) -> Table:
    log = tmp_path / "game.jsonl"
    return Table.new(program, len(seats), seed, seats, pack=str(program.game.root), log=log,
                     save=tmp_path / "game.save.json", **options)


def watch_hidden(table: Table) -> dict[tuple[int, int], set[int]]:
    """Record, for every payload published, the cards its seat may not see at that moment."""
    hidden: dict[tuple[int, int], set[int]] = {}

    def observe(seat: int, payload: dict) -> None:
        hidden[(seat, payload["seq"])] = hidden_cards(table.session.machine, seat)

    # a table whose first decision is a bot's published its first payload when it was made,
    # and the game has not moved since
    for seat, payload in table.latest.items():
        observe(seat, payload)
    table.observers.append(observe)
    return hidden


def leaked(payload, hidden: set[int]) -> list:
    """Every card instance a payload names (a card, an option's card) that its seat may not see."""
    found = []
    if isinstance(payload, dict):
        for key, value in payload.items():
            if key in ("inst", "card") and isinstance(value, int) and value in hidden:
                found.append(value)
            else:
                found += leaked(value, hidden)
    elif isinstance(payload, list):
        for value in payload:
            found += leaked(value, hidden)
    return found


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(table: Table, faces: Faces | None = None):
    """The table served on a free local port and its game started; yields the base URL."""
    port = free_port()
    srv = server(table, faces, "127.0.0.1", port)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.01)
    table.start()
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        table.close(timeout=5)
        srv.should_exit = True
        thread.join(5)


def link(base: str, table: Table, seats: tuple[int, ...]) -> str:
    token = next(t for t, held in table.tokens.items() if held == seats)
    return f"{base}/seat/{token}"


@pytest.fixture
def page(browser):
    """A fresh page that records console errors and uncaught exceptions in `page.errors`."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    opened = context.new_page()
    opened.errors = []
    opened.on("console", lambda msg: opened.errors.append(msg.text) if msg.type == "error"
              else None)
    opened.on("pageerror", lambda err: opened.errors.append(str(err)))
    yield opened
    context.close()


def screenshot(page, name: str) -> None:
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTEFACTS / f"{name}.png"), full_page=True)
