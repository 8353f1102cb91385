"""`gamesmith check PATH…`: compile packs and report every problem."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer


def check(
    paths: Annotated[
        list[Path], typer.Argument(help="content packs (folders with game.yaml)", metavar="PACK")
    ],
    format: Annotated[str, typer.Option("--format", "-f", help="text, json, sarif or github")] = "text",
    strict: Annotated[bool, typer.Option(help="fail on warnings too")] = False,
    color: Annotated[bool | None, typer.Option("--color/--no-color", help="colour text output")] = None,
    emit: Annotated[Path | None, typer.Option(help="write the compiled game as JSON (one pack only)")] = None,
) -> None:
    """Check content packs; exit 0 when clean, 1 on errors (or warnings with --strict)."""
    from compiler.cache import checked
    from compiler.diagnostics import FORMATS, Report, render
    from compiler.files import write_atomic

    if format not in FORMATS:
        raise typer.BadParameter(f"choose one of {', '.join(FORMATS)}", param_hint="--format")
    if emit and len(paths) != 1:
        raise typer.BadParameter("--emit takes one pack", param_hint="--emit")
    report = Report()
    sources: dict[str, list[str]] = {}
    for path in paths:
        if emit:  # the compiled game itself is wanted: compile afresh
            from compiler import compile_pack

            result = compile_pack(path)
            found, lines = result.report, result.sources
            if result.game:
                write_atomic(emit, result.game.dumps())
        else:
            found, lines = checked(path)
        report.extend(found.diagnostics)
        report.counts.update(found.counts)
        sources.update(lines)
    use_color = sys.stdout.isatty() if color is None else color
    out = render(report, format, sources=sources.get, color=use_color)
    sys.stdout.write(out)
    failed = report.errors > 0 or (strict and report.warnings > 0)
    raise typer.Exit(1 if failed else 0)
