"""The random agent: every option equally likely."""

from __future__ import annotations

from runtime.rng import Rng, draws


class RandomAgent:
    name = "random"
    uses_view = False

    def choose(self, view: dict, decision: dict, rng: Rng) -> int:
        return rng.below(len(decision["options"]))

    def drawer(self, *parts: object):
        """`choose` as a function of the step and the number of options, with the generator
        `Rng(derive(*parts, step))` it would be handed (a game loop's short path: no view, no
        call per decision)."""
        return draws(*parts)
