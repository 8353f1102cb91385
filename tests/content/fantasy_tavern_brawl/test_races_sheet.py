"""The worked example of a deck in a spreadsheet: the race cards are rows of races.xlsx. The
compiled game is the one the same deck gave as YAML (fixtures/races-as-yaml.yaml, the file as
it was before the move), and a mistake in the sheet is reported at its cell."""

from __future__ import annotations

import shutil
from pathlib import Path

from openpyxl import load_workbook

from compiler import compile_pack
from compiler.sheets import GridDocument

PACK = "fantasy-tavern-brawl"
FIXTURE = Path(__file__).parent / "fixtures" / "races-as-yaml.yaml"


def test_the_race_deck_is_read_from_the_workbook(result):
    unit = next(u for u in result.units if u.kind == "cards" and u.model.id == "race-cards")
    assert isinstance(unit.doc, GridDocument) and unit.doc.grid.sheet == "Races"
    assert str(unit.doc.location(("cards", 0, "race"))).endswith("races.xlsx:Races!H2")
    assert sum(c.count for c in unit.model.cards) == 70


def test_the_compiled_game_is_the_one_the_yaml_deck_gave(game, tmp_path):
    root = tmp_path / PACK
    shutil.copytree(Path(game.root), root)
    (root / "cards" / "races.xlsx").unlink()
    shutil.copy(FIXTURE, root / "cards" / "races.yaml")
    as_yaml = compile_pack(root)
    assert as_yaml.game is not None and as_yaml.report.errors == 0
    assert as_yaml.game.dumps(locations=False) == game.dumps(locations=False)


def test_a_mistake_in_the_sheet_is_reported_at_its_cell(game, tmp_path, monkeypatch):
    root = tmp_path / PACK
    shutil.copytree(Path(game.root), root)
    book = load_workbook(root / "cards" / "races.xlsx")
    book["Races"]["H3"] = "ork"  # the Orc's race
    book.save(root / "cards" / "races.xlsx")
    monkeypatch.chdir(root)
    report = compile_pack(Path(".")).report
    [problem] = report.diagnostics
    assert (problem.code, str(problem.location)) == ("GS207", "cards/races.xlsx:Races!H3")
    assert problem.hint == "did you mean 'orc'?"
