"""`gamesmith simulate PACK`: many bot games in parallel, summarised; sweeps and reports."""

import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gamesmith.commands.audit import repro, show
from gamesmith.commands.packs import load, players_of, scalar
from gamesmith.commands.story import print_story_hits

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import ProgressColumn

    from runtime.simulate import Run


def simulate(
    pack: Annotated[Path, typer.Argument(help="content pack")],
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games per cell")] = 100,
    seed: Annotated[int, typer.Option(help="master seed: each game's seed derives from it")] = 1,
    workers: Annotated[int | None, typer.Option(
        min=1, max=256, help="processes (default: one per CPU)")] = None,
    seat: Annotated[list[str], typer.Option(
        "--seat", help="random, heuristic, mcts[:N] or scripted:FILE; once per seat")] = [],  # noqa: B006
    format: Annotated[str, typer.Option("--format", "-f", help="text or json")] = "text",
    scenario: Annotated[str | None, typer.Option(
        help="play this scenario (a battle) on its own, by id")] = None,
    story: Annotated[str | None, typer.Option(
        help="walk this story from its start card, by id; counts the endings reached")] = None,
    battle_outcome: Annotated[str, typer.Option(
        help="a story's battles: play them, or take them as victory, defeat or random")] = "play",
    vary: Annotated[list[str], typer.Option(
        "--vary", help="NAME=V1,V2,...: a variable, parameter, players or seats (agents "
                       "joined by +); repeat for a grid")] = [],  # noqa: B006
    ladder: Annotated[str | None, typer.Option(
        help="AGENTS weakest first (random,heuristic,mcts:50): each against the one below")] = None,
    rotate: Annotated[bool, typer.Option(
        help="rotate the lineup one seat each game, so each agent sits in each seat")] = True,
    report: Annotated[Path | None, typer.Option(
        help="also write an HTML report (charts, works offline) to this file")] = None,
    results: Annotated[Path | None, typer.Option(
        help="stream each game's result to this JSON-lines file; an interrupted run resumes "
             "from it")] = None,
    executor: Annotated[str, typer.Option(
        help="processes (a local pool), serial, or dask (a Dask cluster)")] = "processes",
    dask: Annotated[bool, typer.Option("--dask", help="same as --executor dask")] = False,
    scheduler: Annotated[str | None, typer.Option(
        help="a Dask scheduler's address (tcp://host:8786); none: a local cluster")] = None,
    audit: Annotated[bool, typer.Option(
        help="check the content's invariants and the runtime's guards in every game; exit 1 "
        "on a violation")] = False,
    match: Annotated[int, typer.Option(
        "--match", min=1, help="play --games matches of this many games each, carrying what "
        "the rules' `match:` names; count the matches each seat won")] = 1,
) -> None:
    """Win rates with 95% intervals, first-player advantage, game length, card plays; with
    --story, how often each ending is reached; with --vary or --ladder, a sweep; with
    --audit, every invariant broken."""
    from rich.console import Console

    from runtime.errors import RuleError
    from runtime.figures import run_figures
    from runtime.render import for_console
    from runtime.simulate import EXECUTORS, Run, default_workers
    from runtime.sweep import PLAYERS, SEATS, grid, ladder_lineups

    if format not in ("text", "json"):
        raise typer.BadParameter("choose text or json", param_hint="--format")
    if match > 1:
        from gamesmith.commands.match import simulate_matches

        return simulate_matches(Console(stderr=True), pack, players, list(seat), seed, games,
                                match, refused={"--scenario": scenario, "--story": story,
                                                "--vary": vary, "--ladder": ladder,
                                                "--audit": audit, "--report": report,
                                                "--results": results,
                                                "--format json": format == "json"})
    executor = "dask" if dask or scheduler else executor
    if executor not in EXECUTORS:
        raise typer.BadParameter(f"choose one of {', '.join(EXECUTORS)}", param_hint="--executor")
    program = load(pack, scenario, story, battle_outcome)
    count = players_of(program, players)
    dims = [_dimension(text) for text in vary]
    names = [name for name, _ in dims]
    if len(set(names)) != len(names):
        raise typer.BadParameter("each name may be varied once", param_hint="--vary")
    if ladder:
        if SEATS in names or PLAYERS in names:
            raise typer.BadParameter("a ladder varies the seats at one player count: drop "
                                     "--vary seats and --vary players", param_hint="--ladder")
        rungs = [a.strip() for a in ladder.split(",") if a.strip()]
        try:
            dims.append((SEATS, ["+".join(lineup) for lineup in ladder_lineups(rungs, count)]))
        except RuleError as err:
            raise typer.BadParameter(str(err), param_hint="--ladder") from None
    if seat and SEATS in {n for n, _ in dims}:
        raise typer.BadParameter("give the seats with --seat or vary them, not both",
                                 param_hint="--seat")
    console = Console(stderr=True)
    try:
        cells = grid(program, dims, count, list(seat))
        run = Run(str(pack), tuple(cells), games, seed, rotate, program.scenario, program.story,
                  program.battles, tuple(n for n, _ in dims),
                  tuple(a.strip() for a in ladder.split(",")) if ladder else None, audit=audit)
        jobs = workers if workers is not None else default_workers()
        header, played = _run(run, program, jobs, executor, scheduler, results, console)
    except RuleError as err:
        console.print(f"[red]error:[/red] {for_console(err)}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    except KeyboardInterrupt:
        kept = (f"the games finished so far are in {results}: run the same command again to "
                "resume, or `gamesmith report` to draw them") if results else \
            "nothing kept (name a --results file to be able to resume)"
        console.print(f"stopped: {kept}", highlight=False)
        raise typer.Exit(130) from None
    data = run_figures(header, played)
    if report is not None:
        from runtime.report import write_report

        try:
            write_report(report, data)
        except OSError as err:
            console.print(f"[red]error:[/red] cannot write {report}: {err.strerror or err}",
                          highlight=False)
            raise typer.Exit(1) from None
        console.print(f"report: {report}", highlight=False)
    shown = data if data["sweep"] else data["cells"][0]
    if format == "json":
        sys.stdout.write(json.dumps(shown, indent=2) + "\n")
    elif not data["sweep"]:
        text_report(Console(), shown)
    else:
        _sweep_text(Console(), data)
    if audit:
        _audit(console, pack, program, run, played)


def _audit(console: "Console", pack: Path, program, run: "Run", played: list) -> None:
    """Say what the audit checked and found (on stderr); exit 1 if an invariant broke."""
    from runtime.figures import audit_figures
    from runtime.render import for_console

    data = audit_figures(played)
    console.print(f"Audit: {data['games']} games, {data['decisions']} decisions, "
                  f"{data['steps']} steps checked; {data['failed_games']} games broke a rule.",
                  highlight=False)
    notes: dict[str, list] = {}
    for g in played:
        cell = run.cells[g.cell]
        seats = [cell.seats[k] for k in g.slots]  # the lineup as it sat in this game
        show(console, [f for f in g.findings if f.fails], g.seed,
             lambda step, g=g, cell=cell, seats=seats: repro(pack, program, cell.players, seats,
                                                             g.seed, step))
        for f in g.findings:
            if not f.fails:
                notes.setdefault(f.message, []).append((g, f))
    for message, seen in notes.items():
        g, f = seen[0]
        console.print(f"[yellow]note ({f.name})[/yellow] in {len(seen)} games: "
                      f"{for_console(message)}; first at step {f.step} of seed {g.seed}",
                      highlight=False)
    if data["failed_games"]:
        raise typer.Exit(1)


def _dimension(text: str) -> tuple[str, list]:
    from runtime.sweep import PLAYERS, SEATS

    name, sep, values = text.partition("=")
    name = name.strip()
    items = [v.strip() for v in values.split(",") if v.strip()]
    if not sep or not name or not items:
        raise typer.BadParameter(f"write NAME=V1,V2,..., not {text!r}", param_hint="--vary")
    if name == SEATS:
        return name, items
    parsed = [scalar(v, "--vary") for v in items]
    if name == PLAYERS and not all(isinstance(v, int) and not isinstance(v, bool) for v in parsed):
        raise typer.BadParameter("players are whole numbers", param_hint="--vary")
    return name, parsed


def _speed() -> "ProgressColumn":
    """A progress column of games per second so far (rich is imported only when shown)."""
    from rich.progress import ProgressColumn
    from rich.text import Text

    class _Speed(ProgressColumn):
        def render(self, task) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:.1f} games/s" if speed else "– games/s")

    return _Speed()


