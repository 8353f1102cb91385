"""Cards from spreadsheets: CSV, XLSX and ODS files read as `cards` documents.

`read_grid` turns a file into `Grid`s (one per sheet: cell values by row, never raising: a
problem is a diagnostic located at the file or cell). `cards_document` maps a grid's columns
onto a card type's fields and its rows onto cards, giving a `GridDocument` that the pipeline
validates and links like a YAML `cards` document, with every location a cell
(`file:Sheet!B7`, or `file:row:column` in a CSV file). `write_deck` writes a deck back out.
Cell syntax and the column rules are in docs/spreadsheets.md.
"""

from compiler.pack import SHEET_SUFFIXES
from compiler.sheets.cards import GridDocument, cards_document, standalone_header
from compiler.sheets.grid import Grid, read_grid
from compiler.sheets.write import write_deck

__all__ = [
    "SHEET_SUFFIXES",
    "Grid",
    "GridDocument",
    "cards_document",
    "read_grid",
    "standalone_header",
    "write_deck",
]
