"""Card text markup: `**bold**`, `*italic*`, `:icon-name:` and line breaks.

`parse` turns a string into paragraphs of runs; a run is text in one style, or an icon.
A backslash keeps the next character literal (`\\*`, `\\:`). Markup styles add to the
box's own: bold text inside a bold box stays bold.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

ICON = re.compile(r":([a-z0-9]+(?:-[a-z0-9]+)*):")


@dataclass(frozen=True)
class Run:
    """Text in one style, or (`icon` set, `text` empty) an inline icon."""

    text: str
    bold: bool = False
    italic: bool = False
    icon: str | None = None


Paragraph = list[Run]


def parse(source: str, bold: bool = False, italic: bool = False) -> list[Paragraph]:
    """Paragraphs (split at newlines) of runs; adjacent text of one style is one run."""
    return [_paragraph(line, bold, italic) for line in source.split("\n")]


def _paragraph(line: str, base_bold: bool, base_italic: bool) -> Paragraph:
    runs: Paragraph = []
    buf: list[str] = []
    bold = italic = False

    def flush() -> None:
        if buf:
            runs.append(Run("".join(buf), base_bold or bold, base_italic or italic))
            buf.clear()

    i = 0
    while i < len(line):
        ch = line[i]
        if ch == "\\" and i + 1 < len(line):
            buf.append(line[i + 1])
            i += 2
        elif line.startswith("**", i):
            flush()
            bold = not bold
            i += 2
        elif ch == "*":
            flush()
            italic = not italic
            i += 1
        elif ch == ":" and (m := ICON.match(line, i)):
            flush()
            runs.append(Run("", base_bold or bold, base_italic or italic, icon=m.group(1)))
            i = m.end()
        else:
            buf.append(ch)
            i += 1
    flush()
    return runs
