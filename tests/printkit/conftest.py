"""Fixture packs for printkit: `mini` (two card types, layouts with picks, icons, a stat
bar and a table) and `board` (a landscape and a map tile), copied so tests may edit them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from compiler import compile_pack

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture
def pack(tmp_path, monkeypatch):
    """pack('mini') -> a fresh copy of the fixture pack under tmp_path (the working directory)."""
    monkeypatch.chdir(tmp_path)

    def copy(name: str) -> Path:
        root = tmp_path / name
        shutil.copytree(FIXTURES / name, root)
        return root

    return copy


def compile_ok(root: Path):
    """The compile result of a pack that must compile without errors."""
    result = compile_pack(root)
    assert result.game is not None, [d.message for d in result.report.diagnostics]
    return result


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


@pytest.fixture
def compiled():
    return compile_ok


@pytest.fixture
def edit():
    """edit(path, old, new): replace the first `old` in the file."""
    return replace_once
