"""CSV files as one grid: UTF-8 with or without a BOM (or UTF-16 with one, as Excel's "Unicode
Text" is), the delimiter found from the first row
(`,` `;` or tab, as Excel writes them by locale) or named by Excel's `sep=` first line."""

from __future__ import annotations

import csv
from pathlib import Path

from compiler.sheets.grid import Grid, SheetError, check_cells, trim

_DELIMITERS = ",;\t"


def read(path: Path, display: str) -> list[Grid]:
    data = path.read_bytes()
    encoding = "utf-8-sig"
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encoding = "utf-16"  # Excel's "Unicode Text": tab-separated UTF-16 with a BOM
    try:
        text = data.decode(encoding)
    except UnicodeDecodeError as error:
        row = data[: error.start].count(b"\n") + 1
        raise SheetError(f"row {row} is not UTF-8 text (byte 0x{data[error.start]:02X})") from None
    lines = text.splitlines(keepends=True)
    delimiter = None
    if lines and lines[0].strip().lower().startswith("sep=") and len(lines[0].strip()) == 5:
        delimiter = lines[0].strip()[4]  # Excel's own hint line: not a row of the sheet
        lines = lines[1:]
    if delimiter is None:
        delimiter = _delimiter(lines[0] if lines else "")
    try:
        # a line break inside a cell is a newline, as in the spreadsheet it came from
        rows = [[cell.replace("\r\n", "\n") if cell != "" else None for cell in row]
                for row in csv.reader(lines, delimiter=delimiter, strict=False)]
    except csv.Error as error:
        raise SheetError(f"not readable as CSV: {error}") from None
    check_cells(len(rows), max((len(r) for r in rows), default=0))
    return [Grid(display, "", trim(rows))]


def _delimiter(first_line: str) -> str:
    """The delimiter of a file whose first row is `first_line`: of `,` `;` and tab, the one it
    has most of (a heading row rarely holds one inside a cell), else a comma."""
    counts = {d: first_line.count(d) for d in _DELIMITERS}
    best = max(_DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","
