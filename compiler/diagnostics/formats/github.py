"""Diagnostics as GitHub Actions workflow commands, which the runner turns into annotations.

One line per diagnostic: `::error file=F,line=L,col=C,title=GS301 unknown-reference::message`.
Escaping follows @actions/core: data escapes `%`, CR and LF; properties also `:` and `,`.
"""

from __future__ import annotations

from compiler.diagnostics.catalogue import CATALOGUE
from compiler.diagnostics.formats.paths import relative_posix
from compiler.diagnostics.model import Diagnostic, Report, Severity

COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice"}


def escape_data(text: str) -> str:
    """A command's message: `%`, CR and LF percent-encoded, so one command stays one line."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    """A property value: like data, and `:` and `,` too, which delimit the properties."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def command(d: Diagnostic) -> str:
    """The workflow command for one diagnostic."""
    props: list[tuple[str, str]] = []
    if d.file:
        props.append(("file", relative_posix(d.file)))
        if d.line > 0:
            props.append(("line", str(d.line)))
            if d.column > 0:
                props.append(("col", str(d.column)))
    entry = CATALOGUE.get(d.code)
    props.append(("title", f"{d.code} {entry.name}" if entry else d.code))
    message = f"{d.message}\nhint: {d.hint}" if d.hint else d.message
    if d.location.cell:  # a workbook's rows are not lines of text: name the cell
        message = f"{d.location.cell}: {message}"
    joined = ",".join(f"{key}={escape_property(value)}" for key, value in props)
    return f"::{COMMAND[d.severity]} {joined}::{escape_data(message)}"


def render_github(report: Report) -> str:
    """A command per diagnostic, sorted by location; empty when the report is clean."""
    return "".join(command(d) + "\n" for d in report.sorted())
