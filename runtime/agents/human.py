"""The human agent: a terminal prompt (rich) showing only the seat's own view.

It prints the view, what happened since the seat last chose (as that seat saw it), the
prompt and the options numbered from 1. `?` shows help and the text of the cards the seat
can see and is offered, `v` the view again, `q` saves and stops (it resumes with `--resume`).
"""

from __future__ import annotations

from rich.console import Console

from runtime.render import card_help, describe, for_console
from runtime.rng import Rng

HELP = "Type an option's number. ? help and your cards · v the table again · q save and quit"


class Quit(Exception):
    """The person asked to stop; the session is saved already."""


class HumanAgent:
    name = "human"
    uses_view = True

    def __init__(self, program, console: Console | None = None, news=None):
        self.program = program
        self.console = console or Console()
        self.news = news  # callable(seat) -> lines of what happened since the seat last chose

    def choose(self, view: dict, decision: dict, rng: Rng) -> int:
        out = self.console
        seat = view["seat"]
        if self.news is not None:
            for line in self.news(seat):
                out.print(f"[dim]· {for_console(line)}[/dim]", highlight=False)
        self._table(view)
        options = decision["options"]
        while True:
            out.print(f"[bold]Seat {seat + 1}: {for_console(decision['prompt'])}[/bold]",
                      highlight=False)
            for i, option in enumerate(options, 1):
                out.print(f"  [cyan]{i}[/cyan]. {for_console(option['label'])}", highlight=False)
            try:
                answer = out.input("> ").strip().lower()
            except EOFError:
                raise Quit() from None
            if answer in ("q", "quit", "exit"):
                raise Quit()
            if answer in ("?", "h", "help"):
                out.print(HELP)
                for line in card_help(self.program, view, decision):
                    out.print(f"  {for_console(line)}", highlight=False)
                continue
            if answer in ("v", "view"):
                self._table(view)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return int(answer) - 1
            out.print(f"[red]Choose 1–{len(options)}[/red] ({HELP})")

    def _table(self, view: dict) -> None:
        for line in describe(self.program, view):
            self.console.print(for_console(line), highlight=False)
