"""Exact odds of each ending of a story: its exact state space as an absorbing Markov chain.

The reader policy says how choices are made: uniformly among the open ones unless `choices`
weighs them (card key -> weight per choice, in order); battles end with each of the card's
outcomes equally often (as `--battle-outcome random` resolves them) unless `battles` weighs
them by name. Challenges pass with the chance
their dice give (`story_dice.pass_chance`). The chain is solved one strongly connected
component at a time, in reverse topological order, with fractions: exact, and linear in the
size of an acyclic story.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

import networkx as nx

from compiler.analysis.story_dice import challenge_dice, pass_chance
from compiler.analysis.story_state import StateSpace
from compiler.analysis.story_values import UNKNOWN, evaluate

STOPPED = "(story stops)"  # the outcome of a run that stops on a card with no way on
ENDLESS = "(never ends)"  # the chance of a run that loops for ever
_MAX_COMPONENT = 400  # states in one loop solved exactly at once


class OddsError(ValueError):
    """The odds cannot be worked out exactly; the message says where and why."""


@dataclass
class Policy:
    """How the reader chooses and how battles go."""

    choices: Mapping[str, list[float]] = field(default_factory=dict)
    battles: Mapping[str, float] = field(default_factory=dict)

    def describe(self) -> str:
        parts = ["choices uniform among the open ones" if not self.choices else
                 f"choices uniform except on card{'s' if len(self.choices) > 1 else ''} "
                 f"{', '.join(self.choices)} (weighted)"]
        parts.append("battle outcomes equally likely" if not self.battles else
                     "battle outcomes weighted " + ", ".join(
                         f"{k}={v:g}" for k, v in self.battles.items()))
        return "; ".join(parts) + "; challenges by their dice"


def ending_odds(space: StateSpace, policy: Policy | None = None) -> dict[str, Fraction]:
    """The chance of each ending (and of STOPPED, ENDLESS when possible) from the start."""
    policy = policy or Policy()
    if space.merged:
        raise OddsError(f"the story's states do not fit the budget of {space.budget:,}: exact "
                        "odds need the exact state space")
    moves = [_moves(space, n, policy) for n in range(len(space.cards))]
    graph = nx.DiGraph()
    graph.add_nodes_from(range(len(moves)))
    graph.add_edges_from((n, to) for n, ms in enumerate(moves) for _, to, _ in ms
                         if to is not None)
    condensed = nx.condensation(graph)
    value: dict[int, dict[str, Fraction]] = {}
    for comp in reversed(list(nx.topological_sort(condensed))):
        members = sorted(condensed.nodes[comp]["members"])
        if len(members) > _MAX_COMPONENT:
            raise OddsError(f"a loop of {len(members)} states (at card "
                            f"{space.cards[members[0]]}) is too large to solve exactly")
        value.update(_solve(members, moves, value))
    result = value[0]
    total = sum(result.values(), Fraction(0))
    if total < 1:
        result[ENDLESS] = 1 - total
    return dict(sorted(result.items(), key=lambda kv: (-kv[1], kv[0])))


def _moves(space: StateSpace, n: int, policy: Policy) -> list[tuple[Fraction, int | None, str]]:
    """(chance, next node or None, outcome name when absorbed) of each edge out of node n."""
    key = space.cards[n]
    card = space.story.cards[key]
    edges = space.edges[n]
    if card.battle is not None and card.outcomes:
        # as `--battle-outcome random` resolves a battle: one of the card's own outcomes
        edges = [e for e in edges if not e.via.startswith("outcome ")
                 or e.via.split(" ", 1)[1] in card.outcomes]
    where = f"card {key} (with {space.describe(n)})"
    if not all(e.exact for e in edges):
        raise OddsError(f"at {where} a condition or amount depends on what the analysis "
                        "cannot know (a card field, a value changed outside the story)")
    vias = [e.via for e in edges]
    if len(set(vias)) != len(vias):
        raise OddsError(f"at {where} an effect branches (an `if`, `choose` or `roll` inside "
                        "effects): its odds are not worked out")
    chances: list[Fraction]
    if any(v.startswith("choice ") for v in vias):
        weights = policy.choices.get(key)
        picked = [int(v.split()[1]) - 1 for v in vias]
        raw = [Fraction(weights[i]) if weights and i < len(weights) else Fraction(1)
               for i in picked]
        if sum(raw) == 0:
            raise OddsError(f"the policy gives every open choice of {where} weight 0")
        chances = [w / sum(raw) for w in raw]
    elif any(v.startswith("outcome ") for v in vias):
        raw = [Fraction(policy.battles.get(v.split(" ", 1)[1], 1)) for v in vias]
        if sum(raw) == 0:
            raise OddsError(f"the policy gives every outcome of the battle at {where} weight 0")
        chances = [w / sum(raw) for w in raw]
    elif set(vias) & {"pass", "fail"}:
        p = _pass_chance(space, n)
        chances = [p if v == "pass" else 1 - p for v in vias]
    else:
        chances = [Fraction(1)] * len(edges)
    return [(c, e.to, e.ending or (STOPPED if e.stop else None)) for c, e in zip(chances, edges,
                                                                                 strict=True)]


def _pass_chance(space: StateSpace, n: int) -> Fraction:
    machine = space.machine
    key = space.cards[n]
    challenge = space.story.cards[key].challenge
    where = f"card {key}"
    if machine.world.challenge_dice_change:
        raise OddsError(f"abilities may change the dice of the challenge at {where}")
    dice = challenge_dice(challenge.dice, machine.world.dice)
    look = machine.lookup(space.states[n])
    count = evaluate(challenge.stat, look)
    modifier = evaluate(str(challenge.modifier), look)
    needed = evaluate(str(challenge.successes), look)
    if UNKNOWN in (count, modifier, needed) or dice is None:
        raise OddsError(f"the dice of the challenge at {where} are not known: {challenge.stat} "
                        "is not a value the story sets (give it with --stat NAME=VALUE)")
    p = pass_chance(dice, int(count) + int(modifier), int(needed))
    if p is None:
        raise OddsError(f"the odds of dice system '{dice.id}' at {where} are not plain")
    return p


def _solve(members: list[int], moves, known: dict[int, dict[str, Fraction]]):
    """Absorption chances of the nodes of one component, given those of later components."""
    index = {m: i for i, m in enumerate(members)}
    size = len(members)
    rows: list[list[Fraction]] = []
    rhs: list[dict[str, Fraction]] = []
    for m in members:
        row = [Fraction(0)] * size
        row[index[m]] = Fraction(1)
        b: dict[str, Fraction] = {}
        for chance, to, outcome in moves[m]:
            if outcome is not None:
                b[outcome] = b.get(outcome, 0) + chance
            elif to in index:
                row[index[to]] -= chance
            else:
                for name, q in known[to].items():
                    b[name] = b.get(name, 0) + chance * q
        rows.append(row)
        rhs.append(b)
    if size == 1 and rows[0][0] != 0:
        return {members[0]: {k: v / rows[0][0] for k, v in rhs[0].items()}}
    return dict(zip(members, _gauss(rows, rhs), strict=True))


def _gauss(rows: list[list[Fraction]], rhs: list[dict[str, Fraction]]):
    """Solve rows · x = rhs (one column per outcome); a row that cannot be pivoted belongs to
    a closed loop that never ends: its chances are 0."""
    size = len(rows)
    pivots = []
    r = 0
    for c in range(size):
        p = next((i for i in range(r, size) if rows[i][c] != 0), None)
        if p is None:
            continue
        rows[r], rows[p] = rows[p], rows[r]
        rhs[r], rhs[p] = rhs[p], rhs[r]
        for i in range(size):
            if i != r and rows[i][c] != 0:
                f = rows[i][c] / rows[r][c]
                rows[i] = [a - f * b for a, b in zip(rows[i], rows[r], strict=True)]
                for k, v in rhs[r].items():
                    rhs[i][k] = rhs[i].get(k, 0) - f * v
        pivots.append((r, c))
        r += 1
    out: list[dict[str, Fraction]] = [{} for _ in range(size)]
    for r, c in pivots:
        out[c] = {k: v / rows[r][c] for k, v in rhs[r].items() if v}
    return out
