"""What search plays on, in every seed pack: forks of a `Template` share the zones and the
per-instance arrays until they write them, yet play exactly as full copies do, and neither they
nor a search's samples ever reach the state they came from. A write that bypassed
`zone_for_write`/`array_for_write`, or a reference to a zone held across a write, fails here."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.agents import make_agent
from runtime.deal import arrange
from runtime.loading import load_program
from runtime.machine import Machine
from runtime.rng import Rng
from runtime.state import Template, canonical, copy_state, state_hash, zone_for_write
from runtime.views import view
from tests.runtime.conftest import pick, play_randomly, start
from tests.runtime.games.conftest import CONTENT

# a board game is played one battle (scenario) at a time: its states hold pieces and terrain
PACKS = {
    "fuzzy-mage-fight": None,
    "fantasy-tavern-brawl": None,
    "gascony-legacy": "the-convent-yard",
    "townsfolk-tussle": "umbrello-chump",
}


@pytest.fixture(scope="module")
def programs():
    return {pack: load_program(CONTENT / pack, scenario) for pack, scenario in PACKS.items()}


def _random_play(program, state: dict, seed: int, steps: int) -> Machine:
    return play_randomly(Machine(program, state), seed, steps)


def _played(program, seed: int, steps: int) -> Machine:
    m = Machine.start(program, 2, seed)
    return _random_play(program, m.state, seed, steps)


@settings(max_examples=24, deadline=None)
@given(pack=st.sampled_from(sorted(PACKS)), seed=st.integers(0, 10**6),
       steps=st.integers(0, 60), plays=st.lists(st.integers(0, 10**6), min_size=1, max_size=3))
def test_forks_play_as_copies_and_never_reach_their_template(programs, pack, seed, steps, plays):
    program = programs[pack]
    m = _played(program, seed, steps)
    before = state_hash(m.state)
    template = Template(m.state)
    for play in plays:
        fork, copy = template.fork(), copy_state(m.state)
        assert canonical(fork) == canonical(copy)
        forked = _random_play(program, fork, play, 80)
        copied = _random_play(program, copy, play, 80)
        assert canonical(forked.state) == canonical(copied.state)
        assert state_hash(m.state) == before
    assert canonical(template.fork()) == canonical(m.state)


def test_a_fork_writes_its_shared_zones_only_through_the_api(programs):
    m = _played(programs["fuzzy-mage-fight"], 3, 10)
    template = Template(m.state)
    fork = template.fork()
    key = next(k for k, cards in m.state["zones"].items() if cards)
    with pytest.raises(AttributeError):  # shared with the template: a direct write fails loudly
        fork["zones"][key].append(0)
    with pytest.raises(TypeError):
        fork["loc"][0] = key
    zone_for_write(fork, key).pop()  # the fork's own copy from now on
    assert list(template.fork()["zones"][key]) == m.state["zones"][key]
    assert len(fork["zones"][key]) == len(m.state["zones"][key]) - 1


def test_a_fork_refills_its_empty_pile_as_a_copy_does(skirmish):
    """The refill replaces the fork's shared (empty) pile with a list of its own: the draw
    must take the card from that list, not from the pile it read before."""
    m = start(skirmish)
    arrange(m, {"draw": [], "discard": ["gem", "spark", "guard"]}, spare="removed")
    played = []
    for state in (Template(m.state).fork(), copy_state(m.state)):
        played.append(Machine(skirmish, state))
        pick(played[-1], "Draw a card")
    fork, copy = played
    assert canonical(fork.state) == canonical(copy.state)
    assert len(fork.state["zones"]["draw"]) == 2
    assert len(fork.state["zones"]["hand:0"]) == len(m.state["zones"]["hand:0"]) + 1


@pytest.mark.parametrize("pack", ["fuzzy-mage-fight", "gascony-legacy"])
def test_search_leaves_the_game_and_the_view_as_they_were(programs, pack):
    program = programs[pack]
    m = _played(program, 7, 12)
    seat = m.decision["seat"]
    seen = view(m, seat)
    state_before, view_before = state_hash(m.state), canonical(seen)
    for spec in ("mcts:30", "heuristic"):
        make_agent(spec, program).choose(seen, m.decision, Rng(5))
    assert state_hash(m.state) == state_before
    assert canonical(seen) == view_before
