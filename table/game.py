"""One game at the table: a runtime `Session` played in a worker thread, published per seat.

The session's own loop (`Session.run`) plays: bots choose as in `play`, and a human seat's
`TableSeat` waits for its page. After every step the table publishes, to each human seat's
subscribers, that seat's payload (`table.payload`) with the log as the seat saw it, so bots'
moves appear as they happen. `submit` takes a page's message, refusing (with a reason, and
changing nothing) anything malformed, out of turn, or for a seat the token does not hold.

Undo takes back a human seat's last decision while no chance outcome came up and no card
became visible to a human seat since: the state, step and logs go back to that decision and
the full log records an `undo` event (which `replay` skips), so the game still replays.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from runtime.agents import make_agent
from runtime.errors import RuleError
from runtime.log import LogWriter, cut_logs
from runtime.machine import Machine, seated, seats_for
from runtime.program import Program
from runtime.render import event_line, seat_name
from runtime.session import Session
from runtime.state import copy_state
from runtime.views import hidden_cards
from table.payload import seat_payload
from table.seats import Answer, Closed, TableSeat, Undo

LOG_KEPT = 300  # lines of the log a page receives
HUMAN = "human"


@dataclass
class _Snapshot:
    """A human seat's decision as it was asked: enough to go back to it."""

    step: int
    state: dict
    sizes: list[int] | None
    lines: list[int]
    seen: dict[int, set[int]]  # per human seat, the cards it could see
    agents: list  # what agents that keep a memory (a script's place) remembered
    label: str = ""


