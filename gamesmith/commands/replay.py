"""`gamesmith replay LOG`: re-run a logged game and check it step by step."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from compiler.diagnostics.formats.text import terminal_text
from gamesmith.commands.packs import load
from runtime.errors import RuleError
from runtime.replay import replay as run_replay


def replay(
    log: Annotated[Path, typer.Argument(help="a full game log (JSON lines) from play --log")],
    pack: Annotated[Path | None, typer.Option(
        help="the content pack [the one the log names, relative to the log]")] = None,
) -> None:
    """Exit 0 when every state hash and event matches, 1 at the first divergence or when the
    log is incomplete (cut short, or without its end)."""
    try:
        done = run_replay(log, lambda p: load(Path(p), need_rules=False), pack)
    except RuleError as err:
        typer.echo(f"error: {terminal_text(str(err))}", err=True)
        raise typer.Exit(1) from None
    if not done.ok:
        typer.echo(f"diverged: {terminal_text(done.divergence)}")
        raise typer.Exit(1)
    result = done.result or {}
    winners = ", ".join(f"seat {w + 1}" for w in result.get("winners", [])) or "nobody"
    typer.echo(f"ok: {done.steps} decisions replayed, every state hash matches; {winners} won.")
