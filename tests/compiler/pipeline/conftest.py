"""Write small content packs from inline text and compile them."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from compiler import compile_pack

GAME = """\
kind: game
id: tiny
title: Tiny
players: {min: 2, max: 4}
variables:
  coins: {initial: 0}
"""


def write_pack(root: Path, files: dict[str, str | bytes], game: str | None = GAME) -> Path:
    if game is not None:
        (root / "game.yaml").write_text(game)
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(textwrap.dedent(text))
    return root


@pytest.fixture
def game_yaml() -> str:
    """The game.yaml every pack here starts from, for tests that plant a defect in it."""
    return GAME


@pytest.fixture
def compile_files(tmp_path, monkeypatch):
    """compile_files({'a.yaml': '...'}) -> CompileResult, with paths relative to the pack."""
    monkeypatch.chdir(tmp_path)

    def run(files: dict[str, str | bytes], game: str | None = GAME):
        write_pack(tmp_path, files, game)
        return compile_pack(Path("."))

    return run
