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
    """A place in a file; line and column are 1-based, 0 when unknown."""

    file: str
    line: int = 0
    column: int = 0


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
        return {
            "code": self.code,
            "severity": self.severity.value,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "hint": self.hint,
        }


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
        return sorted(self.diagnostics, key=lambda d: (d.location, d.code, d.message))

    @property
    def errors(self) -> int:
        return sum(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def warnings(self) -> int:
        return sum(d.severity is Severity.WARNING for d in self.diagnostics)

    def summary(self) -> dict:
        return {"errors": self.errors, "warnings": self.warnings, "counts": dict(sorted(self.counts.items()))}