def _run(run: "Run", program, jobs: int, executor: str, scheduler: str | None,
         results: Path | None, console: "Console"):
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from runtime.simulate import run_games

    if not sys.stderr.isatty():
        return run_games(run, program, jobs, executor, scheduler, results)
    columns = ("[progress.description]{task.description}", BarColumn(), MofNCompleteColumn(),
               _speed(), TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("games", total=len(run.tasks()))
        first: list[int] = []

        def progress(done: int, total: int) -> None:
            if not first:  # games already in the results file do not count towards the speed
                first.append(done)
                bar.reset(task, total=total - done)
                if done:
                    console.print(f"resuming: {done} of {total} games already in {results}",
                                  highlight=False)
            bar.update(task, completed=done - first[0])

        return run_games(run, program, jobs, executor, scheduler, results, progress)


def text_report(out: "Console", data: dict) -> None:
    """One cell's figures as text."""
    from rich.table import Table

    from runtime.render import for_console

    out.print(
        f"[bold]{for_console(data['game'])}[/bold]: {data['games']} games, {data['players']} players, "
        f"seed {data['seed']}"
    )
    if data.get("party"):
        party = data["party"]
        lo, hi = party["ci95"]
        out.print(f"Co-operative: the party won {party['wins']} of {party['of']} games, "
                  f"{party['win_rate']:.1%} (95% {lo:.1%}–{hi:.1%})")
    else:
        seats = Table("seat", "agent", "wins", "win rate", "95% interval")
        for s in data["seats"]:
            lo, hi = s["ci95"]
            seats.add_row(str(s["seat"]), s["agent"], str(s["wins"]), f"{s['win_rate']:.1%}",
                          f"{lo:.1%}–{hi:.1%}")
        out.print(seats)
        if len({a["agent"] for a in data["agents"]}) > 1:
            agents = Table("agent", "wins", "win rate", "95% interval")
            for a in data["agents"]:
                lo, hi = a["ci95"]
                agents.add_row(a["agent"], str(a["wins"]), f"{a['win_rate']:.1%}",
                               f"{lo:.1%}–{hi:.1%}")
            out.print(agents)
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
        f"Games that hit the turn cap: {data['turn_cap_hit']} of {data['games']} (no result); "
        f"ended with no winner otherwise: {data['no_winner']}"
    )
    if "endings" in data:
        endings = Table("ending", "games", "share")
        for name, count in sorted(data["endings"].items(), key=lambda e: -e[1]):
            endings.add_row(for_console(name), str(count), f"{count / data['games']:.1%}")
        out.print(endings)
        print_story_hits(out, data["story"])
    cards = Table("card", "played", "per game", "abilities used")
    for c in sorted(data["cards"], key=lambda c: -(c["played"] + c["used"])):
        if not c["dead"]:
            cards.add_row(for_console(c["card"]), str(c["played"]), f"{c['played_per_game']:.2f}",
                          str(c["used"]))
    out.print(cards)
    dead = [c["card"] for c in data["cards"] if c["dead"]]
    if dead:
        out.print(f"Never played or used ({len(dead)}): {', '.join(dead)}", highlight=False)


