"""The typer application: registers every command. Exit codes: 0 ok, 1 problems, 2 usage."""

from __future__ import annotations

import contextlib
import errno
import inspect
import os
import sys

import typer

from gamesmith.commands import (
    check,
    docs,
    graph,
    import_cmd,
    play,
    print_cmd,
    replay,
    report,
    schema,
    serve,
    simulate,
    story,
)
from gamesmith.commands.export import app as export_app
from gamesmith.commands.new import new

# Plain help, not typer's rich panels: rendering those imports rich and markdown-it, which
# would be most of the time `gamesmith --help` takes.
app = typer.Typer(
    name="gamesmith",
    help="Check tabletop game content like code, play it with bots and people, print it.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.command("check")(check.check)
app.command("graph")(graph.graph)
app.command("schema")(schema.schema)
app.command("docs")(docs.docs)
app.command("print")(print_cmd.print_)
app.command("play")(play.play)
app.command("simulate")(simulate.simulate)
app.command("replay")(replay.replay)
app.command("serve")(serve.serve)
app.add_typer(export_app, name="export")
app.command("new")(new)
app.command("report")(report.report)
app.add_typer(story.app, name="story")
app.add_typer(import_cmd.app, name="import")


def _summaries(app: typer.Typer) -> None:
    """Give every command its first paragraph as its line in a command list (plain help would
    cut the line short at about 45 characters, mid-sentence)."""
    for command in app.registered_commands:
        if command.short_help is None:
            command.short_help = _first_paragraph(command.help or command.callback.__doc__)
    for group in app.registered_groups:
        sub = group.typer_instance
        sub.info.short_help = _first_paragraph(sub.info.help)
        _summaries(sub)


def _first_paragraph(text) -> str | None:
    return " ".join(inspect.cleandoc(text).split("\n\n")[0].split()) if isinstance(text, str) else None


_summaries(app)


def main() -> None:
    """The console script: the app, plus one line (not a traceback) when standard output is
    closed or full (`gamesmith check … > /dev/full`, a pager quit early)."""
    if sys.stdout is None:  # started with standard output closed (`gamesmith … >&-`)
        if sys.stderr is not None:
            sys.stderr.write("error: standard output is closed; redirect it to a file or "
                             "/dev/null\n")
        sys.exit(2)
    try:
        try:
            app()
        finally:
            sys.stdout.flush()  # a full stdout fails here, even after the command's own exit
    except OSError as err:
        if err.errno not in (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EBADF):
            raise
        # stdout is useless now; point it at nothing so the interpreter's last flush is quiet
        with contextlib.suppress(OSError, ValueError):
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.stderr.write(f"error: cannot write to standard output: {err.strerror}\n")
        sys.exit(1)
