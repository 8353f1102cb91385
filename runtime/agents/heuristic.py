"""The heuristic agent: a one-step look-ahead scored by the content's evaluation.

For each option it takes one sample of what it cannot see, plays the option, lets the
other seats answer at random while the turn lasts, and scores the result; the best wins (options
scoring alike, the best right after it is played before anyone answers, then at random).
With `lookahead: round` (the rules' or the battle's) it plays on to the end of the round before scoring, a few
times from the same sample, the best play-out counting: every turn passes at once (its own
too) and other choices go at random, so what the round then does by itself (foes moving and
striking) counts against a square that walks into their reach. Where a story's cards are
walked (no round is played out there) an option is scored finished the best way (its
questions answered and the rest of the seat's pause played best, `completed`), and a pause's
"go on" as the position stands: what the next card brings follows every option of the pause
alike. At a pause, an action that does no better than going on is not taken.
"""

from __future__ import annotations

import math

from runtime.agents.evaluation import battle_fought, scores, weights
from runtime.agents.lookahead import (
    SAME,
    completed,
    finish_round,
    greedy,
    to_round_end,
    walking_story,
)
from runtime.agents.rerolls import worth_rerolling
from runtime.between import DONE
from runtime.machine import Machine
from runtime.rng import Rng
from runtime.state import Template
from runtime.views import determinise

_HORIZON = 60  # decisions of other seats played out before scoring
# play-outs of the round per option, from one sample: the best counts, as the seat would make
# its own later choices (which weapon, how to share successes) well, not at random
_TRIES = 3


class HeuristicAgent:
    name = "heuristic"
    uses_view = True

    def __init__(self, program):
        self.program = program
        self.weights = weights(program)

    def choose(self, view: dict, decision: dict, rng: Rng) -> int:
        seat = view["seat"]
        sample = Template(determinise(self.program, view, rng))  # forked per option
        best, best_score = [], float("-inf")
        round_end = to_round_end(self.program, view)
        # a story walk is played out no further than the option itself: one play-out says it
        tries = 1 if walking_story(view) else _TRIES
        pause = decision.get("kind") == "between"
        # a pause's "go on": the position as it stands (its index found below)
        stands = scores(Machine(self.program, sample.fork()), self.weights)[seat] if pause \
            else -math.inf
        going_on = None
        for index in worth_rerolling(self.program, sample, decision):
            if pause and decision["options"][index]["key"] == DONE:
                score = stands
                going_on = index, score
            elif round_end:
                score = max(self._round_score(sample, index, seat, rng, stands)
                            for _ in range(tries))
            else:
                score = self._turn_score(sample, index, seat, rng)
            if score > best_score:
                best, best_score = [index], score
            elif score == best_score:
                best.append(index)
        # at a pause, what does no better than going on is not done (a weapon passed back and
        # forth, a porter called with nothing to buy: once a Story, he is spent); a weapon
        # moved between two seats may differ from going on by a rounding of the party's sum
        if going_on is not None and going_on[1] >= best_score - SAME:
            return going_on[0]
        if len(best) == 1:
            return best[0]
        # options that play out alike (a battle lost inside the round whichever way a figure
        # faces scores them all as the loss; a round's end reads what an option left exposed,
        # a figure's back turned on a foe beside it, only after the foes have moved on) are
        # told apart by the position each leaves right after it is played, before anyone
        # answers it; equal there too, a toss-up, not a bias towards the first option listed
        return greedy(Machine(self.program, sample.fork()), best, {i: i for i in best}, seat,
                      self.weights, rng)

    def _turn_score(self, sample: Template, index: int, seat: int, rng: Rng) -> float:
        """The score once the option is played and the other seats have answered at random
        while the turn lasts."""
        m = Machine(self.program, sample.fork())
        turn = m.state["turns"]
        m.answer(index)
        steps = 0
        while (not m.over and m.decision["seat"] != seat and m.state["turns"] == turn
               and steps < _HORIZON):
            m.answer(rng.below(len(m.decision["options"])))
            steps += 1
        return scores(m, self.weights)[seat]

    def _round_score(self, sample: Template, index: int, seat: int, rng: Rng,
                     floor: float = -math.inf) -> float:
        """The score once the option is played and the round played out (in a story walk,
        finished the best way, `completed`, from `floor`: a pause's position as it stands)."""
        m = Machine(self.program, sample.fork())
        start, fought = m.state["round"], battle_fought(self.program, m.state)
        card = (m.state.get("story") or {}).get("card")
        m.answer(index)
        finish_round(m, rng, start, fought, table=self.weights)
        return completed(m, seat, self.weights, card, floor)
