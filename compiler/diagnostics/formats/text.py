"""Human-readable diagnostics: a header, the source line with a caret under the column, a hint.

Styled after rustc. Source lines come from a `SourceLookup` so callers that already hold the
text (or tests) need no files; the default reads the file relative to the working directory.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

from compiler.diagnostics.model import Diagnostic, Report, Severity

SourceLookup = Callable[[str], "list[str] | None"]

FILES_KEY = "files"  # a `files` entry in Report.counts is shown as "in N files", not as a kind
MAX_KINDS = 6  # kinds named in the summary line; the rest are only counted
TAB = "    "  # rustc's choice: a tab shows as four spaces, whatever its position

# The line breaks YAML (and so the loader's line numbers) counts; str.splitlines counts more.
_LINE_BREAK = re.compile(r"\r\n|[\n\r\x85\u2028\u2029]")
# Bidirectional controls would reorder the displayed line and put the caret under the wrong text.
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")

_RESET = "\x1b[0m"
_BOLD = "\x1b[1m"
_BLUE = "\x1b[1;34m"
_COLOUR = {
    Severity.ERROR: "\x1b[1;31m",
    Severity.WARNING: "\x1b[1;33m",
    Severity.INFO: "\x1b[1;36m",
}


def read_lines(file: str) -> list[str] | None:
    """The lines of `file`, split where YAML counts lines; None if it is missing or not UTF-8."""
    try:
        text = Path(file).read_bytes().decode("utf-8-sig")  # the loader skips a BOM too
    except (OSError, UnicodeDecodeError):
        return None
    return _LINE_BREAK.split(text)


def _shown(ch: str) -> str:
    """How one character of source or message is written to a terminal."""
    if ch == "\t":
        return TAB
    code = ord(ch)
    if code < 0x20:
        return chr(0x2400 + code)  # control pictures: visible, one column, no terminal effect
    if code == 0x7F:
        return "\u2421"
    if 0x80 <= code < 0xA0:  # C1 controls: 0x9B starts an escape sequence on some terminals
        return f"<U+{code:04X}>"
    if ch in _BIDI:
        return f"<U+{code:04X}>"
    return ch


def _width(text: str) -> int:
    """Terminal columns `text` takes once shown: wide East Asian characters take two."""
    total = 0
    for ch in text:
        if unicodedata.combining(ch) or unicodedata.category(ch) in ("Mn", "Me", "Cf"):
            continue
        total += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return total


def _show(text: str) -> str:
    return "".join(_shown(ch) for ch in text)


def terminal_text(text: str) -> str:
    """`text` (content, a message) safe to write to a terminal: line breaks kept, every other
    control character shown as a visible symbol, so no escape sequence reaches the terminal."""
    return "\n".join(_show(line) for line in str(text).split("\n"))


def caret_line(source: str, column: int) -> str:
    """Spaces then carets under the character at 1-based `column` of `source` as shown."""
    before = source[: column - 1]
    target = source[column - 1 : column]
    width = _width(_show(target)) if target else 1
    return " " * _width(_show(before)) + "^" * max(1, width)


class _Paint:
    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled

    def __call__(self, text: str, code: str) -> str:
        return f"{code}{text}{_RESET}" if self.enabled and code and text else text


def grid_source_key(file: str, sheet: str) -> str:
    """The `SourceLookup` key of a spreadsheet's sheet: its rows, cells joined by tabs."""
    return f"{file}\x00{sheet}"


def _where(d: Diagnostic) -> str:
    return str(d.location)


def _cell_line(d: Diagnostic, rows: list[str] | None) -> tuple[str, str] | None:
    """(cell reference, value shown) for a diagnostic on a spreadsheet cell with a value."""
    if rows is None or d.location.cell is None or not 0 < d.line <= len(rows):
        return None
    cells = rows[d.line - 1].split("\t")
    value = cells[d.column - 1] if d.column <= len(cells) else ""
    return d.location.cell.rsplit("!", 1)[-1], value


def _block(d: Diagnostic, lines: list[str] | None, paint: _Paint) -> list[str]:
    colour = _COLOUR.get(d.severity, _BOLD)
    first, *more = _show_lines(d.message)
    where = _show(_where(d))
    head = f"{paint(d.severity.value + ' ' + d.code, colour)}: {paint(first, _BOLD)}"
    out = [f"{paint(where + ':', _BOLD)} {head}" if where else head]
    out += [f"    {line}" for line in more]

    gutter = " "
    cell = _cell_line(d, lines)
    if cell is not None:  # the offending cell: its reference and value, underlined
        ref, value = cell
        gutter = " " * len(ref)
        out.append(f"{paint(ref + ' |', _BLUE)} {_show(value)}")
        if value:
            out.append(f"{paint(gutter + ' |', _BLUE)} {paint('^' * max(1, _width(_show(value))), colour)}")
    elif d.location.sheet is not None:
        pass  # a cell outside the sheet's rows: its reference is in the header line
    elif lines is not None and 0 < d.line <= len(lines):
        source = lines[d.line - 1].rstrip("\r\n")  # a lookup may hand back readlines() lines
        gutter = " " * len(str(d.line))
        out.append(f"{paint(str(d.line) + ' |', _BLUE)} {_show(source)}")
        if d.column > 0:
            caret = caret_line(source, d.column)
            pad = caret.index("^")
            out.append(f"{paint(gutter + ' |', _BLUE)} {caret[:pad]}{paint(caret[pad:], colour)}")
    if d.hint:
        hint, *rest = _show_lines(d.hint)
        out.append(f"{paint(gutter + ' =', _BLUE)} {paint('hint', _BOLD)}: {hint}")
        out += [f"{gutter}         {line}" for line in rest]
    return out


def _show_lines(text: str) -> list[str]:
    return [_show(line) for line in _LINE_BREAK.split(text)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def summary_line(report: Report, paint: _Paint | None = None) -> str:
    """`2 errors, 1 warning in 40 files (counts: card 70, story 3)`."""
    paint = paint or _Paint(False)
    errors, warnings = report.errors, report.warnings
    line = (
        paint(_plural(errors, "error"), _COLOUR[Severity.ERROR] if errors else "")
        + ", "
        + paint(_plural(warnings, "warning"), _COLOUR[Severity.WARNING] if warnings else "")
    )
    if FILES_KEY in report.counts:
        line += f" in {_plural(report.counts[FILES_KEY], 'file')}"
    kinds = sorted(
        ((k, n) for k, n in report.counts.items() if k != FILES_KEY), key=lambda kn: (-kn[1], kn[0])
    )
    if kinds:
        shown = ", ".join(f"{_show(str(k))} {n}" for k, n in kinds[:MAX_KINDS])
        if len(kinds) > MAX_KINDS:
            shown += f", {len(kinds) - MAX_KINDS} more"
        line += f" (counts: {shown})"
    return line


def render_text(report: Report, sources: SourceLookup | None = None, color: bool = False) -> str:
    """Every diagnostic sorted by location, each followed by a blank line, then the summary."""
    lookup = sources or read_lines
    cache: dict[str, list[str] | None] = {}
    paint = _Paint(color)
    out: list[str] = []
    for d in report.sorted():
        lines = None
        if d.file and d.line > 0:
            key = d.file if d.location.sheet is None else grid_source_key(d.file, d.location.sheet)
            if key not in cache:
                cache[key] = lookup(key) if d.location.sheet is None or sources else None
            lines = cache[key]
        out += _block(d, lines, paint)
        out.append("")
    out.append(summary_line(report, paint))
    return "\n".join(line.rstrip() for line in out) + "\n"
