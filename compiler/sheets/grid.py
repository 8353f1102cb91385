"""A spreadsheet file as plain cell values: `read_grid(path, display)` -> (grids, problems).

Cells hold None (empty), str, int, float or bool; dates become ISO text. A merged range's
value fills every cell of the range. A formula gives its cached value; one saved without a
value is listed in `Grid.uncached` (the cell stays empty). Files that are not regular files,
too large, not UTF-8 (CSV) or not a readable workbook are a GS125 diagnostic.
"""

from __future__ import annotations

import os
import stat
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from compiler.diagnostics import CATALOGUE, Diagnostic, Location
from compiler.loader import LIMITS

# A workbook is a zip: its unpacked size is bounded too, so a zip bomb fails fast.
MAX_UNPACKED = 8 * LIMITS.max_bytes
MAX_CELLS = 2_000_000


@dataclass
class Grid:
    """One sheet: `rows[r][c]` is the value of row r+1, column c+1."""

    file: str  # display path
    sheet: str  # the sheet's name; "" for a CSV file
    rows: list[list[Any]]
    uncached: dict[tuple[int, int], str] = field(default_factory=dict)  # (row, col) -> formula

    def location(self, row: int = 0, column: int = 0) -> Location:
        return Location(self.file, row, column, self.sheet)

    def value(self, row: int, column: int) -> Any:
        """The value of a 1-based cell, None outside the sheet."""
        if 0 < row <= len(self.rows) and 0 < column <= len(self.rows[row - 1]):
            return self.rows[row - 1][column - 1]
        return None

    def source_lines(self) -> list[str]:
        """The rows as text for diagnostics: cells joined by tabs (tabs in a cell shown as spaces)."""
        return ["\t".join(shown(v).replace("\t", " ") for v in row) for row in self.rows]


def shown(value: Any) -> str:
    """A cell's value as a spreadsheet shows it."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    return str(value)


class SheetError(Exception):
    """The file cannot be read as a spreadsheet; the message says why, for GS125."""


def read_grid(path: Path, display: str) -> tuple[list[Grid], list[Diagnostic]]:
    """Every sheet of the spreadsheet at `path` (named `display` in diagnostics)."""
    from compiler.sheets import csv_reader, ods_reader, xlsx_reader

    readers = {".csv": csv_reader.read, ".xlsx": xlsx_reader.read, ".ods": ods_reader.read}
    suffix = Path(path).suffix.lower()
    try:
        if suffix not in readers:
            raise SheetError(f"'{suffix}' is not a spreadsheet gamesmith reads (.csv, .xlsx, .ods)")
        data_path = _regular_file(Path(path))
        if suffix != ".csv":
            _check_zip(data_path)
        grids = readers[suffix](data_path, display)
    except SheetError as error:
        return [], [CATALOGUE["GS125"](str(error), Location(display), hint=_hint(suffix))]
    return grids, []


def _hint(suffix: str) -> str:
    if suffix == ".csv":
        return "save it from your spreadsheet program as 'CSV UTF-8'"
    return "open it in a spreadsheet program and save it again as .xlsx or .ods"


def _regular_file(path: Path) -> Path:
    """`path` if it is a regular file of a size the loader accepts (never a FIFO or device)."""
    try:
        info = os.stat(path)
    except OSError as error:
        raise SheetError(f"cannot read the file: {error.strerror or error}") from None
    if not stat.S_ISREG(info.st_mode):
        raise SheetError("it is not a regular file")
    if info.st_size > LIMITS.max_bytes:
        raise SheetError(f"the file is {info.st_size} bytes; at most {LIMITS.max_bytes} are read")
    return path


def _check_zip(path: Path) -> None:
    try:
        with zipfile.ZipFile(path) as archive:
            unpacked = sum(i.file_size for i in archive.infolist())
    except (zipfile.BadZipFile, OSError) as error:
        raise SheetError(f"not a readable workbook ({error})") from None
    if unpacked > MAX_UNPACKED:
        raise SheetError(f"the workbook unpacks to {unpacked} bytes; at most {MAX_UNPACKED} are read")


def check_cells(rows: int, columns: int) -> None:
    if rows * columns > MAX_CELLS:
        raise SheetError(f"the sheet has {rows} rows of {columns} columns; at most {MAX_CELLS} cells are read")


def fill_merged(rows: list[list[Any]], top: int, left: int, bottom: int, right: int) -> None:
    """Give every cell of a merged range (1-based, inclusive) the value of its top-left cell."""
    value = rows[top - 1][left - 1] if top <= len(rows) and left <= len(rows[top - 1]) else None
    for r in range(top, min(bottom, len(rows)) + 1):
        row = rows[r - 1]
        row.extend([None] * (right - len(row)))
        for c in range(left, right + 1):
            row[c - 1] = value


def trim(rows: list[list[Any]]) -> list[list[Any]]:
    """Rows without trailing empty cells, and without trailing empty rows."""
    out = []
    for row in rows:
        end = len(row)
        while end and row[end - 1] is None:
            end -= 1
        out.append(row[:end])
    while out and not out[-1]:
        out.pop()
    return out
