"""Shared by play, simulate and replay: compile a pack or explain why not, and seat lists."""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from runtime.program import Program


def load(pack: Path, scenario: str | None = None, story: str | None = None,
         battles: str = "play", need_rules: bool = True) -> Program:
    """The program of a pack that compiles (playing `scenario` on its own, or walking
    `story`, if named); otherwise print its errors and exit 1. A story needs no rules, so
    neither does resuming or replaying one (`need_rules=False`)."""
    # imported here so that `gamesmith --help` builds no content models
    from compiler import compile_pack
    from compiler.diagnostics import Report, render
    from runtime.errors import RuleError
    from runtime.program import BATTLE_OUTCOMES, Program

    result = compile_pack(pack)
    if result.game is None:
        report = Report([d for d in result.report.diagnostics if d.severity == "error"])
        sys.stderr.write(
            render(report, "text", sources=result.sources.get, color=sys.stderr.isatty())
        )
        raise typer.Exit(1)
    if result.game.rules is None and story is None and need_rules:
        stories = ", ".join(sorted(result.game.stories))
        hint = f"; walk one of its stories with --story ({stories})" if stories else ""
        typer.echo(f"error: {pack} has no rules document, so there is nothing to play{hint}",
                   err=True)
        raise typer.Exit(1)
    if battles not in BATTLE_OUTCOMES:
        raise typer.BadParameter(f"choose one of {', '.join(BATTLE_OUTCOMES)}",
                                 param_hint="--battle-outcome")
    try:
        return Program(result.game, scenario, story, battles)
    except RuleError as err:
        hint = "--story" if str(err).startswith("no story") else "--scenario"
        raise typer.BadParameter(str(err), param_hint=hint) from None


def fill_seats(seats: list[str], players: int) -> list[str]:
    """The seats given, then random bots for the rest."""
    if len(seats) > players:
        raise typer.BadParameter(f"{len(seats)} seats for {players} players", param_hint="--seat")
    return [*seats, *["random"] * (players - len(seats))]


def players_of(program: Program, players: int | None) -> int:
    span = program.game.game.players
    chosen = players if players is not None else span.min
    if not span.min <= chosen <= span.max:
        raise typer.BadParameter(f"{program.game.game.title} is for {span.min}–{span.max} players",
                                 param_hint="--players")
    return chosen


def seating(program: Program, players: int | None, seats: list[str]) -> list[str]:
    """One agent name per seat of a new game: the `--seat`s given, then random bots."""
    return fill_seats(list(seats), players_of(program, players))


def new_seed(seed: int | None) -> int:
    """The seed asked for, else a fresh random one (printed, so the game can be played again)."""
    import secrets

    return seed if seed is not None else secrets.randbelow(2**63)


def scalar(text: str, option: str = "--set"):
    """A command-line value: true/false, a whole number, a number, else the text; a number
    must be finite and within ±10^15, as in content."""
    from compiler.loader.scalars import LARGEST

    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            value = kind(text)
        except ValueError:
            continue
        if not (math.isfinite(value) and abs(value) <= LARGEST):
            raise typer.BadParameter(f"{text!r}: a number must be finite and within ±10^15",
                                     param_hint=option)
        return value
    return text