class Table:
    def __init__(self, hot_seat: bool = False, pace: float = 0.0,
                 has_face: Callable[[str], bool] | None = None):
        self.hot_seat = hot_seat
        self.pace = pace  # seconds to pause after a bot's move, so people can follow
        self.has_face = has_face or (lambda card_id: False)
        self.session: Session | None = None
        self.tokens: dict[str, tuple[int, ...]] = {}
        self.lines: dict[int, list[str]] = {}
        self.latest: dict[int, dict] = {}
        self.error: str | None = None
        self.observers: list[Callable[[int, dict], None]] = []  # called in the game's thread
        self._lock = threading.Lock()
        self._subscribers: dict[int, list[Callable[[dict], None]]] = {}
        self._pending: dict[int, tuple[int, int]] = {}  # seat -> (step, options) it must answer
        self._undoable: dict[int, bool] = {}
        self._asking: dict[int, _Snapshot] = {}
        self._last: dict[int, _Snapshot] = {}
        self._seq = 0
        self._by_human = False
        self._thread: threading.Thread | None = None
        self._news: Callable[[int], list[str]] | None = None

    # -- making one ---------------------------------------------------------------------------

    @classmethod
    def new(cls, program: Program, players: int, seed: int, seats: list[str], *, pack: str,
            log: Path, save: Path, variables: dict[str, Any] | None = None,
            **options) -> Table:
        count = seats_for(program, players)
        if count != len(seats):  # solo: the lone player plays every seat, from one link
            seats, options["hot_seat"] = seated(seats, count), True
        table = cls(**options)
        session = Session.new(program, players, seed, seats, table._agents(seats, program),
                              pack=pack, log=log, save=save, variables=variables)
        table._attach(session)
        return table

    @classmethod
    def resume(cls, save: Path, load: Callable[[str], Program], **options) -> Table:
        table = cls(**options)
        table._attach(Session.resume(save, load, table._agents))
        return table

    def _agents(self, specs: list[str], program: Program) -> list:
        return [TableSeat(s, self._asked) if spec == HUMAN else make_agent(spec, program)
                for s, spec in enumerate(specs)]

    def _attach(self, session: Session) -> None:
        self.session = session
        self.humans = [s for s, spec in enumerate(session.seats) if spec == HUMAN]
        if self.hot_seat and self.humans:
            self.tokens = {secrets.token_urlsafe(18): tuple(self.humans)}
        else:
            self.tokens = {secrets.token_urlsafe(18): (s,) for s in self.humans}
        self.lines = {s: [] for s in self.humans}
        self._subscribers = {s: [] for s in self.humans}
        self._news = session.follow()
        session.on_step = self._stepped
        if not self._next_is_human():
            self._publish()

    # -- running ------------------------------------------------------------------------------

    def start(self) -> None:
        """Play on in the game's thread (a game resumed already over has nothing to play)."""
        if self.over:
            return
        self._thread = threading.Thread(target=self._run, name="table-game", daemon=True)
        self._thread.start()

    def close(self, timeout: float = 10.0) -> None:
        """Stop waiting for people; the game stays saved at its last decision."""
        for agent in self.session.agents:
            if isinstance(agent, TableSeat):
                agent.answers.put(Closed)
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def over(self) -> bool:
        return self.session.machine.over

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the game's thread to finish; whether it did."""
        if self._thread is not None:
            self._thread.join(timeout)
            return not self._thread.is_alive()
        return True

    def waiting(self, seat: int) -> int | None:
        """The step at which `seat` must answer now (None: it has nothing to answer)."""
        with self._lock:
            pending = self._pending.get(seat)
        return pending[0] if pending else None

    def _run(self) -> None:
        while True:
            try:
                self.session.run()
            except Undo:
                self._rewind()
                continue
            except Closed:
                return
            except RuleError as err:
                self.error = str(err)
            except Exception as err:  # noqa: BLE001 - pages must hear that the game stopped
                self.error = f"internal error: {type(err).__name__}: {err}"
            if self.error is not None:
                self._publish()
            return

    def _next_is_human(self) -> bool:
        m = self.session.machine
        return not m.over and m.decision["seat"] in self.humans

    def _asked(self, seat: int, _view: dict, decision: dict) -> None:
        """A human seat must decide: remember how to go back here, then show it its options."""
        s = self.session
        self._asking[seat] = _Snapshot(
            s.step, copy_state(s.machine.state), s.writer.sizes() if s.writer else None,
            [len(self.lines[h]) for h in self.humans], self._seen(),
            [a.snapshot() if hasattr(a, "snapshot") else None for a in s.agents])
        with self._lock:
            self._pending[seat] = (s.step, len(decision["options"]))
        self._publish()

    def _stepped(self, session: Session) -> None:
        for seat in range(session.machine.state["players"]):
            lines = self._news(seat)
            if seat in self.lines:
                self.lines[seat] += lines
        by_human, self._by_human = self._by_human, False
        if not self._next_is_human():
            self._publish()
            if self.pace and not by_human and not session.machine.over:
                time.sleep(self.pace)

    # -- what pages see -----------------------------------------------------------------------

    def _seen(self) -> dict[int, set[int]]:
        m = self.session.machine
        everything = set(range(len(m.state["ids"])))
        return {h: everything - hidden_cards(m, h) for h in self.humans}

    def _can_undo(self, seat: int) -> bool:
        snap = self._last.get(seat)
        m = self.session.machine
        if snap is None or m.over or m.decision["seat"] != seat:
            return False
        if any(other.step > snap.step for h, other in self._last.items() if h != seat):
            return False  # another person decided since: their move is not ours to take back
        if m.state["rng"] != snap.state["rng"]:
            return False  # a chance outcome came up
        now = self._seen()
        return all(now[h] <= snap.seen[h] for h in self.humans)

    def _publish(self) -> None:
        s = self.session
        with self._lock:
            self._seq += 1
            seq = self._seq
            for seat in self.humans:
                self._undoable[seat] = self._can_undo(seat)
        for seat in self.humans:
            payload = seat_payload(s.machine, seat, s.seats)
            for zone in payload["zones"]:
                for card in zone["cards"]:
                    if card is not None:
                        card["face"] = self.has_face(card["id"])
            payload.update(type="table", seq=seq, step=s.step, log=self.lines[seat][-LOG_KEPT:],
                           undo=self._undoable[seat], error=self.error,
                           waiting=seat in self._pending)
            for observe in self.observers:
                observe(seat, payload)
            with self._lock:
                self.latest[seat] = payload
                subscribers = list(self._subscribers[seat])
            for send in subscribers:
                send(payload)

    def subscribe(self, seats: tuple[int, ...], send: Callable[[dict], None]) -> Callable[[], None]:
        """Call `send(payload)` with every new payload of `seats` (from the game's thread),
        starting with the latest; returns the function that stops it."""
        with self._lock:
            for seat in seats:
                self._subscribers[seat].append(send)
            latest = [self.latest[s] for s in seats if s in self.latest]
        for payload in latest:
            send(payload)

        def unsubscribe() -> None:
            with self._lock:
                for seat in seats:
                    if send in self._subscribers[seat]:
                        self._subscribers[seat].remove(send)

        return unsubscribe

    def listening(self, seat: int) -> int:
        """How many pages follow `seat` now."""
        with self._lock:
            return len(self._subscribers[seat])

    def seats_of(self, token: str) -> tuple[int, ...] | None:
        """The seats a link's token holds (None: no such token)."""
        for known, seats in self.tokens.items():
            if secrets.compare_digest(known, token):
                return seats
        return None

    # -- answers from pages -------------------------------------------------------------------

    def submit(self, seats: tuple[int, ...], message: Any) -> str | None:
        """Take a page's message for one of `seats`; the reason it is refused, or None."""
        if not isinstance(message, dict) or message.get("type") not in ("choose", "undo"):
            return 'send {"type": "choose", "seat": S, "step": N, "option": I} or {"type": "undo"}'
        seat = message.get("seat", seats[0] if len(seats) == 1 else None)
        if type(seat) is not int or seat not in seats:
            return "that seat is not yours"
        with self._lock:
            pending = self._pending.get(seat)
            if pending is None:
                return f"it is not {seat_name(seat)}'s turn to decide"
            if message["type"] == "undo":
                if not self._undoable.get(seat):
                    return "nothing to undo: no decision of yours, or something was revealed since"
                del self._pending[seat]
                self._by_human = True
                self._undoing = seat
                self._agent(seat).answers.put("undo")
                return None
            step, count = pending
            if message.get("step") != step:
                return f"that answer is for step {message.get('step')}, the game is at step {step}"
            option = message.get("option")
            if type(option) is not int or not 0 <= option < count:
                return f"choose an option from 0 to {count - 1}"
            del self._pending[seat]
            self._by_human = True
            snap = self._asking.pop(seat)
            snap.label = self.session.machine.decision["options"][option]["label"]
            self._last[seat] = snap
            self._agent(seat).answers.put(Answer(option))
        return None

    def _agent(self, seat: int) -> TableSeat:
        return self.session.agents[seat]

    def _rewind(self) -> None:
        """Go back to the decision the undoing seat last made (see the module's docstring)."""
        seat = self._undoing
        snap = self._last.pop(seat)
        s = self.session
        s.machine = Machine(s.program, copy_state(snap.state), log=[])
        s.step = snap.step
        for agent, saved in zip(s.agents, snap.agents, strict=True):
            if saved is not None:
                agent.restore(saved)
        if s.writer is not None:
            paths = s.writer.paths
            s.writer.close()
            cut_logs(paths, snap.sizes)
            s.writer = LogWriter(paths[0], s.machine.state["players"], append=True)
            s.writer.write([{"e": "undo", "seat": seat, "step": snap.step, "label": snap.label}])
        for h, kept in zip(self.humans, snap.lines, strict=True):
            del self.lines[h][kept:]
            self.lines[h].append(event_line(s.program, {"e": "undo", "seat": seat,
                                                        "label": snap.label}, h))
        s.save()
