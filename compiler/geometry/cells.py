"""Cell notation: `C4` names column C, row 4; `A1:C3` is the inclusive rectangle between two
cells. Cells are `(column, row)` pairs, 0-based, with row 0 at the top."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Cell = tuple[int, int]
Labels = Literal["letters", "numbers"]

MAX_RANGE_CELLS = 40_000  # a range larger than any board; refusing it keeps typos cheap
_MAX_TEXT = 32


class CellError(ValueError):
    """Cell notation that names no cell; `message` says why in the designer's terms."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Notation:
    """How a board labels its axes. Mixed labels (the default: letter columns, numbered rows)
    are written letters first, `C4` (or `D3` for row D, column 3 when rows have the
    letters); when both axes use the same kind of label the column comes first and a
    hyphen separates the two, `3-4` or `C-D`."""

    columns: Labels = "letters"
    rows: Labels = "numbers"

    @classmethod
    def of(cls, grid) -> Notation:
        """The notation of a `Grid` model (anything with `column_labels` and `row_labels`);
        the default for `None`, as a composed board has no grid of its own."""
        if grid is None:
            return DEFAULT
        return cls(grid.column_labels, grid.row_labels)

    @property
    def mixed(self) -> bool:
        return self.columns != self.rows

    def example(self) -> str:
        return format_cell((2, 3), self)


DEFAULT = Notation()


def letters_to_index(text: str) -> int:
    """`A` -> 0, `Z` -> 25, `AA` -> 26 (bijective base 26, like spreadsheet columns)."""
    value = 0
    for ch in text.upper():
        value = value * 26 + (ord(ch) - ord("A") + 1)
    return value - 1


def index_to_letters(index: int) -> str:
    """The inverse of `letters_to_index`."""
    out = []
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        out.append(chr(ord("A") + rem))
    return "".join(reversed(out))


def _label_value(part: str) -> tuple[Labels, int]:
    if part.isdigit():
        number = int(part)
        if number < 1:
            raise CellError(f"'{part}' is not a row or column number: numbering starts at 1")
        return "numbers", number - 1
    return "letters", letters_to_index(part)


def parse_cell(text: object, notation: Notation = DEFAULT) -> Cell:
    """The cell `text` names (`C4`); raises `CellError` for anything else, ranges included."""
    if not isinstance(text, str):
        raise CellError(f"a cell is written as text like '{notation.example()}', not {text!r}")
    raw = text.strip()
    if ":" in raw:
        raise CellError(f"'{raw}' is a range; a single cell like '{notation.example()}' is needed")
    if not raw or len(raw) > _MAX_TEXT:
        raise CellError(f"'{raw}' is not a cell; write it like '{notation.example()}'")
    if notation.mixed:
        match = re.fullmatch(r"([A-Za-z]+)([0-9]+)", raw)
    else:
        match = re.fullmatch(r"([A-Za-z]+|[0-9]+)-([A-Za-z]+|[0-9]+)", raw)
    if match is None:
        raise CellError(f"'{raw}' is not a cell; write it like '{notation.example()}'")
    parts = [p for p in match.groups() if p is not None]
    (kind_a, a), (kind_b, b) = (_label_value(p) for p in parts)
    if notation.mixed:
        by_kind = {kind_a: a, kind_b: b}
        return by_kind[notation.columns], by_kind[notation.rows]
    if kind_a != notation.columns or kind_b != notation.rows:
        raise CellError(
            f"'{raw}' does not match this board's labels ({notation.columns} for columns, "
            f"{notation.rows} for rows); write it like '{notation.example()}'"
        )
    return a, b


def format_cell(cell: Cell, notation: Notation = DEFAULT) -> str:
    """The name of `cell`: the inverse of `parse_cell`."""
    col, row = cell
    label = {"letters": index_to_letters, "numbers": lambda i: str(i + 1)}
    c, r = label[notation.columns](col), label[notation.rows](row)
    if not notation.mixed:
        return f"{c}-{r}"
    return c + r if notation.columns == "letters" else r + c


def parse_range(text: object, notation: Notation = DEFAULT) -> tuple[Cell, Cell]:
    """The top-left and bottom-right corners of `A1:C3` (either order), or `(c, c)` for a
    single cell."""
    if isinstance(text, str) and text.count(":") == 1:
        first, second = (parse_cell(part, notation) for part in text.split(":"))
        return (
            (min(first[0], second[0]), min(first[1], second[1])),
            (max(first[0], second[0]), max(first[1], second[1])),
        )
    if isinstance(text, str) and text.count(":") > 1:
        raise CellError(f"'{text.strip()}' is not a range; write it like 'A1:C3'")
    cell = parse_cell(text, notation)
    return cell, cell


def range_cells(corners: tuple[Cell, Cell]) -> frozenset[Cell]:
    """Every cell of the inclusive rectangle between two corners."""
    (c0, r0), (c1, r1) = corners
    if c1 < c0 or r1 < r0:
        return frozenset()
    if (c1 - c0 + 1) * (r1 - r0 + 1) > MAX_RANGE_CELLS:
        raise CellError(f"a range covers more than {MAX_RANGE_CELLS} cells")
    return frozenset((c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))


def parse_area(values: Iterable[object], notation: Notation = DEFAULT) -> frozenset[Cell]:
    """The union of cells and ranges: `["A1:C3", "D4"]`."""
    cells: set[Cell] = set()
    for value in values:
        cells |= range_cells(parse_range(value, notation))
    return frozenset(cells)
