"""Replaying a full log: the game is rebuilt from its seed and its decisions, and at every
step the state hash, the option chosen and the events in between must match what the log
recorded; the first difference is reported. `undo` events (a decision taken back at the
table) are notes, skipped."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from runtime.errors import RuleError
from runtime.log import FORMAT, read
from runtime.machine import Machine
from runtime.program import Program, for_scenario
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


def replay(path: Path, load: Callable[[str], Program]) -> Replayed:
    """Re-run the game of log `path`; report the first step where it differs."""
    try:
        events = read(path)
    except (OSError, ValueError) as err:
        raise RuleError(f"cannot read log {path}: {err}") from None
    if not events or events[0].get("e") != "start" or events[0].get("format") != FORMAT:
        raise RuleError(f"{path} is not a gamesmith game log (it must start with a start event)")
    head = events[0]
    program = for_story(for_scenario(load(head["pack"]), head.get("scenario")),
                        head.get("story"), head.get("battles"))
    log: list = []
    m = Machine.start(
        program, head["players"], head["seed"], log=log, variables=head.get("variables")
    )
    expected, span = _between(events, 1)
    position, steps = 1 + span, 0
    problem = _compare(log, expected, "setting up")
    while problem is None and position < len(events):
        event = events[position]
        if event["e"] == "end":
            if not m.over:
                problem = f"the log ends the game after {steps} steps, but the game goes on"
            elif event["hash"] != state_hash(m.state):
                problem = (
                    f"the final state differs (hash {state_hash(m.state)}, log {event['hash']})"
                )
            elif event["result"] != m.state["result"]:
                problem = f"the result differs: {m.state['result']} instead of {event['result']}"
            break
        problem = _step(m, event)
        if problem is not None:
            break
        steps += 1
        log.clear()
        m.answer(event["choice"])
        expected, span = _between(events, position + 1)
        problem = _compare(log, expected, f"after step {event['step']} ({event['label']})")
        position += 1 + span
    return Replayed(steps, m.state["result"], problem)


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
        if a != e:
            return f"{when}: event {i + 1} differs: {a} instead of {e}"
    if len(actual) != len(expected):
        return f"{when}: {len(actual)} events instead of {len(expected)}"
    return None
