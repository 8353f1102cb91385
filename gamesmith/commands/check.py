"""`gamesmith check PATH…`: compile packs and report every problem."""


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
    emit: Annotated[Path | None, typer.Option(help="write the compiled game as JSON (one pack only; - for standard output)")] = None,
    find_packs: Annotated[bool, typer.Option(
        "--find-packs", help="PATHs may be any files in packs: check the packs holding them")] = False,
    watch: Annotated[bool, typer.Option(help="check again on every change, printing what changed")] = False,
    preflight: Annotated[bool, typer.Option(
        help="also draw every card to find text that overflows its box (slower; uses the print cache)",
    )] = False,
) -> None:
    """Check content packs; exit 0 when clean, 1 on errors (or warnings with --strict).

    Layouts are checked too: fields, icons, image files and fonts always; text overflow
    and safe-zone crossings of drawn text with --preflight."""
    from compiler.diagnostics import FORMATS, render
    from compiler.files import output_problem

    if format not in FORMATS:
        raise typer.BadParameter(f"choose one of {', '.join(FORMATS)}", param_hint="--format")
    if emit and len(paths) != 1:
        raise typer.BadParameter("--emit takes one pack", param_hint="--emit")
    if emit and (problem := output_problem(emit)):
        raise typer.BadParameter(f"{emit} {problem}", param_hint="--emit")
    if watch and format != "text":
        raise typer.BadParameter("--watch prints text", param_hint="--format")
    if find_packs:
        paths = packs_holding(paths)
    use_color = sys.stdout.isatty() if color is None else color
    if watch:
        from gamesmith.commands.watch import watch as watch_packs

        watch_packs(paths, lambda: _check(paths, None, preflight), sys.stdout.write, color=use_color)
        raise typer.Exit(0)
    report, sources = _check(paths, emit, preflight)
    out = render(report, format, sources=sources, color=use_color)
    sys.stdout.write(out)
    failed = report.errors > 0 or (strict and report.warnings > 0)
    raise typer.Exit(1 if failed else 0)


def _check(paths: list[Path], emit: Path | None, preflight: bool = False):
    """The report of every pack in `paths`, layouts included, and a lookup of their sources.
    A plain check is served from the check cache (`compiler.cache`) when nothing changed."""
    from compiler.diagnostics import Report
    from compiler.files import write_atomic

    report = Report()
    sources: dict[str, list[str]] = {}
    for path in paths:
        if not (emit or preflight):
            from compiler.cache import checked

            found, lines = checked(path, layout_diagnostics, [Path(printkit_folder())])
            report.extend(found.diagnostics)
            report.counts.update(found.counts)
            sources.update(lines)
            continue
        from compiler import compile_pack

        result = compile_pack(path)
        report.extend(result.report.diagnostics)
        report.extend(layout_diagnostics(result, preflight))
        report.counts.update(result.report.counts)
        sources.update(result.sources)
        if emit and result.game:
            try:
                write_atomic(emit, result.game.dumps() + ("\n" if str(emit) == "-" else ""))
            except OSError as err:
                typer.echo(f"error: cannot write {emit}: {err.strerror or err}", err=True)
                raise typer.Exit(1) from None
    return report, sources.get


def packs_holding(paths: list[Path]) -> list[Path]:
    """The pack folders (with game.yaml) that hold `paths`, each once, in order; paths in no
    pack are left out (a hook is handed every changed file of a repository)."""
    packs: list[Path] = []
    for path in paths:
        start = path if path.is_dir() else path.parent
        for folder in [start, *start.parents]:
            if (folder / "game.yaml").is_file():
                if folder not in packs:
                    packs.append(folder)
                break
    return packs


def layout_diagnostics(result, preflight: bool = False) -> list:
    """The pack's print problems: found without drawing, or by drawing with `preflight`."""
    if result.game is None or not result.game.decks:
        return []  # only decks' cards are laid out: no need to load printkit
    from printkit.job import Options, PrintJob
    from printkit.preflight import Locator

    game = result.game
    job = PrintJob(game, Options())
    issues = job.render() if preflight else job.references()
    return Locator(result.units).report(issues, game.game.severity).diagnostics


def printkit_folder() -> str:
    """printkit's source folder, found without importing it (its code decides layout checks)."""
    import importlib.util

    return str(Path(importlib.util.find_spec("printkit").origin).parent)
