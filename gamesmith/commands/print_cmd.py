"""`gamesmith print PATH`: cards as a PDF of sheets, per-card PNGs, Tabletop Simulator decks
and boards to scale, after a preflight whose errors stop the command."""


import sys
from contextlib import ExitStack
from pathlib import Path
from typing import Annotated

import typer


def print_(
    path: Annotated[Path, typer.Argument(help="content pack (folder with game.yaml)")],
    deck: Annotated[
        list[str] | None, typer.Option("--deck", help="print only this deck (repeatable)")
    ] = None,
    board: Annotated[
        list[str] | None, typer.Option("--board", help="print only this board (repeatable)")
    ] = None,
    paper: Annotated[str, typer.Option(help="a4 or letter")] = "a4",
    bleed: Annotated[float, typer.Option(help="bleed around each card, mm")] = 3.0,
    backs: Annotated[str, typer.Option(help="none, duplex-long or duplex-short")] = "none",
    marks: Annotated[bool, typer.Option("--marks/--no-marks", help="crop marks")] = True,
    gutter: Annotated[float, typer.Option(help="space between cards on a sheet, mm")] = 0.0,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="PDF of sheets [cards.pdf]")
    ] = None,
    png: Annotated[
        Path | None, typer.Option(help="folder for one PNG per card (print-shop size)")
    ] = None,
    tts: Annotated[
        Path | None, typer.Option(help="folder for Tabletop Simulator deck sheets")
    ] = None,
    dpi: Annotated[int, typer.Option(help="resolution of every image")] = 300,
    allow_overflow: Annotated[
        bool, typer.Option(help="write outputs despite preflight errors")
    ] = False,
    cache: Annotated[
        Path | None,
        typer.Option(help="render cache folder, empty or already a cache [the pack's folder in "
                     "the user's cache directory]"),
    ] = None,
    clean_cache: Annotated[
        bool,
        typer.Option(
            help="drop every cache entry this run did not use (else: after 14 days unused)"
        ),
    ] = False,
    jobs: Annotated[
        int | None, typer.Option("--jobs", "-j", min=1, max=256, help="worker processes [cores]")
    ] = None,
    format: Annotated[
        str, typer.Option("--format", "-f", help="diagnostics: text, json, sarif or github")
    ] = "text",
    color: Annotated[
        bool | None, typer.Option("--color/--no-color", help="colour text output")
    ] = None,
) -> None:
    """Print a pack: preflight, then sheets (PDF), PNGs and TTS decks. Exit 1 on errors."""
    from compiler import compile_pack
    from compiler.diagnostics import FORMATS, render
    from compiler.files import output_problem
    from compiler.validate import suggest
    from printkit import DUPLEX, PAPER, Locator, Options, PrintJob
    from printkit.cache import CacheRefused

    _check_choice(paper, PAPER, "--paper")
    _check_choice(backs, DUPLEX, "--backs")
    _check_choice(format, FORMATS, "--format")
    if not 72 <= dpi <= 1200:
        raise typer.BadParameter("choose a resolution from 72 to 1200", param_hint="--dpi")
    if not 0 <= bleed <= 20 or not 0 <= gutter <= 50:
        raise typer.BadParameter(
            "bleed is 0–20 mm and gutter 0–50 mm", param_hint="--bleed/--gutter"
        )
    if output is None and png is None and tts is None:
        output = Path("cards.pdf")
    if output is not None and (problem := output_problem(output)):
        raise typer.BadParameter(f"{output} {problem}", param_hint="--output")
    use_color = sys.stdout.isatty() if color is None else color

    result = compile_pack(path)
    game = result.game
    if game is None:
        sys.stdout.write(render(result.report, format, sources=result.sources.get, color=use_color))
        raise typer.Exit(1)
    for name, chosen, known in (("--deck", deck, game.decks), ("--board", board, game.landscapes)):
        for value in chosen or ():
            if value not in known:
                hint = suggest(value, known) or ", ".join(sorted(known)) or "none in this pack"
                raise typer.BadParameter(f"no '{value}' in {path} ({hint})", param_hint=name)

    options = Options(
        decks=tuple(deck or ()),
        boards=tuple(board) if board else None,
        paper=paper,
        bleed=bleed,
        dpi=dpi,
        backs=backs,
        marks=marks,
        gutter=gutter,
        pdf=output,
        png=png,
        tts=tts,
        cache=cache,
        clean_cache=clean_cache,
        workers=jobs,
    )
    with ExitStack() as stack:
        try:
            job = PrintJob(game, options, _progress(stack))
        except CacheRefused as err:
            raise typer.BadParameter(str(err), param_hint="--cache") from None
        issues = job.render()
        report = Locator(result.units).report(issues, game.game.severity)
        if report.diagnostics or format != "text":
            sys.stdout.write(render(report, format, sources=result.sources.get, color=use_color))
        if report.errors and not allow_overflow:
            typer.echo(
                f"nothing written: {report.errors} preflight error(s); "
                "--allow-overflow writes the outputs anyway",
                err=True,
            )
            raise typer.Exit(1)
        try:
            written = job.write()
        except (ValueError, OSError) as err:
            typer.echo(f"error: {err}", err=True)
            raise typer.Exit(1) from None
    s = job.stats
    typer.echo(
        f"{sum(c.count for c in job.cards)} cards ({len(job.cards)} different), {s.faces} faces "
        f"({s.rendered} drawn, {s.faces - s.rendered} cached)",
        err=True,
    )
    if output:
        typer.echo(f"wrote {output} ({s.pages} pages, {paper})", err=True)
    for folder in (png, tts):
        if folder:
            count = sum(1 for p in written if p.is_relative_to(folder))
            typer.echo(f"wrote {count} files to {folder}", err=True)
    if s.pruned:
        typer.echo(f"removed {s.pruned} unused files from the cache", err=True)
    raise typer.Exit(0)


def _check_choice(value: str, choices, option: str) -> None:
    if value not in choices:
        raise typer.BadParameter(f"choose one of {', '.join(choices)}", param_hint=option)


def _progress(stack: ExitStack):
    """A rich progress bar on an interactive terminal; None otherwise."""
    if not sys.stderr.isatty():
        return None
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    bar = stack.enter_context(
        Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            transient=True,
        )
    )

    def start(stage: str, total: int):
        task = bar.add_task(stage, total=total)
        return lambda n: bar.advance(task, n)

    return start
