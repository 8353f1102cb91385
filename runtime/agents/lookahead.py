"""Playing a search's position on to the end of the round, for bots whose rules ask for it.

With the rules' `lookahead: round` (or the battle's own) a bot scores a position only after the rest of the round:
every turn passes at once (the searching seat's own too: a random rest of it, the luckiest of
a few, would walk into reach for a lucky blow) and any other choice goes at random, so what
the round then does by itself (foes moving and striking in a co-operative battle) shows.
"""

from __future__ import annotations

from runtime.machine import Machine
from runtime.rng import Rng

HORIZON = 400  # decisions played out at most (a round that never ends is the guards' to report)


def to_round_end(program, state: dict | None = None) -> bool:
    """Whether bots look to the end of the round in `state`: as the battle fought says (a
    scenario's own `lookahead`, alone or in a story), else as the rules do."""
    battle = program.scenario or ((state or {}).get("story") or {}).get("battle")
    scenario = program.game.scenarios.get(battle) if battle else None
    own = scenario.lookahead if scenario is not None else None
    return (own or program.rules.lookahead) == "round"


def finish_round(m: Machine, rng: Rng, start: int | None = None) -> None:
    """Play on until the first turn of the round after `start` (the round now, if None; or
    the game ends, or a story's battle does): a turn's choice ends the turn, any other choice
    goes at random. What the new round's start does before that turn counts, choices in it
    too (which of two figures at the same distance a foe heads for): stopping at them would
    score the position before the foe's blow. A caller that has just answered gives the
    round it answered in: an answer that ended the round already stands in the next one,
    and playing that one out too scores the foe's turn twice."""
    start = m.state["round"] if start is None else start
    steps = 0
    while (not m.over and (m.state["round"] == start or m.decision.get("kind") != "turn")
           and not _walking_story(m) and steps < HORIZON):
        decision = m.decision
        options = decision["options"]
        end = (next((i for i, o in enumerate(options) if o.get("key") == "end"), None)
               if decision.get("kind") == "turn" else None)
        m.answer(end if end is not None else rng.below(len(options)))
        steps += 1


def _walking_story(m: Machine) -> bool:
    """A story's cards are being walked (no battle fought): they are not played in rounds."""
    story = m.state.get("story")
    return bool(story) and not story.get("battle")
