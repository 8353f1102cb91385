"""Render a diagnostics `Report` as text, json, sarif or github annotations.

`render(report, fmt)` returns the whole output as one string ending in a newline (github's is
empty for a clean report). Diagnostics graded `off` are left out. Only text reads sources,
through `sources` (default: the file on disk, relative to the working directory).
"""

from __future__ import annotations

from dataclasses import replace

from compiler.diagnostics.formats.github import render_github
from compiler.diagnostics.formats.json_format import render_json
from compiler.diagnostics.formats.sarif import render_sarif
from compiler.diagnostics.formats.text import SourceLookup, render_text
from compiler.diagnostics.model import Report, Severity

FORMATS = ("text", "json", "sarif", "github")


def render(
    report: Report,
    fmt: str,
    *,
    sources: SourceLookup | None = None,
    color: bool = False,
    tool_version: str = "0.1.0",
) -> str:
    """`report` in format `fmt` (one of FORMATS); ValueError for any other name."""
    kept = [d for d in report.diagnostics if d.severity is not Severity.OFF]
    shown = replace(report, diagnostics=kept)
    if fmt == "text":
        return render_text(shown, sources, color)
    if fmt == "json":
        return render_json(shown)
    if fmt == "sarif":
        return render_sarif(shown, tool_version)
    if fmt == "github":
        return render_github(shown)
    raise ValueError(f"unknown format {fmt!r}; expected one of {', '.join(FORMATS)}")


__all__ = ["FORMATS", "SourceLookup", "render"]
