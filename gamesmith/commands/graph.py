"""`gamesmith graph PATH --story ID -o FILE`: draw a story graph as .dot, .svg or .png."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

_FORMATS = {".dot": "dot", ".gv": "dot", ".svg": "svg", ".png": "png"}


def graph(
    path: Annotated[Path, typer.Argument(help="content pack")],
    story: Annotated[str | None, typer.Option(help="story id (default: every story)")] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="FILE.dot, .svg or .png")] = Path("story.svg"),
) -> None:
    """Draw story graphs; problem cards are highlighted, endings stand out."""
    from compiler import compile_pack
    from compiler.analysis.story_render import render_story
    from compiler.diagnostics import Severity
    from compiler.files import write_atomic
    from compiler.validate import suggest
    fmt = _FORMATS.get(output.suffix.lower())
    if fmt is None:
        raise typer.BadParameter("the output must end in .dot, .svg or .png", param_hint="--output")
    result = compile_pack(path)
    stories = {u.model.id: u for u in result.units if u.kind == "story"}
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
        unit = stories[sid]
        diags = [d for d in result.report.diagnostics if d.file == unit.doc.file and d.severity is not Severity.INFO]
        target = output if len(chosen) == 1 else output.with_name(f"{output.stem}-{sid}{output.suffix}")
        write_atomic(target, render_story(unit.model, diags, fmt))
        typer.echo(f"wrote {target}")
