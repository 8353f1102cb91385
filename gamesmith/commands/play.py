"""`gamesmith play PACK`: play a game in the terminal against bots (or bots alone).

The game saves after every decision; `--resume` continues it after a crash or Ctrl-C.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from rich.console import Console


def play(
    pack: Annotated[
        Path | None, typer.Argument(help="content pack (not needed with --resume)")
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of seats")] = None,
    seat: Annotated[
        list[str],
        typer.Option(
            "--seat", help="human, random, heuristic, mcts[:N|:Ts] or scripted:FILE; once per seat"
        ),
    ] = [],  # noqa: B006
    seed: Annotated[
        int | None, typer.Option(help="the game's seed (default: a fresh one, printed)")
    ] = None,
    log: Annotated[Path | None, typer.Option(help="write the event log (JSON lines) here")] = None,
    save: Annotated[
        Path | None, typer.Option(help="the save file (default: beside the log)")
    ] = None,
    resume: Annotated[bool, typer.Option(help="continue the game in the save file")] = False,
    set_: Annotated[
        list[str], typer.Option("--set", help="NAME=VALUE: start a variable at a value")
    ] = [],  # noqa: B006
    scenario: Annotated[str | None, typer.Option(
        help="play this scenario (a battle) on its own, by id")] = None,
    story: Annotated[str | None, typer.Option(
        help="walk this story from its start card, by id")] = None,
    battle_outcome: Annotated[str, typer.Option(
        help="a story's battles: play them, or take them as victory, defeat or random")] = "play",
) -> None:
    """Play one game; prompts go to human seats only, bots play at once.

    With --story the party walks a story: its text is shown to every seat, the lead seat
    (the first in turn order) makes its choices and rolls its challenges, and its battles
    are fought (or, with --battle-outcome, taken as won, lost or either at random)."""

    from rich.console import Console

    from gamesmith.commands.packs import fill_seats, load, players_of
    from runtime.agents import make_agent
    from runtime.agents.human import HumanAgent, Quit
    from runtime.errors import RuleError
    from runtime.session import Session
    from runtime.story import where

    console = Console()
    save_path = save or (log.with_suffix(".save.json") if log else None)

    def agents(specs: list[str], program) -> list:
        return [make_agent(s, program, console=console) if s == "human" else make_agent(s, program)
                for s in specs]

    session = None
    try:
        if resume:
            if save_path is None:
                raise typer.BadParameter(
                    "say which game to resume with --save or --log", param_hint="--resume"
                )
            session = Session.resume(save_path, lambda p: load(Path(p), need_rules=False), agents)
            console.print(f"Resuming {session.program.game.game.title} at step {session.step}.")
        else:
            if pack is None:
                raise typer.BadParameter("name a content pack", param_hint="PACK")
            program = load(pack, scenario, story, battle_outcome)
            count = players_of(program, players)
            seats = fill_seats(list(seat), count)
            game_seed = seed if seed is not None else secrets.randbelow(2**63)
            if save_path is None:
                save_path = Path(".gamesmith") / f"{program.game.id}.save.json"
            session = Session.new(
                program,
                count,
                game_seed,
                seats,
                agents(seats, program),
                pack=str(pack),
                log=log,
                save=save_path,
                variables=_variables(set_),
            )
            console.print(
                f"{program.game.game.title}: {count} seats ({', '.join(seats)}), seed {game_seed}."
            )
        people = [a for a in session.agents if isinstance(a, HumanAgent)]
        if people:
            news = session.follow()
            for person in people:
                person.news = news
        result = session.run()
    except (Quit, KeyboardInterrupt):
        console.print(f"\nSaved. Continue with: gamesmith play --resume --save {save_path}")
        raise typer.Exit(130) from None
    except RuleError as err:
        at = where(session.machine) if session is not None else ""
        console.print(f"[red]error:[/red] {err}" + (f"\n  {at}" if at else ""), highlight=False)
        _suggest_modes(console, session)
        raise typer.Exit(1) from None
    if session.program.story is not None:
        ending = session.machine.state["story"]["ending"]
        outcome = "the party won" if result["winners"] else "the party lost"
        console.print(f"Story over{f' at ending {ending!r}' if ending else ''}: {outcome}"
                      f" — {result['reason'].rstrip('.')}.", highlight=False)
        if ending is None:  # stopped short: say where (a battle that could not be won, say)
            console.print(f"It stopped {where(session.machine)}.", highlight=False)
        return
    winners = ", ".join(f"seat {w + 1} ({session.seats[w]})" for w in result["winners"]) or "nobody"
    console.print(
        f"Game over after {session.machine.state['turns']} turns: {winners} won"
        f" — {result['reason'].rstrip('.')}.",
        highlight=False,
    )
    if session.machine.state["turns"] == 0:
        _suggest_modes(console, session)


def _suggest_modes(console: Console, session) -> None:
    """A whole game that cannot start may be meant to be played a battle or a story at a time."""
    if session is None or session.program.story is not None or session.program.scenario:
        return
    game = session.program.game
    modes = [f"--{flag} ({', '.join(sorted(ids)[:4])}{', …' if len(ids) > 4 else ''})"
             for flag, ids in (("scenario", game.scenarios), ("story", game.stories)) if ids]
    if modes:
        console.print(f"hint: play one battle or story at a time with {' or '.join(modes)}",
                      highlight=False)


def _variables(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"write NAME=VALUE, not {pair!r}", param_hint="--set")
        out[name.strip()] = _scalar(text.strip())
    return out


def _scalar(text: str):
    if text in ("true", "false"):
        return text == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
