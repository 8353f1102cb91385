"""`gamesmith replay LOG`: re-run a logged game and check it step by step."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer


def replay(
    log: Annotated[Path, typer.Argument(help="a full game log (JSON lines) from play --log")],
) -> None:
    """Exit 0 when every state hash and event matches, 1 at the first divergence."""
    from gamesmith.commands.packs import load
    from runtime.errors import RuleError
    from runtime.replay import replay as run_replay
    try:
        done = run_replay(log, lambda pack: load(Path(pack), need_rules=False))
    except RuleError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(1) from None
    if not done.ok:
        typer.echo(f"diverged: {done.divergence}")
        raise typer.Exit(1)
    result = done.result or {}
    winners = ", ".join(f"seat {w + 1}" for w in result.get("winners", [])) or "nobody"
    typer.echo(f"ok: {done.steps} decisions replayed, every state hash matches; {winners} won.")
