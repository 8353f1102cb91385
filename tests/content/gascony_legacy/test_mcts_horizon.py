"""Tree search with the rules' `lookahead: round` scores every leaf at the end of the round it
started in: a branch that reaches into the next round is not played on a round further."""

from __future__ import annotations

import runtime.agents.mcts as mcts
from runtime.agents import make_agent
from runtime.machine import Machine
from runtime.program import Program
from runtime.rng import Rng
from runtime.views import view
from tests.content.conftest import compiled_pack


def test_mcts_scores_its_leaves_at_the_end_of_the_roots_round(monkeypatch):
    prog = Program(compiled_pack("gascony-legacy").game, "the-convent-yard")
    m = Machine.start(prog, 2, 3)
    rng = Rng(3)
    # random play until the last turn of a round (seat 2 deciding in the Characters' turns)
    while not (m.state["round"] >= 2 and m.decision["kind"] == "turn"
               and m.decision["seat"] == 1):
        m.answer(rng.below(len(m.decision["options"])))
    start = m.state["round"]
    scored = []

    def rewards(leaf, *args, **kwargs):
        scored.append((leaf.state["round"], leaf.over))
        return real(leaf, *args, **kwargs)

    real = mcts.rewards
    monkeypatch.setattr(mcts, "rewards", rewards)
    make_agent("mcts:40", prog).choose(view(m, 1), m.decision, Rng(1))
    # each leaf stops as the next round starts, or where the battle ended within this one; a
    # battle over in the next round was played on past the root's round (here, by a branch
    # through the root's "End your turn" into the next round's first turn)
    assert len(scored) == 40
    assert all((r, over) in {(start + 1, False), (start, True)} for r, over in scored), scored
