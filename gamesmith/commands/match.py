"""`play --match N` and `simulate --match N`: games of one pack in a row, carrying what the
rules' `match:` names from each game to the next (see `runtime.match`).

A match's game k is seeded from the match seed (`runtime.match.game_seed`) and, with --log,
logged on its own (`LOG` becomes `LOG-gameK`), its start event holding the carried values, so
`gamesmith replay` replays any one game of it. A match is not saved between decisions.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from compiler.files import output_problem
from gamesmith.commands.packs import load, new_seed, seating
from runtime.agents import make_agent
from runtime.agents.human import HumanAgent, Quit
from runtime.errors import RuleError
from runtime.match import carried, carry_names, game_seed, play_match
from runtime.render import for_console
from runtime.rng import derive
from runtime.session import Session


def game_log(log: Path, game: int) -> Path:
    """Where game `game` of a match logged at `log` is written."""
    return log.with_name(f"{log.stem}-game{game}{log.suffix}")


def play_match_games(console: Console, pack: Path | None, players: int | None, seat: list[str],
                     seed: int | None, log: Path | None, games: int,
                     variables: dict[str, Any], refused: dict[str, Any]) -> None:
    """Play a match of `games` games at the terminal and say who won it."""
    _refuse(refused)
    if pack is None:
        raise typer.BadParameter("name a content pack", param_hint="PACK")
    for k in range(1, games + 1 if log else 1):
        if problem := output_problem(game_log(log, k), regular_only=True):
            raise typer.BadParameter(f"{game_log(log, k)} {problem}", param_hint="--log")
    program = load(pack)
    seats = seating(program, players, seat)
    count = len(seats)
    match_seed = new_seed(seed)
    console.print(f"{for_console(program.game.game.title)}: a match of {games} games, {count} "
                  f"seats ({', '.join(seats)}), match seed {match_seed}.", highlight=False)
    carry: dict[str, Any] | None = None
    try:
        carry_names(program)
        for k in range(1, games + 1):
            agents = [make_agent(s, program, console=console) if s == "human"
                      else make_agent(s, program) for s in seats]
            session = Session.new(program, count, game_seed(match_seed, k), seats, agents,
                                  pack=str(pack), log=game_log(log, k) if log else None,
                                  variables=variables, carried=carry)
            first = session.machine.state["order"][0]
            console.print(f"Game {k} of {games} (seed {session.seed}): seat {first + 1} plays "
                          "first.", highlight=False)
            people = [a for a in agents if isinstance(a, HumanAgent)]
            news = session.follow() if people else None
            shared = {} if len(people) > 1 else None
            for person in people:
                person.news, person.shared = news, shared
            result = session.run()
            carry = carried(program, session.machine)
            won = ", ".join(f"seat {w + 1}" for w in result["winners"]) or "nobody"
            console.print(f"  {won} won after {session.machine.state['turns']} turns — "
                          f"{for_console(result['reason'].rstrip('.'))}; carried: "
                          f"{_carried_text(carry)}.", highlight=False)
    except (Quit, KeyboardInterrupt):
        console.print("\nMatch stopped (a match is not saved).", highlight=False)
        raise typer.Exit(130) from None
    except RuleError as err:
        console.print(f"[red]error:[/red] {for_console(err)}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    except OSError as err:
        console.print(f"[red]error:[/red] cannot write {for_console(err.filename or log)}: "
                      f"{for_console(err.strerror or err)}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    winners = ", ".join(f"seat {w + 1} ({seats[w]})" for w in result["winners"]) or "nobody"
    console.print(f"Match over after {games} games: {winners} won the match.", highlight=False)


def simulate_matches(console: Console, pack: Path, players: int | None, seat: list[str],
                     seed: int, matches: int, games: int, refused: dict[str, Any]) -> None:
    """Play `matches` bot matches of `games` games each and print how often each seat won."""
    _refuse(refused)
    program = load(pack)
    seats = seating(program, players, seat)
    count = len(seats)
    wins = [0] * count
    try:
        for i in range(matches):
            played = play_match(program, count, derive(seed, "match", i), games,
                                lambda k: [make_agent(s, program) for s in seats])
            for w in played[-1].state["result"]["winners"]:
                wins[w] += 1
    except RuleError as err:
        console.print(f"[red]error:[/red] {for_console(err)}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    out = Console()
    out.print(f"[bold]{for_console(program.game.game.title)}[/bold]: {matches} matches of "
              f"{games} games, {count} players, seed {seed}")
    table = Table("seat", "agent", "matches won", "share")
    for s in range(count):
        table.add_row(str(s + 1), seats[s], str(wins[s]), f"{wins[s] / matches:.1%}")
    out.print(table)


def _refuse(options: dict[str, Any]) -> None:
    """A match plays whole games from their start, one after another, with no more."""
    given = [name for name, value in options.items() if value]
    if given:
        raise typer.BadParameter(f"a match plays whole games in a row: drop {', '.join(given)}",
                                 param_hint="--match")


def _carried_text(carry: dict[str, Any]) -> str:
    return "; ".join(f"{name} " + (", ".join(str(v) for v in value) if isinstance(value, list)
                                   else str(value)) for name, value in carry.items())
