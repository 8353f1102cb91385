"""Turn what PyYAML and the decoder report into diagnostics with a position and a hint."""

from __future__ import annotations

import re

from yaml import MarkedYAMLError
from yaml.reader import ReaderError

from compiler.diagnostics import CATALOGUE, Diagnostic, Location

# libyaml counts these as line breaks; positions computed here must agree with its marks.
_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")
# What may precede a line's content: spaces, tabs, and `- `, `? `, `: ` indicators.
_LEAD = re.compile(r"(?:[ \t]|[-?:](?=[ \t]|$))*")


def split_lines(text: str) -> list[str]:
    """The lines of `text` as libyaml numbers them (index 0 is line 1)."""
    return _BREAK.split(text)


def position(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of the character at `index` in `text`."""
    line, start = 1, 0
    for found in _BREAK.finditer(text, 0, index):
        line, start = line + 1, found.end()
    return line, index - start + 1


def byte_position(data: bytes, offset: int) -> tuple[int, int]:
    """1-based line and column of the byte at `offset` in UTF-8 `data` (columns in characters)."""
    before = data[:offset].decode("utf-8", "replace")
    return position(before, len(before))


def reader_problem(error: ReaderError, data: bytes, file: str) -> Diagnostic:
    """GS101 for a character YAML does not allow (control characters, U+FFFE...)."""
    # libyaml gives a byte offset (the pure-Python reader a character one: exact for ASCII).
    line, column = byte_position(data, error.position)
    char = error.character if isinstance(error.character, int) else ord(error.character)
    hint = "Remove the character."
    if char < 0x100:
        hint += f' In a double-quoted string it may be written as the escape "\\x{char:02X}".'
    message = f"{error.reason[:1].upper()}{error.reason[1:]}: U+{char:04X}"
    return CATALOGUE["GS101"](message, Location(file, line, column), hint)


def syntax_problem(error: MarkedYAMLError, text: str, file: str) -> Diagnostic:
    """The diagnostic for a scanner or parser error: GS108 for tabs, GS105 for depth, GS103 or
    GS109 for anchor, alias or tag syntax, else GS101 with a hint."""
    lines = split_lines(text)
    mark = error.problem_mark or error.context_mark
    line, column = (mark.line, mark.column) if mark is not None else (0, 0)
    problem = error.problem or "invalid YAML"
    context = error.context or ""

    tab = _tab_column(lines, line, column, problem)
    if tab is not None:
        return CATALOGUE["GS108"](
            "A tab is used for indentation; YAML allows only spaces.",
            Location(file, line + 1, tab + 1),
            hint="Replace the tab with spaces (set your editor to indent with spaces).",
        )
    hint = _hint(problem, context, error.context_mark, lines, line, column)
    if "nesting depth" in problem:  # libyaml's own limit (1000), met before any event
        code = "GS105"
    elif "anchor" in context or "alias" in context:
        code = "GS103"
    elif "tag" in context or "tag" in problem:
        code = "GS109"
    else:
        code = "GS101"
    message = problem[:1].upper() + problem[1:]
    return CATALOGUE[code](message, Location(file, line + 1, column + 1), hint=hint)


def _tab_column(lines: list[str], line: int, column: int, problem: str) -> int | None:
    """The 0-based column of the tab that caused the error, if a tab in the indentation did."""
    if line >= len(lines):
        return None
    text = lines[line]
    lead = _LEAD.match(text).end()
    tab = text.find("\t", 0, lead)
    about_tab = "tab character" in problem  # libyaml names tabs only when they indent
    if tab >= 0 and (column <= lead or about_tab):
        return tab
    if about_tab and text[column : column + 1] == "\t":
        return column
    return None


def _hint(problem: str, context: str, context_mark, lines: list[str], line: int, column: int):
    """A fix for the usual mistake behind one of libyaml's messages, else where it was found."""
    start = f"line {context_mark.line + 1}" if context_mark is not None else "above"
    text = lines[line] if line < len(lines) else ""
    if problem.startswith("mapping values are not allowed"):
        colon = text.find(": ")
        if 0 <= colon < column:
            key, value = text[: colon + 1].strip(), text[colon + 2 :].strip()
            quoted = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
            return f"A value that contains ': ' must be quoted: {key} {quoted}"
        return (
            "This line is indented deeper than the keys around it, so it is read as part of "
            "the value above; line it up with its sibling keys."
        )
    if problem == "did not find expected key":
        return (
            f"This line does not line up with the keys of the mapping that starts on {start}; "
            "check its indentation."
        )
    if problem == "did not find expected '-' indicator":
        return (
            f"This line does not line up with the list that starts on {start}: items start at "
            "the same column, and the keys of an item line up under its first key."
        )
    if problem == "could not find expected ':'":
        return (
            f"The text on {start} is read as a key but has no ':' after it; add ': value', "
            "or indent it if it continues the value above."
        )
    if problem == "found unexpected end of stream" and "quoted" in context:
        return f"The quoted value that starts on {start} is never closed; add the closing quote."
    if problem.startswith("did not find expected ','"):
        opener = "[" if problem.endswith("']'") else "{"
        return (
            f"The '{opener}' opened on {start} is not closed, or two of its entries lack a "
            "comma between them."
        )
    if problem == "found character that cannot start any token" and column < len(text):
        return f"A value cannot start with '{text[column]}'; put the value in quotes."
    if problem.startswith("block sequence entries are not allowed"):
        return "A '- ' list cannot start on the same line as its key; start it on the next line."
    if problem == "found incompatible YAML document":
        return "Only YAML 1.x is read; remove the %YAML line."
    if problem == "did not find expected node content" and "flow" in context:
        return "A '[' or '{' is not closed, or an entry is missing between two commas."
    if context and context_mark is not None:
        column = context_mark.column + 1
        return f"The problem was found {context} that starts on {start}, column {column}."
    return None
