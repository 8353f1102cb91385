"""Shared by the content tests: each seed pack is compiled once per test session."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from compiler import CompileResult, compile_pack

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
