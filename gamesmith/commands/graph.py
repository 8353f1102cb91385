"""`gamesmith graph PATH --story ID -o FILE`: draw a story graph as .dot, .svg or .png; large
stories as an overview (one node per chapter or block of cards), or around one card."""


from pathlib import Path
from typing import Annotated

import typer

# drawn as an overview above this many cards (compiler.analysis.story_overview.LARGE; a test
# keeps the two equal): the compiler is imported only when a graph is drawn
LARGE = 400

_FORMATS = {".dot": "dot", ".gv": "dot", ".svg": "svg", ".png": "png"}


def graph(
    path: Annotated[Path, typer.Argument(help="content pack")],
    story: Annotated[str | None, typer.Option(help="story id (default: every story)")] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="FILE.dot, .svg or .png")] = Path("story.svg"),
    around_card: Annotated[str | None, typer.Option(
        "--around", help="draw only the cards near this one")] = None,
    depth: Annotated[int, typer.Option(min=0, help="with --around: how many links away")] = 2,
    whole: Annotated[bool, typer.Option(
        "--whole", help=f"draw every card even of a story over {LARGE} cards")] = False,
) -> None:
    """Draw story graphs; problem cards are highlighted, endings stand out. A story of more
    than 400 cards is drawn as an overview unless --whole or --around is given."""
    from compiler import compile_pack
    from compiler.analysis.story_overview import around, overview
    from compiler.analysis.story_render import render_story
    from compiler.chapters import join_chapters
    from compiler.diagnostics import Severity
    from compiler.files import write_atomic
    from compiler.validate import suggest

    fmt = _FORMATS.get(output.suffix.lower())
    if fmt is None:
        raise typer.BadParameter("the output must end in .dot, .svg or .png", param_hint="--output")
    result = compile_pack(path)
    stories = join_chapters(result.units)
    if not stories:
        typer.echo(f"error: no story in {path}", err=True)
        raise typer.Exit(1)
    chosen = [story] if story else sorted(stories)
    for sid in chosen:
        if sid not in stories:
            hint = suggest(sid, stories) or "stories: " + ", ".join(sorted(stories))
            typer.echo(f"error: no story '{sid}' in {path} ({hint})", err=True)
            raise typer.Exit(2)
    for sid in chosen:
        joined = stories[sid]
        drawn = joined.story
        if around_card is not None:
            if around_card not in drawn.cards:
                hint = suggest(around_card, drawn.cards) or "no such card"
                typer.echo(f"error: story '{sid}' has no card '{around_card}' ({hint})", err=True)
                raise typer.Exit(2)
            drawn = around(drawn, around_card, depth)
        elif len(drawn.cards) > LARGE and not whole:
            drawn = overview(drawn, joined.chapter_of)
            typer.echo(f"story '{sid}' has {len(joined.story.cards)} cards: drawing an overview "
                       "(use --around CARD for a card's neighbourhood, --whole for every card)")
        diags = [d for d in result.report.diagnostics
                 if d.file in joined.files and d.severity is not Severity.INFO]
        target = output if len(chosen) == 1 else output.with_name(f"{output.stem}-{sid}{output.suffix}")
        write_atomic(target, render_story(drawn, diags, fmt))
        typer.echo(f"wrote {target}")
