"""Every seed deck moved from YAML to a spreadsheet (XLSX and CSV) and back: the compiled game
is the same, and the deck written back as YAML holds the same data."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from compiler import compile_pack
from compiler.language.documents import CardType
from compiler.loader import load_file
from compiler.sheets import write_deck
from compiler.sheets.write import deck_yaml
from gamesmith.cli import app

CONTENT = Path(__file__).parents[3] / "content"
PACKS = sorted(p.name for p in CONTENT.iterdir() if (p / "game.yaml").exists())


def _card_files(root: Path) -> list[Path]:
    """The YAML files of a pack that hold only `cards` documents, with their cards in them."""
    out = []
    for path in sorted(root.rglob("*.y*ml")):
        docs, _ = load_file(path)
        if docs and all(isinstance(d.data, dict) and d.data.get("kind") == "cards"
                        and "rows" not in d.data for d in docs):
            out.append(path)
    return out


@pytest.mark.parametrize("suffix", [".xlsx", ".csv"])
@pytest.mark.parametrize("name", PACKS)
def test_seed_decks_move_to_sheets_and_back(name, suffix, tmp_path):
    root = tmp_path / name
    shutil.copytree(CONTENT / name, root)
    before = compile_pack(root)
    assert before.game is not None
    types = {u.model.id: u.model for u in before.units if isinstance(u.model, CardType)}
    originals = {u.model.id: {k: v for k, v in u.doc.data.items() if k not in ("rows", "sheet")}
                 for u in before.units if u.kind == "cards"}
    moved = 0
    for path in _card_files(root):
        for doc in load_file(path)[0]:
            write_deck(doc.data, types.get(doc.data["type"]), path.with_name(f"{doc.data['id']}{suffix}"))
            moved += 1
        path.unlink()
    after = compile_pack(root)
    assert after.game is not None, [str(d.location) + d.message for d in after.report.diagnostics][:5]
    assert moved and after.game.dumps(locations=False) == before.game.dumps(locations=False)
    for unit in after.units:
        if unit.kind == "cards":  # and back: the YAML written from the sheet reads the same
            docs, problems = load_file(_write(tmp_path / "back.yaml", deck_yaml(unit.doc.data)))
            assert not problems and docs[0].data == originals[unit.model.id]


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_export_command_writes_each_format(tmp_path):
    runner = CliRunner()
    pack = CONTENT / "fantasy-tavern-brawl"
    for target in ("tavern.xlsx", "tavern.csv", "tavern.yaml"):
        result = runner.invoke(app, ["export", "cards", str(pack), "--deck", "tavern-start",
                                     "--to", str(tmp_path / target)])
        assert result.exit_code == 0, result.output
        assert (tmp_path / target).stat().st_size > 0
    result = runner.invoke(app, ["export", "cards", str(pack), "--to", str(tmp_path / "x.xlsx")])
    assert result.exit_code == 2 and "--deck" in result.output


def test_a_deck_a_workbook_cannot_hold_is_a_clear_error(tmp_path):
    (tmp_path / "game.yaml").write_text("kind: game\nid: tiny\ntitle: Tiny\nplayers: {min: 2, max: 4}\n")
    (tmp_path / "t.yaml").write_text("kind: card-type\nid: gear\nname: Gear\n")
    (tmp_path / "d.yaml").write_text('kind: cards\nid: deck\ntype: gear\ncards:\n  - {id: bell, name: "Bell\\a"}\n')
    result = CliRunner().invoke(app, ["export", "cards", str(tmp_path), "--to", str(tmp_path / "d.xlsx")])
    assert result.exit_code == 1 and "cell B6 cannot be written" in result.output
    assert not (tmp_path / "d.xlsx").exists()
