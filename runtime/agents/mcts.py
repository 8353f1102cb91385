"""Monte-Carlo tree search over determinised samples (information-set MCTS).

Each iteration samples what the seat cannot see from its view (one `Sampler` per decision:
one copy of the state per iteration, none per step), walks the tree by UCB1 (each node
scored for the seat deciding there; children counted as available only when their option
exists in the sample), adds one node, plays on at random for `depth` decisions (none by
default: the content's evaluation scores the new node, which searches deeper for the same
time than noisy random play-outs) and backs up per-seat rewards (a win 1, a loss 0, an
unfinished game its evaluation; with the rules' `lookahead: round`, after the rest of the round
is played out, see `runtime.agents.lookahead`, the seat's own follow-up choices of the option
it played first: each the best one step on, and tried in that order in the tree). Options are matched across samples by their stable `key`.
It never sees the true state.
"""

from __future__ import annotations

import math
import time

from runtime.agents.evaluation import battle_fought, rewards, scores, weights
from runtime.agents.lookahead import (
    finish_round,
    first_keys,
    follow_up,
    follows_up,
    greedy,
    to_round_end,
)
from runtime.machine import Machine
from runtime.rng import Rng
from runtime.views import Sampler


class _Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


class MctsAgent:
    name = "mcts"
    uses_view = True

    # The default budget: in the seed card game bench/bench_search.py plays it beats the
    # one-step heuristic clearly, at a few CPU seconds a game.
    def __init__(self, program, iterations: int = 400, seconds: float | None = None,
                 depth: int = 0, exploration: float = 0.7):
        self.program = program
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.exploration = exploration
        self.weights = weights(program)

    def choose(self, view: dict, decision: dict, rng: Rng) -> int:
        if len(first_keys(decision["options"])) == 1:
            return 0  # nothing to weigh
        root = _Node()
        sampler = Sampler(self.program, view)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        round_end = to_round_end(self.program, view)
        done = 0
        while (done < self.iterations) if deadline is None else (time.perf_counter() < deadline):
            self._iterate(root, sampler, rng, round_end)
            done += 1
        return _most_visited(root, decision["options"], rng)

    def _iterate(self, root: _Node, sampler: Sampler, rng: Rng, round_end: bool) -> None:
        m = Machine(self.program, sampler.sample(rng))
        # rewards count from the sample's score at the root: squashed from 0, scores far from
        # it (a battle against a foe with many HP) saturate and every option looks alike
        base = scores(m, self.weights)
        node = root
        path: list[tuple[_Node, int]] = []
        # with a round's look-ahead every leaf is scored at the end of the root's round, so
        # the tree stops there: a leaf in a later round would be scored a round further on
        start, fought = m.state["round"], battle_fought(self.program, m.state)
        while not m.over and not (round_end and m.state["round"] != start):
            decision = m.decision
            keys = first_keys(decision["options"])
            seat = decision["seat"]
            untried = [k for k in keys if k not in node.children]
            if untried:
                following = round_end and path and follows_up(decision, path[-1][1])
                key = (greedy(m, untried, keys, seat, self.weights, rng) if following
                       else untried[rng.below(len(untried))])
                child = node.children[key] = _Node()
                child.available = 1
                path.append((child, seat))
                m.answer(keys[key])
                break
            for key in keys:
                node.children[key].available += 1
            key = max(keys, key=lambda k: self._ucb(node.children[k], seat))
            node = node.children[key]
            path.append((node, seat))
            m.answer(keys[key])
        for _ in range(self.depth):
            if m.over:
                break
            m.answer(rng.below(len(m.decision["options"])))
        if round_end and m.state["round"] == start and path:
            follow_up(m, path[-1][1], self.weights, rng)
        if round_end:
            # from the root's round: a choice that ended it stands at the next round's
            # opening choices (which of two pieces at the same distance a foe heads for),
            # and a leaf scored there is scored before the foe's turn
            finish_round(m, rng, start, fought, table=self.weights)
        reward = rewards(m, self.weights, base=base)
        for node, seat in path:
            node.visits += 1
            node.total += reward[seat]

    def _ucb(self, node: _Node, seat: int) -> float:
        if node.visits == 0:
            return math.inf
        return node.total / node.visits + self.exploration * math.sqrt(
            math.log(node.available) / node.visits
        )


def _most_visited(root: _Node, options: list[dict], rng: Rng) -> int:
    """The option searched most; equal visits go to the better mean reward, then at random
    (with fewer iterations than options many are tried once, and the first listed is no
    better than the rest)."""
    keys = first_keys(options)
    ranked = {k: (c.visits, c.total / c.visits) for k, c in root.children.items()
              if k in keys and c.visits}
    if not ranked:
        return rng.below(len(options))
    top = max(ranked.values())
    best = [keys[k] for k, r in ranked.items() if r == top]
    return best[0] if len(best) == 1 else best[rng.below(len(best))]
