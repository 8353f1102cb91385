"""MCTS in a fight whose score lies far from 0 (five townsfolk against a Ruffian of 20 HP):
the rewards it backs up are measured from the position it searches from, so they still
tell a blow from ending the turn (squashed from 0 they were all 0, and it played at random:
an mcts:20 party fought a Chump fight for hundreds of rounds)."""

from __future__ import annotations

from runtime.agents.evaluation import scores, weights
from runtime.agents.mcts import MctsAgent, _Node
from runtime.rng import Rng
from runtime.views import Sampler, view
from tests.content.townsfolk_tussle.test_worked_examples import fight, reask, ruffian, stand

PARTY = ["Quintus Binch", "Granny Melba", "Virginia Fitz", "Henlo Bulwark", "Norman Fishboy"]


def test_mcts_rewards_tell_a_blow_from_ending_the_turn_far_from_a_score_of_0():
    m = fight({}, "umbrello-chump", PARTY)
    umbrello = ruffian(m)
    stand(m, 0, (umbrello[2] - 1, umbrello[3]))  # beside him, the bat in reach
    reask(m)
    assert abs(scores(m, weights(m.program))[0]) > 40
    agent = MctsAgent(m.program, iterations=40)
    root, sampler, rng = _Node(), Sampler(m.program, view(m, 0)), Rng(1)
    for _ in range(40):
        agent._iterate(root, sampler, rng, False)
    mean = {key: node.total / node.visits for key, node in root.children.items()}
    assert mean["use:rubber-bat:0"] > mean["end"] + 0.1
    assert max(mean, key=mean.get) == "use:rubber-bat:0"
