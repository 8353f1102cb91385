"""`gamesmith replay LOG`: re-run a logged game and check it step by step; `gamesmith replay
PACK --seed S`: play a bot game (a simulated one) again from its seed and seats."""


from pathlib import Path
from typing import Annotated

import typer

from gamesmith.commands.audit import show
from gamesmith.commands.packs import load, seating


def replay(
    source: Annotated[Path, typer.Argument(
        help="a full game log (JSON lines) from play --log, or a pack to play a bot game again "
        "by its --seed")],
    pack: Annotated[Path | None, typer.Option(
        help="a log's content pack [the one the log names, relative to the log]")] = None,
    until: Annotated[int | None, typer.Option(
        min=0, help="stop after this many decisions (a finding's step)")] = None,
    audit: Annotated[bool, typer.Option(
        help="check the invariants and guards on the way; exit 1 on a violation")] = False,
    seed: Annotated[int | None, typer.Option(help="a pack's game: the game's seed")] = None,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    seat: Annotated[list[str], typer.Option(
        "--seat", help="a pack's game: the bots, once per seat")] = [],  # noqa: B006
    scenario: Annotated[str | None, typer.Option(help="a pack's game: the scenario")] = None,
    story: Annotated[str | None, typer.Option(help="a pack's game: the story")] = None,
    battle_outcome: Annotated[str, typer.Option(
        help="a pack's game: how the story's battles resolve")] = "play",
) -> None:
    """Exit 0 when every state hash and event matches, 1 at the first divergence, when the log
    is incomplete (cut short, or without its end) or, with --audit, at a broken invariant."""
    from rich.console import Console

    from compiler.diagnostics.formats.text import terminal_text
    from runtime.audit import Audit
    from runtime.errors import RuleError
    from runtime.replay import replay as run_replay
    from runtime.replay import rerun

    checker = Audit() if audit else None
    console = Console(stderr=True)
    try:
        if source.is_dir():
            if seed is None:
                raise typer.BadParameter("a pack's game is played again from its seed",
                                         param_hint="--seed")
            program = load(source, scenario, story, battle_outcome)
            seats = seating(program, players, seat)
            m, steps = rerun(program, len(seats), seed, seats, until, checker)
            typer.echo(f"played again: {steps} decisions"
                       + (" (stopped there)" if not m.over else f"; {_result(m.state['result'])}"))
        else:
            done = run_replay(source, lambda p: load(Path(p), need_rules=False), pack, until,
                              checker)
            if not done.ok:
                typer.echo(f"diverged: {terminal_text(done.divergence)}")
                raise typer.Exit(1)
            typer.echo(f"ok: {done.steps} decisions replayed, every state hash matches"
                       + ("; " + _result(done.result) if done.result else " (stopped there)"))
            seed = None
    except RuleError as err:
        typer.echo(f"error: {terminal_text(str(err))}", err=True)
        raise typer.Exit(1) from None
    if checker is not None:
        show(console, checker.findings, seed, None)
        if checker.failed:
            raise typer.Exit(1)


def _result(result: dict) -> str:
    winners = ", ".join(f"seat {w + 1}" for w in result.get("winners", [])) or "nobody"
    return f"{winners} won."
