"""Shared by the content tests: each seed pack is compiled once per test session."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from compiler import CompileResult, compile_pack
from runtime.agents import make_agent
from runtime.session import play_game

CONTENT = Path(__file__).resolve().parents[2] / "content"


@cache
def compiled_pack(name: str) -> CompileResult:
    return compile_pack(CONTENT / name)


@pytest.fixture(scope="session")
def compiled():
    """`compiled(name)`: the CompileResult of content/<name>, compiled once."""
    return compiled_pack


@pytest.fixture(scope="module")
def result(request) -> CompileResult:
    """The compiled pack named by the test module's `PACK`."""
    return compiled_pack(request.module.PACK)


@pytest.fixture(scope="module")
def game(result):
    assert result.report.errors == 0, [d.message for d in result.report.diagnostics]
    assert result.game is not None
    return result.game


def squares_to_pick(prog, players: int, seeds, untils, keep):
    """Positions for bot tests: per seed, the first square to pick (a `cell` decision) in a
    random game stopped after each count of decisions in `untils` for which `keep(m)` gives
    something other than None; yields (machine, what `keep` gave)."""
    for seed in seeds:
        for until in untils:
            m, _ = play_game(prog, players, seed, [make_agent("random", prog)] * players,
                             until=until)
            if m.over:
                break
            if m.decision["kind"] != "cell":
                continue
            found = keep(m)
            if found is not None:
                yield m, found
                break
