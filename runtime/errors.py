"""The one error the runtime raises for content it cannot play (never a bare traceback)."""

from __future__ import annotations


class RuleError(Exception):
    """Content the runtime cannot carry out: an unknown zone, an expression that fails, a
    script that runs out. `where` names the effect or ability involved, when known."""

    def __init__(self, message: str, where: str | None = None):
        super().__init__(message)
        self.message = message
        self.where = where

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message
