"""ODS workbooks through odfpy: a grid per table; repeated rows and columns expanded (trailing
empty repeats, which spreadsheet programs write by the million, are not), covered cells of a
merged range filled, formulas give their saved value."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from compiler.sheets.grid import Grid, SheetError, check_cells, fill_merged, trim

_TABLE = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
_OFFICE = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
_TEXT = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"


def read(path: Path, display: str) -> list[Grid]:
    from odf.opendocument import load

    try:
        doc = load(str(path))
    except Exception as error:  # odfpy raises many kinds for a damaged file
        raise SheetError(f"not a readable workbook ({type(error).__name__}: {error})") from None
    grids = []
    for table in doc.spreadsheet.childNodes:
        if table.qname != (_TABLE, "table"):
            continue
        grids.append(_table(table, display))
    return grids


def _table(table, display: str) -> Grid:
    rows: list[list[Any]] = []
    merges: list[tuple[int, int, int, int]] = []
    uncached: dict[tuple[int, int], str] = {}
    pending_empty = 0  # empty rows not yet added: only added if a row with content follows
    for row in _rows(table):
        cells, row_merges, row_uncached = _cells(row, len(rows) + pending_empty + 1)
        repeat = int(row.attributes.get((_TABLE, "number-rows-repeated"), 1))
        if not any(v is not None for v in cells) and not row_uncached:
            pending_empty += repeat
            continue
        rows.extend([] for _ in range(pending_empty))
        pending_empty = 0
        for _ in range(repeat):
            check_cells(len(rows) + 1, len(cells))
            rows.append(list(cells))
        merges += row_merges
        uncached.update(row_uncached)
    for top, left, bottom, right in merges:
        fill_merged(rows, top, left, bottom, right)
    name = table.attributes.get((_TABLE, "name"), "")
    return Grid(display, name, trim(rows), uncached)


def _rows(node):
    """The table's rows in order, inside header-row and row-group wrappers too."""
    for child in node.childNodes:
        if child.qname == (_TABLE, "table-row"):
            yield child
        elif child.qname in ((_TABLE, "table-header-rows"), (_TABLE, "table-row-group"),
                             (_TABLE, "table-rows")):
            yield from _rows(child)


def _cells(row, row_number: int):
    values: list[Any] = []
    merges, uncached = [], {}
    pending: list[Any] = []  # empty cells kept only if a cell with content follows
    for cell in row.childNodes:
        if cell.qname not in ((_TABLE, "table-cell"), (_TABLE, "covered-table-cell")):
            continue
        repeat = int(cell.attributes.get((_TABLE, "number-columns-repeated"), 1))
        value = _value(cell)
        formula = cell.attributes.get((_TABLE, "formula"))
        if value is None and formula is None:
            pending.extend([None] * min(repeat, 16384))
            continue
        values.extend(pending)
        pending = []
        column = len(values) + 1
        if formula is not None and value is None:
            uncached[(row_number, column)] = formula
        spanned = (int(cell.attributes.get((_TABLE, "number-rows-spanned"), 1)),
                   int(cell.attributes.get((_TABLE, "number-columns-spanned"), 1)))
        if spanned != (1, 1):
            merges.append((row_number, column, row_number + spanned[0] - 1, column + spanned[1] - 1))
        check_cells(1, column + repeat)
        values.extend([value] * repeat)
    return values, merges, uncached


def _value(cell) -> Any:
    attrs = cell.attributes
    kind = attrs.get((_OFFICE, "value-type"))
    if kind in ("float", "percentage", "currency"):
        raw = attrs.get((_OFFICE, "value"))
        if raw is None:
            return None
        number = float(raw)
        return int(number) if number.is_integer() and "." not in raw and "e" not in raw.lower() else number
    if kind == "boolean":
        return attrs.get((_OFFICE, "boolean-value")) == "true"
    if kind == "date":
        return attrs.get((_OFFICE, "date-value"))
    if kind == "time":
        return attrs.get((_OFFICE, "time-value"))
    text = "\n".join(_text(p) for p in cell.childNodes if p.qname == (_TEXT, "p"))
    return text or None


def _text(node) -> str:
    """The text of a paragraph: its text nodes, spaces (`text:s`), tabs and line breaks."""
    out = []
    for child in node.childNodes:
        if child.nodeType == child.TEXT_NODE:
            out.append(child.data)
        elif child.qname == (_TEXT, "s"):
            out.append(" " * int(child.attributes.get((_TEXT, "c"), 1)))
        elif child.qname == (_TEXT, "tab"):
            out.append("\t")
        elif child.qname == (_TEXT, "line-break"):
            out.append("\n")
        else:
            out.append(_text(child))
    return "".join(out)
