"""`gamesmith simulate PACK`: many bot games in parallel, summarised."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from rich.console import Console


def simulate(
    pack: Annotated[Path, typer.Argument(help="content pack")],
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1)] = 100,
    seed: Annotated[int, typer.Option(help="master seed: each game's seed derives from it")] = 1,
    workers: Annotated[int | None, typer.Option(help="processes (default: one per CPU)")] = None,
    seat: Annotated[list[str], typer.Option(
        "--seat", help="random, heuristic, mcts[:N] or scripted:FILE; once per seat")] = [],  # noqa: B006
    format: Annotated[str, typer.Option("--format", "-f", help="text or json")] = "text",
    scenario: Annotated[str | None, typer.Option(
        help="play this scenario (a battle) on its own, by id")] = None,
    story: Annotated[str | None, typer.Option(
        help="walk this story from its start card, by id; counts the endings reached")] = None,
    battle_outcome: Annotated[str, typer.Option(
        help="a story's battles: play them, or take them as victory, defeat or random")] = "play",
) -> None:
    """Win rates with 95% intervals, first-player advantage, game length, card plays; with
    --story, how often each ending is reached."""

    from gamesmith.commands.packs import fill_seats, load, players_of
    from runtime.errors import RuleError
    from runtime.simulate import simulate as run_simulation
    if format not in ("text", "json"):
        raise typer.BadParameter("choose text or json", param_hint="--format")
    program = load(pack, scenario, story, battle_outcome)
    count = players_of(program, players)
    seats = fill_seats(list(seat), count)
    jobs = workers if workers is not None else (os.cpu_count() or 1)
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    console = Console(stderr=True)
    try:
        if sys.stderr.isatty():
            columns = (
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
            )
            with Progress(*columns, console=console, transient=True) as bar:
                task = bar.add_task("games", total=games)
                report = run_simulation(pack, program, count, games, seed, seats, jobs,
                                        lambda done: bar.update(task, completed=done))
        else:
            report = run_simulation(pack, program, count, games, seed, seats, jobs)
    except RuleError as err:
        console.print(f"[red]error:[/red] {err}", highlight=False)
        raise typer.Exit(1) from None
    data = report.to_json()
    if format == "json":
        sys.stdout.write(json.dumps(data, indent=2) + "\n")
        return
    _text(Console(), data)


def _text(out: Console, data: dict) -> None:
    from rich.table import Table

    out.print(
        f"[bold]{data['game']}[/bold]: {data['games']} games, {data['players']} players, "
        f"seed {data['seed']}"
    )
    seats = Table("seat", "agent", "wins", "win rate", "95% interval")
    for s in data["seats"]:
        lo, hi = s["ci95"]
        seats.add_row(
            str(s["seat"]), s["agent"], str(s["wins"]), f"{s['win_rate']:.1%}", f"{lo:.1%}–{hi:.1%}"
        )
    out.print(seats)
    fpa = data["first_player_advantage"]
    lo, hi = fpa["ci95"]
    out.print(f"First player: {fpa['win_rate']:.1%} against a fair {fpa['fair_share']:.1%} "
              f"(advantage {fpa['advantage']:+.1%}, 95% {lo:+.1%} to {hi:+.1%})")
    length = data["length_turns"]
    out.print(
        f"Length: mean {length['mean']:.1f} turns, median {length['median']:g} "
        f"(range {length['min']}–{length['max']}); "
        f"{data['decisions_per_game']:.0f} decisions a game"
    )
    out.print(
        f"Games that hit the turn cap: {data['turn_cap_hit']}; "
        f"ended with no winner: {data['no_winner']}"
    )
    if "endings" in data:
        endings = Table("ending", "games", "share")
        for name, count in sorted(data["endings"].items(), key=lambda e: -e[1]):
            endings.add_row(name, str(count), f"{count / data['games']:.1%}")
        out.print(endings)
    cards = Table("card", "played", "per game", "abilities used")
    for c in sorted(data["cards"], key=lambda c: -(c["played"] + c["used"])):
        cards.add_row(c["card"], str(c["played"]), f"{c['played_per_game']:.2f}", str(c["used"]))
    out.print(cards)
