"""A sheet's rows as a `cards` document: headings mapped to fields, cells to values.

The heading row is the first row with content (below the header document of a standalone
sheet). A heading is a field's name (case, spaces and hyphens aside), or is mapped to one by
the document's `columns:`; a heading starting with `#`, or mapped to null, is a note column and
not read. Rows with no value in a read column are skipped. Checks made here, each at its cell:
GS120 unknown column, GS121 missing column, GS122 a field headed twice, GS123 a formula with
no saved value, GS124 a cell not in its column's syntax, GS127 a sheet with no card rows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from compiler.cardtypes import BUILT_IN
from compiler.diagnostics import CATALOGUE, Diagnostic, Location
from compiler.diagnostics.model import column_letters
from compiler.language.documents import CardType
from compiler.loader import Document
from compiler.sheets.cells import CellSyntaxError, cell_value, field_kind, scalar_cell
from compiler.sheets.grid import Grid
from compiler.spelling import closest

HEADER_KEY = "kind"  # a sheet whose A1 says this starts with its own header document
REQUIRED_BUILT_IN = ("id", "name")


@dataclass
class GridDocument(Document):
    """A `cards` document whose cards (or, standalone, whole content) are cells of a sheet.

    `cells` and `key_cells` give the (row, column) of values and header keys by path; paths
    outside `cards` go to `base`, the YAML document naming the sheet, when there is one."""

    grid: Grid | None = None
    cells: dict[tuple, tuple[int, int]] = field(default_factory=dict, repr=False)
    key_cells: dict[tuple, tuple[int, int]] = field(default_factory=dict, repr=False)
    base: Document | None = None
    heading_row: int = 1
    missing: list[str] = field(default_factory=list)  # fields with no column or an unread cell

    @property
    def complete(self) -> bool:
        """Whether every required field has a column and there are cards: they can compile."""
        return not self.missing and bool(self.data.get("cards"))

    def location(self, path: tuple, key: bool = False) -> Location:
        path = tuple(path)
        if self.base is not None and path[:1] != ("cards",):
            return self.base.location(path, key)
        if key and path in self.key_cells:
            return self.grid.location(*self.key_cells[path])
        for end in range(len(path), -1, -1):
            found = self.cells.get(path[:end])
            if found is not None:
                return self.grid.location(*found)
        return self.grid.location(self.heading_row, 1)


def standalone_header(grid: Grid) -> tuple[GridDocument | None, list[Diagnostic]]:
    """The header document at the top of a standalone sheet (A1 says `kind`), else None.

    Its rows, down to the first empty row, are `key | value` pairs: a value is read as a plain
    YAML value, or as YAML when it starts a list, mapping or quoted text."""
    first = grid.value(1, 1)
    if not (isinstance(first, str) and first.strip().lower() == HEADER_KEY):
        return None, []
    data: dict[str, Any] = {}
    cells, key_cells = {}, {}
    problems = []
    row = 1
    while row <= len(grid.rows) and any(v is not None for v in grid.rows[row - 1]):
        key, value = grid.value(row, 1), grid.value(row, 2)
        row += 1
        if key is None:
            continue
        key = str(key).strip()
        if key in data:
            problems.append(CATALOGUE["GS122"](
                f"the header names `{key}` twice", grid.location(row - 1, 1),
                hint=f"the first is in row {key_cells[(key,)][0]}; remove one"))
            continue
        try:
            data[key] = scalar_cell(value)
        except CellSyntaxError as error:
            problems.append(CATALOGUE["GS124"](f"header `{key}`: {error}", grid.location(row - 1, 2)))
            continue
        cells[(key,)] = (row - 1, 2)
        key_cells[(key,)] = (row - 1, 1)
    doc = GridDocument(grid.file, 0, data, grid=grid, cells=cells, key_cells=key_cells)
    doc.heading_row = _next_content_row(grid, row)
    cells[()] = (1, 1)
    return doc, problems


def rows_document(base: Document, grid: Grid) -> GridDocument:
    """The document for a YAML `cards` document whose `rows:` names `grid`. The YAML holds the
    deck's keys: a header document at the top of the sheet is passed over."""
    data = {k: v for k, v in base.data.items() if k != "cards"}
    doc = GridDocument(base.file, base.index, data, base.marks, base.key_marks, grid=grid, base=base)
    header, _ = standalone_header(grid)  # a sheet exported standalone: its header is not read
    doc.heading_row = header.heading_row if header is not None else _next_content_row(grid, 1)
    return doc


def _next_content_row(grid: Grid, row: int) -> int:
    while row <= len(grid.rows) and not any(v is not None for v in grid.rows[row - 1]):
        row += 1
    return row


