"""Small packs whose cards come from spreadsheets written by the tests themselves."""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest

from compiler import compile_pack

GAME = "kind: game\nid: tiny\ntitle: Tiny\nplayers: {min: 2, max: 4}\n"
CARD_TYPE = """\
kind: card-type
id: gear
name: Gear
fields:
  hands: {type: int, required: true, min: 0, max: 2}
  tags: {type: list, of: string}
  upgrade: {type: ref, ref: card}
  power: {type: player-table}
"""
ROWS_DOC = "kind: cards\nid: deck\ntype: gear\nrows: gear.csv\n"


def write_xlsx(path: Path, sheets: dict[str, list[list]], merges: dict[str, list[str]] | None = None) -> Path:
    """A workbook with a sheet per entry; cells starting with '=' are formulas (no saved value)."""
    from openpyxl import Workbook

    book = Workbook()
    book.remove(book.active)
    for name, rows in sheets.items():
        ws = book.create_sheet(name)
        for row in rows:
            ws.append(row)
        for ref in (merges or {}).get(name, []):
            ws.merge_cells(ref)
    book.save(path)
    return path


def save_formula_values(path: Path, values: dict[str, str]) -> None:
    """Store a saved value for formula cells ({'C2': '2'}), as a spreadsheet program does."""
    with zipfile.ZipFile(path) as z:
        parts = {n: z.read(n) for n in z.namelist()}
    xml = parts["xl/worksheets/sheet1.xml"].decode()
    for ref, value in values.items():
        xml, n = re.subn(rf'(<c r="{ref}"[^>]*>\s*<f>[^<]*</f>)\s*(<v\s*/>|<v></v>)?', rf"\1<v>{value}</v>", xml)
        assert n == 1, xml
    parts["xl/worksheets/sheet1.xml"] = xml.encode()
    with zipfile.ZipFile(path, "w") as z:
        for name, data in parts.items():
            z.writestr(name, data)


@pytest.fixture
def pack(tmp_path, monkeypatch):
    """pack({'gear.csv': '...'}) -> CompileResult of a pack with the gear card type, run from
    the pack's folder; a value {sheet name: rows} is written as a workbook."""
    monkeypatch.chdir(tmp_path)

    def run(files: dict, with_type: bool = True):
        (tmp_path / "game.yaml").write_text(GAME)
        if with_type:
            (tmp_path / "gear-type.yaml").write_text(CARD_TYPE)
        for name, content in files.items():
            path = tmp_path / name
            if isinstance(content, dict):
                write_xlsx(path, content)
            elif isinstance(content, bytes):
                path.write_bytes(content)
            else:
                path.write_text(content, encoding="utf-8")
        return compile_pack(Path("."))

    return run


@pytest.fixture
def found():
    """found(result) -> [(code, file, sheet, row or line, column)] of its diagnostics."""
    return lambda result: [(d.code, d.file, d.location.sheet, d.line, d.column)
                           for d in result.report.diagnostics]


@pytest.fixture
def xlsx():
    """The workbook writer and the saved-formula-value patcher."""
    return write_xlsx, save_formula_values
