"""The spreadsheets of one compile: standalone sheets found in the pack, and those that YAML
`cards` documents name with `rows:`, each file read once."""

from __future__ import annotations

from pathlib import Path

from compiler.diagnostics import CATALOGUE, Diagnostic
from compiler.diagnostics.formats.text import grid_source_key
from compiler.language.documents import CardType
from compiler.loader import Document
from compiler.sheets.cards import GridDocument, cards_document, rows_document, standalone_header
from compiler.sheets.grid import Grid, read_grid
from compiler.spelling import closest


class PackSheets:
    """Reads spreadsheets for a compile; `sources` gets each sheet's rows for diagnostics."""

    def __init__(self, root: Path, sources: dict[str, list[str]], display):
        self.root = root.resolve()
        self.sources = sources
        self.display = display  # how a path is named in diagnostics
        self.read: set[Path] = set()  # resolved paths of the files read
        self._grids: dict[Path, tuple[list[Grid], list[Diagnostic]]] = {}

    def grids(self, path: Path) -> tuple[list[Grid], list[Diagnostic]]:
        """The sheets of the file at `path`, and the problems reading it (reported once)."""
        key = path.resolve()
        if key in self._grids:
            return self._grids[key][0], []
        grids, problems = read_grid(path, self.display(path))
        self._grids[key] = (grids, problems)
        for grid in grids:
            self.sources[grid_source_key(grid.file, grid.sheet)] = grid.source_lines()
        return grids, problems

    def standalone(self, paths: list[Path], docs: list[Document]) -> tuple[list[Document], list[Diagnostic]]:
        """The header documents of standalone sheets in `paths`, leaving out the files that a
        `rows:` of `docs` names (files without a header are left for the linker to report as
        unclaimed, unless a `rows:` names them)."""
        named = {(Path(d.file).parent / d.data["rows"]).resolve() for d in docs
                 if isinstance(d.data, dict) and d.data.get("kind") == "cards"
                 and isinstance(d.data.get("rows"), str)}
        docs, problems = [], []
        for path in (p for p in paths if p.resolve() not in named):
            grids, found = self.grids(path)
            problems += found
            if found:  # unreadable: said once here, not again as an unclaimed file
                self.read.add(path.resolve())
            for grid in grids:
                doc, found = standalone_header(grid)
                problems += found
                if doc is not None:
                    docs.append(doc)
                    self.read.add(path.resolve())
        return docs, problems

    def cards(self, doc: Document, card_types: dict[str, CardType]) -> tuple[Document | None, list[Diagnostic]]:
        """`doc` with its cards filled from its sheet; None when they cannot be (a problem
        says why). A YAML document without `rows:` comes back as it is."""
        data = doc.data
        card_type = card_types.get(data.get("type")) if isinstance(data.get("type"), str) else None
        if isinstance(doc, GridDocument):
            return doc, cards_document(doc, card_type)
        rows = data.get("rows")
        if rows is None:
            return doc, []
        if "cards" in data:
            return None, [CATALOGUE["GS126"](
                "a document gives both `rows:` and `cards:`", doc.location(("rows",), key=True),
                hint="keep the cards in the spreadsheet (remove `cards:`) or in YAML (remove `rows:`)")]
        if not isinstance(rows, str):
            return doc, []  # validation says what `rows` must be
        path = (Path(doc.file).parent / rows)
        if not path.resolve().is_relative_to(self.root) or not path.exists():
            where = "is outside the pack" if path.exists() else "does not exist"
            return None, [CATALOGUE["GS126"](
                f"the spreadsheet '{rows}' {where}", doc.location(("rows",)),
                hint="give a .csv, .xlsx or .ods file's path from this file's folder, inside the pack")]
        grids, problems = self.grids(path)
        self.read.add(path.resolve())
        if not grids:
            return None, problems
        grid = grids[0]
        sheet = data.get("sheet")
        if isinstance(sheet, str):
            named = [g for g in grids if g.sheet == sheet]
            if not named:
                names = [g.sheet for g in grids]
                close = closest(sheet, names)
                return None, [*problems, CATALOGUE["GS126"](
                    f"'{rows}' has no sheet '{sheet}'", doc.location(("sheet",)),
                    hint=f"did you mean '{close}'?" if close else "its sheets: " + ", ".join(names))]
            grid = named[0]
        expanded = rows_document(doc, grid)
        return expanded, problems + cards_document(expanded, card_type)
