"""Write a deck as a standalone sheet (CSV or XLSX): its header document, then a row per card.

Cells are written in the syntax `cells` reads, and each is read back before it is kept: a
value that would not come back the same is written as JSON (which YAML reads unchanged)."""

from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path
from typing import Any

import yaml

from compiler.diagnostics.model import column_letters
from compiler.files import write_atomic
from compiler.language.documents import CardType
from compiler.sheets.cells import (
    BUILT_IN_TYPES,
    LIST_SEPARATOR,
    CellSyntaxError,
    cell_value,
    field_kind,
    scalar_cell,
)

# Header keys written first, in this order; any other key of the document follows.
_HEAD = ("kind", "id", "type", "name", "deck", "size", "back", "source", "title", "text")
_FIRST_COLUMNS = ("id", "name", "count")


def deck_rows(data: dict, card_type: CardType | None, as_text: bool = False,
              header: bool = True) -> list[list[Any]]:
    """The sheet of a `cards` document's data (as loaded): header rows and a blank row (unless
    not `header`: the sheet of a YAML document's `rows:`), headings, a row per card. With
    `as_text` every cell is text, as in a CSV file."""
    head = {k: v for k, v in data.items() if k not in ("cards", "rows", "sheet", "columns")}
    rows: list[list[Any]] = []
    if header:
        for key in sorted(head, key=lambda k: (_HEAD.index(k) if k in _HEAD else len(_HEAD), str(k))):
            rows.append([key, _header_cell(head[key], as_text)])
        rows.append([])
    cards = data["cards"]
    written = {k for card in cards for k in card}
    declared = list(card_type.fields) if card_type else []
    names = [n for n in _FIRST_COLUMNS if n in written]
    names += [n for n in BUILT_IN_TYPES if n in written and n not in names]
    names += [n for n in declared if n in written and n not in names]
    names += sorted(n for n in written if n not in names)  # not declared: checked on reading
    rows.append(list(names))
    for card in cards:
        rows.append([_cell(card[n], *field_kind(n, card_type), as_text) if n in card else None for n in names])
    return rows


def deck_yaml(data: dict) -> str:
    """The deck as a YAML `cards` document (the cards in it, not in a sheet); checked to load
    back as the same data."""
    from compiler.loader import load_text

    plain = {k: v for k, v in data.items() if k not in ("rows", "sheet", "columns")}
    text = yaml.safe_dump(plain, sort_keys=False, allow_unicode=True, width=100)
    documents, problems = load_text(text, "deck")
    if problems or len(documents) != 1 or documents[0].data != plain:
        raise ValueError("the deck does not write as YAML that reads back the same")
    return text


def write_deck(data: dict, card_type: CardType | None, path: Path, sheet: str = "Cards",
               header: bool = True) -> None:
    """Write the deck to `path` (.csv or .xlsx: a standalone sheet, or with `header` False the
    rows a YAML document's `rows:` names; .yaml), atomically."""
    suffix = Path(path).suffix.lower()
    if suffix in (".yaml", ".yml"):
        write_atomic(path, deck_yaml(data))
        return
    rows = deck_rows(data, card_type, as_text=suffix == ".csv", header=header)
    if suffix == ".csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")  # Excel's dialect
        writer.writerows([["" if v is None else v for v in row] for row in rows])
        write_atomic(path, out.getvalue().encode("utf-8-sig"))  # the BOM tells Excel it is UTF-8
    elif suffix == ".xlsx":
        write_atomic(path, _xlsx_bytes(rows, sheet))
    else:
        raise ValueError(f"cannot write '{suffix}': write .csv, .xlsx or .yaml")


def _xlsx_bytes(rows: list[list[Any]], sheet: str) -> bytes:
    from openpyxl import Workbook
    from openpyxl.styles import Alignment, Font

    book = Workbook()
    ws = book.active
    ws.title = sheet
    for r, row in enumerate(rows, 1):
        for c, value in enumerate(row, 1):
            if value is None:
                continue
            try:
                cell = ws.cell(r, c, value)
            except Exception as error:  # openpyxl refuses control characters XML cannot hold
                raise ValueError(f"cell {column_letters(c)}{r} cannot be written: {error}") from None
            if isinstance(value, str):
                cell.data_type = "s"  # text, even when it starts with '=' like a formula
                if "\n" in value:
                    cell.alignment = Alignment(wrap_text=True, vertical="top")
    heading = rows.index([]) + 2 if [] in rows else 1
    for cell in ws[heading]:
        cell.font = Font(bold=True)
    ws.freeze_panes = ws.cell(heading + 1, 1)
    with tempfile.TemporaryFile() as tmp:
        book.save(tmp)
        tmp.seek(0)
        return tmp.read()


def _cell(value: Any, kind: str | None, of: str | None, as_text: bool) -> Any:
    """A cell that `cell_value` reads back as `value` (text only, with `as_text`)."""
    candidates: list[Any] = []
    if isinstance(value, list) and all(isinstance(v, str | int | float | bool) for v in value) and value:
        candidates.append(f"{LIST_SEPARATOR} ".join(_text(v) for v in value))
    if isinstance(value, str | int | float | bool):
        exact = as_text or isinstance(value, str | bool) or _number_cell_exact(value)
        candidates.append(value if exact else _text(value))
    if isinstance(value, list | dict):
        candidates.append(_yaml(value))
    candidates.append(json.dumps(value, ensure_ascii=False))
    for cell in candidates:
        cell = _text(cell) if as_text else cell
        try:
            back = cell_value(cell, kind, of)
        except CellSyntaxError:
            continue
        if back == value and _same_types(back, value):
            return cell
    raise ValueError(f"cannot write {value!r} as a cell")


def _number_cell_exact(value: int | float) -> bool:
    """Whether a workbook's number cell keeps `value`: openpyxl writes 16 significant digits."""
    written = f"{value:.16g}"
    try:
        back = int(written) if isinstance(value, int) else float(written)
    except ValueError:  # an int written in exponent form
        return False
    return back == value


def _header_cell(value: Any, as_text: bool) -> Any:
    candidates = [value] if not isinstance(value, list | dict) else []
    for cell in [*candidates, _yaml(value), json.dumps(value, ensure_ascii=False)]:
        cell = _text(cell) if as_text else cell
        try:
            back = scalar_cell(cell)
        except CellSyntaxError:
            continue
        if back == value and _same_types(back, value):
            return cell
    raise ValueError(f"cannot write {value!r} as a header cell")


def _same_types(a: Any, b: Any) -> bool:
    """Equal values of the same types all the way down (so `1` is not `True`, nor `1.0`)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return all(_same_types(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return all(_same_types(x, y) for x, y in zip(a, b, strict=True))
    return True


def _text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _yaml(value: Any) -> str:
    block = isinstance(value, list) and any(isinstance(v, dict) for v in value)
    return yaml.safe_dump(value, default_flow_style=None if block else True, sort_keys=False,
                          allow_unicode=True, width=10**9).strip()
