"""`gamesmith serve PACK`: a playtest table in the browser (see the `table` package).

Prints one link per human seat (one link for all of them with --hot-seat); the game saves
after every decision, and `--resume` continues it.
"""

from pathlib import Path
from typing import Annotated

import typer

from gamesmith.commands.packs import load, new_seed, seating
from gamesmith.commands.play import _variables


def serve(
    pack: Annotated[
        Path | None, typer.Argument(help="content pack (not needed with --resume)")
    ] = None,
    players: Annotated[int | None, typer.Option("--players", "-p", help="number of seats")] = None,
    seat: Annotated[
        list[str],
        typer.Option("--seat", help="human, random, heuristic, mcts[:N|:Ts] or scripted:FILE;"
                     " once per seat"),
    ] = [],  # noqa: B006
    seed: Annotated[int | None, typer.Option(help="the game's seed (default: a fresh one)")] = None,
    scenario: Annotated[str | None, typer.Option(help="play this scenario on its own")] = None,
    story: Annotated[str | None, typer.Option(help="walk this story from its start")] = None,
    battle_outcome: Annotated[str, typer.Option(
        help="a story's battles: play them, or take them as victory, defeat or random")] = "play",
    set_: Annotated[
        list[str], typer.Option("--set", help="NAME=VALUE: start a variable at a value")
    ] = [],  # noqa: B006
    log: Annotated[Path | None, typer.Option(help="the event log (default: .gamesmith/)")] = None,
    save: Annotated[Path | None, typer.Option(help="the save file (default: beside the log)")] = None,
    resume: Annotated[bool, typer.Option(help="continue the game in the save file")] = False,
    hot_seat: Annotated[bool, typer.Option(
        help="one link for every human seat, passing one device round")] = False,
    host: Annotated[str, typer.Option(help="address to listen on (others on your network: "
                                           "0.0.0.0)")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8765,
    pace: Annotated[float, typer.Option(help="seconds to pause after each bot move")] = 0.3,
) -> None:
    """Serve a table in the browser: people play at their links, bots play at once."""
    from runtime.errors import RuleError

    try:
        from table import Table, server
        from table.faces import Faces
    except ImportError as err:
        typer.echo(f"error: serve needs its extra ({err.name} is missing): "
                   "pip install 'gamesmith[serve]'", err=True)
        raise typer.Exit(2) from None

    options = {"hot_seat": hot_seat, "pace": pace}
    try:
        if resume:
            save_path = save or (log.with_suffix(".save.json") if log else None)
            if save_path is None:
                raise typer.BadParameter("say which game to resume with --save or --log",
                                         param_hint="--resume")
            table = Table.resume(save_path, lambda p: load(Path(p), need_rules=False), **options)
        else:
            if pack is None:
                raise typer.BadParameter("name a content pack", param_hint="PACK")
            program = load(pack, scenario, story, battle_outcome)
            seats = seating(program, players, seat)
            count = len(seats)
            if "human" not in seats:
                raise typer.BadParameter("give at least one seat to a human", param_hint="--seat")
            game_seed = new_seed(seed)
            log = log or Path(".gamesmith") / f"{program.game.id}.table.jsonl"
            table = Table.new(program, count, game_seed, seats, pack=str(pack), log=log,
                              save=save or log.with_suffix(".save.json"),
                              variables=_variables(set_), **options)
    except RuleError as err:
        typer.echo(f"error: {err}", err=True)
        raise typer.Exit(1) from None
    session = table.session
    faces = Faces(session.program.game)
    table.has_face = faces.known
    typer.echo(f"{session.program.game.game.title}: seats {', '.join(session.seats)}, "
               f"seed {session.seed}, saving to {session.save_path}")
    for token, seats_held in table.tokens.items():
        names = " and ".join(f"seat {s + 1}" for s in seats_held)
        typer.echo(f"  {names}: http://{host}:{port}/seat/{token}")
    if host not in ("127.0.0.1", "localhost", "::1"):
        typer.echo(f"Listening on {host}: whoever holds a seat's link can play that seat.")
    typer.echo("Ctrl-C stops the table; the game is saved, and --resume continues it.")
    table.start()
    try:
        server(table, faces, host, port).run()
    except KeyboardInterrupt:
        pass  # uvicorn shut down cleanly and passed Ctrl-C on: stopping is what it asks
    finally:
        table.close(timeout=2.0)
    log_path = session.writer.paths[0] if session.writer else log
    typer.echo(f"Stopped at step {session.step}. Continue with: gamesmith serve --resume "
               f"--save {session.save_path}; replay the log with: gamesmith replay {log_path}")
