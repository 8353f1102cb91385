"""`gamesmith play PACK`: play a game in the terminal against bots (or bots alone).

The game saves after every decision; `--resume` continues it after a crash or Ctrl-C. Each
game gets its own save (beside its log, or `.gamesmith/<game>-N.save.json`), and a save
holding an unfinished game is never overwritten; `play PACK --resume` continues the pack's
most recent unfinished game.
"""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gamesmith.commands.audit import replay_log, repro, show
from gamesmith.commands.packs import load, new_seed, scalar, seating

if TYPE_CHECKING:
    from rich.console import Console

    from runtime.audit import Audit
    from runtime.session import Session


def play(
    pack: Annotated[
        Path | None, typer.Argument(
            help="content pack (with --resume: its most recent unfinished game, or the pack "
                 "to load the save with)")
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
    resume: Annotated[bool, typer.Option(
        help="continue a game: the one saved at --save (or beside --log), else PACK's most "
             "recent unfinished game")] = False,
    set_: Annotated[
        list[str], typer.Option("--set", help="NAME=VALUE: start a variable at a value")
    ] = [],  # noqa: B006
    scenario: Annotated[str | None, typer.Option(
        help="play this scenario (a battle) on its own, by id")] = None,
    story: Annotated[str | None, typer.Option(
        help="walk this story from its start card, by id")] = None,
    battle_outcome: Annotated[str, typer.Option(
        help="a story's battles: play them, or take them as victory, defeat or random")] = "play",
    audit: Annotated[bool, typer.Option(
        help="check the content's invariants and the runtime's guards on every step; exit 1 "
        "on a violation")] = False,
    match: Annotated[int, typer.Option(
        "--match", min=1, help="play a match of this many games in a row, carrying what the "
        "rules' `match:` names (each game logged on its own: LOG-gameK)")] = 1,
) -> None:
    """Play one game (or, with --match, several in a row); prompts go to human seats only,
    bots play at once.

    With --story the party walks a story: its text is shown to every seat, the lead seat
    (the first in turn order) makes its choices and rolls its challenges, and its battles
    are fought (or, with --battle-outcome, taken as won, lost or either at random)."""
    from rich.console import Console

    from runtime.agents import make_agent
    from runtime.agents.human import HumanAgent, Quit
    from runtime.audit import Audit
    from runtime.errors import RuleError
    from runtime.render import for_console
    from runtime.saves import FOLDER as SAVES
    from runtime.saves import fresh_save_path, unfinished
    from runtime.session import Session
    from runtime.story import where

    console = Console()
    if match > 1:
        from gamesmith.commands.match import play_match_games

        return play_match_games(console, pack, players, seat, seed, log, match, _variables(set_),
                                refused={"--resume": resume, "--save": save,
                                         "--scenario": scenario, "--story": story,
                                         "--audit": audit})
    save_path = save or (log.with_suffix(".save.json") if log else None)
    _check_outputs(log, save, save_path)

    def agents(specs: list[str], program) -> list:
        return [make_agent(s, program, console=console) if s == "human" else make_agent(s, program)
                for s in specs]

    session = None
    checker = Audit() if audit else None
    try:
        if resume:
            if save_path is None:
                if pack is None:
                    raise typer.BadParameter("name the pack, or the game with --save or --log",
                                             param_hint="--resume")
                save_path = _latest_unfinished(console, pack)
            session = Session.resume(save_path, lambda p: load(Path(p), need_rules=False), agents,
                                     pack=pack)
            if checker is not None:
                checker.attach(session.machine)
            console.print(f"Resuming {for_console(session.program.game.game.title)} at step "
                          f"{session.step}.", highlight=False)
        else:
            if pack is None:
                raise typer.BadParameter("name a content pack", param_hint="PACK")
            program = load(pack, scenario, story, battle_outcome)
            seats = seating(program, players, seat)
            count = len(seats)
            game_seed = new_seed(seed)
            waiting = unfinished(program.game.id)
            if save_path is None:
                save_path = fresh_save_path(program.game.id)
            _refuse_unfinished(save_path)
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
                audit=checker,
            )
            console.print(
                f"{for_console(program.game.game.title)}: {count} seats ({', '.join(seats)}), "
                f"seed {game_seed}.", highlight=False
            )
            if waiting:
                console.print(f"({len(waiting)} unfinished game(s) of this pack wait in "
                              f"{waiting[0].parent}; continue the latest with: gamesmith play "
                              f"{pack} --resume)", highlight=False)
        people = [a for a in session.agents if isinstance(a, HumanAgent)]
        news = session.follow() if people else None
        shared = {} if len(people) > 1 else None  # people taking turns at one terminal
        for person in people:
            person.news = news
            person.shared = shared
        result = session.run()
        if save is None and log is None and session.save_path is not None \
                and session.save_path.parent == SAVES:
            session.save_path.unlink(missing_ok=True)  # a finished game needs no save of ours
    except (Quit, KeyboardInterrupt):
        console.print(f"\nSaved. Continue with: gamesmith play --resume --save {save_path}",
                      highlight=False, soft_wrap=True)
        raise typer.Exit(130) from None
    except RuleError as err:
        at = where(session.machine) if session is not None else ""
        console.print(f"[red]error:[/red] {for_console(err)}"
                      + (f"\n  {for_console(at)}" if at else ""), highlight=False, soft_wrap=True)
        _suggest_modes(console, session)
        raise typer.Exit(1) from None
    except OSError as err:
        console.print(f"[red]error:[/red] cannot write {for_console(err.filename or save_path)}: "
                      f"{for_console(err.strerror or err)}", highlight=False, soft_wrap=True)
        raise typer.Exit(1) from None
    if people:  # what happened after the last choice: the final roll, the ending's text
        seen = session.seats.index("human")
        for line in news(seen):
            console.print(f"[dim]· {for_console(line)}[/dim]", highlight=False)
    _report(console, session, checker, log)
    if session.program.story is not None:
        ending = session.machine.state["story"]["ending"]
        outcome = "the party won" if result["winners"] else "the party lost"
        console.print(f"Story over{f' at ending {for_console(repr(ending))}' if ending else ''}: "
                      f"{outcome} — {for_console(result['reason'].rstrip('.'))}.", highlight=False)
        if ending is None:  # stopped short: say where (a battle that could not be won, say)
            console.print(f"It stopped {for_console(where(session.machine))}.", highlight=False)
        return
    winners = ", ".join(f"seat {w + 1} ({session.seats[w]})" for w in result["winners"]) or "nobody"
    console.print(
        f"Game over after {session.machine.state['turns']} turns: {winners} won"
        f" — {for_console(result['reason'].rstrip('.'))}.",
        highlight=False,
    )
    if session.machine.state["turns"] == 0:
        _suggest_modes(console, session)


