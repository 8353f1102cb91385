"""The random agent: every option equally likely."""

from __future__ import annotations

from runtime.rng import Rng


class RandomAgent:
    name = "random"
    uses_view = False

    def choose(self, view: dict, decision: dict, rng: Rng) -> int:
        return rng.below(len(decision["options"]))
