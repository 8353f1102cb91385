"""What the rules say of a seat as a whole, read by board, figure and turn rules alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from runtime.machine import Machine


def incapacitated(m: Machine, seat: int) -> bool:
    """Whether the rules' `incapacitated` holds for `seat`: it skips its turns (one it is
    struck down in ends), foes ignore it."""
    test = m.program.rules.incapacitated
    return test is not None and m.holds(test, seat, {"self": seat})
