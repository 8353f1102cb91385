"""A human seat at the table: its decisions are answered from its page, not a terminal.

`choose` blocks the game's thread until the page answers (`Answer`) or asks to take back
its last decision (`Undo`, raised out of the session's loop for the table to rewind).
"""

from __future__ import annotations

import queue
from dataclasses import dataclass

from runtime.rng import Rng


class Undo(Exception):
    """The seat asked to take back its last decision."""


class Closed(Exception):
    """The table is shutting down; the game is saved as it stands."""


@dataclass(frozen=True)
class Answer:
    index: int


class TableSeat:
    name = "human"
    uses_view = True

    def __init__(self, seat: int, on_ask):
        self.seat = seat
        self.answers: queue.Queue = queue.Queue()
        self.on_ask = on_ask  # called with (seat, view, decision) before waiting

    def choose(self, view: dict, decision: dict, rng: Rng) -> int:
        self.on_ask(self.seat, view, decision)
        got = self.answers.get()
        if isinstance(got, Answer):
            return got.index
        if got == "undo":
            raise Undo()
        raise Closed()
