"""Auditing a game: the content's invariants checked on every step, guards reported alike.

`Audit()` attached to a machine (`Machine.start(..., audit=a)`) is called after every step
the machine takes and whenever it pauses. It checks the invariants of the rules, of the
scenario being fought and of the story being walked: event-level ones after each event of
their kind, state ones wherever play stops for a decision (a rule carried out over several
steps may pass through states between) and once the game is over (`at: end` ones then only). Each
problem becomes a `Finding` (the first per invariant and game), as do the guards that stop a
run (`runtime.guards`) and, as notices that do not fail an audit, ops left with no target.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from compiler.language.events import ACTOR_FIELDS, TARGET_FIELDS
from runtime.errors import RuleError
from runtime.log import dumps

if TYPE_CHECKING:
    from compiler.language.documents import Invariant
    from runtime.machine import Machine
    from runtime.program import Program

GUARDS = ("no-progress", "turn-cap", "decision-cap", "runaway-turn")


@dataclass(frozen=True)
class Finding:
    """One problem: an invariant that failed (`kind` "invariant", `name` its id), a guard
    that stopped the game, or a notice (`fails` False). `step` counts the decisions taken
    before it: replaying that many decisions (`--until STEP`) reproduces it."""

    kind: str
    name: str
    message: str
    step: int
    line: str
    seat: int | None = None
    fails: bool = True

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "name": self.name, "message": self.message, "step": self.step,
                "line": self.line, "seat": None if self.seat is None else self.seat + 1,
                "fails": self.fails}


@dataclass(frozen=True)
class _Checks:
    """The invariants in force for one program, sorted by when they are checked."""

    every_step: tuple[Invariant, ...]
    at_end: tuple[Invariant, ...]
    after: dict[str, tuple[Invariant, ...]]


def invariants_of(program: Program) -> list[Invariant]:
    """The rules' invariants, the scenario's (a battle) and the story's."""
    game = program.game
    found = list(program.rules.invariants)
    if program.scenario is not None:
        found += game.scenarios[program.scenario].invariants
    for story in program.home.stories:
        found += game.stories[story].invariants
    return found


class Audit:
    """Checks one game; `findings` collects what it found."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self._checks: dict[int, _Checks] = {}
        self._failed: set[str] = set()  # invariants, guards and notices already reported
        self.steps = 0  # machine steps audited
        self.checked: Counter[str] = Counter()  # times each invariant was checked (by id)
        self._seen = 0  # events of the machine's log already checked
        self._last = ""  # the last event checked, as its log line
        self._ended = False
        self._owns_log = False

    def attach(self, m: Machine) -> None:
        """Start auditing `m` (called before it runs): the audit reads its log of events."""
        if m.log is None:
            m.log, self._owns_log = [], True
        m.audit = self

    # -- the hook -------------------------------------------------------------------------

    def after_step(self, m: Machine) -> None:
        """After every machine step: the event-level invariants, for the events it logged."""
        self.steps += 1
        log = m.log
        if len(log) < self._seen:  # the session handed the events on and cleared the log
            self._seen = 0
        if self._seen == len(log):
            return
        after = self._for(m.program).after
        while self._seen < len(log):
            event = log[self._seen]
            self._seen += 1
            self._last = dumps(event)
            for inv in after.get(event["e"], ()):
                self._event(m, inv, event)
        if self._owns_log:
            log.clear()
            self._seen = 0

    def paused(self, m: Machine) -> None:
        """The machine stopped at a decision or at the end: the state invariants hold there
        (a rule carried out over several steps may pass through states between), and the end
        ones once the game is over."""
        self.after_step(m)
        checks = self._for(m.program)
        for inv in checks.every_step:
            self._state(m, inv)
        result = m.state["result"]
        if result is None or self._ended:
            return
        self._ended = True
        if result.get("capped") and result.get("guard") is None:
            self._add(m, "turn-cap", "turn-cap", f"the game passed its turn cap "
                      f"({m.program.rules.turn_cap} turns)", None)
        for inv in checks.at_end:
            self._state(m, inv)

    def guard(self, m: Machine, guard: str, reason: str) -> None:
        self.after_step(m)  # events logged on the way in still count
        self._ended = True
        self._add(m, guard, guard, reason, None)

    def notice(self, m: Machine, name: str, message: str) -> None:
        """Something worth a look that breaks no rule (an op with no legal target)."""
        self._add(m, "notice", name, message, None, fails=False)

    # -- checking -------------------------------------------------------------------------

    def _for(self, program: Program) -> _Checks:
        found = self._checks.get(id(program))
        if found is None:
            every, end, after = [], [], {}
            for inv in invariants_of(program):
                if inv.after is not None:
                    after.setdefault(inv.after, []).append(inv)
                else:
                    (end if inv.at == "end" else every).append(inv)
            found = self._checks[id(program)] = _Checks(
                tuple(every), tuple(end), {k: tuple(v) for k, v in after.items()})
        return found

    def _state(self, m: Machine, inv: Invariant) -> None:
        if inv.id in self._failed:
            return
        if inv.for_ == "game":
            self._check(m, inv, None, None, {})
            return
        out = m.state["out"]
        for seat in range(m.state["players"]):
            if not out[seat] and not self._check(m, inv, seat, None, {}):
                return

    def _event(self, m: Machine, inv: Invariant, event: dict) -> None:
        if inv.id in self._failed:
            return
        fields = ACTOR_FIELDS if inv.on == "actor" else TARGET_FIELDS
        seat = next((event[f] for f in fields if type(event.get(f)) is int), None)
        card = event.get("card") if type(event.get("card")) is int else None
        ctx = {k: v for k, v in event.items() if type(v) in (int, bool)}
        self._check(m, inv, seat, card, ctx)

    def _check(self, m: Machine, inv: Invariant, seat: int | None, card: int | None,
               ctx: dict) -> bool:
        self.checked[inv.id] += 1
        try:
            ok = m.holds(inv.holds, seat, ctx, card)
        except RuleError as err:
            self._add(m, "invariant", inv.id, f"{inv.message} (cannot be checked: {err})", seat)
            return False
        if not ok:
            known = inv.known_failing
            self._add(m, "invariant", inv.id,
                      inv.message + (f" (known: {known})" if known else ""), seat, not known)
        return ok

    def _add(self, m: Machine, kind: str, name: str, message: str, seat: int | None,
             fails: bool = True) -> None:
        if name in self._failed:
            return
        self._failed.add(name)
        self.findings.append(Finding(kind, name, message, m.budget.decisions, self._last, seat,
                                     fails))

    @property
    def failed(self) -> list[Finding]:
        return [f for f in self.findings if f.fails]
