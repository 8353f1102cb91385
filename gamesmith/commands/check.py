"""`gamesmith check PATH…`: compile packs and report every problem."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from compiler import compile_pack
from compiler.diagnostics import FORMATS, Report, render
from compiler.files import write_atomic
from printkit.job import Options, PrintJob
from printkit.preflight import Locator


def check(
    paths: Annotated[
        list[Path], typer.Argument(help="content packs (folders with game.yaml)", metavar="PACK")
    ],
    format: Annotated[str, typer.Option("--format", "-f", help="text, json, sarif or github")] = "text",
    strict: Annotated[bool, typer.Option(help="fail on warnings too")] = False,
    color: Annotated[bool | None, typer.Option("--color/--no-color", help="colour text output")] = None,
    emit: Annotated[Path | None, typer.Option(help="write the compiled game as JSON (one pack only)")] = None,
    preflight: Annotated[bool, typer.Option(
        help="also draw every card to find text that overflows its box (slower; uses the print cache)",
    )] = False,
) -> None:
    """Check content packs; exit 0 when clean, 1 on errors (or warnings with --strict).

    Layouts are checked too: fields, icons, image files and fonts always; text overflow
    and safe-zone crossings of drawn text with --preflight."""
    if format not in FORMATS:
        raise typer.BadParameter(f"choose one of {', '.join(FORMATS)}", param_hint="--format")
    if emit and len(paths) != 1:
        raise typer.BadParameter("--emit takes one pack", param_hint="--emit")
    report = Report()
    sources: dict[str, list[str]] = {}
    for path in paths:
        result = compile_pack(path)
        report.extend(result.report.diagnostics)
        if result.game is not None:
            report.extend(layout_report(result, preflight).diagnostics)
        report.counts.update(result.report.counts)
        sources.update(result.sources)
        if emit and result.game:
            write_atomic(emit, result.game.dumps())
    use_color = sys.stdout.isatty() if color is None else color
    out = render(report, format, sources=sources.get, color=use_color)
    sys.stdout.write(out)
    failed = report.errors > 0 or (strict and report.warnings > 0)
    raise typer.Exit(1 if failed else 0)


def layout_report(result, preflight: bool) -> Report:
    """The pack's print problems: found without drawing, or by drawing with `preflight`."""
    game = result.game
    job = PrintJob(game, Options())
    issues = job.render() if preflight else job.references()
    return Locator(result.units).report(issues, game.game.severity)
