"""Differential test: the hand-written Fuzzy Mage Fight of `bench/fmf_reference.py` and the
runtime play the same games with random seats, move for move (bench/bench_playouts.py plays
hundreds and times both)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from runtime.agents import make_agent
from runtime.rng import derive
from runtime.session import play_game

ROOT = Path(__file__).resolve().parents[3]


def _reference():
    path = ROOT / "bench" / "fmf_reference.py"
    spec = importlib.util.spec_from_file_location("fmf_reference", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["fmf_reference"] = module  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def reference():
    return _reference()


@pytest.mark.parametrize(("players", "games"), [(2, 8), (4, 4)])
def test_runtime_plays_the_games_the_hand_written_simulator_plays(fmf, reference, players, games):
    for index in range(games):
        seed = derive(11, "game", index)
        agents = [make_agent("random", fmf) for _ in range(players)]
        m, decisions = play_game(fmf, players, seed, agents)
        st = m.state
        ours = (tuple(st["result"]["winners"]), st["turns"], st["round"], decisions,
                bool(st["result"].get("capped")), st["rng"])
        theirs = reference.play(players, seed)
        assert ours == (theirs.winners, theirs.turns, theirs.rounds, theirs.decisions,
                        theirs.capped, theirs.rng), f"game {index} at {players} players"


def test_the_reference_notices_a_different_stream(fmf, reference):
    """The comparison can fail: another seed plays another game."""
    seed = derive(11, "game", 0)
    agents = [make_agent("random", fmf) for _ in range(2)]
    m, decisions = play_game(fmf, 2, seed, agents)
    other = reference.play(2, seed + 1)
    assert (other.turns, other.decisions, other.rng) != (m.state["turns"], decisions, m.state["rng"])
