"""XLSX workbooks through openpyxl: a grid per sheet, cached formula values, merged ranges filled."""

from __future__ import annotations

import datetime
import warnings
from pathlib import Path
from typing import Any

from compiler.sheets.grid import Grid, SheetError, check_cells, fill_merged, trim


def _load(path: Path, data_only: bool):
    import openpyxl

    with warnings.catch_warnings():  # openpyxl warns about features it drops (validation, styles)
        warnings.simplefilter("ignore")
        try:
            return openpyxl.load_workbook(path, data_only=data_only, rich_text=False)
        except Exception as error:  # openpyxl raises many kinds for a damaged file
            raise SheetError(f"not a readable workbook ({type(error).__name__}: {error})") from None


def read(path: Path, display: str) -> list[Grid]:
    book = _load(path, data_only=False)  # formulas as written: which cells are formulas
    cached = None
    grids = []
    for sheet in book.worksheets:
        check_cells(sheet.max_row, sheet.max_column)
        rows = [list(r) for r in sheet.iter_rows(values_only=True)]
        uncached = {}
        formulas = [(r, c) for r, row in enumerate(rows, 1) for c, v in enumerate(row, 1)
                    if _formula(v) and sheet.cell(r, c).data_type == "f"]
        if formulas:
            cached = cached or _load(path, data_only=True)
            values = cached[sheet.title]
            for r, c in formulas:
                value = values.cell(r, c).value
                if value is None:
                    formula = rows[r - 1][c - 1]
                    uncached[(r, c)] = getattr(formula, "text", None) or str(formula)
                rows[r - 1][c - 1] = value
        rows = [[_plain(v) for v in row] for row in rows]
        for merged in sheet.merged_cells.ranges:
            fill_merged(rows, merged.min_row, merged.min_col, merged.max_row, merged.max_col)
        grids.append(Grid(display, sheet.title, trim(rows), uncached))
    return grids


def _formula(value: Any) -> bool:
    """Whether openpyxl read `value` as a formula (text `=...`, or an array formula)."""
    return (isinstance(value, str) and value.startswith("=")) or hasattr(value, "ref")


def _plain(value: Any) -> Any:
    if isinstance(value, datetime.datetime | datetime.date | datetime.time):
        return value.isoformat()
    if isinstance(value, str) and value == "":
        return None
    return value
