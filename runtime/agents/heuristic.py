"""The heuristic agent: a one-step look-ahead scored by the content's evaluation.

For each option it takes one sample of what it cannot see, plays the option, lets the
other seats answer at random while the turn lasts, and scores the result; the best wins (a tie at random).
With the rules' `lookahead: round` it plays on to the end of the round before scoring: every
turn passes at once (its own too) and other choices go at random, so what the round then does
by itself (foes moving and striking) counts against a square that walks into their reach.
"""

from __future__ import annotations

from runtime.agents.evaluation import scores, weights
from runtime.agents.lookahead import finish_round, to_round_end
from runtime.machine import Machine
from runtime.rng import Rng
from runtime.state import frozen, thawed
from runtime.views import determinise

_HORIZON = 60  # decisions of other seats played out before scoring


class HeuristicAgent:
    name = "heuristic"
    uses_view = True

    def __init__(self, program):
        self.program = program
        self.weights = weights(program)
        self.to_round_end = to_round_end(program)

    def choose(self, view: dict, decision: dict, rng: Rng) -> int:
        seat = view["seat"]
        sample = frozen(determinise(self.program, view, rng))  # serialised once, thawed per option
        best, best_score = [], float("-inf")
        for index in range(len(decision["options"])):
            m = Machine(self.program, thawed(sample))
            turn = m.state["turns"]
            m.answer(index)
            if self.to_round_end:
                finish_round(m, rng)
            steps = 0
            while (not m.over and m.decision["seat"] != seat and m.state["turns"] == turn
                   and steps < _HORIZON):
                m.answer(rng.below(len(m.decision["options"])))
                steps += 1
            score = scores(m, self.weights)[seat]
            if score > best_score:
                best, best_score = [index], score
            elif score == best_score:
                best.append(index)
        # equal scores are a toss-up, not a bias towards the first option listed
        return best[0] if len(best) == 1 else best[rng.below(len(best))]
