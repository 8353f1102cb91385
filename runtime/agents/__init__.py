"""Agents: whatever picks an option at a decision. Each sees only its own seat's view.

`agent.choose(view, decision, rng) -> index` picks one of `decision["options"]`; `rng` is a
generator derived from the game's seed, the seat and the step, so bot games replay exactly.
`make_agent(spec, program)` builds one from a command-line spec: `random`, `heuristic`,
`mcts` (`mcts:500` iterations, `mcts:2s` seconds), `scripted:FILE.yaml`, `human`.
Agents are in the runtime's play layer (docs/runtime-layers.md): no interpreter or rule
module imports them.
"""

from __future__ import annotations

from pathlib import Path
from typing import Protocol

from runtime.errors import RuleError
from runtime.rng import Rng


class Agent(Protocol):
    name: str
    uses_view: bool  # False: the agent never looks, so no view is made for it (it gets None)

    def choose(self, view: dict, decision: dict, rng: Rng) -> int: ...


def make_agent(spec: str, program, **human_options) -> Agent:
    """An agent from a spec such as `random`, `mcts:300`, `mcts:1.5s` or `scripted:moves.yaml`."""
    kind, _, arg = spec.partition(":")
    if kind == "random":
        from runtime.agents.random import RandomAgent

        return RandomAgent()
    if kind == "heuristic":
        from runtime.agents.heuristic import HeuristicAgent

        return HeuristicAgent(program)
    if kind == "mcts":
        from runtime.agents.mcts import MctsAgent

        if not arg:
            return MctsAgent(program)
        try:
            if arg.endswith("s"):
                seconds = float(arg[:-1])
                if not 0 < seconds <= 3600:  # also refuses inf and nan
                    raise ValueError
                return MctsAgent(program, seconds=seconds)
            iterations = int(arg)
            if not 1 <= iterations <= 10**7:
                raise ValueError
            return MctsAgent(program, iterations=iterations)
        except ValueError:
            raise RuleError(
                f"mcts takes 1 to 10,000,000 iterations (mcts:500) or up to 3600 seconds "
                f"(mcts:2s), not {arg!r}"
            ) from None
    if kind == "scripted":
        from runtime.agents.scripted import ScriptedAgent

        if not arg:
            raise RuleError("scripted needs a file: scripted:moves.yaml")
        return ScriptedAgent.from_file(Path(arg))
    if kind == "human":
        from runtime.agents.human import HumanAgent

        return HumanAgent(program, **human_options)
    raise RuleError(f"unknown agent {spec!r}: use random, heuristic, mcts, scripted:FILE or human")