def _sweep_text(out: "Console", data: dict) -> None:
    from rich.table import Table

    from runtime.figures import sweep_rows

    rows = sweep_rows(data)
    dims = data["sweep"]
    party = any("party_win_rate" in r for r in rows)
    table = Table(*dims, "games", "mean turns", "capped",
                  "party wins" if party else "first-player advantage", "95% interval")
    for r in rows:
        lo, hi = r["party_ci95"] if party else r["first_player_ci95"]
        value = r["party_win_rate"] if party else r["first_player_advantage"]
        table.add_row(*(str(r[d]) for d in dims), str(r["games"]), f"{r['mean_length']:.1f}",
                      f"{r['capped_share']:.0%}", f"{value:+.1%}" if not party else f"{value:.1%}",
                      f"{lo:+.1%} to {hi:+.1%}" if not party else f"{lo:.1%}–{hi:.1%}")
    out.print(f"[bold]{data['game']}[/bold]: {data['games']} games in {len(data['cells'])} "
              f"cells, seed {data['seed']}")
    out.print(table)
    if data.get("ladder"):
        skill = Table("stronger", "weaker", "stronger's win rate", "95% interval", "fair share")
        for cell in data["cells"]:
            top = cell["agents"][0]
            lo, hi = top["ci95"]
            skill.add_row(top["agent"], cell["agents"][-1]["agent"], f"{top['win_rate']:.1%}",
                          f"{lo:.1%}–{hi:.1%}", f"{1 / cell['players']:.1%}")
        out.print("Does skill matter? The stronger agent against the weaker:")
        out.print(skill)
