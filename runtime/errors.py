"""The one error the runtime raises for content it cannot play (never a bare traceback)."""

from __future__ import annotations


class RuleError(Exception):
    """Content the runtime cannot carry out: an unknown zone, an expression that fails, a
    script that runs out. `where` names the effect or expression involved, and `at` where
    the content is written (`rules.yaml:275:41 (action 'sell-equipment')`), when known."""

    def __init__(self, message: str, where: str | None = None, at: str | None = None):
        super().__init__(message)
        self.message = message
        self.where = where
        self.at = at

    def __str__(self) -> str:
        return ": ".join(part for part in (self.at, self.where, self.message) if part)
