"""The planted-mistakes corpus: a clean base pack and one-edit mutations of it, each with the
diagnostic `gamesmith check` must give (code, file, line). `bench/planted_mistakes.py` counts
how many any version of `check` catches."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from compiler import compile_pack
from gamesmith.commands.check import layout_diagnostics

HERE = Path(__file__).parent
BASE = HERE / "base"
MISTAKES = yaml.safe_load((HERE / "mistakes.yaml").read_text())


def planted(root: Path, mistake: dict) -> None:
    """Copy the base pack to `root` and plant `mistake` in it."""
    shutil.copytree(BASE, root)
    path = root / mistake["file"]
    text = path.read_text()
    assert text.count(mistake["find"]) == 1, mistake["id"]
    path.write_text(text.replace(mistake["find"], mistake["replace"]))


def checked(root: Path) -> list[tuple[str, str, int]]:
    """What `gamesmith check` reports for the pack at `root`: (code, file, line)."""
    result = compile_pack(root)
    diagnostics = list(result.report.diagnostics)
    if result.game is not None:
        diagnostics += layout_diagnostics(result)
    return [(d.code, Path(d.file).relative_to(root).as_posix() if d.file else "", d.line)
            for d in diagnostics]


def test_the_corpus_is_large_and_its_lines_are_where_the_text_is():
    assert len(MISTAKES) >= 50
    assert len({m["id"] for m in MISTAKES}) == len(MISTAKES)
    for m in MISTAKES:
        name = m.get("in", m["file"])
        text = (BASE / name).read_text()
        if name == m["file"]:
            text = text.replace(m["find"], m["replace"])
        at = m["at"]
        start = text.index(at) + len(at) - len(at.lstrip("\n"))
        assert text[:start].count("\n") + 1 == m["line"], m["id"]


def test_the_base_pack_is_clean(tmp_path):
    shutil.copytree(BASE, tmp_path / "pack")
    assert checked(tmp_path / "pack") == []


@pytest.mark.parametrize("mistake", MISTAKES, ids=[m["id"] for m in MISTAKES])
def test_check_reports_the_planted_mistake(mistake, tmp_path):
    root = tmp_path / "pack"
    planted(root, mistake)
    expected = (mistake["code"], mistake.get("in", mistake["file"]), mistake["line"])
    assert expected in checked(root)