def cards_document(doc: GridDocument, card_type: CardType | None) -> list[Diagnostic]:
    """Fill `doc.data["cards"]` from its sheet's rows; the problems found on the way.

    With `card_type` None (unknown, or it did not validate) columns are taken as written."""
    grid, heading = doc.grid, doc.heading_row
    columns = doc.data.get("columns") if isinstance(doc.data.get("columns"), dict) else {}
    if doc.base is None and columns:  # a standalone header's mapping is used up here
        del doc.data["columns"]
    read, problems, meant = _headings(grid, heading, columns, card_type)
    cards: list[dict] = []
    unread: set[str] = set()  # fields with a cell that could not be read
    doc.data["cards"] = cards
    doc.cells[("cards",)] = (heading, 1)
    for r in range(heading + 1, len(grid.rows) + 1):
        card: dict[str, Any] = {}
        marks: dict[tuple, tuple[int, int]] = {}
        for c, name in read.items():
            value = grid.value(r, c)
            if (r, c) in grid.uncached:
                problems.append(CATALOGUE["GS123"](
                    f"the formula `{grid.uncached[r, c]}` has no saved value", grid.location(r, c),
                    hint="open the file in a spreadsheet program and save it, so the value is stored"))
                marks[name] = (r, c)
                unread.add(name)
                continue
            if value is None:
                continue
            kind, of = field_kind(name, card_type)
            try:
                card[name] = cell_value(value, kind, of)
            except CellSyntaxError as error:
                unread.add(name)
                problems.append(CATALOGUE["GS124"](
                    f"column '{grid.value(heading, c)}': {error}", grid.location(r, c),
                    hint="write YAML such as `[{name: Rally, when: on-play, do: [{gain: {variable: coins, amount: 1}}]}]`"
                    if kind in ("abilities", "effects") else "see docs/spreadsheets.md for the cell syntax"))
            marks[name] = (r, c)
        if not marks:
            continue  # an empty row, or one with only notes
        i = len(cards)
        cards.append(card)
        doc.cells[("cards", i)] = (r, min(c for _, c in marks.values()))
        for name, pos in marks.items():
            doc.cells[("cards", i, name)] = pos
    missing = [n for n in _required(card_type) if n not in read.values()]
    doc.missing = missing + sorted(unread - set(missing))
    if missing:
        after = len(grid.rows[heading - 1]) + 1 if heading <= len(grid.rows) else 1
        for name in (n for n in missing if n not in meant):  # a misspelt heading says it already
            problems.append(CATALOGUE["GS121"](  # at the first free heading: where to add it
                f"no column for the required field '{name}'", grid.location(heading, after),
                hint=f"add a column headed '{name}', or map a heading to it in `columns:`"))
    if not cards:
        problems.append(CATALOGUE["GS127"](
            "the sheet has no card rows below its headings", grid.location(heading, 1),
            hint="add a row per card below the heading row"))
    return problems


def relaxed(card_type: CardType, missing: list[str]) -> CardType:
    """`card_type` with the `missing` fields optional: the other cells of a sheet that lacks
    their columns can still be checked (the deck does not compile)."""
    fields = {n: spec.model_copy(update={"required": False}) if n in missing else spec
              for n, spec in card_type.fields.items()}
    return card_type.model_copy(update={"fields": fields})


def _headings(grid: Grid, row: int, columns: dict, card_type: CardType | None):
    """{column number: field name} of the columns read, the problems with headings, and the
    fields that unknown headings seem to mean."""
    fields = dict(card_type.fields) if card_type else {}
    known = list(BUILT_IN) + [f for f in fields if f not in BUILT_IN]
    read: dict[int, str] = {}
    seen: dict[str, int] = {}
    problems, meant = [], set()
    for c, heading in enumerate(grid.rows[row - 1] if row <= len(grid.rows) else [], 1):
        if heading is None:
            continue
        text = str(heading).strip()
        if text.startswith("#"):
            continue
        if text in columns:
            name = columns[text]
            if name is None:
                continue
        else:
            name = text.lower().replace(" ", "_").replace("-", "_")
        if card_type is not None and name not in known:
            mapped = f" (mapped by `columns:` to '{name}')" if text in columns else ""
            close = closest(name, [k for k in known if k not in seen])
            meant.add(close)
            problems.append(CATALOGUE["GS120"](
                f"unknown column '{text}'{mapped}: card type '{card_type.id}' has no field '{name}'",
                grid.location(row, c),
                hint=(f"did you mean '{close}'? " if close else "")
                + "start the heading with '#' to keep it as a note column"))
            continue
        if name in seen:
            problems.append(CATALOGUE["GS122"](
                f"two columns are read as '{name}'", grid.location(row, c),
                hint=f"the first is column {column_letters(seen[name])}; rename or remove one"))
            continue
        seen[name] = c
        read[c] = name
    return read, problems, meant


def _required(card_type: CardType | None) -> list[str]:
    required = list(REQUIRED_BUILT_IN)
    if card_type is not None:
        required += [n for n, spec in card_type.fields.items() if spec.required and spec.default is None]
    return required
