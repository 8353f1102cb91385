"""The runtime's own guards: budgets that stop a run which would otherwise go on forever.

Every run has a step budget (frame steps between two decisions: a loop making no progress)
and a decision budget (`rules.decision_cap` in a game, a tenth of it within one turn: a
turn whose decisions run away). A guard that trips ends the game, capped, with a result
naming it (`result["guard"]`), and tells the audit (`runtime.audit`) when one is attached;
the rules' own turn cap ends a game the same way (`runtime.turns`).
"""

from __future__ import annotations

from collections import Counter
from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from runtime.machine import Machine

STEP_BUDGET = 20_000
"""Frame steps the machine may take between two decisions before it calls it no progress."""
WATCHED_STEPS = 500
"""The last steps before the no-progress guard trips, whose frames its message names."""


class Budget:
    """Decisions counted for one machine: in the game, and since the turn count last moved."""

    __slots__ = ("decisions", "turn", "picked", "limit")

    def __init__(self, decisions: int = 0):
        self.decisions = decisions
        self.turn = -1
        self.picked: list[str] = []  # the labels picked since the turn count last moved
        # the count past which a guard trips (the game's cap, or the turn's tenth of it if
        # sooner), worked out when the turn count moves
        self.limit = 0


def count_decision(m: Machine, label: str) -> None:
    """Count a decision taken; trip the decision or runaway-turn guard when over budget."""
    b = m.budget
    decisions = b.decisions = b.decisions + 1
    turns = m.state["turns"]
    if turns == b.turn:
        b.picked.append(label)  # (counted only should the runaway guard trip)
    else:
        b.turn = turns
        b.picked = [label]
        cap = m.program.rules.decision_cap  # (a turn may take `max(1, cap // 10)`)
        b.limit = min(cap, decisions - 1 + max(1, cap // 10))
    if decisions > b.limit:
        _over(m, b)


def _over(m: Machine, b: Budget) -> None:
    """Trip the guard the decision count passed: the game's cap, else the turn's share."""
    cap = m.program.rules.decision_cap
    picked = b.picked
    if b.decisions > cap:
        trip(m, "decision-cap", f"the game passed its decision cap ({cap} decisions)")
    else:
        # the first picked of the most picked (a Counter keeps the order labels first came)
        label, times = max(Counter(picked).items(), key=itemgetter(1))
        trip(m, "runaway-turn",
             f"{len(picked)} decisions while the turn count stood at {b.turn} (a tenth of "
             f"the decision cap); most often picked: {label!r}, {times} times")


def no_progress(m: Machine, steps: int, watched: list[dict]) -> None:
    """The frame loop ran `steps` steps without a decision: stop it, naming what the loop
    ran in its last `WATCHED_STEPS` steps (`watched`, the frames as they stood)."""
    from runtime.located import loop_location

    trip(m, "no-progress", f"{steps} steps with no decision and no end: a loop that makes no "
         f"progress ({loop_location(m, watched)})")


def trip(m: Machine, guard: str, reason: str) -> None:
    """End the game now, capped, naming the guard; the audit (if any) reports it."""
    st = m.state
    st["result"] = {"winners": [], "reason": reason, "capped": True, "guard": guard}
    st["decision"] = None
    st["stack"].clear()
    if m.audit is not None:
        m.audit.guard(m, guard, reason)
