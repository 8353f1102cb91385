"""Source text to a Python `ast` expression, with syntax errors as GS220 in plain words.

`Positions` maps the ast's (line, UTF-8 byte column) back to 0-based character offsets
into the original source, which is what carets need.
"""

from __future__ import annotations

import ast
import re
import warnings

from compiler.expressions.errors import ExpressionError

MAX_LENGTH = 1000

_NEWLINE = re.compile(r"\r\n|\r|\n")  # the line ends Python's tokenizer knows
_TOKEN = re.compile(r"\w+|[^\w\s]{1,3}")
_KIND_OF = {int: "a number", float: "a number", bool: "true or false", list: "a list", dict: "a mapping"}
_SYNTAX_HINTS = [
    (re.compile(r"&&"), "write 'and' instead of '&&'"),
    (re.compile(r"\|\|"), "write 'or' instead of '||'"),
    (re.compile(r"!(?!=)"), "write 'not' instead of '!'"),
    (re.compile(r"(?<![=!<>:])=(?!=)"), "write '==' to compare"),
    (re.compile(r"[\r\n]"), "put an expression that spans several lines in parentheses"),
]


class Positions:
    """Character offsets into a source for ast positions (1-based lines, byte columns)."""

    def __init__(self, source: str, base: int = 0):
        # `source` is what was parsed; `base` is how many characters were stripped before it.
        self.source = source
        self.base = base
        self._lines: list[tuple[int, str]] = []
        start = 0
        for match in _NEWLINE.finditer(source):
            self._lines.append((start, source[start : match.start()]))
            start = match.end()
        self._lines.append((start, source[start:]))

    def at(self, lineno: int, byte_column: int) -> int:
        start, line = self._lines[min(lineno, len(self._lines)) - 1]
        column = len(line.encode("utf-8")[:byte_column].decode("utf-8", errors="ignore"))
        return self.base + start + column

    def at_character(self, lineno: int, column: int) -> int:
        start, line = self._lines[min(lineno, len(self._lines)) - 1]
        return self.base + start + min(column, len(line))

    def start(self, node: ast.AST) -> int:
        return self.at(node.lineno, node.col_offset)

    def end(self, node: ast.AST) -> int:
        return self.at(node.end_lineno, node.end_col_offset)


def parse(source: str) -> tuple[ast.expr, Positions]:
    """Parse one expression; raise ExpressionError (GS220, or GS222 when too long or deep)."""
    if not isinstance(source, str):
        raise ExpressionError(
            "GS220", f"an expression must be text, not {_KIND_OF.get(type(source), 'this value')}", 0
        )
    if len(source) > MAX_LENGTH:
        raise ExpressionError(
            "GS222", f"the expression is longer than {MAX_LENGTH} characters", MAX_LENGTH
        )
    if "\0" in source:
        raise ExpressionError(
            "GS220", "the expression contains a NUL character", source.index("\0")
        )
    # Python refuses leading indentation even in eval mode; content often has it.
    text = source.lstrip(" \t")
    positions = Positions(text, len(source) - len(text))
    if not text.strip():
        raise ExpressionError("GS220", "the expression is empty", 0)
    try:
        with warnings.catch_warnings():
            # e.g. invalid escape sequences: harmless here, and not ours to print.
            warnings.simplefilter("ignore")
            tree = ast.parse(text, "<expr>", mode="eval")
    except SyntaxError as exc:
        raise _syntax_error(source, positions, exc) from None
    except (RecursionError, MemoryError):
        raise ExpressionError("GS222", "the expression nests too deeply", 0) from None
    except ValueError as exc:  # e.g. text that cannot be encoded (lone surrogates)
        raise ExpressionError("GS220", f"the expression is not valid text: {exc}", 0) from None
    return tree.body, positions


def _syntax_error(source: str, positions: Positions, exc: SyntaxError) -> ExpressionError:
    if exc.lineno and exc.offset and exc.offset > 0:
        offset = min(positions.at_character(exc.lineno, exc.offset - 1), len(source))
    else:
        offset = len(source)  # Python reports "ran out of input" without a column
    message = exc.msg.removeprefix("(unicode error) ")
    if message.startswith("invalid syntax"):
        token = _TOKEN.search(source, offset)
        message = f"unexpected {token.group()!r}" if token else "the expression ends too early"
    hint = next((h for pattern, h in _SYNTAX_HINTS if pattern.search(source)), None)
    return ExpressionError("GS220", message, offset, hint)
