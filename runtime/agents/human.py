"""The human agent: a terminal prompt (rich) showing only the seat's own view.

It prints the view (and the board of a spatial game), what happened since the seat last
chose (as that seat saw it), why it is asked, the prompt and the options numbered from 1,
each with its cost and what it does. `?` shows help and the text of the cards the seat can
see and is offered, `v` the view again, `q` saves and stops (it resumes with `--resume`).
When several people share the terminal (`shared`), the screen is cleared and the terminal
handed over before another seat's view is shown.
"""

from __future__ import annotations

from rich.console import Console

from runtime.agents.board_view import board_text
from runtime.located import purpose
from runtime.render import card_help, describe, for_console, option_text, zone_help
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
        self.shared: dict | None = None  # set when people share the terminal: the last seat shown

    def choose(self, view: dict, decision: dict, rng: Rng) -> int:
        out = self.console
        seat = view["seat"]
        self._hand_over(seat)
        if self.news is not None:
            for line in self.news(seat):
                out.print(f"[dim]· {for_console(line)}[/dim]", highlight=False)
        self._table(view, decision)
        options = decision["options"]
        why = purpose(self.program, view)
        while True:
            if why:
                out.print(f"[dim]Why: {for_console(why)}[/dim]", highlight=False)
            out.print(f"[bold]Seat {seat + 1}: {for_console(decision['prompt'])}[/bold]", highlight=False)
            for i, option in enumerate(options, 1):
                out.print(f"  [cyan]{i}[/cyan]. {for_console(option_text(self.program, option))}", highlight=False)
            try:
                answer = out.input("> ").strip().lower()
            except EOFError:
                raise Quit() from None
            if answer in ("q", "quit", "exit"):
                raise Quit()
            if answer in ("?", "h", "help"):
                out.print(HELP)
                for line in card_help(self.program, view, decision) + zone_help(self.program):
                    out.print(f"  {for_console(line)}", highlight=False)
                continue
            if answer in ("v", "view"):
                self._table(view, decision)
                continue
            if answer.isdigit() and 1 <= int(answer) <= len(options):
                return int(answer) - 1
            out.print(f"[red]Choose 1–{len(options)}[/red] ({HELP})")

    def _table(self, view: dict, decision: dict | None = None) -> None:
        for line in describe(self.program, view):
            self.console.print(for_console(line), highlight=False)
        grid = board_text(self.program, view, decision)
        if grid is not None:
            self.console.print(grid, highlight=False)

    def _hand_over(self, seat: int) -> None:
        """With people sharing the terminal, hide the last seat's screen before the next's."""
        if self.shared is None:
            return
        last = self.shared.get("seat")
        self.shared["seat"] = seat
        if last is None or last == seat:
            return
        self.console.clear()
        self.console.print(f"[bold]Pass the terminal to Seat {seat + 1}.[/bold] "
                           f"Seat {last + 1}, look away. Press Enter when Seat {seat + 1} is ready.")
        try:
            self.console.input("")
        except EOFError:
            raise Quit() from None
        self.console.clear()
