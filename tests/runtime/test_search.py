"""Search agents' copies and samples: exact, independent of each other and of what they came
from; and a search that answers the same for the same seed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from runtime.agents import make_agent
from runtime.machine import Machine
from runtime.rng import Rng
from runtime.session import play_game
from runtime.state import canonical, copy_state, frozen, state_hash, thawed
from runtime.views import Sampler, determinise, view
from tests.runtime.conftest import play_randomly, start


def _played(program, players: int, seed: int, steps: int) -> Machine:
    """A game of random moves, `steps` decisions in (or over)."""
    return play_randomly(Machine.start(program, players, seed), seed, steps)


def _play_on(program, state: dict, seed: int, steps: int = 40) -> Machine:
    return play_randomly(Machine(program, state), seed, steps)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40), players=st.integers(2, 4))
def test_thawed_copies_equal_the_state_and_never_reach_it(skirmish, seed, steps, players):
    m = _played(skirmish, players, seed, steps)
    before = canonical(m.state)
    data = frozen(m.state)
    first, second = thawed(data), thawed(data)
    assert canonical(first) == before == canonical(copy_state(m.state))
    played = _play_on(skirmish, first, seed + 1)
    assert canonical(played.state) != before or m.over  # the copy did change...
    assert canonical(m.state) == before  # ...and neither the original
    assert canonical(second) == before  # nor another copy of it moved
    assert canonical(thawed(data)) == before  # nor what later copies are made from


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 40), sample=st.integers(0, 10**6))
def test_samples_deal_as_determinise_and_share_nothing(skirmish, seed, steps, sample):
    m = _played(skirmish, 3, seed, steps)
    if m.over:
        return
    seen = view(m, m.decision["seat"])
    seen_before = canonical(seen)
    sampler = Sampler(skirmish, seen)
    dealt = sampler.sample(Rng(sample))
    assert dealt == determinise(skirmish, seen, Rng(sample))
    again = sampler.sample(Rng(sample))
    assert again == dealt and again is not dealt
    expected = state_hash(dealt)
    _play_on(skirmish, dealt, sample)  # play one sample on: the others stay as dealt
    assert state_hash(again) == expected
    assert state_hash(sampler.sample(Rng(sample))) == expected
    assert canonical(seen) == seen_before


def test_samples_differ_where_the_seat_cannot_see(skirmish):
    m = start(skirmish, players=3, seed=5)
    sampler = Sampler(skirmish, view(m, 0))
    deals = {tuple(sampler.sample(Rng(k))["zones"]["draw"]) for k in range(8)}
    hands = {tuple(sampler.sample(Rng(k))["zones"]["hand:0"]) for k in range(8)}
    assert len(deals) > 1 and hands == {tuple(m.state["zones"]["hand:0"])}


def test_mcts_answers_the_same_for_the_same_seed(skirmish):
    m = _played(skirmish, 2, 3, 4)
    seen, decision = view(m, m.decision["seat"]), m.decision
    picks = {make_agent("mcts:40", skirmish).choose(copy_state(seen), decision, Rng(9))
             for _ in range(3)}
    assert len(picks) == 1
    assert canonical(seen) == canonical(view(m, m.decision["seat"]))  # the view is left as given


def test_games_with_search_agents_replay_exactly(skirmish):
    def game():
        agents = [make_agent("mcts:12", skirmish), make_agent("heuristic", skirmish)]
        m, steps = play_game(skirmish, 2, 17, agents)
        return state_hash(m.state), steps

    assert game() == game()
