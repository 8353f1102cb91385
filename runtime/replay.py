"""Replaying a full log: the game is rebuilt from its seed and its decisions, and at every
step the state hash, the option chosen and the events in between must match what the log
recorded; the first difference is reported. A log that stops before its `end` event is
incomplete, never "ok". The log names its pack relative to the log's folder. `undo` events
(a decision taken back at the table) are notes, skipped. `until` stops after that many
decisions, and an audit (`runtime.audit`) may watch the replay. `rerun` plays a bot game
again from its seed and seats alone (a simulated game has no log: its bots choose the same
way every time)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from runtime.agents import make_agent
from runtime.audit import Audit
from runtime.errors import RuleError
from runtime.log import FORMAT, LogError, dumps, read_checked
from runtime.machine import Machine
from runtime.program import Program, for_scenario
from runtime.session import play_game
from runtime.state import state_hash
from runtime.story import for_story

_FRAMING = ("start", "decision", "end")
# notes about the game, not of it: a decision taken back at the table (the log was cut back
# to before it, so what follows replays as if it had never been made)
_NOTES = ("undo",)


@dataclass
class Replayed:
    steps: int
    result: dict | None
    divergence: str | None = None

    @property
    def ok(self) -> bool:
        return self.divergence is None


def replay(path: Path, load: Callable[[str], Program], pack: Path | None = None,
           until: int | None = None, audit: Audit | None = None) -> Replayed:
    """Re-run the game of log `path` (its first `until` decisions); report the first step
    where it differs. `load(pack)` compiles the pack the log names (or `pack`, when given);
    RuleError for a log that cannot be replayed, naming its file and line."""
    path = Path(path)
    try:
        numbered = read_checked(path)
    except LogError as err:
        raise RuleError(str(err)) from None
    events = [event for _, event in numbered]
    if not events or events[0].get("e") != "start" or events[0].get("format") != FORMAT:
        raise RuleError(f"{path}:1: not a gamesmith game log (it must start with a start event)")
    head = events[0]
    program = load(str(pack if pack is not None else pack_of(path, head["pack"])))
    if program.game.id != head["game"]:
        raise RuleError(f"{path}:1: a log of game '{head['game']}', but the pack holds "
                        f"'{program.game.id}'")
    try:
        program = for_story(for_scenario(program, head.get("scenario")), head.get("story"),
                            head.get("battles"))
        log: list = []
        m = Machine.start(
            program, head["players"], head["seed"], log=log, variables=head.get("variables"),
            audit=audit, carried=head.get("carried"),
        )
    except (RuleError, KeyError, TypeError, ValueError) as err:
        raise RuleError(f"{path}:1: the start event cannot start the game: {err}") from None
    expected, span = _between(events, 1)
    position, steps = 1 + span, 0
    problem = _compare(log, expected, "setting up") if position < len(events) else None
    ended = False
    while problem is None and position < len(events) and steps != until:
        event = events[position]
        if event["e"] == "end":
            ended = True
            if not m.over:
                problem = f"the log ends the game after {steps} steps, but the game goes on"
            elif event["hash"] != state_hash(m.state):
                problem = (
                    f"the final state differs (hash {state_hash(m.state)}, log {event['hash']})"
                )
            elif dumps(event["result"]) != dumps(m.state["result"]):
                problem = f"the result differs: {m.state['result']} instead of {event['result']}"
            break
        if event["e"] != "decision":
            raise RuleError(f"{path}:{numbered[position][0]}: a {event['e']!r} event where a "
                            "decision belongs")
        problem = _step(m, event)
        if problem is not None:
            break
        steps += 1
        log.clear()
        m.answer(event["choice"])
        expected, span = _between(events, position + 1)
        position += 1 + span
        if position == len(events):
            break  # nothing frames what follows: the log was cut short (reported below)
        problem = _compare(log, expected, f"after step {event['step']} ({event['label']})")
    if not ended and steps != until and (problem is None or position >= len(events)):
        last = numbered[-1][0]
        raise RuleError(f"{path}:{last}: the log is incomplete: it stops after {steps} "
                        f"decisions without its end event (cut short, or the game was "
                        f"stopped){'; the game is over here' if m.over else ''}")
    return Replayed(steps, m.state["result"], problem)


def rerun(program: Program, players: int, seed: int, seats: list[str], until: int | None = None,
          audit: Audit | None = None) -> tuple[Machine, int]:
    """The bot game of `seed` and `seats` played again (its first `until` decisions)."""
    for spec in seats:
        if spec.startswith("human"):
            raise RuleError("only bot games can be played again from their seed: "
                            "replay a person's game from its log")
    agents = [make_agent(spec, program) for spec in seats]
    return play_game(program, players, seed, agents, audit=audit, until=until)


def pack_of(log: Path, recorded: str) -> Path:
    """The pack a log names: relative to the log's folder (logs older than that named it from
    the folder `play` ran in, which is tried next)."""
    beside = Path(log).parent / recorded
    return beside if beside.exists() or not Path(recorded).exists() else Path(recorded)


def _between(events: list[dict], start: int) -> tuple[list[dict], int]:
    """The game's events from `start` to the next framing event, and how many lines that is."""
    out = []
    span = 0
    for event in events[start:]:
        if event["e"] in _FRAMING:
            break
        span += 1
        if event["e"] not in _NOTES:
            out.append(event)
    return out, span


def _step(m: Machine, event: dict) -> str | None:
    step = event["step"]
    if m.over:
        return f"step {step}: the game is already over, but the log goes on"
    actual = state_hash(m.state)
    if actual != event["hash"]:
        return (f"step {step}: the state differs before the decision "
                f"(hash {actual}, log {event['hash']})")
    decision = m.decision
    options = decision["options"]
    if decision["seat"] != event["seat"] or len(options) != event["options"]:
        return (f"step {step}: seat {decision['seat'] + 1} decides among {len(options)} options, "
                f"the log has seat {event['seat'] + 1} among {event['options']}")
    choice = event["choice"]
    if not 0 <= choice < len(options) or options[choice]["label"] != event["label"]:
        took = options[choice]["label"] if 0 <= choice < len(options) else "no option"
        return f"step {step}: choice {choice} is {took!r}, but the log says {event['label']!r}"
    return None


def _compare(actual: list[dict], expected: list[dict], when: str) -> str | None:
    for i, (a, e) in enumerate(zip(actual, expected, strict=False)):
        if a != e and dumps(a) != dumps(e):  # NaN is not equal to itself, but logs the same
            return f"{when}: event {i + 1} differs: {a} instead of {e}"
    if len(actual) != len(expected):
        return f"{when}: {len(actual)} events instead of {len(expected)}"
    return None
