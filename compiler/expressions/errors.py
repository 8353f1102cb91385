"""The two ways an expression fails: at compile time (with a code) and at evaluation time."""

from __future__ import annotations


class ExpressionError(Exception):
    """A compile-time problem: `code` is GS220 (syntax), GS221 (unknown name) or GS222
    (forbidden construct); `offset` is the 0-based character offset into the source."""

    def __init__(self, code: str, message: str, offset: int, hint: str | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.offset = offset
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.code} at offset {self.offset}: {self.message}"


class EvaluationError(Exception):
    """A compiled expression could not be evaluated (division by zero, wrong types, unset name)."""

    def __init__(self, source: str, message: str):
        super().__init__(source, message)
        self.source = source
        self.message = message

    def __str__(self) -> str:
        return f"cannot evaluate {self.source!r}: {self.message}"
