"""The diagnostic record and the report that collects them for one run."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from enum import StrEnum


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"
    INFO = "info"
    OFF = "off"  # set by a severity override: the diagnostic is dropped


@dataclass(frozen=True, order=True)
class Location:
    """A place in a file; line and column are 1-based, 0 when unknown.

    In a spreadsheet, line is the row and column the column (A = 1), and `sheet` is set:
    the sheet's name in a workbook, "" in a CSV file (which has one, unnamed)."""

    file: str
    line: int = 0
    column: int = 0
    sheet: str | None = None

    @property
    def cell(self) -> str | None:
        """`B7`, or `Cards!B7` in a workbook, for a spreadsheet location; else None."""
        if self.sheet is None or self.line <= 0 or self.column <= 0:
            return None
        ref = f"{column_letters(self.column)}{self.line}"
        return f"{self.sheet}!{ref}" if self.sheet else ref

    def __str__(self) -> str:
        """`file:line:column`, or `file:Sheet!B7` for a cell of a workbook sheet."""
        if self.sheet and self.cell:
            return f"{self.file}:{self.cell}"
        parts = [self.file] if self.file else []
        if self.file and self.line > 0:
            parts.append(str(self.line))
            if self.column > 0:
                parts.append(str(self.column))
        return ":".join(parts)


def column_letters(column: int) -> str:
    """A 1-based column number as spreadsheets name it: 1 -> A, 27 -> AA."""
    letters = ""
    while column > 0:
        column, rest = divmod(column - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


@dataclass(frozen=True)
class Diagnostic:
    code: str
    severity: Severity
    message: str
    location: Location
    hint: str | None = None
    item: str | None = None  # the id of the item it is about, for suppression

    @property
    def file(self) -> str:
        return self.location.file

    @property
    def line(self) -> int:
        return self.location.line

    @property
    def column(self) -> int:
        return self.location.column

    def as_dict(self) -> dict:
        out = {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "hint": self.hint,
        }
        if self.location.sheet is not None:  # a spreadsheet cell: row and column, named too
            out["sheet"] = self.location.sheet
            out["cell"] = self.location.cell
        return out


@dataclass
class Report:
    """Every diagnostic of one run, plus how many items of each kind were compiled."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)

    def add(self, diagnostic: Diagnostic) -> None:
        self.diagnostics.append(diagnostic)

    def extend(self, diagnostics) -> None:
        self.diagnostics.extend(diagnostics)

    def apply_overrides(self, overrides: dict[str, Severity]) -> None:
        """Re-grade diagnostics by code; `off` drops them."""
        kept = []
        for d in self.diagnostics:
            sev = overrides.get(d.code, d.severity)
            if sev is not Severity.OFF:
                kept.append(d if sev is d.severity else replace(d, severity=sev))
        self.diagnostics = kept

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.diagnostics, key=lambda d: (
            d.file, d.location.sheet or "", d.line, d.column, d.code, d.message))

    @property
    def errors(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(d.severity is Severity.WARNING for d in self.diagnostics)

    def summary(self) -> dict:
        return {"errors": self.errors, "warnings": self.warnings, "counts": dict(sorted(self.counts.items()))}