def _report(console: "Console", session: "Session", checker: "Audit | None", log: Path | None) -> None:
    """With --audit: what it found, and how to see it again (exit 1 if a rule broke)."""
    from runtime.agents.human import HumanAgent

    if checker is None:
        return
    bots = not any(isinstance(a, HumanAgent) for a in session.agents)
    if log is not None:
        command = lambda step: replay_log(log, step)  # noqa: E731
    elif bots:
        command = lambda step: repro(session.pack, session.program,  # noqa: E731
                                     session.machine.state["players"], session.seats,
                                     session.seed, step)
    else:
        command = None
    console.print(f"Audit: {session.step} decisions, {checker.steps} steps checked.",
                  highlight=False)
    show(console, checker.findings, session.seed, command)
    if checker.failed:
        raise typer.Exit(1)


def _suggest_modes(console: "Console", session) -> None:
    """A whole game that cannot start may be meant to be played a battle or a story at a time."""
    from runtime.render import for_console

    if session is None or session.program.story is not None or session.program.scenario:
        return
    game = session.program.game
    modes = [f"--{flag} ({for_console(', '.join(sorted(ids)[:4]))}{', …' if len(ids) > 4 else ''})"
             for flag, ids in (("scenario", game.scenarios), ("story", game.stories)) if ids]
    if modes:
        console.print(f"hint: play one battle or story at a time with {' or '.join(modes)}",
                      highlight=False)


def _check_outputs(log: Path | None, save: Path | None, save_path: Path | None) -> None:
    """A log and a save are regular files (they are read back); the save lives beside the
    log, since a save names its log only by its file name."""
    from compiler.files import output_problem

    for option, path in (("--log", log), ("--save", save_path)):
        if path is not None and (problem := output_problem(path, regular_only=True)):
            raise typer.BadParameter(f"{path} {problem}", param_hint=option)
    if log is not None and save is not None and log.parent.resolve() != save.parent.resolve():
        raise typer.BadParameter("keep the save in the same folder as the log",
                                 param_hint="--save")


def _refuse_unfinished(save_path: Path) -> None:
    """A new game never overwrites a save of a game still going (nor a file that is no save)."""
    from runtime.errors import RuleError
    from runtime.saves import read_save

    if not save_path.exists():
        return
    try:
        waiting = not read_save(save_path).ended
    except RuleError:
        waiting = True
    if waiting:
        raise typer.BadParameter(
            f"{save_path} holds an unfinished game (or is no save of a finished one): continue "
            "it with --resume, or name another file", param_hint="--save/--log")


def _latest_unfinished(console: "Console", pack: Path) -> Path:
    """The save of the pack's most recent unfinished game; the others are listed."""
    from runtime.render import for_console
    from runtime.saves import FOLDER as SAVES
    from runtime.saves import read_save, unfinished

    program = load(pack, need_rules=False)
    saves = unfinished(program.game.id)
    if not saves:
        raise typer.BadParameter(f"no unfinished game of {pack} in {SAVES}; "
                                 "name one with --save or --log", param_hint="--resume")
    if len(saves) > 1:
        console.print(f"{len(saves)} unfinished games of this pack (latest first):",
                      highlight=False)
        for path in saves:
            console.print(f"  {for_console(path)} (step {read_save(path).step})", highlight=False)
    return saves[0]


def _variables(pairs: list[str]) -> dict:
    out = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep:
            raise typer.BadParameter(f"write NAME=VALUE, not {pair!r}", param_hint="--set")
        out[name.strip()] = scalar(text.strip())
    return out

