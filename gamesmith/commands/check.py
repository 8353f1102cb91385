"""`gamesmith check PATH…`: compile packs and report every problem."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from compiler import compile_pack
from compiler.diagnostics import FORMATS, Report, render
from compiler.files import output_problem, write_atomic


def check(
    paths: Annotated[
        list[Path], typer.Argument(help="content packs (folders with game.yaml)", metavar="PACK")
    ],
    format: Annotated[str, typer.Option("--format", "-f", help="text, json, sarif or github")] = "text",
    strict: Annotated[bool, typer.Option(help="fail on warnings too")] = False,
    color: Annotated[bool | None, typer.Option("--color/--no-color", help="colour text output")] = None,
    emit: Annotated[Path | None, typer.Option(help="write the compiled game as JSON (one pack only; - for standard output)")] = None,
) -> None:
    """Check content packs; exit 0 when clean, 1 on errors (or warnings with --strict)."""
    if format not in FORMATS:
        raise typer.BadParameter(f"choose one of {', '.join(FORMATS)}", param_hint="--format")
    if emit and len(paths) != 1:
        raise typer.BadParameter("--emit takes one pack", param_hint="--emit")
    if emit and (problem := output_problem(emit)):
        raise typer.BadParameter(f"{emit} {problem}", param_hint="--emit")
    report = Report()
    sources: dict[str, list[str]] = {}
    for path in paths:
        result = compile_pack(path)
        report.extend(result.report.diagnostics)
        report.counts.update(result.report.counts)
        sources.update(result.sources)
        if emit and result.game:
            try:
                write_atomic(emit, result.game.dumps() + ("\n" if str(emit) == "-" else ""))
            except OSError as err:
                typer.echo(f"error: cannot write {emit}: {err.strerror or err}", err=True)
                raise typer.Exit(1) from None
    use_color = sys.stdout.isatty() if color is None else color
    out = render(report, format, sources=sources.get, color=use_color)
    sys.stdout.write(out)
    failed = report.errors > 0 or (strict and report.warnings > 0)
    raise typer.Exit(1 if failed else 0)
